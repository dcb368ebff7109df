#!/usr/bin/env python3
"""gen_vocabulary.py [--out DIR] [--sizes 1000,10000] [--seed S]: the canvas-vocabulary bench
scenes (issue 31, item 6) as scene JSON (DESIGN.md "Scene document": groups, paints, dashes,
layers), which `glfun bench` reads and scripts/bench/peer_vocabulary.py draws with the peers.

    python3 scripts/bench/gen_vocabulary.py --out out/bench/vocabulary
    -> DIR/<kind>_<N>.json for kind in linear radial groups clip dash opacity

1280x720, antialiased, the 0.76 gray background; N shapes each, in painter's order, at whole
pixels (boxes 8 to 120 px a side) so every library draws the same figure:
  linear   rects and ellipses, each filled with its own two- or three-stop linear gradient
           across its box (one of 16 stop sets: a few colour ramps, as a real page has)
  radial   the same with radial gradients (centre, radius half the box's larger side, a focal
           point off centre in one of three)
  groups   nested transformed groups: N/10 groups (translate + rotate about their centre), each
           of two groups (scale, skewX) of five shapes: solid rects, ellipses, stroked paths
  clip     N/10 groups, each clipped by a circle (or, in one of four, an evenodd star), of 10
           solid shapes
  dash     N stroked paths (polylines of 3 to 6 points, circles as paths) with a dash pattern
           of 2 or 4 lengths and an offset, 1 to 6 px wide, butt/round caps
  opacity  N/100 groups with opacity 0.3 to 0.8 of 100 solid shapes (layers: each costs
           full-canvas framebuffers, so groups of 100 keep 10,000 shapes to 100 layers)
  text     a page of a book: N glyphs with ink (letters and punctuation; spaces besides) of
           Latin words in DejaVu Serif at 10 px, one "text" object a line (baselines 12 px
           apart, lines of at most 180 characters), black on white; 1280 wide, as tall as the
           lines need (1280x824 for 10,000)
The same seed gives the same files (random.Random; numbers printed as integers or %.3f).
"""
import argparse
import json
import math
import os
import random

W, H = 1280, 720
BG = [0.76, 0.76, 0.76, 1]


def hexc(rng, alpha=False):
    c = "#%02x%02x%02x" % (rng.randrange(256), rng.randrange(256), rng.randrange(256))
    return c + ("%02x" % rng.randrange(128, 256) if alpha else "")


def r3(v):
    return float("%.3f" % v)


def box(rng, lo=8, hi=120):
    w, h = rng.randint(lo, hi), rng.randint(lo, hi)
    x, y = rng.randint(0, W - w), rng.randint(0, H - h)
    return x, y, w, h


def solid(rng, x, y, w, h):
    kind = rng.choice(("rect", "ellipse"))
    return {"type": kind, "from": [x, y], "to": [x + w, y + h], "color": hexc(rng)}


def stop_sets(rng):
    sets = []
    for i in range(16):
        n = 2 + i % 2
        sets.append([{"offset": r3(k / (n - 1)), "color": hexc(rng, alpha=(i % 4 == 3))} for k in range(n)])
    return sets


def rect_path(x, y, w, h):
    return "M%d %d H%d V%d H%d Z" % (x, y, x + w, y + h, x)


def ellipse_path(x, y, w, h):
    """An ellipse as four cubic Béziers (M, C and Z only: every peer reads them alike)."""
    rx, ry, cx, cy = w / 2, h / 2, x + w / 2, y + h / 2
    k = 0.5523
    kx, ky = k * rx, k * ry
    pts = [(cx + rx, cy), (cx + rx, cy + ky), (cx + kx, cy + ry), (cx, cy + ry), (cx - kx, cy + ry), (cx - rx, cy + ky),
           (cx - rx, cy), (cx - rx, cy - ky), (cx - kx, cy - ry), (cx, cy - ry), (cx + kx, cy - ry), (cx + rx, cy - ky), (cx + rx, cy)]
    f = ["%.2f %.2f" % p for p in pts]
    return "M%s C%s %s %s C%s %s %s C%s %s %s C%s %s %s Z" % tuple(f)


def gradient_scene(rng, n, radial):
    sets = stop_sets(rng)
    shapes = []
    for i in range(n):
        x, y, w, h = box(rng)
        stops = sets[rng.randrange(16)]
        if radial:
            cx, cy, r = x + w / 2, y + h / 2, max(w, h) / 2
            g = {"center": [cx, cy], "radius": r, "stops": stops}
            if i % 3 == 0:
                g["focal"] = [cx - w / 5, cy - h / 5]
            paint = {"radial": g}
        else:
            paint = {"linear": {"from": [x, y], "to": [x + w, y + h * (i % 2)], "stops": stops}}
        d = rect_path(x, y, w, h) if i % 2 == 0 else ellipse_path(x, y, w, h)
        shapes.append({"type": "path", "d": d, "fill": paint})
    return shapes


def star(cx, cy, r):
    pts = [(cx + r * math.cos(math.pi * (0.5 + 0.8 * k)), cy - r * math.sin(math.pi * (0.5 + 0.8 * k))) for k in range(5)]
    return "M" + " L".join("%.2f %.2f" % p for p in pts) + " Z"


def groups_scene(rng, n):
    out = []
    for g in range(n // 10):
        x, y, w, h = box(rng, 60, 200)
        cx, cy = x + w / 2, y + h / 2
        inner = []
        for k in range(2):
            kids = []
            for j in range(5):
                bx, by = rng.randint(-w // 2, w // 4), rng.randint(-h // 2, h // 4)
                bw, bh = rng.randint(8, max(9, w // 2)), rng.randint(8, max(9, h // 2))
                if j == 4:
                    kids.append({"type": "path", "d": "M%d %d L%d %d L%d %d" % (bx, by, bx + bw, by + bh // 2, bx, by + bh),
                                 "stroke": hexc(rng), "width": 3, "join": "round"})
                else:
                    kids.append({"type": rng.choice(("rect", "ellipse")), "from": [bx, by], "to": [bx + bw, by + bh], "color": hexc(rng)})
            t = "scale(%.3f %.3f)" % (rng.uniform(0.6, 1.2), rng.uniform(0.6, 1.2)) if k == 0 else "skewX(%d)" % rng.randint(-20, 20)
            inner.append({"type": "group", "transform": t, "children": kids})
        out.append({"type": "group", "transform": "translate(%.1f %.1f) rotate(%d)" % (cx, cy, rng.randint(0, 359)), "children": inner})
    return out


def clip_scene(rng, n):
    out = []
    for g in range(n // 10):
        x, y, w, h = box(rng, 60, 240)
        cx, cy, r = x + w / 2, y + h / 2, min(w, h) / 2
        kids = []
        for j in range(10):
            bx, by, bw, bh = rng.randint(x - 20, x + w - 8), rng.randint(y - 20, y + h - 8), rng.randint(8, 80), rng.randint(8, 80)
            kids.append({"type": rng.choice(("rect", "ellipse")), "from": [bx, by], "to": [bx + bw, by + bh], "color": hexc(rng)})
        if g % 4 == 3:
            clip = {"path": star(cx, cy, r), "rule": "evenodd"}
        else:
            clip = {"path": ellipse_path(cx - r, cy - r, 2 * r, 2 * r)}
        out.append({"type": "group", "clip": clip, "children": kids})
    return out


def dash_scene(rng, n):
    out = []
    for i in range(n):
        x, y, w, h = box(rng)
        if i % 3 == 2:
            d = ellipse_path(x, y, w, h)
        else:
            pts = [(rng.randint(x, x + w), rng.randint(y, y + h)) for _ in range(rng.randint(3, 6))]
            d = "M" + " L".join("%d %d" % p for p in pts)
        dash = [rng.randint(2, 12), rng.randint(2, 8)] + ([rng.randint(1, 4), rng.randint(2, 6)] if i % 2 else [])
        out.append({"type": "path", "d": d, "stroke": hexc(rng), "width": rng.randint(1, 6), "cap": rng.choice(("butt", "round")),
                    "dash": dash, "dashOffset": rng.randint(0, 9)})
    return out


def opacity_scene(rng, n):
    out = []
    for g in range(max(1, n // 100)):
        kids = [solid(rng, *box(rng)) for _ in range(min(n, 100))]
        out.append({"type": "group", "opacity": r3(rng.uniform(0.3, 0.8)), "children": kids})
    return out


WORDS = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore "
         "magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo "
         "consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint "
         "occaecat cupidatat non proident sunt culpa qui officia deserunt mollit anim id est laborum").split()


def text_lines(rng, n):
    """Lines of words, N ink glyphs in all, each line at most 180 characters; a sentence ends
    with a full stop and the next starts with a capital."""
    lines, line, ink, capital = [], "", 0, True
    while ink < n:
        w = rng.choice(WORDS)
        if capital:
            w = w.capitalize()
        capital = rng.random() < 0.08
        if capital or rng.random() < 0.05:
            w += "." if capital else ","
        w = w[:n - ink]
        if line and len(line) + 1 + len(w) > 180:
            lines.append(line)
            line = ""
        line = line + " " + w if line else w
        ink += len(w)
    lines.append(line)
    return lines


def text_scene(rng, n):
    return [{"type": "text", "text": t, "at": [20, 20 + 12 * i], "font": {"family": "DejaVu Serif", "size": 10},
             "fill": "#000000"} for i, t in enumerate(text_lines(rng, n))]


KINDS = {
    "linear": lambda rng, n: gradient_scene(rng, n, False),
    "radial": lambda rng, n: gradient_scene(rng, n, True),
    "groups": groups_scene,
    "clip": clip_scene,
    "dash": dash_scene,
    "opacity": opacity_scene,
    "text": text_scene,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="out/bench/vocabulary")
    ap.add_argument("--sizes", default="1000,10000")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--kinds", default=",".join(KINDS))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for kind in a.kinds.split(","):
        for n in (int(s) for s in a.sizes.split(",")):
            rng = random.Random("%s-%d-%d" % (kind, n, a.seed))
            shapes = KINDS[kind](rng, n)
            w, h, bg = W, H, BG
            if kind == "text":
                h, bg = max(H, shapes[-1]["at"][1] + 12), [1, 1, 1, 1]
            scene = {"version": 1, "width": w, "height": h, "background": bg, "antialias": True, "shapes": shapes}
            with open(os.path.join(a.out, "%s_%d.json" % (kind, n)), "w") as f:
                json.dump(scene, f, separators=(",", ":"))
                f.write("\n")


if __name__ == "__main__":
    main()
