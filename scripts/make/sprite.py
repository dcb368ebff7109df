#!/usr/bin/env python3
"""Draws resources/sprite.png: GLFun's own 64x64 RGBA sprite, a pencil with a red tip.

    python3 scripts/make/sprite.py [OUT.png]

Standard library only (zlib + struct). The pencil lies on the diagonal, tip at the lower left,
with a soft half-transparent shadow and a translucent gloss, so alpha blending shows. Edges are
antialiased by supersampling (SS x SS samples per pixel, averaged premultiplied). The output is
deterministic: run it again and the file is byte-identical.
"""
import math
import os
import struct
import sys
import zlib

SIZE = 64
SS = 6  # samples per pixel along each axis

# The pencil's axis runs from the tip T towards the eraser; u is the distance along it,
# v the signed distance across it (positive towards the lower right).
TIP = (7.0, 57.0)
AXIS = (1 / math.sqrt(2), -1 / math.sqrt(2))
ACROSS = (1 / math.sqrt(2), 1 / math.sqrt(2))
HALF = 7.0  # half width of the body
LEAD_END, WOOD_END, BODY_END, FERRULE_END, ERASER_END = 6.0, 15.0, 50.0, 57.0, 64.0
SHADOW = (3.0, 3.0)


def rgb(hex_):
    return tuple(int(hex_[i:i + 2], 16) / 255 for i in (1, 3, 5))


LEAD = rgb("#e0283c")
LEAD_DARK = rgb("#a3172a")
WOOD = rgb("#f4cf98")
WOOD_DARK = rgb("#d9a866")
BODY = (rgb("#ffd23f"), rgb("#ffb703"), rgb("#e08e00"))  # light, middle, shaded facet
FERRULE = (rgb("#e6e9ee"), rgb("#a9b0ba"))
ERASER = (rgb("#ff9fb8"), rgb("#e66d8f"))
OUTLINE = rgb("#5a3b1a")


def local(x, y):
    dx, dy = x - TIP[0], y - TIP[1]
    return dx * AXIS[0] + dy * AXIS[1], dx * ACROSS[0] + dy * ACROSS[1]


def half_width(u):
    """Half width of the silhouette at u, or None outside the pencil."""
    if u < 0:
        return None
    if u < WOOD_END:  # sharpened cone
        return HALF * u / WOOD_END
    if u < BODY_END:
        return HALF
    if u < FERRULE_END:
        return HALF + 0.6
    if u < ERASER_END - HALF * 0.5:
        return HALF
    # rounded end of the eraser
    r = u - (ERASER_END - HALF * 0.5)
    k = 1 - (r / (HALF * 0.5)) ** 2
    return HALF * math.sqrt(k) if k > 0 else None


def pencil(u, v):
    """Straight RGBA of the pencil at (u, v), or None."""
    w = half_width(u)
    if w is None or abs(v) > w:
        return None
    edge = w - abs(v) < 0.7 and u > 1.0  # a thin dark outline along the sides
    t = v / w if w > 0 else 0  # -1 (upper left side) .. 1 (lower right side)
    if u < LEAD_END:
        c = LEAD if t < 0.25 else LEAD_DARK
    elif u < WOOD_END:
        c = WOOD if t < 0.25 else WOOD_DARK
        # the lead's colour bleeds into the wood where the cone was sharpened
        if u < LEAD_END + 0.8:
            c = LEAD_DARK
    elif u < BODY_END:
        c = BODY[0] if t < -0.33 else BODY[1] if t < 0.4 else BODY[2]
    elif u < FERRULE_END:
        ridge = int((u - BODY_END) / 1.4) % 2
        c = FERRULE[ridge] if t < 0.4 else FERRULE[1]
    else:
        c = ERASER[0] if t < 0.3 else ERASER[1]
    if edge and u >= WOOD_END:
        c = OUTLINE
    return c + (1.0,)


def gloss(u, v):
    """A translucent white highlight along the lit facet of the body."""
    if WOOD_END + 2 < u < BODY_END - 2 and -HALF * 0.8 < v < -HALF * 0.45:
        return (1.0, 1.0, 1.0, 0.45)
    return None


def shadow(x, y):
    u, v = local(x - SHADOW[0], y - SHADOW[1])
    w = half_width(u)
    if w is None or abs(v) > w:
        return None
    return (0.12, 0.08, 0.18, 0.35)


def over(dst, src):
    """src over dst, both premultiplied (r, g, b, a)."""
    k = 1 - src[3]
    return tuple(s + d * k for s, d in zip(src, dst))


def premul(c):
    return (c[0] * c[3], c[1] * c[3], c[2] * c[3], c[3])


def sample(x, y):
    acc = (0.0, 0.0, 0.0, 0.0)
    s = shadow(x, y)
    if s:
        acc = over(acc, premul(s))
    u, v = local(x, y)
    p = pencil(u, v)
    if p:
        acc = over(acc, premul(p))
        g = gloss(u, v)
        if g:
            acc = over(acc, premul(g))
    return acc


def render():
    rows = []
    n = SS * SS
    for py in range(SIZE):
        row = bytearray([0])  # filter type None
        for px in range(SIZE):
            r = g = b = a = 0.0
            for sy in range(SS):
                for sx in range(SS):
                    c = sample(px + (sx + 0.5) / SS, py + (sy + 0.5) / SS)
                    r, g, b, a = r + c[0], g + c[1], b + c[2], a + c[3]
            r, g, b, a = r / n, g / n, b / n, a / n
            if a > 0:  # back to straight alpha, as PNG stores it
                r, g, b = r / a, g / a, b / a
            row += bytes(max(0, min(255, round(c * 255))) for c in (r, g, b, a))
        rows.append(bytes(row))
    return b"".join(rows)


def png(width, height, raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "resources", "sprite.png")
    data = png(SIZE, SIZE, render())
    tmp = out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, out)
    print("%s: %dx%d RGBA, %d bytes" % (out, SIZE, SIZE, len(data)))


if __name__ == "__main__":
    main()
