#!/usr/bin/env python3
"""gen-scene.py N [--seed S] [--out DIR]: a benchmark scene of N random shapes.

    python3 scripts/bench/gen_scene.py 10000 --seed 42 --out out/bench/scenes
    -> out/bench/scenes/scene_10000.json and out/bench/scenes/sprite.png

The same N and seed give the same files, byte for byte, on any machine (Python's
random.Random is specified for a given seed; no floats are printed that could round
differently). Standard library only.

The scene (the format in DESIGN.md) is a 1280x720 canvas with the 0.76 gray background and
N shapes, each kind equally likely: a 2-pixel line, a filled rectangle, a filled ellipse (each
inside a box 4 to 200 pixels a side, at integer coordinates inside the canvas, in an opaque
random color), or the 64x64 RGBA sprite centered on a random point of the canvas. Coordinates
are whole pixels so that renderers without antialiasing agree on which pixels a shape covers;
the fills are opaque so that every peer in scripts/bench/peers.py can draw them (pygame.draw
does not blend). The sprite has a transparent outside, a translucent ring and an opaque core,
so images exercise blending.
"""
import argparse
import json
import os
import random
import struct
import zlib

CANVAS = (1280, 720)
BACKGROUND = [0.76, 0.76, 0.76, 1]
SPRITE_SIDE = 64


def png_rgba(width, height, rgba):
    """An RGBA8 PNG file's bytes: one IDAT, filter type 0 on every row."""
    stride = width * 4
    raw = b"".join(b"\0" + rgba[y * stride:(y + 1) * stride] for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">2I5B", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def sprite():
    """A badge: an opaque disc shaded from orange (top) to red (bottom), a white ring at half
    opacity around it, transparent outside; edges antialiased by 4x4 sampling per pixel."""
    n = SPRITE_SIDE
    c = n / 2
    out = bytearray()
    for y in range(n):
        for x in range(n):
            core = ring = 0
            for sy in range(4):
                for sx in range(4):
                    dx, dy = x + (sx + 0.5) / 4 - c, y + (sy + 0.5) / 4 - c
                    d2 = dx * dx + dy * dy
                    if d2 <= 22 * 22:
                        core += 1
                    elif d2 <= 30 * 30:
                        ring += 1
            t = y / (n - 1)
            cover = (core + ring * 0.5) / 16
            if cover == 0:
                out += b"\0\0\0\0"
                continue
            # Mix the core's color and the ring's white by their share of the coverage.
            w = core / (core + ring * 0.5)
            r = w * 250 + (1 - w) * 255
            g = w * (170 - 140 * t) + (1 - w) * 255
            b = w * (40 + 20 * t) + (1 - w) * 255
            out += bytes((round(r), round(g), round(b), round(cover * 255)))
    return png_rgba(n, n, bytes(out))


def shape(rng):
    kind = rng.choice(("line", "rect", "ellipse", "image"))
    width, height = CANVAS
    if kind == "image":
        return {"type": "image", "at": [rng.randint(0, width), rng.randint(0, height)], "image": "sprite.png"}
    w, h = rng.randint(4, 200), rng.randint(4, 200)
    left, top = rng.randint(0, width - w), rng.randint(0, height - h)
    xs, ys = [left, left + w], [top, top + h]
    rng.shuffle(xs)  # from and to in any order: renderers must not assume from is top-left
    rng.shuffle(ys)
    # Thousandths: short in the JSON, and Python prints them the same everywhere.
    color = [rng.randint(0, 1000) / 1000 for _ in range(3)] + [1]
    s = {"type": kind, "from": [xs[0], ys[0]], "to": [xs[1], ys[1]], "color": color}
    if kind == "line":
        s["width"] = 2
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", type=int, help="number of shapes")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--out", default="out/bench/scenes", help="folder for scene_N.json and sprite.png")
    args = ap.parse_args()
    if args.n < 0:
        ap.error("N must be 0 or more")
    rng = random.Random(args.seed)
    shapes = [shape(rng) for _ in range(args.n)]
    os.makedirs(args.out, exist_ok=True)
    width, height = CANVAS
    head = {"version": 1, "width": width, "height": height, "scale": 1, "background": BACKGROUND}
    # One shape a line: small, and a diff of two scenes reads shape by shape.
    text = json.dumps(head, separators=(",", ":"))[:-1] + ',"shapes":[\n'
    text += ",\n".join(json.dumps(s, separators=(",", ":")) for s in shapes) + "\n]}\n"
    path = os.path.join(args.out, "scene_%d.json" % args.n)
    with open(path, "w") as f:
        f.write(text)
    with open(os.path.join(args.out, "sprite.png"), "wb") as f:
        f.write(sprite())
    print(path)


if __name__ == "__main__":
    main()
