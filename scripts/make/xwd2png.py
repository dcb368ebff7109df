#!/usr/bin/env python3
"""xwd2png.py IN.xwd OUT.png: converts an xwd window dump (ZPixmap, 24/32 bits
per pixel, TrueColor) to an RGBA PNG. Standard library only, so tests can
screenshot a window with `xwd -id WIN` and compare pixels without ImageMagick."""
import struct
import sys
import zlib


def read_xwd(path):
    with open(path, "rb") as f:
        data = f.read()
    fields = struct.unpack(">25I", data[:100])
    (header_size, version, fmt, depth, width, height, xoffset, byte_order, unit, bit_order, pad,
     bpp, bytes_per_line, visual_class, red_mask, green_mask, blue_mask, bits_per_rgb,
     colormap_entries, ncolors, win_w, win_h, win_x, win_y, border) = fields
    if version != 7 or fmt != 2 or bpp not in (24, 32):
        raise SystemExit("xwd2png: unsupported xwd (version %d, format %d, %d bpp)" % (version, fmt, bpp))
    offset = header_size + ncolors * 12
    pixels = data[offset:]

    def shift(mask):
        s = 0
        while mask and not mask & 1:
            mask >>= 1
            s += 1
        return s

    rs, gs, bs = shift(red_mask), shift(green_mask), shift(blue_mask)
    step = bpp // 8
    out = bytearray()
    for y in range(height):
        row = pixels[y * bytes_per_line:(y + 1) * bytes_per_line]
        out.append(0)
        for x in range(width):
            chunk = row[x * step:(x + 1) * step]
            v = int.from_bytes(chunk, "little" if byte_order == 0 else "big")
            out += bytes(((v & red_mask) >> rs, (v & green_mask) >> gs, (v & blue_mask) >> bs, 255))
    return width, height, bytes(out)


def write_png(path, w, h, raw):
    def chunk(tag, body):
        c = tag + body
        return struct.pack(">I", len(body)) + c + struct.pack(">I", zlib.crc32(c) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 6)))
        f.write(chunk(b"IEND", b""))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    w, h, raw = read_xwd(sys.argv[1])
    write_png(sys.argv[2], w, h, raw)
