"""The screen kept awake on Wayland (issue 22, item 6): while a slide show or a movie plays, the
window holds an idle inhibitor (idle-inhibit-unstable-v1); paused, ended or closed, it does
not. Checked by the compositor's own word: a headless sway 1.7 (sway_session.py), whose IPC
says per view whether an inhibitor is in force for it (`inhibit_idle`). Keys through a virtual
keyboard (wtype). One sway for the module, stopped after the last test, also when one fails.

Run: python3 -m unittest discover -s integration/wayland -p 'test_sway*.py' -v   (scripts/test does)."""
import os
import shutil
import sys
import tempfile
import time
import unittest

from sway_session import Sway, SwayUnavailable
from wharness import WaylandGlfun

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "x11"))
from xhelpers import counter_clip, solid_png  # noqa: E402

WAIT = 5  # at most this long for a change to show in sway's tree


class SwayKeepAwakeTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        try:
            cls.sway = Sway(width=640, height=480)
        except SwayUnavailable as e:
            raise AssertionError(str(e))

    @classmethod
    def tearDownClass(cls):
        cls.sway.stop()

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="glfun-sway-awake-")
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)

    def start(self, *args):
        app = WaylandGlfun(self.sway, *args, "--window-system", "wayland")
        self.addCleanup(app.cleanup)
        return app

    def inhibit_idle(self, app_id):
        view = self.sway.view(app_id)
        self.assertIsNotNone(view, "no %s view in sway's tree" % app_id)
        return view["inhibit_idle"]

    def assertInhibits(self, app_id, want, why):
        """Waits (WAIT s at most) until sway says the view's idle inhibit is `want`."""
        deadline = time.time() + WAIT
        while self.inhibit_idle(app_id) != want:
            if time.time() > deadline:
                self.fail("%s: sway's inhibit_idle stayed %s" % (why, not want))
            time.sleep(0.1)

    def assertStays(self, app_id, want, why, seconds=1.0):
        """sway says `want` now and for `seconds` more."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            self.assertEqual(self.inhibit_idle(app_id), want, why)
            time.sleep(0.1)

    def press(self, app, keysym):
        """Types `keysym` until the app's recording has it: on a busy machine the client may bind
        the virtual keyboard after wtype's wait, and the key is lost (then nothing happened)."""
        before = len([e for e in app.events() if e["type"] == "key"])
        for wait_ms in (300, 1000, 2000):
            self.sway.key(keysym, wait_ms=wait_ms)
            deadline = time.time() + 2
            while time.time() < deadline:
                if len([e for e in app.events() if e["type"] == "key"]) > before:
                    return
                time.sleep(0.05)
        self.fail("%s never reached the app" % keysym)

    def quit(self, app, app_id):
        self.press(app, "Escape")
        self.assertEqual(app.wait(), 0)
        self.assertIsNone(self.sway.view(app_id), "the window closed: its view is gone")

    def test_a_playing_slide_show_inhibits_idle_until_paused_or_closed(self):
        self.assertEqual(self.sway.views(), [], "an empty desktop to start with")
        slides = [solid_png(os.path.join(self.dir, n + ".png"), rgb) for n, rgb in
                  (("red", (220, 30, 30)), ("green", (30, 200, 60)), ("blue", (40, 60, 230)))]
        app = self.start("slideshow", "--start", "--interval", "600", *slides)
        self.assertInhibits("glfun-slideshow", True, "playing")
        self.assertEqual(self.sway.view("glfun-slideshow")["idle_inhibitors"]["application"], "enabled")
        self.press(app, "space")  # pause
        self.assertInhibits("glfun-slideshow", False, "paused")
        self.press(app, "space")  # play
        self.assertInhibits("glfun-slideshow", True, "playing again")
        self.quit(app, "glfun-slideshow")

    def test_a_show_that_does_not_play_inhibits_nothing(self):
        slide = solid_png(os.path.join(self.dir, "red.png"), (220, 30, 30))
        app = self.start("slideshow", slide)
        self.assertStays("glfun-slideshow", False, "not playing: the screen may blank")
        self.quit(app, "glfun-slideshow")

    def test_a_movie_inhibits_idle_while_it_plays_and_not_at_its_end(self):
        clip = counter_clip(os.path.join(self.dir, "counter.mp4"), 2)
        app = self.start("play", "--no-sound", clip)
        self.assertInhibits("glfun-play", True, "playing")
        self.assertInhibits("glfun-play", False, "ended (the last frame stays, the window open)")
        self.assertStays("glfun-play", False, "ended", seconds=0.5)
        self.assertIsNone(app.proc.poll(), "without --quit-at-end the window stays")
        self.assertEqual(app.terminate(), 128 + 15)
        self.assertIsNone(self.sway.view("glfun-play"), "the window closed: its view is gone")

    # A key quit once crashed the player's Wayland window (SIGSEGV in libwayland-client): the
    # app, held past the session for its statistics, freed its textures after the window had
    # disconnected (glfun's runInWindow now lets the app go first).
    def test_the_player_quits_with_escape(self):
        clip = counter_clip(os.path.join(self.dir, "counter.mp4"), 2)
        app = self.start("play", "--no-sound", "--loop", clip)
        self.assertInhibits("glfun-play", True, "playing")
        self.quit(app, "glfun-play")


if __name__ == "__main__":
    unittest.main()
