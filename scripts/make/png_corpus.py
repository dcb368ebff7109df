#!/usr/bin/python3
"""make-png-corpus.py OUTDIR: the PNG files GLFunImagesTests decode, and what they must decode to.

    /usr/bin/python3 scripts/make/png_corpus.py /tmp/corpus

Writes, for every PNG color type and every bit depth it allows (gray 1/2/4/8/16, RGB 8/16,
palette 1/2/4/8, gray+alpha 8/16, RGBA 8/16), with and without a tRNS chunk where the type
allows one (gray, RGB, palette), at the sizes 1x1, 3x5, 8x8, 33x17 and 32x32, plain and
Adam7-interlaced:

    OUTDIR/<name>.png    encoded by pypng (Debian's python3-png), not by libpng, so the check
                         is not one library's encoder against its own decoder;
    OUTDIR/<name>.rgba   the RGBA8 pixels Image(pngData:) must return, rows top to bottom,
                         computed here from the same sample values;
    OUTDIR/manifest.json one entry per file: size, color type, bit depth, interlace, whether
                         it has tRNS and gAMA, and the file with the same samples that must
                         decode alike (the plain counterpart, the one without gAMA).

Plus a gAMA variant of every format (gAMA 0.45455, sRGB's: colour management keeps the
stored values, so the same pixels as without) and a
few one-row files whose sample values GLFunImagesTests also knows literally (16-bit rounding, tRNS
keys). Deterministic: the same OUTDIR contents on every run.

The rules the expected pixels follow (Sources/CPNG/shim.h, glfun_png_decode): the stored sample
values, no gamma; gray and palette become RGB; 1/2/4-bit gray is scaled by 255/(2^d - 1);
16-bit samples are scaled to 8 bits rounded, round(v * 255 / 65535) (libpng's
png_set_scale_16, not the high byte); a tRNS key is compared with the raw samples (all 16
bits, before any scaling) and makes alpha 0, other pixels get 255; palette entries past the
end of tRNS are opaque.

Run with Debian's /usr/bin/python3 (apt installs python3-png for it; scripts/setup does).
"""
import json
import os
import random
import sys
import zlib

try:
    import png  # pypng
except ImportError:
    sys.exit("make-png-corpus.py: pypng is missing: install Debian's python3-png (scripts/setup does) "
             "and run this with /usr/bin/python3")

GRAY, RGB, PALETTE, GRAY_ALPHA, RGBA = 0, 2, 3, 4, 6
KIND = {GRAY: "gray", RGB: "rgb", PALETTE: "pal", GRAY_ALPHA: "graya", RGBA: "rgba"}
DEPTHS = {GRAY: (1, 2, 4, 8, 16), RGB: (8, 16), PALETTE: (1, 2, 4, 8), GRAY_ALPHA: (8, 16), RGBA: (8, 16)}
CHANNELS = {GRAY: 1, RGB: 3, PALETTE: 1, GRAY_ALPHA: 2, RGBA: 4}
SIZES = ((1, 1), (3, 5), (8, 8), (33, 17), (32, 32))
GAMMA_SIZE = (13, 11)
GAMMA = 0.45455


def to8(v, depth):
    """A sample of `depth` bits as 8 bits."""
    if depth == 16:
        return (510 * v + 65535) // 131070  # round(v * 255 / 65535), in integers
    if depth == 8:
        return v
    return v * (255 // ((1 << depth) - 1))  # 1, 3, 15 divide 255


def make_samples(rng, color, depth, w, h, trns):
    """Rows of samples (one list per row, channels interleaved), the palette (list of
    3- or 4-tuples, 4-tuples first) or None, and the tRNS key (a tuple) or None."""
    top = (1 << depth) - 1
    n = CHANNELS[color]
    palette = None
    if color == PALETTE:
        size = min(1 << depth, 200)  # not always a full palette
        palette = [tuple(rng.randint(0, 255) for _ in range(3)) for _ in range(size)]
        palette[0] = (0, 0, 0)
        if trns:  # the first k entries carry alpha (pypng wants them first), the rest are opaque
            k = max(1, size // 2) if size > 1 else 1
            alphas = [0, 255, 128] + [rng.randint(0, 255) for _ in range(k)]
            palette = [p + (alphas[i],) for i, p in enumerate(palette[:k])] + palette[k:]
        top = size - 1
    pixels = [tuple(rng.randint(0, top) for _ in range(n)) for _ in range(w * h)]
    # The extremes are always there: the first pixel all zero, the last all at maximum.
    pixels[0] = (0,) * n
    if w * h > 1:
        pixels[-1] = (top,) * n
    key = None
    if trns and color in (GRAY, RGB):
        key = pixels[rng.randrange(w * h)]
        for i in range(w * h):
            r = rng.random()
            if r < 0.25:
                pixels[i] = key
            elif r < 0.4:
                # Near misses: one channel differs, by one or (16-bit) in the high byte only.
                c = rng.randrange(n)
                delta = rng.choice((1, 256)) if depth == 16 else 1
                p = list(key)
                p[c] = p[c] ^ delta if depth == 16 else (p[c] + delta) % (top + 1)
                pixels[i] = tuple(p)
    rows = [[s for p in pixels[y * w:(y + 1) * w] for s in p] for y in range(h)]
    return rows, palette, key


def expected_rgba(color, depth, w, rows, palette, key):
    n = CHANNELS[color]
    out = bytearray()
    for row in rows:
        for x in range(w):
            p = tuple(row[x * n:(x + 1) * n])
            if color == PALETTE:
                e = palette[p[0]]
                out += bytes((e[0], e[1], e[2], e[3] if len(e) == 4 else 255))
                continue
            a = 255
            if key is not None and p == key:
                a = 0
            if color == GRAY:
                g = to8(p[0], depth)
                out += bytes((g, g, g, a))
            elif color == RGB:
                out += bytes((to8(p[0], depth), to8(p[1], depth), to8(p[2], depth), a))
            elif color == GRAY_ALPHA:
                g = to8(p[0], depth)
                out += bytes((g, g, g, to8(p[1], depth)))
            else:
                out += bytes(to8(s, depth) for s in p)
    return bytes(out)


def write(outdir, manifest, name, color, depth, w, h, rows, palette=None, key=None,
          interlaced=False, gamma=None, plain=None, without_gamma=None):
    writer = png.Writer(w, h, greyscale=color in (GRAY, GRAY_ALPHA), alpha=color in (GRAY_ALPHA, RGBA),
                        bitdepth=depth, palette=palette, transparent=key, gamma=gamma, interlace=interlaced)
    with open(os.path.join(outdir, name + ".png"), "wb") as f:
        writer.write(f, rows)
    with open(os.path.join(outdir, name + ".rgba"), "wb") as f:
        f.write(expected_rgba(color, depth, w, rows, palette, key))
    manifest.append({
        "name": name, "width": w, "height": h, "colorType": color, "bitDepth": depth,
        "interlaced": interlaced, "trns": key is not None or bool(palette and len(palette[0]) == 4),
        "gama": gamma is not None, "plain": plain, "withoutGamma": without_gamma})


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make-png-corpus.py OUTDIR")
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    manifest = []
    for color in (GRAY, RGB, PALETTE, GRAY_ALPHA, RGBA):
        for depth in DEPTHS[color]:
            for trns in ((False, True) if color in (GRAY, RGB, PALETTE) else (False,)):
                fmt = "%s%d%s" % (KIND[color], depth, "-trns" if trns else "")
                for (w, h) in SIZES + (GAMMA_SIZE,):
                    base = "%s-%dx%d" % (fmt, w, h)
                    # Seeded by name: the interlaced and gAMA variants get the same samples.
                    rng = random.Random(zlib.crc32(base.encode()))
                    rows, palette, key = make_samples(rng, color, depth, w, h, trns)
                    if (w, h) == GAMMA_SIZE:
                        write(outdir, manifest, base, color, depth, w, h, rows, palette, key)
                        write(outdir, manifest, base + "-gama", color, depth, w, h, rows, palette, key,
                              gamma=GAMMA, without_gamma=base)
                        continue
                    write(outdir, manifest, base, color, depth, w, h, rows, palette, key)
                    write(outdir, manifest, base + "-i", color, depth, w, h, rows, palette, key,
                          interlaced=True, plain=base)

    # Sample values GLFunImagesTests checks literally (PNGConformanceTests), not only against the above.
    # 16-bit to 8 is rounded: each of these gives a different byte when truncated (v >> 8).
    write(outdir, manifest, "gray16-rounding-8x1", GRAY, 16, 8, 1,
          [[59193, 50737, 14798, 6342, 34560, 36864, 0, 65535]])
    write(outdir, manifest, "rgba16-rounding-2x1", RGBA, 16, 2, 1,
          [[59193, 50737, 14798, 59192, 6342, 34560, 36864, 65535]])
    # tRNS keys match all 16 raw bits, not the 8-bit result (0x1235 also becomes 18).
    write(outdir, manifest, "gray16-trns-key-4x1", GRAY, 16, 4, 1, [[0x1234, 0x1235, 0x1334, 0xffff]],
          key=(0x1234,))
    # ... and the raw low-depth sample, not the scaled one.
    write(outdir, manifest, "gray4-trns-key-4x1", GRAY, 4, 4, 1, [[15, 14, 0, 5]], key=(15,))
    write(outdir, manifest, "rgb8-trns-key-3x1", RGB, 8, 3, 1, [[10, 20, 30, 10, 20, 31, 11, 20, 30]],
          key=(10, 20, 30))

    with open(os.path.join(outdir, "manifest.json"), "w") as f:
        json.dump({"generator": "pypng " + png.__version__, "files": manifest}, f, indent=1)
        f.write("\n")
    print("%d files in %s" % (len(manifest), outdir))


if __name__ == "__main__":
    main()
