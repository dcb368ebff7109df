"""Helpers for the window tests, beside xharness.py: a real EWMH window manager (openbox) on a
private X server, pictures made at test time (solid colors, four colored quadrants) as PNG
files, and `glfun replay` of a recording compared with a window's screenshot.

Standard library only (PNGs through scripts/make/xwd2png.py's writer, as xharness uses it)."""
import os
import plistlib
import subprocess
import time

from xharness import GLFUN, count_differing_pixels, read_png_rgb, stop_process
import xwd2png


class Openbox:
    """openbox on a running X server: full screen needs an EWMH window manager to honor
    `_NET_WM_STATE_FULLSCREEN`. Up once it has claimed the root window; `stop` ends it."""

    def __init__(self, env):
        self.env = env
        self.proc = subprocess.Popen(["openbox", "--sm-disable"], env=env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while time.time() < deadline:
            r = subprocess.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], env=env, capture_output=True, text=True)
            if "window id" in r.stdout:
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("openbox did not start")

    def stop(self):
        stop_process(self.proc, 5)


def wm_state(env, window):
    """The window's `_NET_WM_STATE` as xprop prints it."""
    r = subprocess.run(["xprop", "-id", str(window), "_NET_WM_STATE"], env=env, capture_output=True, text=True)
    return r.stdout


def is_full_screen(env, window):
    return "_NET_WM_STATE_FULLSCREEN" in wm_state(env, window)


def write_png(path, width, height, color_at):
    """An opaque RGBA PNG whose pixel (x, y) is `color_at(x, y)`, an (r, g, b) tuple."""
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        for x in range(width):
            raw += bytes(color_at(x, y)) + b"\xff"
    xwd2png.write_png(path, width, height, bytes(raw))
    return path


def solid_png(path, rgb, width=64, height=48):
    return write_png(path, width, height, lambda x, y: rgb)


def quadrant_png(path, tl, tr, bl, br, width=80, height=60):
    """Four colors: top left, top right, bottom left, bottom right."""
    def at(x, y):
        top, left = y < height // 2, x < width // 2
        return (tl if left else tr) if top else (bl if left else br)
    return write_png(path, width, height, at)


def plist_file(path, names, fmt=plistlib.FMT_XML):
    """A property list naming slides (an array of names), XML or binary."""
    with open(path, "wb") as f:
        plistlib.dump(names, f, fmt=fmt)
    return path


def near(a, b, tol=12):
    return all(abs(int(p) - int(q)) <= tol for p, q in zip(a, b))


def replay_image(app):
    """`glfun replay` of the app's recording (after it quit): the PNG as an Image."""
    out = os.path.join(app.dir, "replay.png")
    r = subprocess.run([GLFUN, "replay", app.record, "--output", out], capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        raise AssertionError("replay failed: " + r.stderr)
    return read_png_rgb(out)


def replay_diff(app, window_image):
    """Pixels that differ between the window's screenshot and the replay of its recording;
    both are saved into the app's folder when they differ."""
    replay = replay_image(app)
    assert (replay.width, replay.height) == (window_image.width, window_image.height), \
        "replay is %dx%d, the window %dx%d" % (replay.width, replay.height, window_image.width, window_image.height)
    diff = count_differing_pixels(window_image, replay)
    if diff:
        window_image.save(os.path.join(app.dir, "window.png"))
    return diff


def counter_clip(path, seconds, fps=25, width=320, height=240):
    """Tests/TestFixtures/TestClips.swift's counter clip, made with ffmpeg (H.264 in MP4 whatever
    the name): frame n is red (n % 16) * 16 + 8, green (n / 16) * 32 + 16, blue 255 in the top
    half and 0 in the bottom half."""
    colors = ("color=c=black:s=%dx%d:r=%d:d=%s,format=rgb24,geq=r='mod(N\\,16)*16+8':g='floor(N/16)*32+16':"
              "b='if(lt(Y\\,%d)\\,255\\,0)'" % (width, height, fps, seconds, height // 2))
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", colors, "-c:v", "libx264",
                    "-preset", "ultrafast", "-qp", "0", "-pix_fmt", "yuv420p", "-g", str(fps), "-f", "mp4", path],
                   check=True)
    return path


def counter_frame(rgb):
    """The counter clip's frame number its colors say (either half)."""
    r, g = rgb[0], rgb[1]
    return round((g - 16) / 32) * 16 + round((r - 8) / 16)
