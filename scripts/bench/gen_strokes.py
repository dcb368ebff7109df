#!/usr/bin/env python3
"""gen-strokes.py N [--points P] [--width W] [--seed S] [--hostile] [--out DIR]: a path-heavy benchmark scene.

    python3 scripts/bench/gen_strokes.py 1000 --out out/bench/scenes   -> out/bench/scenes/strokes_1000.json
    python3 scripts/bench/gen_strokes.py 10000 --hostile               -> ./hostile_10000.json

N freehand-like pen strokes on a 1280x720 canvas, each P points (default 200) of a smooth
random walk written as SVG path data (M then L), stroked W points wide (default 4) in an
opaque random color, round joins and caps, with "antialias": true: what the drawing window's
pen saves. Deterministic for a seed (Python's random.Random); standard library only.

--hostile: N small paths (about 330 bytes each) made to cost geometry: a star polygon {9/4}
(every edge crosses most others) and a zig-zag of 16 points, stroked translucent 24 points
wide, a round join at every sharp turn (one layer of paint: two passes), on a 1280x720 canvas.
"""
import argparse
import json
import math
import os
import random


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int)
    ap.add_argument("--points", type=int, default=200)
    ap.add_argument("--width", type=float, default=4)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--hostile", action="store_true")
    ap.add_argument("--out", default=".")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    W, H = 1280, 720
    if a.hostile:
        return write(a, "hostile", [hostile(rng, W, H) for _ in range(a.n)])
    shapes = []
    for _ in range(a.n):
        x, y = rng.uniform(0, W), rng.uniform(0, H)
        heading = rng.uniform(0, 2 * math.pi)
        d = ["M%d %d" % (round(x), round(y))]
        for _ in range(a.points - 1):
            heading += rng.uniform(-0.35, 0.35)
            x = min(max(x + 3 * math.cos(heading), 0), W)
            y = min(max(y + 3 * math.sin(heading), 0), H)
            d.append("L%d.%d %d.%d" % (int(x), int(x * 10) % 10, int(y), int(y * 10) % 10))
        color = [round(rng.random(), 3) for _ in range(3)] + [1]
        shapes.append({"type": "path", "d": " ".join(d), "stroke": color, "width": a.width,
                       "join": "round", "cap": "round"})
    write(a, "strokes", shapes)


def hostile(rng, W, H):
    """A star polygon {9/4} about 60 points across (every edge crosses most others) and a
    zig-zag through it: one path, stroked."""
    cx, cy, r = rng.uniform(40, W - 40), rng.uniform(40, H - 40), rng.uniform(15, 30)
    pts = []
    for k in range(9):
        t = (k * 4 % 9) * 2 * math.pi / 9
        pts.append("%d %d" % (round(cx + r * math.cos(t)), round(cy + r * math.sin(t))))
    d = "M" + " L".join(pts) + " Z M%d %d" % (round(cx - r), round(cy))
    for k in range(1, 16):
        d += " L%d %d" % (round(cx - r + k * r / 8), round(cy + (r if k % 2 else -r) / 2))
    color = [round(rng.random(), 3) for _ in range(3)] + [0.5]
    return {"type": "path", "d": d, "stroke": color, "width": 24, "join": "round", "cap": "round"}


def write(a, name, shapes):
    W, H = 1280, 720
    scene = {"version": 1, "width": W, "height": H, "scale": 1, "background": [0.76, 0.76, 0.76, 1],
             "antialias": True, "shapes": shapes}
    os.makedirs(a.out, exist_ok=True)
    path = os.path.join(a.out, "%s_%d.json" % (name, a.n))
    with open(path, "w") as f:
        json.dump(scene, f)
    print(path)


if __name__ == "__main__":
    main()
