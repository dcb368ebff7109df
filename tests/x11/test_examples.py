"""The Examples package's WindowApp for real: a pinch made with the mouse (Alt-drag: two touches
mirrored about the window's center) scales its ellipse, the session is recorded, and
`WindowApp --replay` of the recording makes the window's pixels exactly.

Needs Examples/.build/debug/WindowApp, which scripts/examples builds (scripts/test runs it
before these tests); GLFUN_WINDOW_APP=PATH names another binary.

Run: python3 -m unittest discover -s tests/x11 -v   (scripts/test does)."""
import os
import shutil
import subprocess
import tempfile
import time
import unittest

from xharness import ROOT, Image, Xvfb, count_differing_pixels, read_png_rgb, xwd2png

WINDOW_APP = os.environ.get("GLFUN_WINDOW_APP", os.path.join(ROOT, "Examples", ".build", "debug", "WindowApp"))
TITLE = "GLFun pinch example"
BG = (194, 194, 194)  # 0.76 gray
SHAPE = (230, 77, 26)  # Color(0.9, 0.3, 0.1)


def near(a, b, tolerance=3):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


class WindowApp:
    """One WindowApp process on a given X server, recording to a file (xharness's Glfun, for
    the example's binary)."""

    def __init__(self, xvfb):
        self.xvfb = xvfb
        self.dir = tempfile.mkdtemp(prefix="glfun-example-")
        self.record = os.path.join(self.dir, "events.jsonl")
        env = dict(xvfb.env, GLFUN_AUTOSAVE_DIR=os.path.join(self.dir, "autosave"))
        self.proc = subprocess.Popen([WINDOW_APP, "--record", self.record], env=env, cwd=self.dir,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.window = self._find_window()

    def _find_window(self):
        deadline = time.time() + 20
        while time.time() < deadline:
            if self.proc.poll() is not None:
                out, err = self.proc.communicate()
                raise AssertionError("WindowApp exited early (%s): %s" % (self.proc.returncode, err))
            r = subprocess.run(["xdotool", "search", "--name", "^%s$" % TITLE], env=self.xvfb.env,
                               capture_output=True, text=True)
            ids = [int(w) for w in r.stdout.split()]
            if ids:
                time.sleep(0.3)  # mapped; let the first frame land
                return ids[-1]
            time.sleep(0.1)
        raise AssertionError("WindowApp's window did not appear")

    def xdotool(self, *args):
        subprocess.run(["xdotool"] + [str(a) for a in args], env=self.xvfb.env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def settle(self, seconds=0.35):
        time.sleep(seconds)

    def screenshot(self):
        path = os.path.join(self.dir, "shot.xwd")
        with open(path, "wb") as f:
            subprocess.run(["xwd", "-id", str(self.window), "-silent"], env=self.xvfb.env, stdout=f, check=True)
        return Image(*xwd2png.read_xwd(path))

    def wait(self, timeout=15):
        try:
            out, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, err = self.proc.communicate()
            raise AssertionError("WindowApp did not exit: " + err)
        self.stderr = err
        return self.proc.returncode

    def cleanup(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


@unittest.skipUnless(os.path.exists(WINDOW_APP),
                     "%s is not built: run scripts/examples first (scripts/test does)" % WINDOW_APP)
class WindowAppExampleTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.x = Xvfb()

    @classmethod
    def tearDownClass(cls):
        cls.x.stop()

    def test_alt_drag_pinch_scales_the_ellipse_and_the_recording_replays_to_its_pixels(self):
        app = WindowApp(self.x)
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
