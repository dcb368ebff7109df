#!/usr/bin/python3
"""Time to first picture and memory of glfun's slide show beside feh and imv (issue 24's figures).

    scripts/bench/pictures.py [--runs N] [--viewers glfun,feh,imv]

Makes four pictures in a temporary folder (PIL; heif-enc for the HEIC): a 6000x4000 JPEG
(quality 90, a photo's entropy), a 40000x600 PNG, a 200-frame 480x360 GIF and a 12-megapixel
(4000x3000) HEIC. Each has a flat green centre (40, 160, 90) and noise around it. For each
picture and run, interleaved (glfun, feh, imv, glfun, ...), starts the viewer in a 1280x720
window on a private Xvfb (full screen where the viewer has it), takes `xwd -root` screenshots
in a loop and stops the clock when the screen's centre shows the green: that is the time to
first picture, from the viewer's start (process launch included). The memory figure is the
viewer's peak resident set (VmHWM) at that moment. Medians are printed as a table; a viewer
that shows nothing within 20 s is "none shown".
Runs glfun from .build/release (built first: swift build -c release --product glfun);
installs feh and imv with scripts/setup when they are missing.
"""
import os
import struct
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "integration", "x11"))
from xharness import Xvfb  # noqa: E402

GREEN = (40, 160, 90)
W, H = 1280, 720


def make_pictures(d):
    from PIL import Image, ImageDraw
    out = {}

    def picture(w, h):
        noise = Image.effect_noise((w, h), 60)
        im = Image.merge("RGB", [noise.point(lambda v, k=k: (v + 60 * k) % 256) for k in range(3)])
        ImageDraw.Draw(im).rectangle((w * 3 // 8, h * 3 // 8, w * 5 // 8, h * 5 // 8), fill=GREEN)
        return im

    path = os.path.join(d, "photo-6000x4000.jpg")
    picture(6000, 4000).save(path, quality=90)
    out["6000x4000 JPEG"] = path
    path = os.path.join(d, "strip-40000x600.png")
    strip = picture(40000, 600)
    ImageDraw.Draw(strip).rectangle((0, 0, 39999, 599), fill=GREEN)  # a 1280x19 strip when fitted: all green
    strip.save(path, compress_level=6)
    out["40000x600 PNG"] = path
    frames = []
    base = picture(480, 360).quantize(64)
    for i in range(200):
        f = base.copy()
        ImageDraw.Draw(f).rectangle((10 + i, 10, 40 + i, 40), fill=(i * 7) % 64)
        frames.append(f)
    path = os.path.join(d, "anim-200.gif")
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=40, loop=0)
    out["200-frame GIF"] = path
    png = os.path.join(d, "12mp.png")
    picture(4000, 3000).save(png, compress_level=1)
    path = os.path.join(d, "photo-12mp.heic")
    subprocess.run(["heif-enc", "-q", "80", "-o", path, png], check=True, stdout=subprocess.DEVNULL)
    os.remove(png)
    out["12 MP HEIC"] = path
    return out


def centre(env):
    """The RGB at the root window's centre, from an xwd dump."""
    data = subprocess.run(["xwd", "-root", "-silent"], env=env, stdout=subprocess.PIPE, check=True).stdout
    f = struct.unpack(">25I", data[:100])
    header, bytes_per_line, ncolors = f[0], f[12], f[19]
    at = header + ncolors * 12 + (H // 2) * bytes_per_line + (W // 2) * 4
    b, g, r = data[at], data[at + 1], data[at + 2]
    return r, g, b


def peak_rss_kib(pid):
    try:
        for line in open("/proc/%d/status" % pid):
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def command(viewer, path):
    if viewer == "glfun":
        return [os.path.join(ROOT, ".build", "release", "glfun"), "slideshow", path, "--size", "%dx%d" % (W, H),
                "--fullscreen"]
    if viewer == "feh":
        return ["feh", "--fullscreen", "--auto-zoom", path]
    return ["imv-x11", "-f", path]


def is_green(rgb):
    return all(abs(a - b) <= 12 for a, b in zip(rgb, GREEN))


def measure(viewer, path, x, timeout=20):
    """(seconds to first picture, peak RSS MiB), or None when none showed within `timeout`."""
    settle = time.monotonic() + 5
    while is_green(centre(x.env)) and time.monotonic() < settle:  # the last viewer's picture gone first
        time.sleep(0.05)
    t0 = time.monotonic()
    p = subprocess.Popen(command(viewer, path), env=x.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.monotonic() - t0 < timeout:
            if p.poll() is not None:
                return None
            if is_green(centre(x.env)):
                return time.monotonic() - t0, peak_rss_kib(p.pid) / 1024
            time.sleep(0.005)
        return None
    finally:
        p.terminate()
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def main():
    runs = 3
    viewers = ["glfun", "feh", "imv"]
    args = sys.argv[1:]
    while args:
        a = args.pop(0)
        if a == "--runs":
            runs = int(args.pop(0))
        elif a == "--viewers":
            viewers = args.pop(0).split(",")
    subprocess.run([os.path.join(ROOT, "scripts", "setup"), "feh", "imv", "libheif-examples", "python3-pil"], check=True)
    if "glfun" in viewers:
        subprocess.run(["swift", "build", "-c", "release", "--product", "glfun"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as d:
        pictures = make_pictures(d)
        x = Xvfb(W, H)
        try:
            results = {}
            for name, path in pictures.items():
                for _ in range(runs):
                    for v in viewers:
                        results.setdefault((name, v), []).append(measure(v, path, x))
        finally:
            x.stop()
    print("| picture | " + " | ".join("%s: first picture s, peak RSS MiB" % v for v in viewers) + " |")
    print("|---|" + "---:|" * len(viewers))
    for name in pictures:
        cells = []
        for v in viewers:
            got = [r for r in results[(name, v)] if r]
            if not got:
                cells.append("none shown")
                continue
            t = sorted(r[0] for r in got)[len(got) // 2]
            m = sorted(r[1] for r in got)[len(got) // 2]
            cells.append("%.2f s, %.0f MiB%s" % (t, m, "" if len(got) == runs else " (%d of %d)" % (len(got), runs)))
        print("| %s | %s |" % (name, " | ".join(cells)))


if __name__ == "__main__":
    main()
