#!/usr/bin/env python3
"""floor_geometry.py SCENE.json OUT.bin: a vocabulary bench scene (gen_vocabulary.py) as the
plainest triangles that cover its shapes' pixels, for scripts/bench/floor.c (issue 31 item 6,
session 27: what llvmpipe charges for a scene's pixels at the least, without GLFun).

Each shape becomes triangles in window pixels, under its groups' transforms:
  a fill                         a fan over its outline; an ellipse (a rect, ellipse or path
                                 with curves: the bench's curved fills are ellipses) as the
                                 polygon of its area with SIDES sides (default 4: the fewest
                                 triangles for its pixels; SIDES=8 or 16 to see what more cost);
  a stroke                       one quad a straight piece, as wide as the stroke (curves in
                                 chords a quarter pixel off); dashed, one quad a dash, from its
                                 start to its end (no joins, no caps: fewer pixels than drawn);
  a group                        its children; its opacity multiplies their alpha (no layer);
                                 a clip is left out (the clip row is met).
No antialiasing: the floor is the shapes' pixels and triangles, nothing more.

Out: little-endian int32 count of vertices, then per vertex 8 float32s: x, y (pixels, y down),
r, g, b, a (straight alpha), u, v (the paint's coordinates: a linear gradient's t in u; a radial
gradient's offset from its centre over its radius in (u, v), so that t = length(u, v)); the
vertices in painter's order, three a triangle.
"""
import json
import math
import os
import struct
import sys

from vocabulary_scene import color, flatten, mul

TOL = 0.25
SIDES = int(os.environ.get("SIDES", "4"))


def apply(m, p):
    return (m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5])


def cubic(p0, p1, p2, p3):
    """The cubic's points after p0, its chords no more than TOL off the curve."""
    dd = max(math.hypot(p0[0] - 2 * p1[0] + p2[0], p0[1] - 2 * p1[1] + p2[1]),
             math.hypot(p1[0] - 2 * p2[0] + p3[0], p1[1] - 2 * p2[1] + p3[1]))
    n = max(1, math.ceil(math.sqrt(0.75 * dd / TOL)))
    out = []
    for k in range(1, n + 1):
        t, s = k / n, 1 - k / n
        out.append(tuple(s * s * s * a + 3 * s * s * t * b + 3 * s * t * t * c + t * t * t * d
                         for a, b, c, d in zip(p0, p1, p2, p3)))
    return out


def subpaths(cmds, m):
    """The commands' subpaths as point lists in window pixels (a closed one ends where it starts)."""
    out, cur = [], None
    for op, pts in cmds:
        if op == "M":
            if cur:
                out.append(cur)
            cur = [pts[0]]
        elif op == "L":
            cur.append(pts[0])
        elif op == "C":
            cur.extend(cubic(cur[-1], *pts))
        elif op == "Z" and cur:
            cur.append(cur[0])
            out.append(cur)
            cur = None
    if cur:
        out.append(cur)
    return [[apply(m, p) for p in sp] for sp in out]


def area_polygon(pts):
    """The ellipse in the box of PTS as a polygon of SIDES sides and the ellipse's area."""
    x0, y0, x1, y1 = min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    k = math.sqrt(2 * math.pi / (SIDES * math.sin(2 * math.pi / SIDES)))
    return [(cx + k * rx * math.cos(2 * math.pi * i / SIDES), cy + k * ry * math.sin(2 * math.pi * i / SIDES))
            for i in range(SIDES)]


class Out:
    def __init__(self):
        self.v = []

    def fan(self, pts, rgba, uv):
        if pts[-1] == pts[0]:
            pts = pts[:-1]
        for k in range(1, len(pts) - 1):
            for p in (pts[0], pts[k], pts[k + 1]):
                self.v.append((p[0], p[1], *rgba, *uv(p)))

    def quad(self, a, b, half, rgba):
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        if length == 0:
            return
        nx, ny = -dy / length * half, dx / length * half
        c = [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]
        self.fan(c, rgba, lambda p: (0.0, 0.0))


def paint(p, m):
    """(rgba, uv function) of a fill: a colour, or a gradient's first stop with its coordinates."""
    if isinstance(p, dict) and "linear" in p:
        g = p["linear"]
        a, b = apply(m, g["from"]), apply(m, g["to"])
        dx, dy = b[0] - a[0], b[1] - a[1]
        dd = dx * dx + dy * dy or 1.0
        return list(color(g["stops"][0]["color"])), lambda q: (((q[0] - a[0]) * dx + (q[1] - a[1]) * dy) / dd, 0.0)
    if isinstance(p, dict) and "radial" in p:
        g = p["radial"]
        c, r = apply(m, g["center"]), g["radius"]
        return list(color(g["stops"][0]["color"])), lambda q: ((q[0] - c[0]) / r, (q[1] - c[1]) / r)
    return list(color(p)), lambda q: (0.0, 0.0)


def dash_pieces(pts, dash, offset):
    """Each dash the pattern draws along the polyline, as the chord from its start to its end."""
    total = sum(dash)
    pos = offset % total
    k = 0
    while pos >= dash[k]:
        pos -= dash[k]
        k = (k + 1) % len(dash)
    left, on = dash[k] - pos, k % 2 == 0
    pieces, start = [], pts[0] if on else None
    for a, b in zip(pts, pts[1:]):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        s = 0.0
        while s < length:
            step = min(left, length - s)
            s += step
            left -= step
            if left <= 1e-9:
                t = s / length
                p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                if on:
                    pieces.append((start, p))
                k = (k + 1) % len(dash)
                left, on = dash[k], k % 2 == 0
                start = p
    if on and start is not None and start != pts[-1]:
        pieces.append((start, pts[-1]))
    return pieces


def draw(ops, m, alpha, out):
    for op in ops:
        if op[0] == "group":
            _, t, _clip, opacity, inner = op
            draw(inner, mul(m, t), alpha * opacity, out)
        elif op[0] == "fill":
            _, cmds, fill, _evenodd = op
            rgba, uv = paint(fill, m)
            rgba[3] *= alpha
            curved = any(c[0] == "C" for c in cmds)
            for sp in subpaths(cmds, m):
                out.fan(area_polygon(sp) if curved else sp, rgba, uv)
        elif op[0] == "stroke":
            _, cmds, stroke, width, _cap, _join, dash, offset = op
            rgba = list(color(stroke))
            rgba[3] *= alpha
            scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
            for sp in subpaths(cmds, m):
                if dash:
                    pieces = dash_pieces(sp, [d * scale for d in dash], offset * scale)
                else:
                    pieces = list(zip(sp, sp[1:]))
                for a, b in pieces:
                    out.quad(a, b, width * scale / 2, rgba)
        else:
            raise SystemExit("floor_geometry: %s is not drawn" % op[0])


def main():
    if len(sys.argv) != 3:
        raise SystemExit("usage: floor_geometry.py SCENE.json OUT.bin")
    ops = []
    with open(sys.argv[1]) as f:
        flatten(json.load(f)["shapes"], ops)
    out = Out()
    draw(ops, [1, 0, 0, 1, 0, 0], 1.0, out)
    with open(sys.argv[2], "wb") as f:
        f.write(struct.pack("<i", len(out.v)))
        for v in out.v:
            f.write(struct.pack("<8f", *v))


if __name__ == "__main__":
    main()
