#!/usr/bin/python3
"""Makes the pictures the colour, format and animation tests decode, at test time (nothing
large is committed): Debian's /usr/bin/python3 with PIL (python3-pil, whose ImageCms is Little
CMS 2), plus cwebp / heif-enc where named.

    scripts/make/test_pictures.py OUTDIR colour      # one picture in sRGB and in wide gamuts
    scripts/make/test_pictures.py OUTDIR formats     # WebP, HEIC, AVIF stills, with orientation
    scripts/make/test_pictures.py OUTDIR animations  # animated GIF and WebP, and every frame as PIL sees it
    scripts/make/test_pictures.py OUTDIR avif        # AVIF ranges, alpha, nclx, turns (avif_pictures.py)

Writes OUTDIR/manifest.json: what each file is and what it must decode to.

The colour set: a 64x64 picture of 16 patches (saturated primaries, skin, sky, grays) written
as sRGB (no profile), then converted with ImageCms into Display P3 (JPEG, its profile in APP2;
padded to 80 KB so that it is split over two markers; PNG iCCP; WebP ICCP) and Adobe RGB (1998)
(PNG iCCP, JPEG), and as linear samples with gAMA 1.0 (PNG), and with gAMA 1.0 and Adobe RGB's
chromaticities in cHRM. The profiles are matrix/TRC profiles written here (ICC v2 by hand: the
primaries adapted to D50 by Bradford), so no profile file is needed from anywhere.
"""
import io
import json
import os
import struct
import subprocess
import sys

from PIL import Image, ImageCms, PngImagePlugin

import avif_pictures

PATCHES = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 255),
           (230, 150, 120), (90, 160, 230), (255, 128, 0), (128, 0, 255), (20, 120, 40), (200, 30, 60),
           (0, 0, 0), (64, 64, 64), (160, 160, 160), (255, 255, 255)]
SIZE, PATCH = 64, 16


def patches():
    im = Image.new("RGB", (SIZE, SIZE))
    for i, c in enumerate(PATCHES):
        x, y = (i % 4) * PATCH, (i // 4) * PATCH
        im.paste(c, (x, y, x + PATCH, y + PATCH))
    return im


# --- ICC v2 matrix/TRC profiles, by hand -------------------------------------------------------

def mat_mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def mat_vec(a, v):
    return [sum(a[i][k] * v[k] for k in range(3)) for i in range(3)]


def mat_inv(m):
    a, b, c = m[0]
    d, e, f = m[1]
    g, h, i = m[2]
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
            [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
            [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]


def xyz(x, y):
    return [x / y, 1.0, (1 - x - y) / y]


def rgb_to_xyz_d50(primaries, white):
    """The columns: each primary's XYZ at full drive, white at Y 1, adapted to D50 (Bradford)."""
    p = [xyz(*c) for c in primaries]
    m = [[p[j][i] for j in range(3)] for i in range(3)]
    s = mat_vec(mat_inv(m), xyz(*white))
    m = [[m[i][j] * s[j] for j in range(3)] for i in range(3)]
    bradford = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
    src, dst = mat_vec(bradford, xyz(*white)), mat_vec(bradford, [0.9642, 1.0, 0.8249])
    scale = [[dst[i] / src[i] if i == j else 0 for j in range(3)] for i in range(3)]
    adapt = mat_mul(mat_inv(bradford), mat_mul(scale, bradford))
    return mat_mul(adapt, m)


def s15(v):
    return struct.pack(">i", int(round(v * 65536)))


def icc_profile(name, primaries, white, trc, pad=0):
    """An ICC v2 display profile: desc, wtpt, r/g/bXYZ, r/g/bTRC (trc: a gamma, or 'srgb' for
    sRGB's curve sampled in a 1024-entry curv), cprt; `pad` bytes of a private tag to make it large."""
    m = rgb_to_xyz_d50(primaries, white)
    tags = []
    desc = name.encode() + b"\0"
    tags.append((b"desc", b"desc" + b"\0" * 4 + struct.pack(">I", len(desc)) + desc + b"\0" * 12 + b"\0" * 67))
    tags.append((b"wtpt", b"XYZ " + b"\0" * 4 + s15(0.9642) + s15(1.0) + s15(0.8249)))
    for i, t in enumerate((b"rXYZ", b"gXYZ", b"bXYZ")):
        tags.append((t, b"XYZ " + b"\0" * 4 + s15(m[0][i]) + s15(m[1][i]) + s15(m[2][i])))
    if trc == "srgb":
        n = 1024
        vals = []
        for k in range(n):
            v = k / (n - 1)
            lin = v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
            vals.append(int(round(lin * 65535)))
        curve = b"curv" + b"\0" * 4 + struct.pack(">I", n) + b"".join(struct.pack(">H", v) for v in vals)
    else:
        curve = b"curv" + b"\0" * 4 + struct.pack(">I", 1) + struct.pack(">H", int(round(trc * 256)))
    for t in (b"rTRC", b"gTRC", b"bTRC"):
        tags.append((t, curve))
    tags.append((b"cprt", b"text" + b"\0" * 4 + b"No copyright, made at test time\0"))
    if pad:
        tags.append((b"zzzz", b"zzzz" + b"\0" * 4 + bytes(i % 251 for i in range(pad))))
    offset = 128 + 4 + 12 * len(tags)
    table, data = b"", b""
    for sig, body in tags:
        while (offset + len(data)) % 4:
            data += b"\0"
        table += sig + struct.pack(">II", offset + len(data), len(body))
        data += body
    size = offset + len(data)
    header = struct.pack(">I", size) + b"lcms" + bytes([2, 0x10, 0, 0]) + b"mntr" + b"RGB " + b"XYZ "
    header += b"\0" * 12 + b"acsp" + b"APPL" + b"\0" * 4 + b"\0" * 8 + b"\0" * 8 + b"\0" * 4
    header += s15(0.9642) + s15(1.0) + s15(0.8249) + b"\0" * 4
    header += b"\0" * (128 - len(header))
    return header + struct.pack(">I", len(tags)) + table + data


D65 = (0.3127, 0.3290)
P3 = icc_profile("Display P3 (test)", [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], D65, "srgb")
P3_LARGE = icc_profile("Display P3 (test, padded)", [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], D65, "srgb",
                       pad=80000)
ADOBE_PRIMARIES = [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)]
ADOBE = icc_profile("Adobe RGB (1998) (test)", ADOBE_PRIMARIES, D65, 563 / 256)
SRGB = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))


def converted(im, icc):
    target = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    return ImageCms.profileToProfile(im, SRGB, target, renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                     outputMode="RGB")


def linear(im):
    """sRGB samples decoded to linear light (stored with gAMA 1.0)."""
    def lin(v):
        v /= 255
        return int(round(255 * (v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4)))
    return im.point([lin(v) for v in range(256)] * 3)


def colour(out, manifest):
    base = patches()
    base.save(os.path.join(out, "srgb.png"))
    base.save(os.path.join(out, "srgb.jpg"), quality=100, subsampling=0)
    p3, adobe = converted(base, P3), converted(base, ADOBE)
    p3.save(os.path.join(out, "p3.jpg"), quality=100, subsampling=0, icc_profile=P3_LARGE)
    p3.save(os.path.join(out, "p3.png"), icc_profile=P3)
    p3.save(os.path.join(out, "p3.webp"), lossless=True, icc_profile=P3)
    adobe.save(os.path.join(out, "adobe.png"), icc_profile=ADOBE)
    adobe.save(os.path.join(out, "adobe.jpg"), quality=100, subsampling=0, icc_profile=ADOBE)
    info = PngImagePlugin.PngInfo()
    info.add(b"gAMA", struct.pack(">I", 100000))
    linear(base).save(os.path.join(out, "linear-gama.png"), pnginfo=info)
    # Adobe RGB's primaries and a linear curve, by gAMA 1.0 and cHRM.
    info = PngImagePlugin.PngInfo()
    info.add(b"gAMA", struct.pack(">I", 100000))
    chrm = [D65[0], D65[1]] + [c for p in ADOBE_PRIMARIES for c in p]
    info.add(b"cHRM", b"".join(struct.pack(">I", int(round(v * 100000))) for v in chrm))
    adobe_linear = adobe.point([int(round(255 * (v / 255) ** (563 / 256))) for v in range(256)] * 3)
    adobe_linear.info.pop("icc_profile", None)  # the samples' space is said by gAMA and cHRM alone
    adobe_linear.save(os.path.join(out, "adobe-linear-chrm.png"), pnginfo=info)
    info = PngImagePlugin.PngInfo()
    info.add(b"sRGB", b"\0")
    info.add(b"gAMA", struct.pack(">I", 100000))  # sRGB wins over gAMA
    base.save(os.path.join(out, "srgb-chunk.png"), pnginfo=info)
    manifest["patches"] = [[(i % 4) * PATCH + PATCH // 2, (i // 4) * PATCH + PATCH // 2] + list(c)
                           for i, c in enumerate(PATCHES)]


def run(args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def still():
    """A 64x48 picture, left half red, right half blue, a white top-left 8x8 corner."""
    im = Image.new("RGB", (64, 48), (220, 20, 20))
    im.paste((20, 20, 220), (32, 0, 64, 48))
    im.paste((255, 255, 255), (0, 0, 8, 8))
    return im


def formats(out, manifest):
    """Stills: still() in each format; with an Exif orientation 6 (turn it 90 degrees clockwise
    to stand up) where the format carries one."""
    im = still()
    im.save(os.path.join(out, "still.png"))
    im.save(os.path.join(out, "still.webp"), lossless=True)
    exif = Image.Exif()
    exif[0x0112] = 6
    im.save(os.path.join(out, "rotated.webp"), lossless=True, exif=exif.tobytes())
    converted(im, P3).save(os.path.join(out, "p3-still.png"), icc_profile=P3)
    made = []
    for name, args in [("still.heic", ["-q", "90"]), ("still.avif", ["-A", "-q", "90"]),
                       ("p3.heic", ["-q", "95"])]:
        src = "p3-still.png" if name.startswith("p3") else "still.png"
        try:
            run(["heif-enc", "-o", os.path.join(out, name)] + args + [os.path.join(out, src)])
            made.append(name)
        except (OSError, subprocess.CalledProcessError):
            pass
    manifest["heif"] = made


def animations(out, manifest):
    """A 5-frame GIF (delays 0, 50, 200, 10, 70 ms; loop twice; disposal 2 then 3 then 1; a
    transparent index), a 200-frame one, and a 4-frame WebP; every frame as PIL composes it."""
    frames = []
    for i in range(5):
        im = Image.new("RGBA", (40, 30), (0, 0, 0, 0))
        im.paste((40 * i, 255 - 40 * i, 100, 255), (4 * i, 2 * i, 4 * i + 20, 2 * i + 15))
        frames.append(im)
    gif = os.path.join(out, "anim.gif")
    frames[0].save(gif, save_all=True, append_images=frames[1:], duration=[0, 50, 200, 10, 70], loop=1,
                   disposal=[2, 3, 1, 2, 1], transparency=0, optimize=False)
    webp = os.path.join(out, "anim.webp")
    opaque = [Image.alpha_composite(Image.new("RGBA", im.size, (30, 30, 30, 255)), im).convert("RGB") for im in frames]
    opaque[0].save(webp, save_all=True, append_images=opaque[1:4], duration=[30, 5, 120, 60], loop=3, lossless=True)
    many = [Image.new("P", (50, 20), i % 200) for i in range(200)]
    for i, im in enumerate(many):
        im.putpalette([v for c in range(256) for v in ((c * 7) % 256, (c * 13) % 256, (c * 29) % 256)])
    many[0].save(os.path.join(out, "many.gif"), save_all=True, append_images=many[1:], duration=40, loop=0)
    # For the slide show: solid frames of 64x48, red 300 ms, green 200 ms, blue 500 ms, yellow
    # 0 ms (shown 100 ms): a play is 1.1 s, looping forever; and a 3.3 s one played once.
    solid = [Image.new("RGB", (64, 48), c) for c in ((200, 0, 0), (0, 200, 0), (0, 0, 200), (200, 200, 0))]
    solid[0].save(os.path.join(out, "show.gif"), save_all=True, append_images=solid[1:], duration=[300, 200, 500, 0],
                  loop=0)
    solid[0].save(os.path.join(out, "show.webp"), save_all=True, append_images=solid[1:], duration=[300, 200, 500, 0],
                  loop=0, lossless=True)
    solid[0].save(os.path.join(out, "long.gif"), save_all=True, append_images=solid[1:3], duration=1100)
    # A play of 3 x 655.35 s (the largest delay GIF can say): the show plays its first minute.
    solid[0].save(os.path.join(out, "hours.gif"), save_all=True, append_images=solid[1:3], duration=655350)
    expected = {}
    for name in ("anim.gif", "anim.webp"):
        src = Image.open(os.path.join(out, name))
        n = 0
        while True:
            rgba = src.convert("RGBA")
            with open(os.path.join(out, "%s.%d.rgba" % (name, n)), "wb") as f:
                f.write(rgba.tobytes())
            n += 1
            try:
                src.seek(n)
            except EOFError:
                break
        expected[name] = n
    manifest["frames"] = expected


def main():
    out, what = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    manifest = {}
    sets = {"colour": colour, "formats": formats, "animations": animations,
            "avif": lambda o, m: avif_pictures.avif(o, m, patches(), still())}
    sets[what](out, manifest)
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f)


if __name__ == "__main__":
    main()
