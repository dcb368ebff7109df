#!/usr/bin/env python3
"""scene_svg.py SCENE.json... [--out DIR]: the bench kit's scenes (gen_scene.py: lines, rects,
ellipses, the sprite) as SVG files, DIR/<name>.svg, for resvg to draw the same picture.

A line is a <line> with butt caps, a rect a <rect>, an ellipse an <ellipse> in its box, the
sprite an <image> of its own size centred on its point and snapped to whole pixels as glfun
places it (its href relative to the scene's folder, where gen_scene.py writes sprite.png: write
the SVGs to the same folder, or copy sprite.png beside them). Standard library only."""
import argparse
import json
import os
import struct

_sizes = {}


def png_size(path):
    if path not in _sizes:
        with open(path, "rb") as f:
            head = f.read(24)
        _sizes[path] = struct.unpack(">2I", head[16:24])
    return _sizes[path]


def rgb(c):
    return "#%02x%02x%02x" % tuple(round(v * 255) for v in c[:3])


def svg(scene, folder):
    w, h = scene["width"], scene["height"]
    out = ['<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
           'width="%d" height="%d" viewBox="0 0 %d %d">' % (w, h, w, h)]
    bg = scene["background"]
    out.append('<rect width="%d" height="%d" fill="%s" fill-opacity="%g"/>' % (w, h, rgb(bg), bg[3]))
    for s in scene["shapes"]:
        t = s["type"]
        if t == "image":
            iw, ih = png_size(os.path.join(folder, s["image"]))
            x, y = round(s["at"][0] - iw / 2), round(s["at"][1] - ih / 2)
            out.append('<image x="%d" y="%d" width="%d" height="%d" xlink:href="%s"/>' % (x, y, iw, ih, s["image"]))
            continue
        (x0, y0), (x1, y1) = s["from"], s["to"]
        fill = 'fill="%s"' % rgb(s["color"]) + ('' if s["color"][3] >= 1 else ' fill-opacity="%g"' % s["color"][3])
        if t == "line":
            out.append('<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="%g"/>'
                       % (x0, y0, x1, y1, rgb(s["color"]), s.get("width", 2)))
        elif t == "rect":
            out.append('<rect x="%g" y="%g" width="%g" height="%g" %s/>'
                       % (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0), fill))
        elif t == "ellipse":
            out.append('<ellipse cx="%g" cy="%g" rx="%g" ry="%g" %s/>'
                       % ((x0 + x1) / 2, (y0 + y1) / 2, abs(x1 - x0) / 2, abs(y1 - y0) / 2, fill))
        else:
            raise ValueError("%s: not a bench kit shape" % t)
    out.append("</svg>\n")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenes", nargs="+")
    ap.add_argument("--out", help="folder for the SVGs (default: each scene's own)")
    args = ap.parse_args()
    for path in args.scenes:
        folder = os.path.dirname(path) or "."
        with open(path) as f:
            scene = json.load(f)
        name = os.path.splitext(os.path.basename(path))[0] + ".svg"
        with open(os.path.join(args.out or folder, name), "w") as f:
            f.write(svg(scene, folder))


if __name__ == "__main__":
    main()
