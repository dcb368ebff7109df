"""Happiness (CS193p) on the host, for real: a window under a private Xvfb driven by xdotool (a
drag pans, a click taps, Alt-drag pinches with two emulated touches mirrored about the window's
center, keys), its `happiness = N` lines on standard output, its pixels, and `glfun replay` of
its recording equal to the window's screenshot. Also `glfun happiness --output` (headless) and
its errors, without a window.

The face is stroked paths: where paths draw nothing yet (the path tessellator is another
branch's), the checks of the face's own pixels are skipped, said so in the test's output; the
background, the printed lines and replay's equality are checked always.

Run: python3 -m unittest discover -s integration/x11 -v   (scripts/test does)."""
import os
import shutil
import subprocess
import tempfile
import unittest

from xharness import GLFUN, Glfun, XvfbTestCase, read_png_rgb
from xhelpers import near, replay_diff

W, H = 640, 480
CX, CY = W // 2, H // 2
WHITE, GREEN, ORANGE = (255, 255, 255), (0, 255, 0), (255, 128, 0)
R = min(W, H) / 2 * 0.9  # the face's radius at the default scale: 216


def corners(img):
    return [img[x, y] for x, y in ((2, 2), (img.width - 3, 2), (2, img.height - 3), (img.width - 3, img.height - 3))]


def orange_at(img, x, y):
    return near(img[x, y], ORANGE, 4)


_paths_draw = None


def paths_draw():
    """Whether path shapes draw anything in this build (one headless face, looked at once)."""
    global _paths_draw
    if _paths_draw is None:
        d = tempfile.mkdtemp(prefix="glfun-happiness-")
        try:
            out = os.path.join(d, "face.png")
            subprocess.run([GLFUN, "happiness", "--size", "200x200", "--output", out], check=True,
                           capture_output=True, timeout=60)
            img = read_png_rgb(out)
            _paths_draw = any(orange_at(img, x, y) for x in range(img.width) for y in (100,))
        finally:
            shutil.rmtree(d, ignore_errors=True)
    return _paths_draw


class HappinessWindowTests(XvfbTestCase):
    def start(self, *args):
        app = Glfun(self.x, "happiness", "--size", "%dx%d" % (W, H), *args, title="^Happiness$")
        self.addCleanup(app.cleanup)
        # Whatever happens, leave no key or button down on the shared server.
        self.addCleanup(lambda: subprocess.run(["xdotool", "mouseup", "1", "keyup", "alt"], env=self.x.env,
                                               capture_output=True))
        return app

    def quit(self, app):
        """Ctrl+Q; the exit status and the `happiness = N` lines the app printed."""
        app.key("ctrl+q")
        try:
            out, err = app.proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            app.proc.kill()
            out, err = app.proc.communicate()
            raise AssertionError("glfun did not exit: " + err)
        self.assertEqual(app.proc.returncode, 0, err)
        return [l for l in out.splitlines() if l]

    def vertical_drag(self, app, x, y0, y1, steps=10):
        app.drag(x, y0, x, y1, steps=steps)

    def alt_drag(self, app, x0, y0, x1, y1, steps=10):
        args = ["keydown", "alt", "mousemove", "--window", app.window, x0, y0, "mousedown", 1]
        for i in range(1, steps + 1):
            args += ["mousemove", "--window", app.window, x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps]
        args += ["mouseup", 1, "keyup", "alt"]
        app.xdotool(*args)
        app.settle()

    def assert_replays(self, app, img):
        self.assertEqual(replay_diff(app, img), 0, "the replay of the recording differs from the window")

    def mouth_middle(self, happiness, scale=0.9):
        r = min(W, H) / 2 * scale
        return CY + r / 10 + (happiness - 50) / 50 * r / 10 * 0.75

    def test_the_window_is_titled_happiness_and_starts_white_with_a_straight_mouth(self):
        app = self.start()
        img = app.screenshot()
        self.assertEqual((img.width, img.height), (W, H))
        self.assertEqual(corners(img), [WHITE] * 4)
        self.assertEqual(img[CX, CY], WHITE, "nothing at the center")
        if paths_draw():
            self.assertTrue(orange_at(img, int(CX + R), CY), img[int(CX + R), CY])
            self.assertTrue(orange_at(img, CX, int(self.mouth_middle(50))), "the flat mouth")
        lines = self.quit(app)
        self.assertEqual(lines, [], "nothing changed, nothing printed")
        with open(app.record) as f:
            session = f.readline()
        self.assertIn('"app": "happiness"', session)
        self.assertIn('"happiness": "50"', session)
        self.assertIn('"scale": "0.9"', session)
        self.assert_replays(app, img)

    def test_a_pan_up_makes_it_happier_down_sadder_and_replays(self):
        # Whole steps: a drag's total is d / 4 however the pointer's moves are split.
        app = self.start("--gestures", "steps")
        self.vertical_drag(app, CX, 400, 300)  # 100 points up: 25 steps
        up = app.screenshot()
        self.vertical_drag(app, 100, 100, 340, steps=12)  # 240 down: 60 steps, from 75
        img = app.screenshot()
        self.assertEqual(corners(img), [WHITE] * 4, "a pan is not a tap")
        if paths_draw():
            self.assertTrue(orange_at(up, CX, int(self.mouth_middle(75))), "a smile at 75")
            self.assertTrue(orange_at(img, CX, int(self.mouth_middle(15))), "a frown at 15")
            self.assertEqual(img[CX, int(self.mouth_middle(75))], WHITE)
        lines = self.quit(app)
        values = [int(l.split("=")[1]) for l in lines]
        self.assertTrue(all(l.startswith("happiness = ") for l in lines), lines)
        i75 = values.index(75)
        self.assertEqual(values[:i75 + 1], sorted(values[:i75 + 1]), "rising while dragged up: %s" % values)
        self.assertEqual(values[i75 + 1:], sorted(values[i75 + 1:], reverse=True), "falling after: %s" % values)
        self.assertEqual(values[-1], 15)
        self.assert_replays(app, img)

    def test_cs193ps_pan_loses_the_leftover_at_each_step_and_replays(self):
        # CS193p's code (the default): at each step the translation goes back to 0, so 100
        # points up make fewer than 25 steps, how many depending on how the moves come.
        app = self.start()
        self.vertical_drag(app, CX, 400, 300)
        img = app.screenshot()
        lines = self.quit(app)
        values = [int(l.split("=")[1]) for l in lines]
        self.assertTrue(values, "a pan up printed happiness = N")
        self.assertEqual(values, sorted(values), values)
        self.assertGreater(values[-1], 50)
        self.assertLess(values[-1], 75, "the leftovers under 4 points are lost")
        with open(app.record) as f:
            self.assertIn('"gestures": "cs193p"', f.readline())
        self.assert_replays(app, img)

    def test_a_tap_toggles_the_background_green_and_back(self):
        app = self.start()
        app.click(100, 100)
        green = app.screenshot()
        self.assertEqual(corners(green), [GREEN] * 4)
        self.assertEqual(green[CX, CY], GREEN)
        if paths_draw():
            self.assertTrue(orange_at(green, int(CX + R), CY), "the face stays orange on green")
        app.click(500, 400)
        self.assertEqual(corners(app.screenshot()), [WHITE] * 4)
        app.click(320, 200)
        img = app.screenshot()
        self.assertEqual(corners(img), [GREEN] * 4)
        self.assertEqual(self.quit(app), [], "a tap changes no happiness")
        self.assert_replays(app, img)

    def test_an_alt_pinch_scales_the_face_and_replays(self):
        app = self.start()
        # Touches 160 points either side of the center close to 80: half the span, scale 0.45.
        self.alt_drag(app, CX + 160, CY, CX + 80, CY)
        img = app.screenshot()
        self.assertEqual(corners(img), [WHITE] * 4, "a pinch is not a tap")
        with open(app.record) as f:
            ids = {int(l.split('"id": ')[1].split(",")[0]) for l in f if '"touch"' in l}
        self.assertEqual(ids, {1000, 1001}, "Alt made two emulated touches")
        if paths_draw():
            self.assertTrue(orange_at(img, int(CX + R / 2), CY), "the ring at R/2: %s" % (img[int(CX + R / 2), CY],))
            self.assertEqual(img[int(CX + R), CY], WHITE, "the old ring is gone")
        else:
            print("\n  (the face's pixels are not checked: paths draw nothing in this build)")
        self.assertEqual(self.quit(app), [], "a pinch is not a pan")
        self.assert_replays(app, img)

    def test_keys_change_happiness_scale_and_background(self):
        app = self.start()
        app.key("Up", "Up", "Down", "Up")  # 55, 60, 55, 60
        app.key("plus", "equal", "minus")  # 0.9 × 1.1
        app.key("space")
        img = app.screenshot()
        self.assertEqual(corners(img), [GREEN] * 4)
        if paths_draw():
            r = min(W, H) / 2 * 0.99
            self.assertTrue(orange_at(img, int(CX + r), CY), img[int(CX + r), CY])
        self.assertEqual(self.quit(app), ["happiness = 55", "happiness = 60", "happiness = 55", "happiness = 60"])
        self.assert_replays(app, img)

    def test_start_values_from_the_command_line_are_in_the_session_and_replay(self):
        app = self.start("--happiness", "100", "--scale-face", "0.5", "--gestures", "steps")
        img = app.screenshot()
        if paths_draw():
            self.assertTrue(orange_at(img, int(CX + R * 5 / 9), CY))
            self.assertTrue(orange_at(img, CX, int(self.mouth_middle(100, 0.5))), "the widest smile")
        self.vertical_drag(app, CX, 300, 400)  # 100 down: 75
        img = app.screenshot()
        lines = self.quit(app)
        self.assertEqual(lines[-1], "happiness = 75", lines)
        self.assertNotIn("happiness = 100", lines, "the start is not a change")
        with open(app.record) as f:
            session = f.readline()
        self.assertIn('"happiness": "100"', session)
        self.assertIn('"scale": "0.5"', session)
        self.assertIn('"gestures": "steps"', session)
        self.assert_replays(app, img)


class HappinessHeadlessTests(unittest.TestCase):
    """`glfun happiness --output`: one face, no window, no X server."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="glfun-happiness-")
        self.addCleanup(shutil.rmtree, self.dir, True)
        self.env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}

    def run_glfun(self, *args):
        return subprocess.run([GLFUN, "happiness"] + list(args), capture_output=True, timeout=60, env=self.env)

    def test_one_face_to_a_png_without_a_window(self):
        out = os.path.join(self.dir, "face.png")
        r = self.run_glfun("--happiness", "80", "--scale-face", "0.6", "--size", "300x200", "--output", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual((r.stdout, r.stderr), (b"", b""), "nothing printed")
        img = read_png_rgb(out)
        self.assertEqual((img.width, img.height), (300, 200))
        self.assertEqual(corners(img), [WHITE] * 4)
        if paths_draw():
            self.assertTrue(orange_at(img, 150 + 60, 100), "R = 100 × 0.6")
        r = self.run_glfun("--scale", "2", "--size", "100x80", "--output", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual((read_png_rgb(out).width, read_png_rgb(out).height), (200, 160))

    def test_standard_output_carries_only_the_png(self):
        r = self.run_glfun("--happiness", "0", "--output", "-")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(r.stdout.startswith(b"\x89PNG\r\n\x1a\n"), r.stdout[:40])

    def test_bad_values_are_one_error_line_and_no_file(self):
        out = os.path.join(self.dir, "face.png")
        for args, says in [(["--happiness", "101"], "--happiness"), (["--happiness", "-1"], "--happiness"),
                           (["--happiness", "lots"], "happiness"), (["--scale-face", "0"], "--scale-face"),
                           (["--scale-face", "-2"], "--scale-face"), (["--scale-face", "nan"], "--scale-face"),
                           (["--scale-face", "11"], "--scale-face"), (["--size", "10x10"], "--size"),
                           (["--size", "wide"], "--size"), (["--record", "x.jsonl"], "--record")]:
            r = self.run_glfun(*(args + ["--output", out]))
            err = r.stderr.decode()
            self.assertNotEqual(r.returncode, 0, args)
            self.assertEqual(len(err.splitlines()), 1, "one line for %s: %r" % (args, err))
            self.assertTrue(err.startswith("glfun: error: ") and says in err, "%s: %r" % (args, err))
            self.assertFalse(os.path.exists(out), "no file for %s" % args)
            self.assertEqual(os.listdir(self.dir), [], "no temporary file either")

    def test_an_output_that_cannot_be_written_is_one_error_line(self):
        r = self.run_glfun("--output", self.dir)  # a directory
        self.assertNotEqual(r.returncode, 0)
        self.assertEqual(len(r.stderr.decode().splitlines()), 1, r.stderr)
        self.assertTrue(r.stderr.startswith(b"glfun: error: "), r.stderr)


if __name__ == "__main__":
    unittest.main()
