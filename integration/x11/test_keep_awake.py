"""The screen kept awake (issue 22, item 6): while a slide show or a movie plays, the X server's
screen saver does not come on; paused, or after the window closes, it does. Checked with the
server's own word (MIT-SCREEN-SAVER's XScreenSaverQueryInfo) on a private Xvfb whose saver
is set to come on after 1 s without input (`xset s 1 0`).

Run: python3 -m unittest integration/x11/test_keep_awake.py -v   (scripts/test runs all of integration/x11)."""
import ctypes
import ctypes.util
import os
import shutil
import subprocess
import tempfile
import time
import unittest

from xharness import Glfun, XvfbTestCase
from xhelpers import counter_clip, solid_png

SAVER_OFF, SAVER_ON = 0, 1  # XScreenSaverInfo.state (X11/extensions/saver.h)
WAIT = 2.5  # over twice the saver's 1 s timeout


class XScreenSaverInfo(ctypes.Structure):
    _fields_ = [("window", ctypes.c_ulong), ("state", ctypes.c_int), ("kind", ctypes.c_int),
                ("til_or_since", ctypes.c_ulong), ("idle", ctypes.c_ulong), ("eventMask", ctypes.c_ulong)]


class ScreenSaver:
    """The server's screen saver as MIT-SCREEN-SAVER reports it, through a connection of our own."""

    def __init__(self, env):
        self.x = ctypes.CDLL(ctypes.util.find_library("X11"))
        self.xss = ctypes.CDLL(ctypes.util.find_library("Xss"))
        self.x.XOpenDisplay.restype = ctypes.c_void_p
        self.x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.xss.XScreenSaverQueryInfo.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(XScreenSaverInfo)]
        self.display = self.x.XOpenDisplay(env["DISPLAY"].encode())
        assert self.display, "cannot open %s" % env["DISPLAY"]
        self.root = self.x.XDefaultRootWindow(self.display)
        # The saver comes on after 1 s without input, and stays on (no cycling).
        subprocess.run(["xset", "s", "1", "0", "s", "blank"], env=env, check=True)

    def state(self):
        info = XScreenSaverInfo()
        assert self.xss.XScreenSaverQueryInfo(self.display, self.root, ctypes.byref(info)), "no MIT-SCREEN-SAVER"
        return info.state

    def close(self):
        self.x.XCloseDisplay(self.display)


class KeepAwakeTests(XvfbTestCase):
    def setUp(self):
        self.saver = ScreenSaver(self.x.env)
        self.addCleanup(self.saver.close)
        self.dir = tempfile.mkdtemp(prefix="glfun-awake-")
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)

    def assertSaver(self, want, why):
        """Waits WAIT seconds without input, then asks the server whether its saver is on."""
        time.sleep(WAIT)
        self.assertEqual(self.saver.state(), want, why)

    def quit(self, app):
        app.key("Escape")
        self.assertEqual(app.wait(), 0)

    def test_a_playing_slide_show_holds_the_saver_off_until_paused_or_closed(self):
        self.assertSaver(SAVER_ON, "without glfun the saver comes on (the check can fail)")
        slides = [solid_png(os.path.join(self.dir, n + ".png"), rgb) for n, rgb in
                  (("red", (220, 30, 30)), ("blue", (40, 60, 230)))]
        app = Glfun(self.x, "slideshow", "--size", "640x480", "--start", "--interval", "600", *slides,
                    title="^GLFun Slide Show$")
        self.addCleanup(app.cleanup)
        self.assertSaver(SAVER_OFF, "playing: the saver put off and held off")
        app.key("space")  # pause
        self.assertSaver(SAVER_ON, "paused: the saver comes on again")
        app.key("space")  # play
        self.assertSaver(SAVER_OFF, "playing again")
        self.quit(app)
        self.assertSaver(SAVER_ON, "the window closed: nothing held")

    def test_a_playing_movie_holds_the_saver_off_and_a_paused_one_does_not(self):
        clip = counter_clip(os.path.join(self.dir, "counter.mp4"), 2)
        app = Glfun(self.x, "play", "--size", "640x480", "--loop", "--no-sound", clip, title="^counter.mp4$")
        self.addCleanup(app.cleanup)
        self.assertSaver(SAVER_OFF, "playing (looping)")
        app.key("space")  # pause
        self.assertSaver(SAVER_ON, "paused")
        self.quit(app)

    def test_a_show_that_does_not_play_holds_nothing(self):
        slide = solid_png(os.path.join(self.dir, "red.png"), (220, 30, 30))
        app = Glfun(self.x, "slideshow", "--size", "640x480", slide, title="^GLFun Slide Show$")
        self.addCleanup(app.cleanup)
        self.assertSaver(SAVER_ON, "not playing: the screen may blank")
        self.quit(app)


if __name__ == "__main__":
    unittest.main()
