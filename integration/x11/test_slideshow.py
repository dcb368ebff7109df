"""The slide show in a real window (issue 10): clicks counted as taps with the sample's 0.4 s
wait (one: full screen through a real window manager; two: play or pause; three: turn the
picture, and only the triple fires), keys, the wheel (zoom about the pointer), skipped slides,
and `glfun replay` of the recorded session against the window's pixels. The pictures are made at test time.

Run: python3 -m unittest integration/x11/test_slideshow.py -v   (scripts/test runs all of integration/x11)."""
import os
import shutil
import subprocess
import tempfile
import time
import unittest

from xharness import GLFUN, Glfun, Xvfb, XvfbTestCase
from xhelpers import (Openbox, counter_clip, counter_frame, is_full_screen, near, plist_file, quadrant_png, replay_diff,
                      solid_png)
import xwd2png

BLACK = (0, 0, 0)  # the show's background: letterboxes
RED, GREEN, BLUE, YELLOW = (220, 30, 30), (30, 200, 60), (40, 60, 230), (240, 220, 20)
TINT = (0, 122, 255)  # the bar's buttons
CENTER = (320, 200)  # on the slide, above the bar of a 640x480 window
START_BUTTON = (40, 458)
SCREEN = (1280, 1024)  # Xvfb's


class SlideShowCase(unittest.TestCase):
    def pictures(self, **colors):
        """Solid-color PNGs named after their keyword (red="red.png" ...): their paths, in order."""
        d = self.folder()
        return [solid_png(os.path.join(d, name + ".png"), rgb) for name, rgb in colors.items()]

    def folder(self):
        d = tempfile.mkdtemp(prefix="glfun-slides-")
        self.addCleanup(shutil.rmtree, d, ignore_errors=True)
        return d

    def start(self, *args):
        app = Glfun(self.x, "slideshow", "--size", "640x480", *args, title="^GLFun Slide Show$")
        self.addCleanup(app.cleanup)
        return app

    def clicks(self, app, n, at=CENTER):
        """n clicks 0.1 s apart, as fast as a person double- or triple-clicks; no wait after."""
        app.xdotool("mousemove", "--window", app.window, *at, "click", "--repeat", n, "--delay", 100, 1)

    def assertColor(self, img, xy, want, msg=""):
        self.assertTrue(near(img[xy], want), "%s at %s is %s, not %s" % (msg, xy, img[xy], want))


class SlideShowWindowManagerTests(SlideShowCase):
    """Taps through openbox: full screen is the window manager's to grant."""

    @classmethod
    def setUpClass(cls):
        cls.x = Xvfb(*SCREEN)
        try:
            cls.wm = Openbox(cls.x.env)
        except Exception:
            cls.x.stop()
            raise

    @classmethod
    def tearDownClass(cls):
        cls.wm.stop()
        cls.x.stop()

    def full(self, app):
        return is_full_screen(self.x.env, app.window)

    def wait_for_size(self, app, size, seconds=3):
        return app.wait_for_geometry(size, seconds)

    def test_one_click_toggles_full_screen_after_the_tap_delay_and_back(self):
        # 5:4, the screen's shape: full screen, the picture covers it all, so a bar would show.
        app = self.start(solid_png(os.path.join(self.folder(), "red.png"), RED, 80, 64))
        img = app.screenshot()
        self.assertColor(img, START_BUTTON, TINT, "the bar's Start button")
        self.assertColor(img, CENTER, RED)
        self.clicks(app, 1)
        clicked = time.time()
        self.assertEqual(app.geometry(), (640, 480), "nothing happens before the tap delay")
        self.assertFalse(self.full(app))
        self.assertLess(time.time() - clicked, 0.3, "the checks came too late to mean anything")
        time.sleep(max(0, clicked + 0.6 - time.time()))
        self.assertEqual(self.wait_for_size(app, SCREEN, 1), SCREEN)
        self.assertTrue(self.full(app), "_NET_WM_STATE_FULLSCREEN")
        app.settle(0.6)  # the bar slides away over 0.3 s
        img = app.screenshot()
        self.assertEqual((img.width, img.height), SCREEN)
        for x in range(4, SCREEN[0], 25):
            for y in (SCREEN[1] - 40, SCREEN[1] - 22, SCREEN[1] - 3):
                self.assertColor(img, (x, y), RED, "no bar")
        self.clicks(app, 1, at=(640, 500))
        self.assertTrue(self.full(app), "still full screen right after the click")
        self.assertEqual(self.wait_for_size(app, (640, 480)), (640, 480), "back to the old size")
        self.assertFalse(self.full(app))
        app.settle(0.6)
        img = app.screenshot()
        self.assertColor(img, START_BUTTON, TINT, "the bar is back")
        app.key("Escape")
        self.assertEqual(app.wait(), 0)
        self.assertEqual(replay_diff(app, img), 0, "the replay (through both resizes) is the window's picture")

    def test_two_clicks_pause_a_running_show_and_do_not_toggle_full_screen(self):
        slides = self.pictures(red=RED, green=GREEN, blue=BLUE)
        app = self.start(*slides, "--start", "--interval", "1", "--duration", "0.2", "--transition", "fade")
        seen = set()
        deadline = time.time() + 4
        while len(seen) < 2 and time.time() < deadline:
            seen.add(app.screenshot()[CENTER])
            time.sleep(0.2)
        self.assertGreaterEqual(len(seen), 2, "the show is running")
        self.clicks(app, 2)
        app.settle(2.6)  # the tap delay, a transition under way, the 2 s "Paused" line
        a = app.screenshot()
        time.sleep(2.2)  # two intervals
        b = app.screenshot()
        self.assertEqual(a.raw, b.raw, "paused: no change over two intervals")
        self.assertTrue(any(near(a[CENTER], c, 4) for c in (RED, GREEN, BLUE)), "a slide, not a transition")
        self.assertEqual(app.geometry(), (640, 480))
        self.assertFalse(self.full(app), "a double click is not a click")
        self.clicks(app, 2)  # and play again
        app.settle(2.0)
        self.assertNotEqual(app.screenshot()[CENTER], a[CENTER], "playing again")
        app.key("Escape")
        self.assertEqual(app.wait(), 0)

    def test_three_clicks_turn_the_picture_clockwise_and_fire_only_the_triple(self):
        d = self.folder()
        quads = quadrant_png(os.path.join(d, "quads.png"), RED, GREEN, BLUE, YELLOW)  # 80x60, the window's 4:3
        other = solid_png(os.path.join(d, "other.png"), (128, 0, 128))
        app = self.start(quads, other, "--interval", "1")
        img = app.screenshot()
        for xy, c in (((160, 120), RED), ((480, 120), GREEN), ((160, 360), BLUE), ((480, 360), YELLOW)):
            self.assertColor(img, xy, c, "before")
        self.clicks(app, 3)
        app.settle(1.4)  # the tap delay and the 0.5 s turn
        img = app.screenshot()
        # Turned a quarter clockwise: 60x80 fitted into 640x480 is 360x480 at x 140...500.
        for xy, c in (((200, 100), BLUE), ((440, 100), RED), ((200, 380), YELLOW), ((440, 380), GREEN)):
            self.assertColor(img, xy, c, "turned")
        for xy in ((60, 200), (580, 200), (130, 60), (510, 300)):
            self.assertColor(img, xy, BLACK, "letterbox")
        self.assertColor(img, START_BUTTON, TINT, "the bar stays: no full screen")
        self.assertEqual(app.geometry(), (640, 480))
        self.assertFalse(self.full(app))
        time.sleep(1.5)  # over an interval: a double tap would have started the show
        again = app.screenshot()
        self.assertEqual(again.raw, img.raw, "not playing: the triple fired alone")
        self.clicks(app, 3)  # three more turn it back
        app.settle(1.4)
        img = app.screenshot()
        for xy, c in (((160, 120), RED), ((480, 120), GREEN), ((160, 360), BLUE), ((480, 360), YELLOW)):
            self.assertColor(img, xy, c, "turned back")
        app.key("Escape")
        self.assertEqual(app.wait(), 0)
        self.assertEqual(replay_diff(app, img), 0, "the replay fires the same taps")

    def test_escape_leaves_full_screen_then_quits(self):
        app = self.start(*self.pictures(red=RED), "--fullscreen")
        self.assertEqual(self.wait_for_size(app, SCREEN), SCREEN)
        self.assertTrue(self.full(app))
        app.key("Escape")
        self.assertEqual(self.wait_for_size(app, (640, 480)), (640, 480))
        self.assertFalse(self.full(app))
        self.assertIsNone(app.proc.poll(), "still running")
        app.key("Escape")
        self.assertEqual(app.wait(), 0)


class SlideShowWindowTests(XvfbTestCase, SlideShowCase):
    def test_a_wide_picture_pinched_in_shows_its_full_resolution_as_tiles_come_and_replays_so(self):
        # 12000x200, 1-pixel stripes in red (green says where): fitted in 640 points, grey.
        w, h = 12000, 200
        row = b"".join(bytes((255 * (x & 1), (x >> 4) & 255, 100, 255)) for x in range(w))
        path = os.path.join(self.folder(), "wide.png")
        xwd2png.write_png(path, w, h, (b"\0" + row) * h)
        app = self.start(path)
        app.settle(0.8)
        # Alt-drag: two touches mirrored about the window's centre, spreading from 10 points
        # apart to 620: a pinch far past the limit, one picture pixel a pixel.
        moves = []
        for x in range(340, 631, 30):
            moves += ["mousemove", "--window", app.window, x, 240]
        app.xdotool("mousemove", "--window", app.window, 325, 240, "keydown", "alt", "mousedown", 1, *moves,
                    "mouseup", 1, "keyup", "alt")
        def edges(img):
            return sum(1 for x in range(100, 540) if abs(img[x, 240][0] - img[x + 1, 240][0]) > 200)
        deadline = time.time() + 20
        img = app.screenshot()
        while edges(img) < 440 and time.time() < deadline:  # the tiles come on their thread
            time.sleep(0.2)
            img = app.screenshot()
        self.assertEqual(edges(img), 440, "every pixel a stripe across the middle")
        self.assertEqual(img[320, 240][1], (6000 >> 4) & 255, "the picture's middle in the window's")
        app.key("Escape")
        self.assertEqual(app.wait(), 0)
        self.assertEqual(replay_diff(app, img), 0, "the replay waits for the tiles: the window's picture")

    def test_right_goes_to_the_next_slide_and_space_plays(self):
        app = self.start(*self.pictures(red=RED, green=GREEN, blue=BLUE), "--transition", "none", "--interval", "1")
        self.assertColor(app.screenshot(), CENTER, RED)
        app.key("Right")
        self.assertColor(app.screenshot(), CENTER, GREEN, "Right: the next slide")
        time.sleep(1.2)
        self.assertColor(app.screenshot(), CENTER, GREEN, "not playing yet")
        app.key("space")
        time.sleep(1.0)
        self.assertColor(app.screenshot(), CENTER, BLUE, "Space: playing")
        app.key("Escape")
        self.assertEqual(app.wait(), 0)

    def test_a_horizontal_swipe_goes_to_the_next_and_the_previous_slide(self):
        app = self.start(*self.pictures(red=RED, green=GREEN, blue=BLUE), "--transition", "none")
        app.drag(520, 200, 120, 204, steps=6)
        self.assertColor(app.screenshot(), CENTER, GREEN, "leftwards: the next slide")
        app.drag(120, 200, 520, 204, steps=6)
        app.settle(0.3)
        self.assertColor(app.screenshot(), CENTER, RED, "rightwards: the previous one")
        self.assertEqual(app.geometry(), (640, 480), "a swipe is no tap")
        app.key("Escape")
        self.assertEqual(app.wait(), 0)

    def test_replay_of_the_recorded_session_is_the_windows_picture(self):
        d = self.folder()
        quads = quadrant_png(os.path.join(d, "quads.png"), RED, GREEN, BLUE, YELLOW)
        app = self.start(quads, solid_png(os.path.join(d, "green.png"), GREEN), "--transition", "flip-left")
        app.key("Right")
        app.key("Left")
        app.settle(1.2)  # the 1 s flip
        self.clicks(app, 3)
        app.settle(1.4)
        app.key("t")  # the next transition kind: the bar's label changes
        img = app.screenshot()
        self.assertColor(img, (200, 100), BLUE, "turned")
        app.key("Escape")
        self.assertEqual(app.wait(), 0)
        with open(app.record) as f:
            self.assertIn('"app": "slideshow"', f.readline())
        self.assertEqual(replay_diff(app, img), 0, "the replay is the window's last picture")

    def test_the_wheel_zooms_about_the_pointer_and_replays_so(self):
        quads = quadrant_png(os.path.join(self.folder(), "quads.png"), RED, GREEN, BLUE, YELLOW)
        app = self.start(quads)
        app.settle(0.5)
        # Buttons 4 (up) and 5 (down) with the pointer at (160, 100): three steps in, one out,
        # 1.25^2 = 1.5625 about the pointer. The quadrants' edges (x 320, y 240 fitted) move
        # to x 410 and y 318.75; the red corner stays under the pointer.
        app.xdotool("mousemove", "--window", app.window, 160, 100, "click", 4, "click", 4, "click", 4, "click", 5)
        app.settle(0.6)  # past the tap wait: nothing else happens
        img = app.screenshot()
        for xy, want in (((160, 100), RED), ((380, 100), RED), ((450, 100), GREEN), ((160, 290), RED),
                         ((160, 350), BLUE)):
            self.assertColor(img, xy, want, "zoomed about the pointer")
        self.assertEqual(app.geometry(), (640, 480), "the wheel is no tap")
        app.key("Escape")
        self.assertEqual(app.wait(), 0)
        with open(app.record) as f:
            scrolls = [l for l in f if '"type": "scroll"' in l]
        self.assertEqual(len(scrolls), 4, "one scroll a step, no release counted")
        self.assertIn('"x": 160, "y": 100, "dx": 0, "dy": -1', scrolls[0])
        self.assertEqual(replay_diff(app, img), 0, "the replay is the window's picture")

    def test_missing_and_corrupt_files_are_skipped_with_a_warning(self):
        d = self.folder()
        solid_png(os.path.join(d, "red.png"), RED)
        solid_png(os.path.join(d, "blue.png"), BLUE)
        with open(os.path.join(d, "broken.png"), "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + b"not really a picture" * 20)
        names = ["red.png", "gone.png", "broken.png", "blue.png"]
        app = self.start(plist_file(os.path.join(d, "slides.plist"), names), "--start", "--interval", "1",
                         "--transition", "none")
        seen, message = [], 0
        deadline = time.time() + 4.6
        while time.time() < deadline:  # the slides' colors in turn, over four intervals
            img = app.screenshot()
            c = next((n for n, rgb in (("red", RED), ("blue", BLUE)) if near(img[CENTER], rgb)), str(img[CENTER]))
            if not seen or seen[-1] != c:
                seen.append(c)
            if c == "blue":
                message = max(message, sum(1 for x in range(200, 440) for y in range(18, 46)
                                           if img[x, y] == (255, 255, 255)))
            time.sleep(0.1)
        self.assertEqual(seen[:4], ["red", "blue", "red", "blue"], "the two bad slides skipped, round and round")
        self.assertGreater(message, 20, "a message on screen")
        app.key("Escape")
        self.assertEqual(app.wait(), 0)
        warnings = [l for l in app.stderr.splitlines() if l.startswith("glfun: warning: ")]
        self.assertEqual(len(warnings), 2, app.stderr)
        self.assertIn("gone.png", warnings[0])
        self.assertIn("broken.png", warnings[1])

    def test_a_movie_plays_between_photos_and_pauses_with_the_show(self):
        d = self.folder()
        solid_png(os.path.join(d, "a.png"), RED)
        counter_clip(os.path.join(d, "b.mp4"), 5)  # 5 s, 25 frames a second; blue 255 in its top half
        solid_png(os.path.join(d, "c.png"), BLUE)
        app = self.start(d, "--start", "--interval", "1", "--transition", "none")
        seen, first = [], {}  # "red", frame numbers, "blue": what the center shows, in turn; when each kind came
        deadline = time.time() + 10
        while time.time() < deadline and "blue" not in seen:
            px = app.screenshot()[CENTER]
            what = "red" if near(px, RED) else "blue" if near(px, BLUE) else counter_frame(px) if px[2] > 240 else None
            if what is not None and (not seen or seen[-1] != what):
                seen.append(what)
                first.setdefault(what if isinstance(what, str) else "movie", time.time())
        frames = [f for f in seen if isinstance(f, int)]
        self.assertEqual(seen[0], "red", seen)
        self.assertEqual(seen[-1], "blue", seen)
        self.assertGreater(len(frames), 5, "the movie played: %s" % seen)
        self.assertEqual(frames, sorted(frames), "frame after frame")
        self.assertGreater(first["blue"] - first["movie"], 3.5, "on screen for its 5 s, not the 1 s interval: %s" % seen)
        app.key("space")  # paused on the photo; back to the movie: its first frame, paused
        app.key("Left")
        self.assertEqual(counter_frame(app.screenshot()[CENTER]), 0)
        app.key("space")  # playing, then paused with the show
        time.sleep(0.5)
        app.key("space")
        app.settle(2.6)  # the 2 s "Paused" line
        a = app.screenshot()
        time.sleep(0.5)
        self.assertEqual(a.raw, app.screenshot().raw, "paused")
        self.assertTrue(0 < counter_frame(a[CENTER]) < 124 and a[CENTER][2] > 240, a[CENTER])
        app.key("Escape")
        self.assertEqual(app.wait(), 0)
        self.assertEqual(app.stderr.strip(), "")
        self.assertEqual(replay_diff(app, a), 0, "the replay shows the window's frame of the movie")

    def test_a_transition_file_that_does_not_compile_is_one_error_line(self):
        d = self.folder()
        bad = os.path.join(d, "broken.glsl")
        with open(bad, "w") as f:
            f.write("vec4 transition(vec2 uv) {\n  return getFromColor(uv) +;\n}\n")
        r = subprocess.run([GLFUN, "slideshow", *self.pictures(red=RED), "--transition-file", bad], env=self.x.env,
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 1)
        lines = r.stderr.splitlines()
        self.assertEqual(len(lines), 1, r.stderr)
        self.assertRegex(lines[0], r"^glfun: error: %s: .*did not compile: 0:2\(" % bad)


if __name__ == "__main__":
    unittest.main()
