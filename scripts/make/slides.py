#!/usr/bin/env python3
"""Draws resources/slides/: the pictures `glfun slideshow` shows when given no path.

    python3 scripts/make/slides.py [OUT_DIR]

Standard library only (zlib + struct), deterministic (run it again: byte-identical files).
Four pictures of different shapes, so that fitting, letterboxing and turning show:
a landscape (sunrise over hills), a portrait (a lighthouse), a square (a color wheel) and a
panorama (waves). Smooth shapes are antialiased by 2x2 supersampling.
"""
import math
import os
import struct
import sys
import zlib


def png(path, w, h, pixel):
    """Writes an RGB PNG whose pixel (x, y) is pixel(x, y) -> (r, g, b) floats 0..1."""
    rows = bytearray()
    for y in range(h):
        rows.append(0)
        for x in range(w):
            acc = [0.0, 0.0, 0.0]
            for sy in (0.25, 0.75):
                for sx in (0.25, 0.75):
                    c = pixel(x + sx, y + sy)
                    for i in range(3):
                        acc[i] += c[i]
            rows.extend(max(0, min(255, int(v / 4 * 255 + 0.5))) for v in acc)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(data)


def mix(a, b, t):
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))


def sunrise(x, y):
    w, h = 480, 320
    sky = mix((0.98, 0.62, 0.35), (0.25, 0.35, 0.75), min(1, y / (h * 0.7)))
    if math.hypot(x - w * 0.62, y - h * 0.58) < 38:
        sky = (1.0, 0.93, 0.6)
    hill1 = h * 0.66 + 22 * math.sin(x / 55.0)
    hill2 = h * 0.78 + 16 * math.sin(x / 37.0 + 1.3)
    if y > hill2:
        return mix((0.18, 0.45, 0.2), (0.1, 0.28, 0.12), (y - hill2) / h)
    if y > hill1:
        return (0.3, 0.55, 0.3)
    return sky


def lighthouse(x, y):
    w, h = 320, 480
    c = mix((0.55, 0.75, 0.95), (0.85, 0.92, 1.0), y / h)
    if y > h * 0.82:
        return mix((0.2, 0.45, 0.7), (0.1, 0.25, 0.45), (y - h * 0.82) / (h * 0.18))
    top, base = h * 0.22, h * 0.82
    if top < y < base:
        half = 22 + (y - top) / (base - top) * 18
        if abs(x - w / 2) < half:
            band = int((y - top) / 40) % 2
            return (0.85, 0.1, 0.1) if band == 0 else (0.97, 0.97, 0.97)
    if h * 0.15 < y <= top and abs(x - w / 2) < 26:
        return (1.0, 0.9, 0.4)
    return c


def wheel(x, y):
    s = 400
    dx, dy = x - s / 2, y - s / 2
    r = math.hypot(dx, dy)
    if r > s * 0.45:
        return (0.95, 0.95, 0.95)
    hue = (math.atan2(dy, dx) / (2 * math.pi)) % 1.0
    k = [(hue * 6 + o) % 6 for o in (5, 3, 1)]
    rgb = tuple(1 - max(0, min(1, min(v, 4 - v))) for v in k)
    return mix((1, 1, 1), rgb, min(1, r / (s * 0.45)))


def waves(x, y):
    w, h = 640, 240
    c = mix((0.6, 0.85, 0.95), (0.95, 0.98, 1.0), y / h)
    for i, (base, amp, per, col) in enumerate([(0.45, 14, 70, (0.2, 0.55, 0.8)), (0.6, 12, 50, (0.1, 0.4, 0.7)),
                                              (0.75, 10, 36, (0.05, 0.28, 0.55))]):
        if y > h * base + amp * math.sin(x / per + i * 1.7):
            c = col
    return c


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "resources", "slides")
    os.makedirs(out, exist_ok=True)
    png(os.path.join(out, "1-sunrise.png"), 480, 320, sunrise)
    png(os.path.join(out, "2-lighthouse.png"), 320, 480, lighthouse)
    png(os.path.join(out, "3-wheel.png"), 400, 400, wheel)
    png(os.path.join(out, "4-waves.png"), 640, 240, waves)


if __name__ == "__main__":
    main()
