"""Multitouch in the drawing window, end to end, without a touch screen: the Alt-drag emulation
under Xvfb, driven with xdotool: Alt = two touches mirrored about the window centre (pinch),
Alt+Shift = two touches moving together (pan), Ctrl+Alt = three touches 120 degrees apart
(three-finger pinch of the last shape). Real XI 2.2 touches: test_real_touch.

Checked on screenshots (xwd), on the recorded event log (--record) and on `glfun replay` of
that log, pixel for pixel. Run: python3 -m unittest discover -s integration/x11 -v"""
import os
import subprocess
import unittest

from touchcheck import (BG, BLUE, CIRCLE, CIRCLE_RADIUS, CX, CY, H, RED, W, ReplayCheck, bbox, close_pipes, near,
                        pixels_near, touch_events)
from xharness import Glfun, XvfbTestCase, load_json


class AltDragEmulationTests(XvfbTestCase, ReplayCheck):
    def start(self, *args):
        app = Glfun(self.x, "--size", "%dx%d" % (W, H), "--seed", "7", *args)
        self.addCleanup(close_pipes, app)
        self.addCleanup(app.cleanup)
        # Whatever happens, leave no key or button down on the shared server.
        self.addCleanup(lambda: subprocess.run(["xdotool", "mouseup", "1", "keyup", "alt", "ctrl", "shift"],
                                               env=self.x.env, capture_output=True))
        return app

    def rect(self, app, x0, y0, x1, y1, color_key="1"):
        app.key(color_key, "r")
        app.drag(x0, y0, x1, y1)

    def emulated_drag(self, app, mods, x0, y0, x1, y1, steps=10, release=True):
        """Holds `mods` (xdotool names: alt, alt+shift, ctrl+alt) and drags with the left button."""
        args = ["keydown", mods, "mousemove", "--window", app.window, x0, y0, "mousedown", 1]
        for i in range(1, steps + 1):
            args += ["mousemove", "--window", app.window, x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps]
        if release:
            args += ["mouseup", 1, "keyup", mods]
        app.xdotool(*args)
        app.settle()

    def test_alt_drag_shows_two_translucent_circles_mirrored_about_the_centre(self):
        app = self.start()
        self.emulated_drag(app, "alt", 400, 300, 450, 330, steps=5, release=False)
        img = app.screenshot()
        mirror = (2 * CX - 450, 2 * CY - 330)
        for c in ((450, 330), mirror):
            self.assertTrue(near(img[c], CIRCLE, 3), "%s at %s: not an emulated touch's circle" % (img[c], c))
            self.assertEqual(img[c[0] + CIRCLE_RADIUS + 3, c[1]], BG)
            self.assertEqual(img[c[0], c[1] - CIRCLE_RADIUS - 3], BG)
        gray = pixels_near(img, CIRCLE, 3)
        stray = [p for p in gray if min((p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2 for c in ((450, 330), mirror))
                 > (CIRCLE_RADIUS + 1) ** 2]
        self.assertEqual(stray, [], "circle-gray pixels away from the two touches")
        area = 3.14159 * CIRCLE_RADIUS ** 2
        self.assertTrue(1.6 * area < len(gray) < 2.2 * area, "%d circle pixels for two circles" % len(gray))
        app.xdotool("mouseup", 1, "keyup", "alt")
        app.settle()
        self.assertEqual(pixels_near(app.screenshot(), CIRCLE, 3), [], "the circles stay after release")
        self.assertEqual({e["id"] for e in touch_events(app.record)}, {1000, 1001})
        app.key("Escape")
        app.wait()

    def test_alt_pinch_out_zooms_the_view_and_replays(self):
        app = self.start()
        self.rect(app, 290, 220, 350, 260)
        self.assertEqual(bbox(app.screenshot(), RED), (290, 220, 349, 259))
        # Touches at 360 and 280 (80 apart) spread to 440 and 200 (240 apart): x3 about the centre.
        self.emulated_drag(app, "alt", 360, 240, 440, 240)
        img = app.screenshot()
        box = bbox(img, RED)
        self.assertIsNotNone(box, "the rect is gone")
        for got, want in zip(box, (230, 180, 409, 299)):
            self.assertLessEqual(abs(got - want), 1, "red area %s, expected about (230, 180, 409, 299)" % (box,))
        self.assertEqual(pixels_near(img, CIRCLE, 3), [])
        touches = touch_events(app.record)
        ids = {e["id"] for e in touches}
        self.assertEqual(ids, {0, 1000, 1001}, "the mouse drew the rect; Alt made touches 1000 and 1001")
        for tid in (1000, 1001):
            phases = [e["phase"] for e in touches if e["id"] == tid]
            self.assertEqual((phases[0], phases[-1]), ("began", "ended"), phases)
        mirror = [(a, b) for a, b in zip([e for e in touches if e["id"] == 1000], [e for e in touches if e["id"] == 1001])]
        self.assertTrue(all(abs(a["x"] + b["x"] - W) < 0.01 and abs(a["y"] + b["y"] - H) < 0.01 for a, b in mirror),
                        "touch 1001 is not 1000's mirror image about the centre")
        doc = self.assert_replay_matches(app, img, shapes=1)
        # The view moved, not the document.
        self.assertEqual((doc["shapes"][0]["from"], doc["shapes"][0]["to"]), ([290, 220], [350, 260]))

    def test_alt_shift_drag_pans_the_view(self):
        app = self.start()
        self.rect(app, 290, 220, 350, 260)
        self.emulated_drag(app, "alt+shift", 200, 300, 260, 340)
        box = bbox(app.screenshot(), RED)
        self.assertEqual(box, (350, 260, 409, 299), "the rect did not move by the drag (60, 40)")
        self.assertEqual({e["id"] for e in touch_events(app.record)}, {0, 1000, 1001})
        app.key("Escape")
        app.wait()

    def test_ctrl_alt_spread_scales_the_last_shape_not_the_view(self):
        app = self.start("--save", "drawing.json")
        self.rect(app, 450, 100, 500, 140, color_key="2")   # blue, stays as it is
        self.rect(app, 150, 130, 210, 170)                  # red, the last shape
        # Three touches at radius 80 about the centre spread to radius 160: the last shape x2
        # about its own centre (180, 150). Small steps, as fingers move: a three-finger pinch.
        self.emulated_drag(app, "ctrl+alt", CX + 80, CY, CX + 160, CY, steps=20)
        img = app.screenshot()
        self.assertEqual(bbox(img, BLUE), (450, 100, 499, 139), "the view changed")
        self.assertEqual(bbox(img, RED), (120, 110, 239, 189), "the last shape did not grow x2 about its centre")
        self.assertEqual({e["id"] for e in touch_events(app.record)}, {0, 1000, 1001, 1002})
        app.key("ctrl+s")
        doc = load_json(os.path.join(app.dir, "drawing.json"))
        red = doc["shapes"][1]
        for got, want in zip(red["from"] + red["to"], [120, 110, 240, 190]):
            self.assertAlmostEqual(got, want, delta=0.01)
        self.assertEqual(doc["shapes"][0]["from"], [450, 100])
        # An undoable edit: Ctrl+Z puts it back.
        app.key("ctrl+z")
        self.assertEqual(bbox(app.screenshot(), RED), (150, 130, 209, 169))
        self.assert_replay_matches(app, app.screenshot(), shapes=2)

    def test_alt_click_undoes_and_ctrl_alt_click_redoes(self):
        app = self.start()
        self.rect(app, 150, 130, 210, 170)
        # An Alt-click is a two-finger tap (undo); a Ctrl+Alt-click a three-finger tap (redo).
        self.emulated_drag(app, "alt", 400, 300, 400, 300, steps=0)
        self.assertIsNone(bbox(app.screenshot(), RED), "a two-finger tap did not undo")
        self.emulated_drag(app, "ctrl+alt", 400, 300, 400, 300, steps=0)
        self.assertEqual(bbox(app.screenshot(), RED), (150, 130, 209, 169), "a three-finger tap did not redo")
        self.assert_replay_matches(app, app.screenshot(), shapes=1)

    def test_fast_ctrl_alt_spread_still_scales_the_last_shape(self):
        """BUG (reported): the same three-finger spread as above, in 20-point mouse steps (a
        quick spread), zooms the view instead of scaling the last shape. With three touches the
        two-finger PinchGestureRecognizer measures them too; on the event where both it and the
        ThreeFingerPinchGestureRecognizer pass their 10-point hysteresis, the pinch, added to the
        arena first (CanvasGestures.swift:34), wins and fails the three-finger pinch."""
        app = self.start()
        self.rect(app, 450, 100, 500, 140, color_key="2")
        self.rect(app, 150, 130, 210, 170)
        self.emulated_drag(app, "ctrl+alt", CX + 80, CY, CX + 160, CY, steps=4)
        img = app.screenshot()
        self.assertEqual(bbox(img, BLUE), (450, 100, 499, 139), "the view changed")
        self.assertEqual(bbox(img, RED), (120, 110, 239, 189), "the last shape did not grow x2 about its centre")
        app.key("Escape")
        app.wait()

    def test_key_0_resets_the_view(self):
        app = self.start()
        self.rect(app, 290, 220, 350, 260)
        self.emulated_drag(app, "alt", 360, 240, 440, 240)
        self.assertNotEqual(bbox(app.screenshot(), RED), (290, 220, 349, 259))
        app.key("0")
        self.assertEqual(bbox(app.screenshot(), RED), (290, 220, 349, 259))
        app.key("Escape")
        app.wait()


if __name__ == "__main__":
    unittest.main()
