"""The AVIF (and nclx HEIC) pictures of scripts/make/test_pictures.py's "avif" set, made at test
time with avifenc (libavif-bin) and heif-enc from pictures PIL writes:

- mono-limited.avif: 4:0:0, limited range: bands of gray 0, 85, 170, 255 (16 pixels each, 64x16).
- alpha-limited.avif: left half (200, 100, 50), right half (20, 200, 40), alpha stored as 235 and
  126 with the alpha plane's AV1 sequence header saying limited range: 255 and 128 decoded.
  avifenc writes full-range alpha only, so the header's color_range bit is cleared here.
- bt2020-linear.avif / .heic: the colour set's 16 patches (64x64) as linear BT.2020 samples,
  nclx 9/8/0 (AVIF, lossless) and 9/8/6 (HEIC): the sRGB patches decoded. heif-enc 1.15 writes
  no colr box into a HEIC (its nclx options are lost: it codes with BT.601's matrix), so the
  box is added here (add_nclx).
- pq.avif: gray bands (16x16 each) of 0, 100, 203, 1000 and 10000 cd/m2, PQ-coded, nclx 9/16/0.
- hlg.avif: gray bands of HLG signal 0, 0.5, 0.75 and 1.0, nclx 9/18/0.
- turned.avif: the formats set's still (64x48, red | blue, white 8x8 top-left), irot 1 and imir 0
  (its transpose shown); cropped.avif: the same, clap cropping 32x16 at (4, 4).
"""
import os
import subprocess

from PIL import Image

SRGB_TO_XYZ = [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]
XYZ_TO_BT2020 = [[1.7167, -0.3557, -0.2534], [-0.6667, 1.6165, 0.0158], [0.0176, -0.0428, 0.9421]]


def srgb_linear(v):
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def mul(m, v):
    return [sum(m[i][k] * v[k] for k in range(3)) for i in range(3)]


def pq(nits):
    m1, m2 = 2610 / 16384, 2523 / 4096 * 128
    c1, c2, c3 = 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32
    y = (nits / 10000) ** m1
    return ((c1 + c2 * y) / (1 + c3 * y)) ** m2


def clear_mono_range_bit(d):
    """Clears color_range in every monochrome AV1 sequence header OBU found in d (in place)."""
    def parse(start, limit):
        pos = [start * 8]

        def u(n):
            v = 0
            for _ in range(n):
                v = v << 1 | (d[pos[0] >> 3] >> (7 - (pos[0] & 7))) & 1
                pos[0] += 1
            return v
        profile, _still, reduced = u(3), u(1), u(1)
        if profile != 0:
            return None
        if reduced:
            u(5)
        else:
            if u(1):
                return None  # timing info: not in a still's header
            initial = u(1)
            for _ in range(u(5) + 1):
                u(12)
                if u(5) > 7:
                    u(1)
                if initial and u(1):
                    u(4)
        wb, hb = u(4) + 1, u(4) + 1
        u(wb), u(hb)
        if not reduced and u(1):
            u(7)
        u(3)
        if not reduced:
            u(4)
            order_hint = u(1)
            if order_hint:
                u(2)
            force = 2 if u(1) else u(1)
            if force > 0 and not u(1):
                u(1)
            if order_hint:
                u(3)
        u(3)
        u(1)
        if not u(1):
            return None  # not monochrome
        if u(1):
            u(24)
        return pos[0] if pos[0] < limit * 8 else None
    n = 0
    for i in range(len(d) - 3):
        if d[i] == 0x0A and 0 < d[i + 1] < 0x80:  # a sequence header OBU with a one-byte size
            try:
                bit = parse(i + 2, i + 2 + d[i + 1])
            except IndexError:
                continue
            if bit is not None:
                d[bit >> 3] &= ~(0x80 >> (bit & 7)) & 0xFF
                n += 1
    return n


def boxes(d, start, end):
    """(type, start, header size, end) of the ISOBMFF boxes in d[start:end]."""
    i = start
    while i + 8 <= end:
        size, kind = int.from_bytes(d[i:i + 4], "big"), bytes(d[i + 4:i + 8])
        yield kind, i, 8, i + size
        i += size


def add_nclx(d, primaries, transfer, matrix):
    """d (a HEIF from heif-enc, which writes no colr box for HEIC) with an nclx colr box in ipco,
    associated with the primary item (1); the sizes above it and iloc's file offsets moved."""
    colr = (19).to_bytes(4, "big") + b"colr" + b"nclx" + b"".join(v.to_bytes(2, "big") for v in
                                                               (primaries, transfer, matrix)) + b"\x80"
    meta = next(b for b in boxes(d, 0, len(d)) if b[0] == b"meta")
    inner = dict((k, (s, e)) for k, s, _, e in boxes(d, meta[1] + 12, meta[3]))
    iprp = dict((k, (s, e)) for k, s, _, e in boxes(d, inner[b"iprp"][0] + 8, inner[b"iprp"][1]))
    ipco, ipma = iprp[b"ipco"], iprp[b"ipma"]
    index = 1 + sum(1 for _ in boxes(d, ipco[0] + 8, ipco[1]))
    version, flags = d[ipma[0] + 8], int.from_bytes(d[ipma[0] + 9:ipma[0] + 12], "big")
    wide_id, wide_index = version >= 1, flags & 1
    i, count = ipma[0] + 16, int.from_bytes(d[ipma[0] + 12:ipma[0] + 16], "big")
    for _ in range(count):
        item = int.from_bytes(d[i:i + (4 if wide_id else 2)], "big")
        i += 4 if wide_id else 2
        n = d[i]
        if item == 1:
            added = (0x8000 | index).to_bytes(2, "big") if wide_index else bytes([0x80 | index])
            d[i] = n + 1
            at = i + 1 + n * (2 if wide_index else 1)
            d[at:at] = added
            break
        i += 1 + n * (2 if wide_index else 1)
    delta = len(colr) + len(added)
    d[ipco[1]:ipco[1]] = colr
    for start, grown in ((ipma[0] + len(colr), len(added)), (ipco[0], len(colr)), (inner[b"iprp"][0], delta),
                         (meta[1], delta)):
        d[start:start + 4] = (int.from_bytes(d[start:start + 4], "big") + grown).to_bytes(4, "big")
    # iloc: file offsets (construction method 0) of data after meta move by delta.
    s = inner[b"iloc"][0]
    v = d[s + 8]
    sizes = d[s + 12] >> 4, d[s + 12] & 15, d[s + 13] >> 4, d[s + 13] & 15 if v >= 1 else 0
    off, length, base, idx = sizes
    i = s + 14
    items = int.from_bytes(d[i:i + (4 if v == 2 else 2)], "big")
    i += 4 if v == 2 else 2
    for _ in range(items):
        i += 4 if v == 2 else 2
        method = 0
        if v >= 1:
            method = int.from_bytes(d[i:i + 2], "big") & 15
            i += 2
        i += 2
        if method == 0 and base:
            d[i:i + base] = (int.from_bytes(d[i:i + base], "big") + delta).to_bytes(base, "big")
        i += base
        extents = int.from_bytes(d[i:i + 2], "big")
        i += 2
        for _ in range(extents):
            i += idx
            if method == 0 and not base and off:
                d[i:i + off] = (int.from_bytes(d[i:i + off], "big") + delta).to_bytes(off, "big")
            i += off + length
    return d


def run(args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def avif(out, manifest, patches, still):
    def path(name):
        return os.path.join(out, name)
    made = []

    def make(name, args):
        try:
            run(args)
            made.append(name)
        except (OSError, subprocess.CalledProcessError):
            pass

    gray = Image.new("L", (64, 16))
    for i, v in enumerate((0, 85, 170, 255)):
        gray.paste(v, (16 * i, 0, 16 * i + 16, 16))
    gray.save(path("gray.png"))
    make("mono-limited.avif", ["avifenc", "-s", "8", "-y", "400", "-r", "limited", "--min", "0", "--max", "0",
                               path("gray.png"), path("mono-limited.avif")])

    rgba = Image.new("RGBA", (64, 48), (200, 100, 50, 235))
    rgba.paste((20, 200, 40, 126), (32, 0, 64, 48))
    rgba.save(path("alpha.png"))
    make("alpha-full.avif", ["avifenc", "-s", "8", "-l", path("alpha.png"), path("alpha-full.avif")])
    if "alpha-full.avif" in made:
        made.remove("alpha-full.avif")
        d = bytearray(open(path("alpha-full.avif"), "rb").read())
        if clear_mono_range_bit(d) == 1:
            open(path("alpha-limited.avif"), "wb").write(d)
            made.append("alpha-limited.avif")

    lin = patches.copy()
    px = lin.load()
    for y in range(lin.height):
        for x in range(lin.width):
            rgb = mul(XYZ_TO_BT2020, mul(SRGB_TO_XYZ, [srgb_linear(c) for c in px[x, y]]))
            px[x, y] = tuple(int(round(255 * min(1, max(0, c)))) for c in rgb)
    lin.save(path("bt2020-linear.png"))
    make("bt2020-linear.avif", ["avifenc", "-s", "8", "-l", "--cicp", "9/8/0", path("bt2020-linear.png"),
                                path("bt2020-linear.avif")])
    make("plain.heic", ["heif-enc", "-L", "-o", path("plain.heic"), path("bt2020-linear.png")])
    if "plain.heic" in made:
        made.remove("plain.heic")
        d = add_nclx(bytearray(open(path("plain.heic"), "rb").read()), 9, 8, 6)  # heif-enc's BT.601 matrix
        open(path("bt2020-linear.heic"), "wb").write(d)
        made.append("bt2020-linear.heic")

    bands = Image.new("RGB", (80, 16))
    for i, nits in enumerate((0, 100, 203, 1000, 10000)):
        v = int(round(255 * pq(nits)))
        bands.paste((v, v, v), (16 * i, 0, 16 * i + 16, 16))
    bands.save(path("pq.png"))
    make("pq.avif", ["avifenc", "-s", "8", "-l", "--cicp", "9/16/0", path("pq.png"), path("pq.avif")])
    bands = Image.new("RGB", (64, 16))
    for i, signal in enumerate((0, 0.5, 0.75, 1.0)):
        v = int(round(255 * signal))
        bands.paste((v, v, v), (16 * i, 0, 16 * i + 16, 16))
    bands.save(path("hlg.png"))
    make("hlg.avif", ["avifenc", "-s", "8", "-l", "--cicp", "9/18/0", path("hlg.png"), path("hlg.avif")])

    still.save(path("still.png"))
    make("turned.avif", ["avifenc", "-s", "8", "-l", "--irot", "1", "--imir", "0", path("still.png"),
                         path("turned.avif")])
    make("cropped.avif", ["avifenc", "-s", "8", "-l", "--crop", "4,4,32,16", path("still.png"),
                          path("cropped.avif")])
    manifest["avif"] = made
    manifest["pq-code"] = [int(round(255 * pq(n))) for n in (0, 100, 203, 1000, 10000)]
