"""The Examples package's WindowApp for real: a pinch made with the mouse (Alt-drag: two touches
mirrored about the window's center) scales its ellipse, the session is recorded, and
`WindowApp --replay` of the recording makes the window's pixels exactly.

Needs Examples/.build/debug/WindowApp, which scripts/check/examples builds (scripts/test runs it
before these tests); GLFUN_WINDOW_APP=PATH names another binary.

Run: python3 -m unittest discover -s integration/x11 -v   (scripts/test does)."""
import os
import subprocess
import unittest

from xharness import ROOT, Glfun, XvfbTestCase, count_differing_pixels, read_png_rgb

WINDOW_APP = os.environ.get("GLFUN_WINDOW_APP", os.path.join(ROOT, "Examples", ".build", "debug", "WindowApp"))
TITLE = "GLFun pinch example"
BG = (194, 194, 194)  # 0.76 gray
SHAPE = (230, 77, 26)  # Color(0.9, 0.3, 0.1)


def near(a, b, tolerance=3):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


@unittest.skipUnless(os.path.exists(WINDOW_APP),
                     "%s is not built: run scripts/check/examples first (scripts/test does)" % WINDOW_APP)
class WindowAppExampleTests(XvfbTestCase):
    def test_alt_drag_pinch_scales_the_ellipse_and_the_recording_replays_to_its_pixels(self):
        app = Glfun(self.x, binary=WINDOW_APP, title="^%s$" % TITLE)
        self.addCleanup(app.cleanup)
        img = app.screenshot()
        self.assertEqual((img.width, img.height), (640, 480))
        self.assertTrue(near(img[320, 240], SHAPE), "the ellipse in the middle: %s" % (img[320, 240],))
        self.assertTrue(near(img[440, 240], BG), "120 points wide before the pinch: %s" % (img[440, 240],))

        # Alt held: the pointer at (370, 240) is one touch, (270, 240) its mirror; spread to 300 apart.
        args = ["keydown", "alt", "mousemove", "--window", app.window, 370, 240, "mousedown", 1]
        for x in range(380, 471, 10):
            args += ["mousemove", "--window", app.window, x, 240]
        args += ["mouseup", 1, "keyup", "alt"]
        app.xdotool(*args)
        app.settle()
        img = app.screenshot()
        self.assertTrue(near(img[490, 240], SHAPE), "the pinch tripled the ellipse: %s" % (img[490, 240],))
        self.assertTrue(near(img[150, 240], SHAPE), "on both sides: %s" % (img[150, 240],))
        self.assertTrue(near(img[5, 5], BG), "the corner: %s" % (img[5, 5],))

        app.xdotool("mousemove", "--window", app.window, 320, 240, "key", "Escape")
        self.assertEqual(app.wait(), 0, app.stderr)
        with open(app.record) as f:
            self.assertIn('"app": "pinch-example"', f.readline())

        out = os.path.join(app.dir, "replay.png")
        r = subprocess.run([WINDOW_APP, "--replay", app.record, "--output", out], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        replay = read_png_rgb(out)
        self.assertEqual((replay.width, replay.height), (img.width, img.height))
        self.assertEqual(count_differing_pixels(img, replay), 0, "the replay is the window's picture")


if __name__ == "__main__":
    unittest.main()
