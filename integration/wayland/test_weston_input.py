"""Pointer and keyboard input through a real compositor: weston's X11 backend on a private
Xvfb (xset r off: only glfun repeats keys), whose core pointer and keyboard are weston's seat,
driven with xdotool. Drags draw, keys are named as the X11 window names them and repeat at
weston's rate, the wheel is one scroll a step at the pointer, Alt-drag emulates two touches, F11 resizes the window at run time, the picture
equals the headless replay of the recording, and a compositor that dies takes the unsaved work
to the autosave. One weston for the suite (one more for the connection test).

Weston's X11 backend moves its pointer by the X pointer's motion since the last event, so a
session starts by pushing the pointer past the output's corner and back to (0, 0)
(`home_pointer`), where weston's and X's positions then agree. The pictures are read from
Xvfb (xwd): weston 10's screenshooter gives wrong colours on its X11 backend with pixman.

Run: python3 -m unittest discover -s integration/wayland -p 'test_weston_input.py' -v   (scripts/test does)."""
import os
import subprocess
import sys
import time
import unittest

from wharness import CLOSE_BOX, ROOT, Weston, WestonTestCase, Xvfb, differing_pixels, load_json

sys.path.insert(0, os.path.join(ROOT, "scripts", "make"))
import xwd2png  # noqa: E402
from xharness import Image  # noqa: E402

W, H = 640, 480


class WestonInputTests(WestonTestCase):
    @classmethod
    def setUpClass(cls):
        cls.x = Xvfb(width=W + 60, height=H + 60)
        subprocess.run(["xset", "r", "off"], env=cls.x.env, check=True)
        cls.WESTON = dict(backend="x11", width=W, height=H, xvfb=cls.x)
        try:
            super().setUpClass()
        except BaseException:
            cls.x.stop()
            raise

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls.x.stop()

    def xdotool(self, *args):
        subprocess.run(["xdotool"] + [str(a) for a in args], env=self.x.env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def home_pointer(self):
        self.xdotool("mousemove", W + 59, H + 59)
        time.sleep(0.05)
        self.xdotool("mousemove", 0, 0)
        time.sleep(0.1)

    def start(self, *args, **kw):
        app = super().start(*args, **kw)
        self.home_pointer()
        return app

    def drag(self, x0, y0, x1, y1, steps=8):
        args = ["mousemove", x0, y0, "mousedown", 1]
        for i in range(1, steps + 1):
            args += ["mousemove", x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps]
        self.xdotool(*(args + ["mouseup", 1]))
        time.sleep(0.35)

    def key(self, *keys):
        self.xdotool("key", *keys)
        time.sleep(0.35)

    def screenshot(self):
        """Weston's output as Xvfb shows it (with weston's pointer where it last was in it)."""
        self.xdotool("mousemove", W + 59, H + 59)
        time.sleep(0.3)
        path = os.path.join(self.weston.runtime, "shot.xwd")
        with open(path, "wb") as f:
            subprocess.run(["xwd", "-root", "-silent"], env=self.x.env, stdout=f, check=True)
        self.home_pointer()
        return Image(*xwd2png.read_xwd(path))

    def touches(self, app):
        return [e for e in app.events() if e["type"] == "touch"]

    def keys(self, app):
        return [(e["key"], e.get("modifiers", [])) for e in app.events() if e["type"] == "key"]

    def test_drags_and_keys_draw_the_replay_s_picture(self):
        app = self.start("draw", "--fullscreen", "--seed", "7")
        self.drag(100, 100, 250, 220)
        first = self.touches(app)
        self.assertEqual((first[0]["phase"], first[0]["id"], first[0]["x"], first[0]["y"]), ("began", 0, 100, 100))
        self.assertEqual((first[-1]["phase"], first[-1]["x"], first[-1]["y"]), ("ended", 250, 220))
        self.key("r")
        self.drag(300, 120, 500, 300)
        self.key("question")  # the help overlay, text and all
        shot = self.screenshot()
        self.key("ctrl+q")
        app.wait()
        replay = app.replay()
        self.assertEqual((replay.width, replay.height), (W, H))
        # Weston draws its pointer into the output where the last drag left it.
        self.assertEqual(differing_pixels(shot, replay, ignore=(496, 296, 32, 32)), 0,
                         "the window's pixels are its replay's")

    def test_mid_drag_frame_redrawn_in_part_equals_a_full_replay(self):
        # During a drag the window redraws only the region the live shape covers (when the
        # surface keeps its back buffer); the picture must equal a full frame's.
        app = self.start("draw", "--fullscreen", "--seed", "3")
        self.drag(100, 100, 250, 220)
        self.key("e")
        args = ["mousemove", 300, 120, "mousedown", 1]
        for i in range(1, 15):
            args += ["mousemove", 300 + i * 15, 120 + i * 10]
        self.xdotool(*args)
        time.sleep(0.4)
        path = os.path.join(self.weston.runtime, "mid.xwd")
        with open(path, "wb") as f:
            subprocess.run(["xwd", "-root", "-silent"], env=self.x.env, stdout=f, check=True)
        shot = Image(*xwd2png.read_xwd(path))
        self.xdotool("mouseup", 1)
        app.terminate()
        lines = open(app.record).read().splitlines()
        last_move = max(i for i, l in enumerate(lines) if '"moved"' in l)
        cut = os.path.join(app.dir, "events.jsonl")
        with open(cut, "w") as f:
            f.write("\n".join(lines[:last_move + 1]) + "\n")
        # Weston's pointer sits at the drag's last point. Two antialiased edge pixels of the live
        # ellipse come out one level apart from the replay's, with full frames too
        # (GLFUN_FULL_FRAMES=1): not the partial redraw; the cause is not known yet.
        replay = app.replay()
        off = [(x, y) for y in range(replay.height) for x in range(replay.width)
               if shot[x, y] != replay[x, y] and not (506 <= x < 538 and 256 <= y < 288)]
        self.assertLessEqual(len(off), 4, off)
        for x, y in off:
            self.assertLessEqual(max(abs(a - b) for a, b in zip(shot[x, y], replay[x, y])), 1, (x, y))

    def test_keys_are_named_as_on_x11_and_repeat(self):
        app = self.start("draw", "--fullscreen")
        self.key("a", "shift+a", "question", "ctrl+z", "Escape", "F1", "BackSpace", "Left", "ctrl+question")
        self.assertEqual(self.keys(app), [
            ("a", []), ("a", ["shift"]), ("?", []), ("z", ["ctrl"]), ("escape", []), ("f1", []),
            ("backspace", []), ("left", []), ("?", ["ctrl"])])
        # weston says 40 a second after 400 ms (its defaults); X's own repeat is off.
        self.xdotool("keydown", "Right")
        time.sleep(1.2)
        self.xdotool("keyup", "Right")
        time.sleep(0.3)
        rights = [k for k in self.keys(app) if k[0] == "right"]
        self.assertGreater(len(rights), 15, "the held key repeated")
        self.assertLess(len(rights), 45, "at weston's rate, not faster")
        app.terminate()

    def test_the_wheel_is_one_scroll_a_step_at_the_pointer(self):
        # weston 10's seat is version 7: its X11 backend's wheel buttons come as axis_discrete.
        app = self.start("draw", "--fullscreen")
        self.xdotool("mousemove", 300, 200, "click", 4, "click", 5, "click", 6, "click", 7)
        time.sleep(0.35)
        scrolls = [(e["x"], e["y"], e["dx"], e["dy"]) for e in app.events() if e["type"] == "scroll"]
        self.assertEqual(scrolls, [(300, 200, 0, -1), (300, 200, 0, 1), (300, 200, -1, 0), (300, 200, 1, 0)])
        self.assertEqual(self.touches(app), [], "the wheel is no drag")
        app.terminate()

    def test_alt_drag_is_two_touches_mirrored_about_the_center(self):
        app = self.start("draw", "--fullscreen")
        self.xdotool("keydown", "alt")
        self.drag(200, 150, 260, 190)
        self.xdotool("keyup", "alt")
        ts = self.touches(app)
        self.assertEqual({t["id"] for t in ts}, {1000, 1001})
        ended = {t["id"]: (t["x"], t["y"]) for t in ts if t["phase"] == "ended"}
        self.assertEqual(ended[1000], (260, 190))
        self.assertEqual(ended[1001], (W - 260, H - 190))
        app.terminate()

    def test_the_pointer_gets_the_arrow_cursor_on_entering(self):
        # wayland-cursor's left_ptr (a theme's, or its built-in one) on the window's surface.
        app = self.start("draw", "--fullscreen", env={"WAYLAND_DEBUG": "1"})
        self.xdotool("mousemove", 200, 200)
        time.sleep(0.3)
        app.terminate()
        self.assertRegex(app.stderr, r"-> wl_pointer@\d+\.set_cursor\(\d+, wl_surface@\d+, \d+, \d+\)")

    def test_f11_resizes_the_window_at_run_time(self):
        app = self.start("draw", "--size", "320x240")
        self.key("F11")
        self.assertEqual(app.resizes(), [(320, 240, 1), (W, H, 1)])
        self.key("F11")
        self.assertEqual(app.resizes()[-1], (320, 240, 1))
        app.terminate()

    def test_the_title_bar_s_close_box_closes_and_autosaves(self):
        # Weston draws no decorations: the window's own bar has a close box at its right end.
        app = self.start("draw", "--size", "320x240")
        shot = self.screenshot()
        box = [(x, y) for y in range(H) for x in range(W) if shot[x, y] == CLOSE_BOX]
        self.assertTrue(box, "no close box on the output")
        right, bottom = max(x for x, _ in box), max(y for _, y in box)
        left, top = right - 319, bottom + 1  # the content, under the bar
        self.drag(left + 100, top + 100, left + 200, top + 180)
        self.xdotool("mousemove", right - 12, bottom - 12, "click", 1)
        self.assertEqual(app.wait(), 0)
        self.assertIn("autosaved", app.stderr)
        self.assertEqual(len(load_json(app.autosaves()[0])["shapes"]), 1)

    def test_compositor_lost_autosaves_the_work(self):
        app = self.start("draw", "--fullscreen")
        self.drag(100, 100, 300, 200)
        self.weston.stop()
        try:
            self.assertEqual(app.wait(), 1)
            self.assertIn("glfun: error: the Wayland connection was lost", app.stderr)
            saves = app.autosaves()
            self.assertEqual(len(saves), 1, app.stderr)
            self.assertEqual(len(load_json(saves[0])["shapes"]), 1)
        finally:
            type(self).weston = Weston(**self.WESTON)  # the suite's next tests


if __name__ == "__main__":
    unittest.main()
