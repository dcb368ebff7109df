"""GLFun's apps in a native Wayland window under headless mutter, driven through mutter's
RemoteDesktop API (real pointer, keyboard and touch events from a real compositor) and checked
in mutter's own picture of the screen (its screen cast stream): a mouse drag and a key in the
drawing app, two fingers drawing two lines, a pinch zooming the view, a slide-show double tap
playing the show, the slide show's wheel and touchpad scroll zooming about the pointer; every
picture equals `glfun replay` of the session's recording.

Needs glfun's Wayland window (GLFunWayland, `--window-system wayland`); the module is skipped,
saying so, by a glfun without it. One mutter for the module; each app full screen on an
800x600 monitor, so surface points are the stream's coordinates.
Run: /usr/bin/python3 -m unittest discover -s integration/wayland -p 'test_mutter_apps.py' -v
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

from mutter_session import MutterSession

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "x11"))
from xharness import GLFUN  # noqa: E402
from xhelpers import quadrant_png, solid_png  # noqa: E402
from wharness import CLOSE_BOX, TITLE_BAR, WaylandGlfun  # noqa: E402

W, H = 800, 600
BAR = 24  # the window's own title bar (points; scale 1 here)
BTN_LEFT = 272
KEY_LEFTCTRL, KEY_Q = 29, 16  # evdev
XK_2 = 0x32  # the drawing app's Blue
RED, BLUE = (255, 0, 0), (0, 0, 255)  # the drawing's Red and Blue (GLFunKit's Color)
CANVAS = (50, 550)  # rows between the drawing app's two toolbars
RED_SLIDE, GREEN_SLIDE, BLUE_SLIDE, YELLOW_SLIDE = (220, 30, 30), (30, 200, 60), (40, 60, 230), (240, 220, 20)

mutter = None
remote = None


def has_wayland_window():
    r = subprocess.run([GLFUN, "draw", "--help"], capture_output=True, text=True)
    return "--window-system" in r.stdout


def setUpModule():
    global mutter, remote
    if not has_wayland_window():
        raise unittest.SkipTest("this glfun has no Wayland window (--window-system): GLFunWayland is not here")
    mutter = MutterSession(W, H)
    unittest.addModuleCleanup(mutter.stop)
    remote = mutter.remote_input()


class App:
    """One glfun window process on mutter, recording its session."""

    def __init__(self, *args, fullscreen=True):
        self.dir = tempfile.mkdtemp(prefix="glfun-mutter-app.")
        self.record = os.path.join(self.dir, "events.jsonl")
        env = dict(mutter.env, GLFUN_AUTOSAVE_DIR=os.path.join(self.dir, "autosave"),
                   XDG_STATE_HOME=os.path.join(self.dir, "state"))
        self.blank = remote.screenshot()
        self.proc = subprocess.Popen([GLFUN] + list(args) + ["--window-system", "wayland", "--record", self.record]
                                     + (["--fullscreen"] if fullscreen else []),
                                     env=env, cwd=self.dir, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.settled(lambda shot: shot.data != self.blank.data, "the window never showed")

    def settled(self, ready=lambda shot: True, why="the picture never settled", timeout=10):
        """The screen once `ready` holds and two screenshots 0.15 s apart agree."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError("glfun exited (%s): %s" % (self.proc.returncode, self.proc.stderr.read()))
            shot = remote.screenshot()
            if ready(shot) and last is not None and shot.data == last.data:
                return shot
            last = shot if ready(shot) else None
            time.sleep(0.15)
        raise AssertionError(why)

    def quit(self):
        """Ctrl+Q through mutter's keyboard (every app quits on it, full screen or not: Esc
        would first leave full screen), then the recording's events."""
        remote.key_code(KEY_LEFTCTRL, True)
        remote.key_code(KEY_Q, True)
        remote.key_code(KEY_Q, False)
        remote.key_code(KEY_LEFTCTRL, False)
        try:
            _, err = self.proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError("glfun did not quit")
        assert self.proc.returncode == 0, err
        with open(self.record) as f:
            return [json.loads(line) for line in f]

    # As the weston harness's window process: the recording replayed headless; the process
    # and its folder gone; the recording so far, its resizes.
    replay = WaylandGlfun.replay
    cleanup = WaylandGlfun.cleanup
    events = WaylandGlfun.events
    resizes = WaylandGlfun.resizes

    def resized_to(self, width, height, timeout=5):
        """Waits for the app's resize to width x height points (scale 1)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if (width, height, 1) in self.resizes():
                return
            time.sleep(0.05)
        raise AssertionError("no resize to %dx%d: %s" % (width, height, self.resizes()))


def window_rect(shot, blank):
    """(x, y, width, height) of what differs from the empty screen: the window, its bar included.
    Mutter's background gradient is dithered anew in each frame: a few levels are no change."""
    xs, ys = [], []
    for y in range(shot.height):
        for x in range(shot.width):
            if any(abs(a - b) > 8 for a, b in zip(shot[(x, y)], blank[(x, y)])):
                xs.append(x)
                ys.append(y)
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def differing(shot, image):
    return sum(1 for y in range(image.height) for x in range(image.width) if shot[(x, y)] != image[x, y])


def extent(shot, rgb, tolerance=40):
    """The bounding box (x0, y0, x1, y1) of the canvas's pixels near `rgb`, or None."""
    xs, ys = [], []
    for y in range(*CANVAS):
        for x in range(0, shot.width):
            p = shot[(x, y)]
            if all(abs(a - b) <= tolerance for a, b in zip(p, rgb)):
                xs.append(x)
                ys.append(y)
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def touches(events):
    return [e for e in events if e["type"] == "touch"]


class MutterAppTests(unittest.TestCase):
    def start(self, *args):
        app = App(*args)
        self.addCleanup(app.cleanup)
        return app

    def drag(self, points, pause=0.03):
        remote.pointer_move(*points[0])
        remote.button(BTN_LEFT, True)
        for p in points[1:]:
            time.sleep(pause)
            remote.pointer_move(*p)
        remote.button(BTN_LEFT, False)

    def assertEqualsReplay(self, app, shot, events):
        self.assertTrue(events, "a recording")
        image = app.replay()
        self.assertEqual((image.width, image.height), (W, H))
        self.assertEqual(differing(shot, image), 0, "mutter's picture is the replay's")

    def test_drawing_a_mouse_drag_a_key_and_two_fingers_drawing_two_lines(self):
        app = self.start("draw")
        self.drag([(200 + 20 * i, 150) for i in range(11)])       # red (the default colour)
        remote.key_sym(XK_2, True)
        remote.key_sym(XK_2, False)                               # 2: Blue
        remote.touch_down(0, 200, 300)                            # one finger draws...
        for i in range(1, 8):
            time.sleep(0.03)
            remote.touch_motion(0, 200 + 25 * i, 300)
        time.sleep(0.3)                                           # ...a second, landing later, draws too
        remote.touch_down(1, 200, 450)
        for i in range(1, 8):
            time.sleep(0.03)
            remote.touch_motion(0, 375 + 20 * i, 300 + 10 * i)
            remote.touch_motion(1, 200 + 25 * i, 450)
        remote.touch_up(0)
        remote.touch_up(1)
        shot = app.settled()
        red, blue = extent(shot, RED), extent(shot, BLUE)
        self.assertIsNotNone(red, "the drag drew a red line")
        self.assertLessEqual(abs(red[0] - 200), 3)
        self.assertLessEqual(abs(red[2] - 400), 3)
        events = app.quit()
        keys = [e["key"] for e in events if e["type"] == "key"]
        self.assertIn("2", keys, "the key arrived, named as on X11")
        began = {(e["x"], e["y"]): e["id"] for e in touches(events) if e["phase"] == "began"}
        self.assertIn((200, 150), began, "the drag (the mouse is a touch too)")
        ids = {began.get((200, 300)), began.get((200, 450))}
        self.assertEqual(len(ids - {None, began[(200, 150)]}), 2, "two fingers, each its own touch")
        for i in ids:
            phases = [e["phase"] for e in touches(events) if e["id"] == i]
            self.assertEqual((phases[0], phases[-1]), ("began", "ended"), "every finger begins and ends")
        # The two finger lines are blue: from (200, 300) and from (200, 450), both to the right.
        self.assertIsNotNone(blue)
        self.assertLessEqual(abs(blue[0] - 200), 3)
        self.assertGreaterEqual(blue[3], 448, "the second finger's line")
        self.assertLessEqual(blue[1], 302, "the first finger's line")
        self.assertEqualsReplay(app, shot, events)

    def test_drawing_a_pinch_zooms_the_view(self):
        app = self.start("draw")
        self.drag([(350 + 10 * i, 300) for i in range(11)])       # a red line 100 points long
        before = extent(app.settled(), RED)
        remote.touch_down(0, 380, 330)                            # two fingers landing together:
        remote.touch_down(1, 420, 330)                            # a canvas gesture, not drawing
        for i in range(1, 11):
            time.sleep(0.03)
            remote.touch_motion(0, 380 - 10 * i, 330)
            remote.touch_motion(1, 420 + 10 * i, 330)
        remote.touch_up(0)
        remote.touch_up(1)
        shot = app.settled()
        after = extent(shot, RED)
        self.assertGreater(after[2] - after[0], 2.5 * (before[2] - before[0]), "pinched out 3x: the line is longer")
        events = app.quit()
        self.assertEqualsReplay(app, shot, events)

    def test_slide_show_a_double_tap_plays(self):
        folder = tempfile.mkdtemp(prefix="glfun-mutter-slides.")
        self.addCleanup(shutil.rmtree, folder, ignore_errors=True)
        red = solid_png(os.path.join(folder, "a.png"), (220, 30, 30), 80, 60)
        blue = solid_png(os.path.join(folder, "b.png"), (40, 60, 230), 80, 60)
        app = self.start("slideshow", "--interval", "0.5", "--duration", "0", "--no-loop", red, blue)
        self.assertEqual(app.settled()[(400, 300)], (220, 30, 30), "paused on the first slide")
        time.sleep(1)
        self.assertEqual(remote.screenshot()[(400, 300)], (220, 30, 30), "still: not playing")
        for _ in range(2):                                        # two taps 0.1 s apart: play
            remote.touch_down(0, 400, 300)
            remote.touch_up(0)
            time.sleep(0.1)
        app.settled(lambda s: s[(400, 300)] == (40, 60, 230), "the show did not play on to the next slide")
        time.sleep(2.5)  # the last slide: the show stops; its message ("The end") goes after 2 s
        shot = app.settled()
        self.assertEqual(shot[(400, 300)], (40, 60, 230))
        events = app.quit()
        self.assertEqual(len([e for e in touches(events) if e["phase"] == "began"]), 2)
        self.assertEqualsReplay(app, shot, events)

    def test_slide_show_the_wheel_and_a_touchpad_scroll_zoom_about_the_pointer(self):
        folder = tempfile.mkdtemp(prefix="glfun-mutter-slides.")
        self.addCleanup(shutil.rmtree, folder, ignore_errors=True)
        quads = quadrant_png(os.path.join(folder, "q.png"), RED_SLIDE, GREEN_SLIDE, BLUE_SLIDE, YELLOW_SLIDE)
        app = self.start("slideshow", quads)
        app.settled()
        remote.pointer_move(200, 150)
        time.sleep(0.1)
        remote.axis_steps(0, -1)                                  # two wheel steps up: 1.5625 times in
        remote.axis_steps(0, -1)
        for dy in (5, 5):                                         # a touchpad's 10 points down: a step out
            time.sleep(0.05)
            remote.axis(0, dy)
        remote.axis(0, 0, remote.AXIS_SOURCE_FINGER | remote.AXIS_FINISH)
        # 1.25 about (200, 150): the quadrants' edges (x 400, y 300 fitted) at x 450, y 337.5.
        shot = app.settled(lambda s: s[(425, 150)] == RED_SLIDE, "the wheel did not zoom about the pointer")
        for xy, want in (((200, 150), RED_SLIDE), ((480, 150), GREEN_SLIDE), ((200, 320), RED_SLIDE),
                         ((200, 360), BLUE_SLIDE)):
            self.assertEqual(shot[xy], want, xy)
        events = app.quit()
        scrolls = [(e["x"], e["y"], e["dx"], e["dy"]) for e in events if e["type"] == "scroll"]
        self.assertEqual(scrolls, [(200, 150, 0, -1), (200, 150, 0, -1), (200, 150, 0, 0.5), (200, 150, 0, 0.5)],
                         "a scroll a pointer frame: wheel steps, then the touchpad's points over 10")
        self.assertEqualsReplay(app, shot, events)

    def test_the_own_title_bar_shows_the_title_resizes_maximizes_and_closes(self):
        # Mutter offers no xdg-decoration: the window draws its bar (title, minimize, maximize,
        # close) and an invisible resize border 8 points wide around it.
        app = App("draw", "--size", "400x300", fullscreen=False)
        self.addCleanup(app.cleanup)
        x, y, w, h = window_rect(app.settled(), app.blank)
        self.assertEqual((w, h), (400, BAR + 300), "the content and the bar; the border is invisible")
        shot = remote.screenshot()
        self.assertEqual(shot[(x + 2, y + 2)], TITLE_BAR)
        self.assertEqual(shot[(x + w - 2, y + 2)], CLOSE_BOX)
        ink = [px for px in range(x, x + w - 3 * BAR) for py in range(y, y + BAR) if shot[(px, py)][0] >= 0x90]
        self.assertGreater(len(ink), 30, "the title's light text on the bar")
        self.assertLess(abs((min(ink) + max(ink)) / 2 - (x + w / 2)), 40, "the title is centred over the bar")
        # The bottom-right corner, 3 points out, dragged 100 right and 60 down; then the right edge.
        self.drag([(x + w + 3 + 10 * i, y + h + 3 + 6 * i) for i in range(11)])
        app.resized_to(500, 360)
        # The right edge is where the compositor shows it: wait for the 500-wide frame on screen
        # (on a loaded machine the configure comes well before the buffer it asks for).
        app.settled(lambda s: window_rect(s, app.blank)[2:] == (500, BAR + 360), "the window never showed at 500x360")
        self.drag([(x + 500 + 3 + 6 * i, y + 200) for i in range(11)])
        app.resized_to(560, 360)
        self.assertEqual(window_rect(app.settled(), app.blank), (x, y, 560, BAR + 360))
        # A double click on the bar maximizes (the output's size less the bar), another restores.
        for (gx, gy), size in (((x + 40, y + 12), (W, H - BAR)), ((40, 12), (560, 360))):
            for _ in range(2):
                remote.click(gx, gy)
                time.sleep(0.1)
            app.resized_to(*size)
            shot = app.settled(lambda s, size=size: window_rect(s, app.blank)[2:] == (size[0], BAR + size[1]))
        x, y, _, _ = window_rect(shot, app.blank)  # restored where the compositor puts it back
        # The close box closes: the app quits as on any close, exit status 0.
        remote.click(x + 560 - 12, y + 12)
        try:
            app.proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            app.proc.kill()
            raise AssertionError("the close box did not close the window")
        self.assertEqual(app.proc.returncode, 0)

    def test_the_own_title_bar_s_minimize_button_hides_the_window(self):
        app = App("draw", "--size", "300x200", fullscreen=False)
        self.addCleanup(app.cleanup)
        x, y, w, _ = window_rect(app.settled(), app.blank)
        remote.click(x + w - 2 * BAR - 12, y + 12)                # the third box from the right
        app.settled(lambda s: not any(abs(a - b) > 8 for a, b in zip(s[(x + 150, y + 100)], app.blank[(x + 150, y + 100)])),
                    "the window did not go away")
        self.assertIsNone(app.proc.poll(), "minimized, not closed")

    def test_a_finger_on_the_own_title_bar_works_the_bar_and_never_reaches_the_app(self):
        # A touch lands on the surface it touched: on the bar (a subsurface) its coordinates are
        # the bar's, and before, they reached the drawing as a touch near the content's top.
        app = App("draw", "--size", "400x300", fullscreen=False)
        self.addCleanup(app.cleanup)
        x, y, w, _ = window_rect(app.settled(), app.blank)
        remote.touch_down(0, x + 60, y + 12)                      # a tap on the bar's free part
        remote.touch_up(0)
        time.sleep(0.3)
        remote.touch_down(0, x + 60, y + BAR + 100)               # a finger in the content draws
        for i in range(1, 6):
            remote.touch_motion(0, x + 60 + 20 * i, y + BAR + 100)
            time.sleep(0.03)
        remote.touch_up(0)
        time.sleep(0.3)
        remote.touch_down(0, x + w - 12, y + 12)                  # the close box, by finger
        remote.touch_up(0)
        try:
            app.proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            app.proc.kill()
            raise AssertionError("a finger on the close box did not close the window")
        self.assertEqual(app.proc.returncode, 0)
        began = [(e["x"], e["y"]) for e in touches(app.events()) if e["phase"] == "began"]
        self.assertEqual(began, [(60, 100)], "only the finger in the content reached the app")


if __name__ == "__main__":
    unittest.main()
