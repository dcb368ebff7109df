"""GLFun's native Wayland window on a real compositor: a headless weston (pixman), its output
read back with weston-screenshooter. Windows open with their app id, take the compositor's
size, go full screen, draw only when weston's frame callbacks ask (no busy loop), and show the
same pixels as the headless replay of their recording. One weston for the suite.

Run: python3 -m unittest discover -s integration/wayland -p 'test_weston.py' -v   (scripts/test does)."""
import os
import re
import subprocess
import time
import unittest

from wharness import GLFUN, TITLE_BAR, WestonTestCase, differing_pixels


class WestonWindowTests(WestonTestCase):
    WESTON = dict(backend="headless", width=640, height=480)

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.desktop = cls.weston.stable_desktop()

    def test_window_opens_at_its_size_and_shows_its_replay(self):
        app, shot, (x, y, w, h) = self.start_in_view(self.desktop, "happiness", "--size", "300x200")
        self.assertEqual(app.resizes(), [(300, 200, 1)])
        # Weston draws no decorations (no xdg-decoration): the window's own 24-point title bar is on top.
        self.assertEqual((w, h), (300, 24 + 200), "the window's rectangle on the output")
        self.assertEqual(shot[x + 5, y + 5], TITLE_BAR)
        replay = app.replay()
        self.assertEqual(differing_pixels(shot, replay, x, y + 24), 0, "the window's pixels are its replay's")
        self.assertEqual(app.terminate(), 128 + 15)

    def test_every_apps_pixels_are_opaque_in_the_windows_buffer(self):
        # The window's buffer alpha (weston's screenshot copies it) is 255 everywhere: labels
        # blended over the bars left 192-237 there, and a compositor that honours alpha blends
        # the desktop through the text. The surface also declares itself opaque.
        for app_args in (["draw"], ["touches"], ["swipes"], ["happiness"]):
            app, shot, (x, y, w, h) = self.start_in_view(self.desktop, *app_args, "--size", "300x200",
                                                         env={"WAYLAND_DEBUG": "1"})
            alpha = [shot.raw[j * (shot.width * 4 + 1) + 1 + i * 4 + 3]
                     for j in range(y + 24, y + h) for i in range(x, x + w)]
            self.assertEqual(sum(1 for a in alpha if a != 255), 0, "%s: alpha below 255" % app_args)
            app.terminate()
            self.assertIn("set_opaque_region", app.stderr)

    def test_full_screen_takes_the_output_and_equals_the_replay(self):
        app = self.start("happiness", "--fullscreen")
        self.assertEqual(app.resizes(), [(640, 480, 1)], "the compositor's configure sets the size")
        shot = self.weston.screenshot()
        replay = app.replay()
        self.assertEqual((replay.width, replay.height), (640, 480))
        self.assertEqual(differing_pixels(shot, replay), 0, "the window's pixels are its replay's")
        app.terminate()

    def test_app_id_title_and_minimum_size_reach_the_compositor(self):
        # WAYLAND_DEBUG: libwayland logs every request the client sends, as sent.
        app = self.start("draw", "--size", "320x240", env={"WAYLAND_DEBUG": "1"})
        app.terminate()
        log = app.stderr
        self.assertIn('set_app_id("glfun-draw")', log)
        self.assertRegex(log, r'set_title\("GLFun[^"]*"\)')
        self.assertIn("set_min_size(64, 88)", log)  # 64 points of content under the 24-point title bar
        self.assertRegex(log, r"ack_configure\(\d+\)")
        app2 = self.start("slideshow", "--size", "320x240", env={"WAYLAND_DEBUG": "1"})
        app2.terminate()
        self.assertIn('set_app_id("glfun-slideshow")', app2.stderr)

    def test_idle_window_uses_no_cpu(self):
        app = self.start("draw", "--size", "320x240")
        app.settle(0.5)
        before = app.cpu_seconds()
        time.sleep(2)
        used = app.cpu_seconds() - before
        self.assertLess(used, 0.05, "an idle window must sleep (it used %.3f s of CPU in 2 s)" % used)
        app.terminate()

    def test_frames_wait_for_the_frame_callback(self):
        # A slide show in transition wants a frame at every tick; each must wait for weston's
        # frame callback of the one before (one frame request in flight, never two).
        app = self.start("slideshow", "--size", "320x240", "--start", "--interval", "0.5", "--duration", "1",
                         env={"WAYLAND_DEBUG": "1"})
        time.sleep(2)
        app.terminate()
        pending, frames = None, 0
        for line in app.stderr.splitlines():
            m = re.search(r"-> wl_surface@\d+\.frame\(new id wl_callback@(\d+)\)", line)
            if m:
                self.assertIsNone(pending, "a frame was requested before the last one's callback came")
                pending, frames = m.group(1), frames + 1
            elif pending and re.search(r"wl_callback@%s\.done\(" % pending, line):
                pending = None
        self.assertGreater(frames, 20, "the transitions drew frames")
        self.assertLess(frames, 2.5 * 62, "no more frames than weston's 60 Hz repaints asked for")


class WindowSystemChoiceTests(unittest.TestCase):
    """Which window system glfun opens on, and the one error line when there is none."""

    def run_glfun(self, env, *args):
        e = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "GLFUN_WINDOW_SYSTEM")}
        e.update(env)
        return subprocess.run([GLFUN, "draw"] + list(args), env=e, capture_output=True, text=True, timeout=30)

    def assertOneErrorLine(self, r, text):
        self.assertNotEqual(r.returncode, 0)
        lines = r.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, r.stderr)
        self.assertTrue(lines[0].startswith("glfun: error: "), r.stderr)
        self.assertIn(text, lines[0])

    def test_no_display_at_all(self):
        self.assertOneErrorLine(self.run_glfun({}), "no X display (DISPLAY is not set) and no Wayland display")

    def test_wayland_display_wins_and_names_its_compositor(self):
        r = self.run_glfun({"WAYLAND_DISPLAY": "glfun-no-such-socket", "XDG_RUNTIME_DIR": "/tmp"})
        self.assertOneErrorLine(r, 'Wayland display "glfun-no-such-socket"')

    def test_a_dead_wayland_display_falls_back_to_x11_and_neither_is_one_line_naming_both(self):
        # A stale WAYLAND_DISPLAY with DISPLAY set: X11 is tried (integration/x11's test_window opens
        # it there); when X answers neither, one error line names both.
        r = self.run_glfun({"WAYLAND_DISPLAY": "glfun-no-such-socket", "DISPLAY": ":12345",
                            "XDG_RUNTIME_DIR": "/tmp"})
        self.assertOneErrorLine(r, 'Wayland display "glfun-no-such-socket"')
        self.assertIn('X display ":12345"', r.stderr)

    def test_forced_x11_over_wayland(self):
        r = self.run_glfun({"WAYLAND_DISPLAY": "glfun-no-such-socket", "DISPLAY": ":12345"}, "--window-system", "x11")
        self.assertOneErrorLine(r, 'X display ":12345"')
        r = self.run_glfun({"WAYLAND_DISPLAY": "glfun-no-such-socket", "DISPLAY": ":12345", "GLFUN_WINDOW_SYSTEM": "x11"})
        self.assertOneErrorLine(r, 'X display ":12345"')

    def test_forced_wayland_without_a_compositor(self):
        r = self.run_glfun({"DISPLAY": ":12345"}, "--window-system", "wayland")
        self.assertOneErrorLine(r, "WAYLAND_DISPLAY is not set")

    def test_unknown_window_system(self):
        self.assertOneErrorLine(self.run_glfun({"GLFUN_WINDOW_SYSTEM": "mir"}), "GLFUN_WINDOW_SYSTEM=mir")
        r = self.run_glfun({}, "--window-system", "mir")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("mir", r.stderr)


if __name__ == "__main__":
    unittest.main()
