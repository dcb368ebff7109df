"""The bench peers' shared pieces (scripts/bench/peers.py): a scene read into the form every
library's drawer takes, its colours, boxes and subpaths, the error a drawer raises for what its
library cannot draw, and the share of pixels two pictures differ by."""
import json
import os


class Unsupported(Exception):
    """A library that cannot draw a scene as asked (Blend2D without antialiasing, pygame a path)."""


def load_scene(path, antialias=False):
    """The scene at `path`, with its folder, label, antialiasing (--aa or the scene's own) and
    whether it has paths."""
    with open(path) as f:
        sc = json.load(f)
    sc["dir"] = os.path.dirname(os.path.abspath(path))
    n = len(sc["shapes"])
    stem = os.path.splitext(os.path.basename(path))[0]
    sc["label"] = str(n) if stem == "scene_%d" % n else stem
    sc["aa"] = antialias or bool(sc.get("antialias", False))
    sc["has_paths"] = any(s["type"] == "path" for s in sc["shapes"])
    return sc


def subpaths(d):
    """SVG path data of M, L and Z (absolute, as gen-strokes.py writes) as [(points, closed)]."""
    import re

    out = []
    tokens = re.findall(r"[MLZmlz]|-?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?", d)
    i, cmd = 0, None
    while i < len(tokens):
        t = tokens[i]
        if t in "MLZmlz":
            cmd = t
            i += 1
            if t in "Zz" and out:
                out[-1] = (out[-1][0], True)
            continue
        if cmd not in ("M", "L"):
            raise ValueError("path data: only absolute M, L and Z are drawn by the peers (got %r)" % cmd)
        p = (float(tokens[i]), float(tokens[i + 1]))
        i += 2
        if cmd == "M" or not out:
            out.append(([p], False))
            cmd = "L"
        else:
            out[-1][0].append(p)
    return out


def color_of(value):
    """A scene colour ([r, g, b, a] in 0...1; the names and hex forms gen-strokes.py does not write are refused)."""
    if isinstance(value, list) and len(value) == 4:
        return tuple(float(v) for v in value)
    raise ValueError("colour %r: the peers take [r, g, b, a]" % (value,))


def box(s):
    (x0, y0), (x1, y1) = s["from"], s["to"]
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def sprite_origin(s, w, h):
    return s["at"][0] - w / 2.0, s["at"][1] - h / 2.0


# --- skia-python -------------------------------------------------------------------------


def differing_share(a_path, b_path, threshold=16):
    """The share of pixels whose RGB differs by more than `threshold` in some channel."""
    import numpy
    from PIL import Image

    if not (os.path.exists(a_path) and os.path.exists(b_path)):
        return float("nan")
    a = numpy.asarray(Image.open(a_path).convert("RGB"), dtype=numpy.int16)
    b = numpy.asarray(Image.open(b_path).convert("RGB"), dtype=numpy.int16)
    if a.shape != b.shape:
        return float("nan")
    return float((numpy.abs(a - b) > threshold).any(axis=2).mean())

