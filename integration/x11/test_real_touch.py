"""Multitouch in the drawing window from a real touch screen driver: a private Xorg (dummy
video driver) with the inputtest input driver as its touch screen (xorgharness), fed touch
begin/update/end through the driver's socket, as the X server delivers them (XI 2.2).

Checked on screenshots (xwd), on the recorded event log (--record) and on `glfun replay` of
that log, pixel for pixel. Run: python3 -m unittest discover -s integration/x11 -v"""
import os
import time
import unittest

from touchcheck import BG, BLUE, H, RED, W, ReplayCheck, bbox, close_pipes, touch_events
from xharness import Glfun, load_json, window_position
from xorgharness import Xorg, XorgUnavailable


class RealTouchTests(unittest.TestCase, ReplayCheck):
    """Touches from a touch screen driver, as the X server delivers them (XI 2.2)."""

    @classmethod
    def setUpClass(cls):
        cls.xorg, cls.xorg_error = None, None
        try:
            cls.xorg = Xorg()
            cls.xorg.touchscreen  # connect now: the driver takes one client per server
        except (XorgUnavailable, OSError, RuntimeError) as e:
            if cls.xorg is not None:
                cls.xorg.stop()
                cls.xorg = None
            cls.xorg_error = str(e)
        cls.next_touch = 1

    @classmethod
    def tearDownClass(cls):
        if cls.xorg is not None:
            cls.xorg.stop()

    def setUp(self):
        if self.xorg is None:
            self.fail("cannot run real-touch tests: %s" % self.xorg_error)
        self.ts = self.xorg.touchscreen
        self.down = {}

    def start(self, *args):
        app = Glfun(self.xorg, "--size", "%dx%d" % (W, H), "--seed", "7", *args)
        self.addCleanup(close_pipes, app)
        self.addCleanup(app.cleanup)
        self.addCleanup(self.lift_all)
        self.origin = window_position(self.xorg.env, app.window)
        self.assertEqual(self.origin, (0, 0), "without a window manager the window is at 0,0")
        return app

    # Fingers, in window points (scale 1): converted to screen positions for the driver.

    def begin(self, x, y):
        tid = RealTouchTests.next_touch
        RealTouchTests.next_touch += 1
        self.down[tid] = (x, y)
        self.ts.begin(tid, self.origin[0] + x, self.origin[1] + y)
        return tid

    def move(self, tid, x, y):
        self.down[tid] = (x, y)
        self.ts.update(tid, self.origin[0] + x, self.origin[1] + y)

    def end(self, tid):
        x, y = self.down.pop(tid)
        self.ts.end(tid, self.origin[0] + x, self.origin[1] + y)

    def lift_all(self):
        for tid in list(self.down):
            self.end(tid)
        self.ts.sync()

    def gesture(self, paths, steps=10, interval=0.01):
        """Moves fingers {tid: ((x0, y0), (x1, y1))} together in `steps`, then lifts them."""
        for i in range(1, steps + 1):
            for tid, ((x0, y0), (x1, y1)) in paths.items():
                self.move(tid, x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
            self.ts.sync()
            time.sleep(interval)
        for tid in paths:
            self.end(tid)
        self.ts.sync()

    def finger_drag(self, app, x0, y0, x1, y1, steps=10):
        t = self.begin(x0, y0)
        self.ts.sync()
        self.gesture({t: ((x0, y0), (x1, y1))}, steps)
        app.settle()

    def finger_rect(self, app, x0, y0, x1, y1):
        """A red rect drawn with one finger from (x0, y0) to (x1, y1), checked on screen."""
        app.key("r")
        self.finger_drag(app, x0, y0, x1, y1)
        self.assertEqual(bbox(app.screenshot(), RED), (x0, y0, x1 - 1, y1 - 1))

    def test_one_finger_draws_a_line_and_is_not_counted_twice(self):
        app = self.start()
        self.finger_drag(app, 100, 200, 300, 200)
        img = app.screenshot()
        for x in (110, 150, 200, 250, 290):
            self.assertIn(RED, (img[x, 199], img[x, 200]), "no line at x=%d" % x)
            self.assertEqual(img[x, 195], BG)
            self.assertEqual(img[x, 205], BG)
        self.assertEqual(img[80, 200], BG)
        self.assertEqual(img[320, 200], BG)
        touches = touch_events(app.record)
        ids = {e["id"] for e in touches}
        self.assertEqual(len(ids), 1, touches)
        self.assertGreaterEqual(min(ids), 2000, "real touches have ids from 2000")
        self.assertNotIn(0, ids, "the server's pointer emulation was counted as a second (mouse) touch")
        phases = [e["phase"] for e in touches]
        self.assertEqual((phases[0], phases[-1], phases.count("began"), phases.count("ended")),
                         ("began", "ended", 1, 1), phases)
        self.assertAlmostEqual(touches[0]["x"], 100, delta=0.01)
        self.assertAlmostEqual(touches[-1]["x"], 300, delta=0.01)
        app.key("Escape")
        app.wait()

    def test_two_fingers_together_spreading_zoom_the_view(self):
        app = self.start()
        self.finger_rect(app, 290, 220, 350, 260)
        a, b = self.begin(280, 240), self.begin(360, 240)   # land together
        self.ts.sync()
        self.gesture({a: ((280, 240), (200, 240)), b: ((360, 240), (440, 240))})
        app.settle()
        box = bbox(app.screenshot(), RED)
        self.assertIsNotNone(box, "the rect is gone")
        for got, want in zip(box, (230, 180, 409, 299)):
            self.assertLessEqual(abs(got - want), 1, "red area %s, expected about (230, 180, 409, 299)" % (box,))
        ids = sorted({e["id"] for e in touch_events(app.record)})
        self.assertEqual(len(ids), 3)
        self.assertTrue(all(i >= 2000 for i in ids), ids)
        app.key("Escape")
        app.wait()

    def test_two_fingers_300ms_apart_each_draw_a_line(self):
        app = self.start("--save", "drawing.json")
        a = self.begin(100, 120)
        self.ts.sync()
        time.sleep(0.3)  # a second finger more than 150 ms later: it draws too
        b = self.begin(100, 320)
        self.ts.sync()
        self.gesture({a: ((100, 120), (500, 120)), b: ((100, 320), (500, 320))})
        app.settle()
        img = app.screenshot()
        for y in (120, 320):
            for x in (150, 300, 450):
                self.assertIn(RED, (img[x, y - 1], img[x, y]), "no line at (%d, %d)" % (x, y))
        self.assertEqual(img[300, 220], BG)
        app.key("ctrl+s")
        doc = load_json(os.path.join(app.dir, "drawing.json"))
        lines = sorted((s["from"], s["to"]) for s in doc["shapes"])
        self.assertEqual([s["type"] for s in doc["shapes"]], ["line", "line"], doc["shapes"])
        want = [([100, 120], [500, 120]), ([100, 320], [500, 320])]
        for (f, t), (wf, wt) in zip(lines, want):
            for got, exp in zip(f + t, wf + wt):
                self.assertAlmostEqual(got, exp, delta=0.01)
        app.key("Escape")
        app.wait()

    def test_two_finger_tap_undoes_three_finger_tap_redoes(self):
        app = self.start()
        self.finger_rect(app, 150, 130, 210, 170)
        fingers = [self.begin(300, 300), self.begin(360, 300)]
        self.ts.sync()
        time.sleep(0.05)
        for t in fingers:
            self.end(t)
        self.ts.sync()
        app.settle()
        self.assertIsNone(bbox(app.screenshot(), RED), "a two-finger tap did not undo")
        fingers = [self.begin(300, 300), self.begin(360, 300), self.begin(330, 350)]
        self.ts.sync()
        time.sleep(0.05)
        for t in fingers:
            self.end(t)
        self.ts.sync()
        app.settle()
        self.assertEqual(bbox(app.screenshot(), RED), (150, 130, 209, 169), "a three-finger tap did not redo")
        app.key("Escape")
        app.wait()

    def test_multi_finger_session_replays_to_the_same_pixels(self):
        app = self.start()
        app.key("e")
        self.finger_drag(app, 260, 200, 380, 280)              # an ellipse
        a, b = self.begin(300, 240), self.begin(340, 240)       # pinch out and turn a little
        self.ts.sync()
        self.gesture({a: ((300, 240), (250, 220)), b: ((340, 240), (390, 260))})
        app.key("2", "l")
        a = self.begin(80, 100)                                 # two blue lines, 300 ms apart
        self.ts.sync()
        time.sleep(0.3)
        b = self.begin(80, 380)
        self.ts.sync()
        self.gesture({a: ((80, 100), (560, 150)), b: ((80, 380), (560, 330))})
        app.settle()
        window = app.screenshot()
        self.assertIsNotNone(bbox(window, RED), "the ellipse is gone")
        self.assertIsNotNone(bbox(window, BLUE), "no blue lines")
        ids = {e["id"] for e in touch_events(app.record)}
        self.assertEqual(len(ids), 5)
        self.assertTrue(all(i >= 2000 for i in ids), ids)
        self.assert_replay_matches(app, window, shapes=3)


if __name__ == "__main__":
    unittest.main()
