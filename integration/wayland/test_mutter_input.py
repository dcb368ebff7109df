"""Input through a real compositor: headless mutter's RemoteDesktop API moves the pointer,
clicks, types and touches with two fingers, and a Wayland client (input_client.c, built here)
gets each as wl_pointer / wl_keyboard / wl_touch events at the right surface coordinates; what
the client paints in answer shows in mutter's screen cast where the input was sent.

One mutter for the module (about 1 s to start); a fresh client per test.
Run: /usr/bin/python3 -m unittest discover -s integration/wayland -p 'test_mutter_input.py' -v
"""
import shutil
import tempfile
import time
import unittest

from input_client import InputClient, build_input_client
from mutter_session import MutterSession

WIDTH, HEIGHT = 640, 480
BTN_LEFT, BTN_RIGHT = 272, 273
KEY_A, KEY_B = 30, 48
XK_a = 0x61
GREY, RED, BLUE = (0x40, 0x40, 0x40), (0xe0, 0x10, 0x10), (0x10, 0x30, 0xe0)  # input_client.c's


def near(a, b, tolerance=3):
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))

mutter = None
remote = None
folder = None
binary = None


def setUpModule():
    # Module cleanups run even when setUpModule fails half way (tearDownModule would not).
    global mutter, remote, folder, binary
    folder = tempfile.mkdtemp(prefix="glfun-wayland-input.")
    unittest.addModuleCleanup(shutil.rmtree, folder, ignore_errors=True)
    binary = build_input_client(folder)
    mutter = MutterSession(WIDTH, HEIGHT)
    unittest.addModuleCleanup(mutter.stop)
    remote = mutter.remote_input()


class MutterInputTests(unittest.TestCase):
    def setUp(self):
        self.client = InputClient(binary, mutter.env)
        self.addCleanup(self.client.stop)
        # A full-screen toplevel of the monitor's size, on screen, with keyboard focus.
        self.assertEqual(self.client.expect("mapped")[1:], [str(WIDTH), str(HEIGHT)])
        self.client.saw("keyboard enter")
        for capability in ("pointer", "keyboard", "touch"):
            self.assertIn("seat " + capability, self.client.seen)

    def position(self, line):
        return float(line[-2]), float(line[-1])

    def pointer_at(self, x, y):
        """Moves the pointer and waits for the enter or motion that reports (x, y)."""
        remote.pointer_move(x, y)
        while True:
            line = self.client.expect(("pointer enter", "pointer motion"))
            if self.position(line) == (x, y):
                return

    def test_pointer_motion_and_buttons(self):
        self.pointer_at(100.5, 200.25)
        self.pointer_at(320, 17)
        remote.button(BTN_LEFT, True)
        self.assertEqual(self.client.expect("pointer button"), ["pointer", "button", str(BTN_LEFT), "pressed"])
        self.pointer_at(330, 40)  # a drag: motion while pressed
        remote.button(BTN_LEFT, False)
        self.assertEqual(self.client.expect("pointer button"), ["pointer", "button", str(BTN_LEFT), "released"])
        remote.click(5, 470, BTN_RIGHT)
        self.assertEqual(self.client.expect("pointer button")[2:], [str(BTN_RIGHT), "pressed"])
        self.assertEqual(self.client.expect("pointer button")[2:], [str(BTN_RIGHT), "released"])
        self.assertTrue({"pointer motion 5.00 470.00", "pointer enter 5.00 470.00"} & set(self.client.seen))

    def test_keys_by_keysym_and_keycode(self):
        remote.key_sym(XK_a, True)
        remote.key_sym(XK_a, False)
        self.assertEqual(self.client.expect("key "), ["key", str(KEY_A), "pressed"])
        self.assertEqual(self.client.expect("key "), ["key", str(KEY_A), "released"])
        remote.key_code(KEY_B, True)
        remote.key_code(KEY_B, False)
        self.assertEqual(self.client.expect("key "), ["key", str(KEY_B), "pressed"])
        self.assertEqual(self.client.expect("key "), ["key", str(KEY_B), "released"])

    def test_two_fingers_down_moving_and_up(self):
        remote.touch_down(0, 100, 100)
        remote.touch_down(1, 400, 300.5)
        first = self.client.expect("touch down")
        second = self.client.expect("touch down")
        self.assertEqual(self.position(first), (100, 100))
        self.assertEqual(self.position(second), (400, 300.5))
        a, b = first[2], second[2]
        self.assertNotEqual(a, b, "each finger has its own wl_touch id")
        self.client.expect("touch frame")

        remote.touch_motion(0, 120, 110)
        remote.touch_motion(1, 380.25, 290)
        moved = {}
        while len(moved) < 2:
            line = self.client.expect("touch motion")
            moved[line[2]] = self.position(line)
        self.assertEqual(moved, {a: (120, 110), b: (380.25, 290)})

        remote.touch_up(0)
        remote.touch_up(1)
        lifted = {self.client.expect("touch up")[2], self.client.expect("touch up")[2]}
        self.assertEqual(lifted, {a, b})
        self.assertNotIn("touch cancel", self.client.seen)

    def test_the_compositors_picture_shows_where_the_input_landed(self):
        # The client paints a red square where a finger lands or moves and a blue one where a
        # button is pressed; mutter's screen cast shows them where they were sent.
        self.pointer_at(500, 80)
        remote.button(BTN_LEFT, True)
        remote.button(BTN_LEFT, False)
        remote.touch_down(0, 150, 300)
        remote.touch_down(1, 400, 200)
        remote.touch_motion(1, 420, 220)
        remote.touch_up(0)
        remote.touch_up(1)
        self.client.expect("touch up")
        self.client.expect("touch up")
        want = {(500, 80): BLUE, (150, 300): RED, (400, 200): RED, (420, 220): RED, (300, 400): GREY}
        deadline = time.monotonic() + 5
        while True:
            shot = remote.screenshot()
            got = {xy: shot[xy] for xy in want}
            if all(near(got[xy], rgb) for xy, rgb in want.items()) or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        for xy, rgb in want.items():
            self.assertTrue(near(got[xy], rgb), "%s is %s, not %s" % (xy, got[xy], rgb))

    def test_touch_after_pointer_and_pointer_after_touch(self):
        # A touch hides the pointer (mutter sends leave); the next motion enters again.
        self.pointer_at(50, 60)
        remote.touch_down(3, 200, 210)
        self.assertEqual(self.position(self.client.expect("touch down")), (200, 210))
        remote.touch_up(3)
        self.client.expect("touch up")
        self.pointer_at(60, 70)


if __name__ == "__main__":
    unittest.main()
