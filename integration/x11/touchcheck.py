"""What the multitouch tests of the drawing window share (test_touch: the Alt-drag emulation
under Xvfb; test_real_touch: XI 2.2 touches from a touch screen driver under Xorg): the colours
and geometry of the window, pixel finders, the recorded touches, and the replay check (quit the
window, replay its log headlessly, compare pixel for pixel)."""
import json
import os
import subprocess

from xharness import GLFUN, count_differing_pixels, load_json, read_png_rgb

BG = (194, 194, 194)    # 0.76 gray
RED, BLUE = (255, 0, 0), (0, 0, 255)
# An emulated touch's circle: gray 0.3 at 35% over the background: 0.76 * 0.65 + 0.3 * 0.35 = 0.599.
CIRCLE = (153, 153, 153)
CIRCLE_RADIUS = 16
W, H = 640, 480           # the window, in points = pixels (scale 1)
CX, CY = W // 2, H // 2   # its centre


def near(a, b, tol=2):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def bbox(img, color):
    """The bounding box (x0, y0, x1, y1), inclusive, of the pixels of exactly `color`, or None."""
    pat = bytes(color) + b"\xff"
    stride = img.width * 4 + 1
    x0 = y0 = 1 << 30
    x1 = y1 = -1
    for y in range(img.height):
        row = img.raw[y * stride + 1:(y + 1) * stride]
        i = row.find(pat)
        while i >= 0 and i % 4:
            i = row.find(pat, i + 1)
        if i < 0:
            continue
        j = row.rfind(pat)
        while j >= 0 and j % 4:
            j = row.rfind(pat, 0, j + 3)
        x0, x1 = min(x0, i // 4), max(x1, j // 4)
        y0, y1 = min(y0, y), max(y1, y)
    return None if x1 < 0 else (x0, y0, x1, y1)


def pixels_near(img, color, tol=3):
    """(x, y) of every pixel within `tol` of `color`."""
    out = []
    stride = img.width * 4 + 1
    for y in range(img.height):
        row = img.raw[y * stride + 1:(y + 1) * stride]
        for x in range(img.width):
            r, g, b = row[4 * x], row[4 * x + 1], row[4 * x + 2]
            if abs(r - color[0]) <= tol and abs(g - color[1]) <= tol and abs(b - color[2]) <= tol:
                out.append((x, y))
    return out


def close_pipes(app):
    for f in (app.proc.stdout, app.proc.stderr):
        if f:
            f.close()


def touch_events(record):
    with open(record) as f:
        events = [json.loads(l) for l in f if l.strip()]
    return [e for e in events if e["type"] == "touch"]


class ReplayCheck:
    """Quits the window, replays its log headlessly, and compares with the window's picture."""

    def assert_replay_matches(self, app, window_image, shapes=None):
        app.key("ctrl+q")  # quitting changes no pixel; it closes the log
        app.wait()
        out = os.path.join(app.dir, "replay.png")
        scene = os.path.join(app.dir, "replay.json")
        r = subprocess.run([GLFUN, "replay", app.record, "--output", out, "--save-scene", scene],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        replay = read_png_rgb(out)
        self.assertEqual((replay.width, replay.height), (window_image.width, window_image.height))
        diff = count_differing_pixels(window_image, replay)
        if diff:
            window_image.save(os.path.join(app.dir, "window.png"))
        self.assertEqual(diff, 0, "%d pixels differ between the window and its replay" % diff)
        doc = load_json(scene)
        if shapes is not None:
            self.assertEqual(len(doc["shapes"]), shapes, doc["shapes"])
        return doc
