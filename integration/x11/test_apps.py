"""Every app on the host, for real: the TouchExplorer and Swipes demos as apps of their own,
their recordings replayed to the window's pixels, and the host's effects (title, full screen
with and without a window manager).

Run: python3 -m unittest discover -s integration/x11 -v   (scripts/test does)."""
import subprocess
import time
import unittest

from xharness import Glfun, Xvfb, XvfbTestCase
from xhelpers import Openbox, replay_diff, wm_state

BG = (194, 194, 194)  # 0.76 gray


def window_name(app):
    r = subprocess.run(["xdotool", "getwindowname", str(app.window)], env=app.xvfb.env, capture_output=True,
                       text=True, check=True)
    return r.stdout.strip()


class DemoAppTests(XvfbTestCase):
    def start(self, *args):
        app = Glfun(self.x, *args, "--size", "640x480")
        self.addCleanup(app.cleanup)
        return app

    def test_touches_is_an_app_of_its_own_and_replays_to_its_pixels(self):
        app = self.start("touches")
        self.assertEqual(window_name(app), "GLFun TouchExplorer")
        app.xdotool("mousemove", "--window", app.window, 320, 300, "mousedown", 1,
                    "mousemove", "--window", app.window, 340, 300)
        app.settle()
        img = app.screenshot()
        self.assertEqual(img[320, 22], BG, "no drawing toolbar in the demo")
        self.assertEqual(img[320, 470], BG, "no shape bar either")
        dot = img[340, 300]
        self.assertTrue(dot[2] > dot[0] + 40, "a blue dot under the touch: %s" % (dot,))
        dark = sum(1 for x in range(200, 440) for y in range(60, 180) if sum(img[x, y]) < 300)
        self.assertGreater(dark, 50, "the sample's labels")
        app.xdotool("mouseup", 1)
        app.settle()
        img = app.screenshot()  # "Touches Stopped.", no dot
        app.key("ctrl+q")
        app.wait()
        with open(app.record) as f:
            self.assertIn('"app": "touches"', f.readline())
        self.assertEqual(replay_diff(app, img), 0)
        self.assertEqual(app.autosaves(), [], "a demo has nothing to save")

    def test_swipes_shows_the_samples_message_and_replays_to_its_pixels(self):
        app = self.start("swipes")
        self.assertEqual(window_name(app), "GLFun Swipes")
        app.drag(200, 240, 400, 242, steps=10)
        img = app.screenshot()
        dark = sum(1 for x in range(150, 490) for y in range(60, 110) if sum(img[x, y]) < 300)
        self.assertGreater(dark, 50, "Horizontal swipe detected")
        app.key("ctrl+q")
        app.wait()
        self.assertEqual(replay_diff(app, img), 0)

    def test_swipes_message_goes_after_two_seconds(self):
        app = self.start("swipes", "--recognizers")
        app.drag(200, 240, 400, 242, steps=10)
        time.sleep(2.5)  # the app asked for a tick at 2 s
        img = app.screenshot()
        dark = sum(1 for x in range(150, 490) for y in range(60, 110) if sum(img[x, y]) < 300)
        self.assertEqual(dark, 0)
        app.key("Escape")
        self.assertEqual(app.wait(), 0)

    def test_demo_flag_is_a_shortcut_to_the_app(self):
        app = self.start("--demo", "swipes-recognizer")
        self.assertEqual(window_name(app), "GLFun Swipes")
        app.key("Escape")
        app.wait()
        with open(app.record) as f:
            first = f.readline()
        self.assertIn('"app": "swipes"', first)
        self.assertIn('"recognizers": "true"', first)

    def test_f11_covers_the_screen_without_a_window_manager_and_comes_back(self):
        app = self.start("touches")
        self.assertEqual(app.geometry(), (640, 480))
        app.key("F11")
        self.assertEqual(app.geometry(), (1280, 1024))
        img = app.screenshot()
        self.assertEqual((img.width, img.height), (1280, 1024))
        self.assertEqual(img[1200, 1000], BG, "the app draws the whole screen")
        app.key("F11")
        self.assertEqual(app.geometry(), (640, 480))
        app.key("Escape")
        app.wait()


class WindowManagerTests(unittest.TestCase):
    """Full screen through a real EWMH window manager (openbox)."""

    def setUp(self):
        self.x = Xvfb()
        self.addCleanup(self.x.stop)
        self.addCleanup(Openbox(self.x.env).stop)

    def wm_state(self, app):
        return wm_state(self.x.env, app.window)

    def test_fullscreen_flag_and_f11_through_openbox(self):
        app = Glfun(self.x, "--size", "640x480", "--fullscreen")
        self.addCleanup(app.cleanup)
        app.settle(0.8)
        self.assertIn("_NET_WM_STATE_FULLSCREEN", self.wm_state(app))
        self.assertEqual(app.wait_for_geometry((1280, 1024)), (1280, 1024))
        app.key("F11")
        app.settle(0.5)
        self.assertNotIn("_NET_WM_STATE_FULLSCREEN", self.wm_state(app))
        self.assertEqual(app.wait_for_geometry((640, 480)), (640, 480))
        app.key("F11")
        app.settle(0.5)
        self.assertIn("_NET_WM_STATE_FULLSCREEN", self.wm_state(app))
        app.key("Escape")
        self.assertEqual(app.wait(), 0)


if __name__ == "__main__":
    unittest.main()
