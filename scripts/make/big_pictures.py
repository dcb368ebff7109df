#!/usr/bin/env python3
"""Pictures far larger than a GPU's texture limit, for the slide show's tiles (issue 24, item 3),
made here and never committed: a 40000x600 and a 600x40000 PNG and a 20000x15000 JPEG (libjpeg's
cjpeg, quality 90, 4:2:0, fed a PPM a row at a time: nothing holds the whole picture).

    scripts/make/big_pictures.py DIR     # DIR/wide.png DIR/tall.png DIR/big.jpg (kept if there)

Each has a photo's entropy (light across it, edges, grain) and 1-pixel stripes every 256
pixels, so a zoomed-in view shows whether it is drawn at full resolution.
"""
import os, random, struct, subprocess, sys, zlib

rng = random.Random(24)


def grain_rows(width, count):
    """`count` RGB rows of grain, gradients and edges, `width` pixels each."""
    rows = []
    for k in range(count):
        noise = bytes(rng.randrange(0, 24) for _ in range(width * 3))
        row = bytearray(width * 3)
        for x in range(width):
            edge = 50 if (x * 9 // width + k) % 2 == 0 else 0
            stripe = 120 if x % 256 == 0 else 0
            base = (40 + 150 * x // width + edge + stripe, 60 + (k * 5) % 90, 200 - 120 * x // width - edge // 2)
            for c in range(3):
                row[x * 3 + c] = min(255, base[c] + noise[x * 3 + c])
        rows.append(bytes(row))
    return rows


def shade(y, height):
    """A translate table darkening by the row's place (light from the top)."""
    d = 40 * y // height
    return bytes(max(0, v - d) for v in range(256))


def write_png(path, width, height):
    rows = grain_rows(width, 32)
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    with open(path + ".tmp", "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        z = zlib.compressobj(6)
        pending = b""
        for y in range(height):
            row = rows[(y * 7) % len(rows)].translate(shade(y, height))
            if y % 256 == 0:
                row = bytes([255]) * len(row)
            pending += z.compress(b"\0" + row)
            if len(pending) > 1 << 20:
                f.write(chunk(b"IDAT", pending))
                pending = b""
        pending += z.flush()
        f.write(chunk(b"IDAT", pending) + chunk(b"IEND", b""))
    os.rename(path + ".tmp", path)


def write_jpeg(path, width, height):
    rows = grain_rows(width, 16)
    p = subprocess.Popen(["cjpeg", "-quality", "90", "-outfile", path + ".tmp"], stdin=subprocess.PIPE)
    p.stdin.write(b"P6\n%d %d\n255\n" % (width, height))
    tables = {}
    for y in range(height):
        band = 40 * y // height
        if band not in tables:
            tables[band] = shade(y, height)
        row = rows[(y * 7) % len(rows)].translate(tables[band])
        if y % 256 == 0:
            row = bytes([255]) * len(row)
        p.stdin.write(row)
    p.stdin.close()
    if p.wait() != 0:
        sys.exit("cjpeg failed")
    os.rename(path + ".tmp", path)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    d = sys.argv[1]
    os.makedirs(d, exist_ok=True)
    for name, make in (("wide.png", lambda p: write_png(p, 40000, 600)), ("tall.png", lambda p: write_png(p, 600, 40000)),
                       ("big.jpg", lambda p: write_jpeg(p, 20000, 15000))):
        path = os.path.join(d, name)
        if not os.path.exists(path):
            make(path)
        print("%s %d bytes" % (path, os.path.getsize(path)))


if __name__ == "__main__":
    main()
