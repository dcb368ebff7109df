"""The Pen in a real window: freehand strokes drawn with xdotool under Xvfb, the picture along
them, the width keys and the toolbar's preview, `glfun replay` of the recording equal to the
window's screenshot pixel for pixel, and the saved document's path shapes.

Run: cd integration/x11 && python3 -m unittest test_pen -v"""
import json
import math
import os
import subprocess
import tempfile
import unittest

from xharness import GLFUN, Glfun, XvfbTestCase, load_json, read_png_rgb
from xhelpers import replay_diff

BG = (194, 194, 194)  # 0.76 gray
BAR = (247, 247, 247)
# A 640x480 window: the width box is 84 points wide, 8 from the bottom bar's right end; its
# preview dot is centred 16 points in.
DOT = (640 - 8 - 84 + 16, 480 - 22)


def paths_draw():
    """Whether this build tessellates path shapes (the parser and tessellator of the paths
    branch): a stroked path rendered headless changes the pixels under it."""
    d = tempfile.mkdtemp(prefix="glfun-pen-")
    scene = os.path.join(d, "p.json")
    with open(scene, "w") as f:
        json.dump({"version": 1, "width": 64, "height": 64, "background": "white",
                   "shapes": [{"type": "path", "d": "M8 32 L56 32", "stroke": "red", "width": 8}]}, f)
    out = os.path.join(d, "p.png")
    r = subprocess.run([GLFUN, "render", scene, "-o", out], capture_output=True, text=True)
    return r.returncode == 0 and read_png_rgb(out)[32, 32] == (255, 0, 0)


def wave(x0, y0, x1, steps, amp=30):
    return [(x0 + (x1 - x0) * i // steps, int(y0 + amp * math.sin(i / 4))) for i in range(steps + 1)]


def reddish(p):
    return p[0] > p[1] + 40 and p[0] > p[2] + 40


class PenTests(XvfbTestCase):
    def start(self, *args):
        app = Glfun(self.x, "--size", "640x480", "--seed", "7", *args)
        self.addCleanup(app.cleanup)
        return app

    def stroke(self, app, points):
        args = ["mousemove", "--window", app.window, points[0][0], points[0][1], "mousedown", 1]
        for x, y in points[1:]:
            args += ["mousemove", "--window", app.window, x, y]
        args += ["mouseup", 1]
        app.xdotool(*args)
        app.settle()

    def test_pen_strokes_replay_to_the_same_pixels_and_save_as_paths(self):
        save = os.path.join(tempfile.mkdtemp(prefix="glfun-pen-save-"), "pen.json")
        app = self.start("--save", save)
        app.key("p")
        first = wave(80, 200, 560, 60)
        self.stroke(app, first)
        app.key("2", "bracketright", "bracketright", "bracketright")  # blue, 12 points
        second = wave(100, 330, 540, 40, amp=-20)
        self.stroke(app, second)
        window = app.screenshot()
        if paths_draw():
            # The picture changed along both strokes, in their colors.
            for x, y in first[5:-5:6]:
                self.assertTrue(reddish(window[x, y]), (x, y, window[x, y]))
            for x, y in second[5:-5:6]:
                p = window[x, y]
                self.assertTrue(p[2] > p[0] + 40 and p[2] > p[1] + 40, (x, y, p))
            self.assertEqual(window[320, 120], BG)  # off the strokes
        app.key("ctrl+s")
        app.key("ctrl+q")
        self.assertEqual(app.wait(), 0)
        self.assertEqual(replay_diff(app, window), 0, "pixels differ between the window and its replay")
        doc = load_json(save)
        self.assertTrue(doc.get("antialias"), doc.keys())
        self.assertEqual([s["type"] for s in doc["shapes"]], ["path", "path"])
        self.assertEqual(doc["shapes"][1]["width"], 12)
        self.assertEqual(doc["shapes"][0]["width"], 4)
        self.assertEqual(doc["shapes"][0].get("join"), "round")
        self.assertEqual(doc["shapes"][0].get("cap"), "round")
        self.assertIn("Q", doc["shapes"][0]["d"])  # smoothed: quadratic pieces

    def test_width_keys_grow_the_toolbars_preview_dot(self):
        app = self.start()
        img = app.screenshot()
        self.assertTrue(reddish(img[DOT]), img[DOT])        # a 4-point red dot
        self.assertEqual(img[DOT[0] + 6, DOT[1]], BAR)       # no wider
        app.key("bracketright", "bracketright", "bracketright", "bracketright")  # 16 points
        img = app.screenshot()
        self.assertTrue(reddish(img[DOT[0] + 6, DOT[1]]), img[DOT[0] + 6, DOT[1]])
        app.key("Escape")
        app.wait()

    def test_aa_off_keeps_a_new_drawing_aliased(self):
        save = os.path.join(tempfile.mkdtemp(prefix="glfun-pen-save-"), "pen.json")
        app = self.start("--aa", "off", "--save", save)
        app.key("e")
        app.drag(150, 150, 330, 260)
        window = app.screenshot()
        app.key("ctrl+s")
        app.key("ctrl+q")
        self.assertEqual(app.wait(), 0)
        self.assertNotIn("antialias", load_json(save))
        # Every pixel of the ellipse's edge is the shape's red or the background: no blend.
        colors = {window[x, y] for x in range(140, 340) for y in range(140, 270)}
        self.assertEqual(colors, {BG, (255, 0, 0)})
        self.assertEqual(replay_diff(app, window), 0)


if __name__ == "__main__":
    unittest.main()
