"""The drawing window, for real: Xvfb, xdotool, xwd screenshots, a replay of
the recorded session compared pixel for pixel.

Run: python3 -m unittest discover -s integration/x11 -v   (scripts/test does)."""
import json
import os
import signal
import subprocess
import tempfile
import time
import unittest

from xharness import GLFUN, Glfun, Xvfb, XvfbTestCase, load_json, read_png_rgb

BG = (194, 194, 194)  # 0.76 gray
RED, BLUE = (255, 0, 0), (0, 0, 255)
# Toolbar of a 640x480 window (GLFunApp.Toolbar): 80-point segments centred in 44-point bars
# (five shapes since the Pen: the segments' centres, not the borders between them).
COLOR = {"red": (160, 22), "blue": (240, 22), "yellow": (320, 22), "green": (400, 22), "random": (480, 22)}
SHAPE = {"line": (160, 458), "rect": (240, 458), "ellipse": (320, 458), "image": (400, 458), "pen": (480, 458)}


def near(a, b, tol=2):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


class WindowTests(XvfbTestCase):
    def start(self, *args, **kw):
        app = Glfun(self.x, "--size", "640x480", "--seed", "7", *args, **kw)
        self.addCleanup(app.cleanup)
        return app

    def test_drag_draws_the_selected_shape_where_dragged(self):
        app = self.start()
        app.click(*SHAPE["rect"])
        app.drag(150, 150, 300, 250)
        img = app.screenshot()
        self.assertEqual(img[225, 200], RED)
        self.assertEqual(img[152, 152], RED)
        self.assertEqual(img[298, 248], RED)
        self.assertEqual(img[140, 200], BG)
        self.assertEqual(img[310, 200], BG)
        self.assertEqual(img[225, 260], BG)
        app.key("Escape")
        self.assertEqual(app.wait(), 0)

    def test_toolbar_clicks_change_color_and_shape(self):
        app = self.start()
        app.click(*COLOR["blue"])
        app.click(*SHAPE["ellipse"])
        img = app.screenshot()
        # The selected segments are filled with the tint; the others are white.
        self.assertTrue(near(img[240, 12], (0, 122, 255), 3), img[240, 12])
        self.assertEqual(img[160, 12], (255, 255, 255))
        app.drag(200, 150, 400, 300)
        img = app.screenshot()
        self.assertEqual(img[300, 225], BLUE)    # centre of the ellipse
        self.assertEqual(img[203, 153], BG)      # corner of its box: outside the ellipse
        app.key("Escape")
        app.wait()

    def test_line_follows_the_drag_live(self):
        app = self.start()
        app.xdotool("mousemove", "--window", app.window, 100, 200, "mousedown", 1,
                    "mousemove", "--window", app.window, 300, 200)
        app.settle()
        img = app.screenshot()  # still dragging: the live line is drawn
        self.assertEqual(img[200, 200], RED)
        app.xdotool("mouseup", 1)
        app.settle()
        self.assertEqual(app.screenshot()[200, 200], RED)
        app.key("Escape")
        app.wait()

    def test_lost_focus_cancels_the_drag(self):
        other = subprocess.Popen(["xlogo", "-geometry", "100x100+700+0"], env=self.x.env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.addCleanup(other.kill)
        app = self.start()
        deadline = time.time() + 10
        ids = []
        while not ids and time.time() < deadline:
            r = subprocess.run(["xdotool", "search", "--name", "xlogo"], env=self.x.env, capture_output=True, text=True)
            ids = r.stdout.split()
            time.sleep(0.1)
        self.assertTrue(ids, "xlogo did not start")
        app.xdotool("mousemove", "--window", app.window, 100, 100, "mousedown", 1,
                    "mousemove", "--window", app.window, 200, 200)
        app.settle()
        app.xdotool("windowfocus", ids[0])   # another client takes the focus mid-drag
        app.settle()
        app.xdotool("mousemove", "--window", app.window, 250, 250, "mouseup", 1)
        app.settle()
        self.assertEqual(app.screenshot()[150, 150], BG, "the cancelled drag drew nothing")
        self.assertEqual(app.close(), 0)  # the keyboard focus is xlogo's now: use the close button
        phases = [json.loads(l)["phase"] for l in open(app.record) if '"touch"' in l]
        self.assertEqual(phases[-1], "cancelled")
        self.assertEqual(app.autosaves(), [])

    def test_resize_keeps_the_drawing(self):
        app = self.start()
        app.click(*SHAPE["rect"])
        app.drag(100, 100, 200, 200)
        app.xdotool("windowsize", app.window, 900, 700)
        app.settle(0.6)
        self.assertEqual(app.geometry(), (900, 700))
        img = app.screenshot()
        self.assertEqual((img.width, img.height), (900, 700))
        self.assertEqual(img[150, 150], RED)
        self.assertEqual(img[250, 150], BG)
        # The bottom bar moved down with the window.
        self.assertNotEqual(img[450, 690], BG)
        self.assertEqual(img[450, 600], BG)
        app.key("Escape")
        app.wait()

    def test_close_button_autosaves(self):
        app = self.start()
        app.drag(100, 100, 300, 300)
        self.assertEqual(app.close(), 0)
        saves = app.autosaves()
        self.assertEqual(len(saves), 1, app.stderr)
        self.assertIn("autosaved to " + saves[0], app.stderr)
        doc = load_json(saves[0])
        self.assertEqual(doc["shapes"][0]["type"], "line")
        self.assertEqual(doc["shapes"][0]["from"], [100, 100])
        self.assertEqual(doc["shapes"][0]["to"], [300, 300])

    def test_esc_ctrl_q_and_signals_autosave(self):
        for how in ("Escape", "ctrl+q", signal.SIGINT, signal.SIGTERM):
            app = self.start()
            app.drag(100, 100, 200, 300)
            if isinstance(how, str):
                app.key(how)
            else:
                app.proc.send_signal(how)
            app.wait()
            self.assertEqual(len(app.autosaves()), 1, "%s: %s" % (how, app.stderr))

    def test_nothing_drawn_nothing_autosaved(self):
        app = self.start()
        app.key("Escape")
        self.assertEqual(app.wait(), 0)
        self.assertEqual(app.autosaves(), [])

    def test_x_server_lost_autosaves(self):
        x = Xvfb()
        try:
            app = Glfun(x, "--size", "640x480")
            self.addCleanup(app.cleanup)
            app.drag(100, 100, 300, 200)
            x.stop()
            self.assertNotEqual(app.wait(), 0)
            self.assertEqual(len(app.autosaves()), 1, app.stderr)
            self.assertIn("X connection was lost", app.stderr)
        finally:
            x.stop()

    def test_ctrl_s_saves_scene_and_png(self):
        app = self.start("--save", "drawing.json")
        app.click(*SHAPE["ellipse"])
        app.drag(100, 100, 300, 250)
        app.key("ctrl+s")
        scene = os.path.join(app.dir, "drawing.json")
        png = os.path.join(app.dir, "drawing.png")
        self.assertTrue(os.path.exists(scene) and os.path.exists(png), app.proc.stderr)
        self.assertEqual(load_json(scene)["shapes"][0]["type"], "ellipse")
        self.assertEqual(read_png_rgb(png)[200, 175], RED)
        app.key("Escape")
        app.wait()
        self.assertEqual(app.autosaves(), [], "saved work is not autosaved again")

    def test_undo_redo_and_clear_keys(self):
        app = self.start()
        app.click(*SHAPE["rect"])
        app.drag(100, 100, 200, 200)
        app.key("ctrl+z")
        self.assertEqual(app.screenshot()[150, 150], BG)
        app.key("ctrl+shift+z")
        self.assertEqual(app.screenshot()[150, 150], RED)
        app.key("ctrl+BackSpace")
        self.assertEqual(app.screenshot()[150, 150], BG)
        app.key("ctrl+y")  # nothing to redo after clear; ctrl+z brings the rect back
        app.key("ctrl+z")
        self.assertEqual(app.screenshot()[150, 150], RED)
        app.key("Escape")
        app.wait()

    def test_recorded_session_replays_to_the_same_pixels(self):
        app = self.start()
        app.click(*COLOR["random"])
        app.click(*SHAPE["ellipse"])
        app.drag(100, 100, 250, 220)
        app.key("r")
        app.drag(300, 120, 500, 300)
        app.key("i")
        app.drag(150, 300, 200, 350)
        app.key("2", "l")
        app.drag(50, 400, 600, 80, steps=20)
        app.key("question")  # the help overlay, text and all, is part of the picture
        window = app.screenshot()
        app.key("ctrl+q")     # quitting changes no pixel
        app.wait()
        out = os.path.join(app.dir, "replay.png")
        scene = os.path.join(app.dir, "replay.json")
        r = subprocess.run([GLFUN, "replay", app.record, "--output", out, "--save-scene", scene],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        replay = read_png_rgb(out)
        self.assertEqual((replay.width, replay.height), (window.width, window.height))
        diff = sum(1 for y in range(window.height) for x in range(window.width) if window[x, y] != replay[x, y])
        self.assertEqual(diff, 0, "%d pixels differ between the window and its replay" % diff)
        self.assertEqual(len(load_json(scene)["shapes"]), 4)

    def test_mid_drag_frame_redrawn_in_part_equals_a_full_replay(self):
        # During a drag the window redraws only the region the live shape covers
        # (a preserved back buffer); the picture must equal a full frame's.
        app = self.start()
        app.click(*SHAPE["ellipse"])
        app.drag(100, 100, 250, 220)
        app.key("r")
        args = ["mousemove", "--window", app.window, 300, 120, "mousedown", 1]
        for i in range(1, 15):
            args += ["mousemove", "--window", app.window, 300 + i * 15, 120 + i * 10]
        app.xdotool(*args)
        app.settle()
        window = app.screenshot()
        app.xdotool("mouseup", 1)
        app.key("ctrl+q")
        app.wait()
        lines = open(app.record).read().splitlines()
        last_move = max(i for i, l in enumerate(lines) if '"moved"' in l)
        cut = os.path.join(app.dir, "cut.jsonl")
        with open(cut, "w") as f:
            f.write("\n".join(lines[:last_move + 1]) + "\n")
        out = os.path.join(app.dir, "cut.png")
        subprocess.run([GLFUN, "replay", cut, "--output", out], check=True)
        replay = read_png_rgb(out)
        diff = sum(1 for y in range(window.height) for x in range(window.width) if window[x, y] != replay[x, y])
        self.assertEqual(diff, 0)

    def test_open_shows_a_scene_and_classic_keeps_one_shape(self):
        d = tempfile.mkdtemp()
        self.addCleanup(lambda: subprocess.run(["rm", "-rf", d]))
        path = os.path.join(d, "s.json")
        with open(path, "w") as f:
            f.write('{"version": 1, "width": 640, "height": 480, "shapes": ['
                    '{"type": "rect", "from": [50, 60], "to": [150, 160], "color": "green"}]}')
        app = self.start("--open", path, "--classic")
        self.assertEqual(app.screenshot()[100, 100], (0, 255, 0))
        app.click(*SHAPE["rect"])
        app.drag(300, 100, 400, 200)
        app.drag(300, 250, 400, 350)
        img = app.screenshot()
        self.assertEqual(img[100, 100], BG)   # classic: the new shape replaced the others
        self.assertEqual(img[350, 150], BG)
        self.assertEqual(img[350, 300], RED)
        app.key("Escape")
        app.wait()

    def test_wm_class_is_the_app_s_desktop_entry(self):
        # The same id as the Wayland app id: a desktop matches the window to glfun-draw.desktop.
        app = self.start()
        r = subprocess.run(["xprop", "-id", str(app.window), "WM_CLASS"], env=self.x.env, capture_output=True,
                           text=True, check=True)
        self.assertEqual(r.stdout.strip(), 'WM_CLASS(STRING) = "glfun-draw", "glfun-draw"')
        app.key("Escape")
        app.wait()

    def test_hidpi_scale_doubles_pixels_not_layout(self):
        app = self.start("--scale", "2")
        self.assertEqual(app.geometry(), (1280, 960))
        app.click(COLOR["blue"][0] * 2, COLOR["blue"][1] * 2)
        app.click(SHAPE["rect"][0] * 2, SHAPE["rect"][1] * 2)
        app.drag(200, 200, 400, 400)
        img = app.screenshot()
        self.assertEqual(img[300, 300], BLUE)
        app.key("Escape")
        app.wait()

    def test_xft_dpi_sets_the_default_scale(self):
        x = Xvfb()
        try:
            subprocess.run(["xrdb", "-merge"], input="Xft.dpi: 192\n", text=True, env=x.env, check=True)
            app = Glfun(x, "--size", "320x240")
            self.addCleanup(app.cleanup)
            self.assertEqual(app.geometry(), (640, 480))  # 2 pixels per point
            app.key("Escape")
            app.wait()
        finally:
            x.stop()

    def test_touches_demo_shows_phase_and_a_dot(self):
        app = self.start("--demo", "touches")
        app.xdotool("mousemove", "--window", app.window, 320, 300, "mousedown", 1,
                    "mousemove", "--window", app.window, 340, 300)
        app.settle()
        img = app.screenshot()
        dot = img[340, 300]
        self.assertTrue(dot[2] > dot[0] + 40, "a blue dot under the touch: %s" % (dot,))
        # The status lines are dark text on the gray canvas, centred under the top bar.
        dark = sum(1 for x in range(200, 440) for y in range(70, 200) if sum(img[x, y]) < 300)
        self.assertGreater(dark, 50)
        app.xdotool("mouseup", 1)
        app.settle()
        app.key("ctrl+q")
        app.wait()
        self.assertEqual(app.autosaves(), [], "demos draw nothing")

    def test_a_stale_wayland_display_falls_back_to_x11_with_one_warning(self):
        # WAYLAND_DISPLAY left from another session, DISPLAY working: the window opens on X11
        # and one warning says why and how to go there at once; libwayland's own line
        # ("error: XDG_RUNTIME_DIR is invalid …") is folded into it.
        for runtime, why in [("not-absolute", "XDG_RUNTIME_DIR"), (tempfile.mkdtemp(), "No such file")]:
            app = self.start(env={"GLFUN_WINDOW_SYSTEM": "", "WAYLAND_DISPLAY": "wayland-stale",
                                  "XDG_RUNTIME_DIR": runtime})
            app.key("ctrl+q")
            self.assertEqual(app.wait(), 0, app.stderr)
            lines = app.stderr.splitlines()
            warnings = [l for l in lines if l.startswith("glfun: warning:")]
            self.assertEqual(len(warnings), 1, app.stderr)
            for words in [why, "wayland-stale", "X11", "--window-system x11"]:
                self.assertIn(words, warnings[0])
            self.assertFalse([l for l in lines if l.startswith("error:")], app.stderr)

    def test_idle_window_draws_no_frames(self):
        stats = tempfile.mktemp(suffix=".txt")
        app = self.start("--stats", stats)
        app.drag(100, 100, 200, 200)
        time.sleep(1.5)  # idle: no input, no frames
        before = len(app.screenshot().raw)
        time.sleep(1.0)
        app.key("Escape")
        app.wait()
        lines = open(stats).read().splitlines()[1:]
        # One frame for the first expose plus a few per input event; none while idle.
        self.assertLess(len(lines), 40, lines)
        os.unlink(stats)
        self.assertGreater(before, 0)


class NoDisplayTests(unittest.TestCase):
    def test_no_display_is_one_clear_error(self):
        env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
        r = subprocess.run([GLFUN], env=env, capture_output=True, text=True, timeout=20)
        self.assertEqual(r.returncode, 1)
        lines = r.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, r.stderr)
        self.assertTrue(lines[0].startswith("glfun: error: no X display"), lines[0])
        self.assertIn("glfun render", lines[0])

    def test_refused_display_is_one_clear_error(self):
        env = dict(os.environ, DISPLAY=":199")
        r = subprocess.run([GLFUN], env=env, capture_output=True, text=True, timeout=20)
        self.assertEqual(r.returncode, 1)
        self.assertTrue(r.stderr.startswith("glfun: error: cannot open X display"), r.stderr)


if __name__ == "__main__":
    unittest.main()
