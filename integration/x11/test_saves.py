"""Saves as editors make them, for real: Ctrl+S's JSON and PNG consistent, crash recovery
after kill -9, the autosave's fallbacks when folders cannot take it, and the X server killed.

Run: python3 -m unittest discover -s integration/x11 -v   (scripts/test does)."""
import json
import os
import shutil
import signal
import tempfile
import time

from xharness import Glfun, Xvfb, XvfbTestCase, load_json, read_png_rgb

RED = (255, 0, 0)


def dead_pid():
    """A pid no process has: pids are below pid_max."""
    with open("/proc/sys/kernel/pid_max") as f:
        return int(f.read())


def scene(shapes):
    return {"version": 1, "width": 640, "height": 480, "scale": 1, "background": [0.76, 0.76, 0.76, 1],
            "shapes": [{"type": "rect", "from": [10 + 20 * i, 10], "to": [25 + 20 * i, 30], "color": "blue"}
                       for i in range(shapes)]}


def wait_for(predicate, seconds=10):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


class SaveTests(XvfbTestCase):
    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="glfun-saves-")
        self.addCleanup(shutil.rmtree, self.home, ignore_errors=True)
        self.state = os.path.join(self.home, "state")  # $XDG_STATE_HOME, shared by the runs of a test
        self.recovery = os.path.join(self.state, "glfun")

    def start(self, *args, env=None, **kw):
        e = {"XDG_STATE_HOME": self.state}
        e.update(env or {})
        app = Glfun(self.x, "--size", "640x480", "--seed", "7", *args, env=e, **kw)
        self.addCleanup(app.cleanup)
        return app

    def copies(self):
        if not os.path.isdir(self.recovery):
            return []
        return sorted(f for f in os.listdir(self.recovery) if f.startswith("recovery-"))

    def copy_of(self, app):
        return os.path.join(self.recovery, "recovery-%d.json" % app.proc.pid)

    def orphan(self, pid, shapes, age):
        os.makedirs(self.recovery, exist_ok=True)
        path = os.path.join(self.recovery, "recovery-%d.json" % pid)
        with open(path, "w") as f:
            json.dump(scene(shapes), f)
        t = time.time() - age
        os.utime(path, (t, t))
        return path

    def test_ctrl_s_png_is_never_older_than_the_json_and_no_temporary_file_stays(self):
        app = self.start("--save", "drawing.json")
        stale = os.path.join(app.dir, ".drawing.json.tmp-%d-1" % dead_pid())  # a kill -9 left it
        open(stale, "w").close()
        app.drag(100, 100, 300, 250)
        app.key("ctrl+s")
        scene_path, png = os.path.join(app.dir, "drawing.json"), os.path.join(app.dir, "drawing.png")
        self.assertTrue(os.path.exists(scene_path) and os.path.exists(png))
        self.assertGreaterEqual(os.stat(png).st_mtime_ns, os.stat(scene_path).st_mtime_ns)
        self.assertEqual(len(load_json(scene_path)["shapes"]), 1)
        self.assertEqual(read_png_rgb(png)[200, 175], RED)
        self.assertEqual([f for f in os.listdir(app.dir) if ".tmp-" in f], [], "the stale temporary file is gone")
        app.key("Escape")
        self.assertEqual(app.wait(), 0)

    def test_a_failed_save_shows_in_the_window_not_on_stderr_alone(self):
        target = os.path.join(self.home, "d.json")
        os.mkdir(os.path.join(self.home, "d.png"))  # the picture beside it cannot be written
        app = self.start("--save", target)
        app.drag(100, 150, 200, 250)

        def dark(img):  # the message box under the top bar (44 points): 8 below it, 32 high, (51, 51, 56)
            return sum(1 for x in range(200, 440) for y in range(54, 82) if sum(img[x, y]) < 250)
        self.assertTrue(wait_for(lambda: app.screenshot()[150, 200] == RED), "the line drawn")
        self.assertEqual(dark(app.screenshot()), 0)
        app.key("ctrl+s")
        self.assertTrue(wait_for(lambda: dark(app.screenshot()) > 3000), "the failure shows in the window")
        self.assertFalse(os.path.exists(target))
        app.key("Escape")
        app.wait()
        self.assertIn("save failed", app.stderr)

    def test_unsaved_work_is_recovered_after_kill_9(self):
        first = self.start()
        first.drag(100, 100, 300, 300)
        self.assertTrue(wait_for(lambda: os.path.exists(self.copy_of(first))), "a crash-recovery copy soon after a change")
        self.assertEqual(len(load_json(self.copy_of(first))["shapes"]), 1)
        first.proc.send_signal(signal.SIGKILL)
        first.wait()
        second = self.start()
        self.assertEqual(self.copies(), ["recovery-%d.json" % second.proc.pid], "the new window adopted the copy")
        self.assertEqual(second.screenshot()[200, 200], RED, "the recovered line is shown")
        second.key("Escape")
        self.assertEqual(second.wait(), 0)
        self.assertRegex(second.stderr, r"glfun: recovered an unsaved drawing from \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(1 shape\)")
        saves = second.autosaves()
        self.assertEqual(len(saves), 1, "recovered work is unsaved work: autosaved on exit\n" + second.stderr)
        self.assertEqual(len(load_json(saves[0])["shapes"]), 1)
        self.assertEqual(self.copies(), [], "the copy goes once the work is autosaved")

    def test_the_newest_of_several_is_recovered_and_the_others_counted(self):
        self.orphan(dead_pid(), 3, age=60)
        self.orphan(dead_pid() + 1, 5, age=10)
        app = self.start()
        app.key("Escape")
        app.wait()
        self.assertIn("(5 shapes); 1 more in " + self.recovery, app.stderr)
        self.assertEqual(len(load_json(app.autosaves()[0])["shapes"]), 5)
        self.assertEqual(self.copies(), ["recovery-%d.json" % dead_pid()], "the older one stays")

    def test_no_recover_leaves_the_copy(self):
        self.orphan(dead_pid(), 2, age=5)
        app = self.start("--no-recover")
        app.key("Escape")
        self.assertEqual(app.wait(), 0)
        self.assertNotIn("recovered", app.stderr)
        self.assertEqual(self.copies(), ["recovery-%d.json" % dead_pid()])

    def test_the_copy_is_refreshed_and_removed_by_a_clean_save(self):
        app = self.start("--save", "drawing.json")
        app.drag(100, 100, 300, 300)
        self.assertTrue(wait_for(lambda: os.path.exists(self.copy_of(app))))
        app.drag(100, 300, 300, 100)
        self.assertTrue(wait_for(lambda: len(load_json(self.copy_of(app))["shapes"]) == 2, seconds=12),
                        "refreshed within the interval (5 s)")
        app.key("ctrl+s")
        self.assertEqual(self.copies(), [], "nothing unsaved: no copy")
        app.key("Escape")
        self.assertEqual(app.wait(), 0)
        self.assertEqual(app.autosaves(), [])

    def unwritable(self, name):
        """A path no one can write to, root included: under a regular file."""
        blocker = os.path.join(self.home, "a-file")
        open(blocker, "w").close()
        return os.path.join(blocker, name)

    def test_a_lost_drawing_says_so_and_what_was_tried(self):
        env = {"GLFUN_AUTOSAVE_DIR": self.unwritable("autosave"), "XDG_RUNTIME_DIR": self.unwritable("run"),
               "TMPDIR": self.unwritable("tmp"), "XDG_STATE_HOME": self.unwritable("state")}
        app = self.start(env=env, cwd="/proc")  # /proc takes no new file, even from root
        app.drag(100, 100, 300, 300)
        app.key("Escape")
        self.assertEqual(app.wait(), 1, app.stderr)
        lines = [l for l in app.stderr.splitlines() if l.startswith("glfun: error: ")]
        self.assertEqual(len(lines), 1, app.stderr)
        self.assertIn("the drawing could not be kept", lines[0])
        for tried in (env["GLFUN_AUTOSAVE_DIR"], "the current folder /proc", env["XDG_RUNTIME_DIR"], env["TMPDIR"]):
            self.assertIn(tried + " (", lines[0])

    def test_the_runtime_folder_takes_the_drawing_when_others_cannot(self):
        run = os.path.join(self.home, "run")
        os.mkdir(run)
        env = {"GLFUN_AUTOSAVE_DIR": self.unwritable("autosave"), "XDG_RUNTIME_DIR": run}
        app = self.start(env=env, cwd="/proc")
        app.drag(100, 100, 300, 300)
        app.key("Escape")
        self.assertEqual(app.wait(), 0, app.stderr)
        kept = [os.path.join(run, f) for f in os.listdir(run)]
        self.assertEqual(len(kept), 1)
        self.assertIn("autosaved to " + kept[0], app.stderr)
        self.assertIn("temporary folder", app.stderr)
        self.assertEqual(len(load_json(kept[0])["shapes"]), 1)
        self.assertEqual(self.copies(), [])

    def test_x_server_killed_autosaves_with_an_error_line(self):
        x = Xvfb()
        try:
            app = Glfun(x, "--size", "640x480", env={"XDG_STATE_HOME": self.state})
            self.addCleanup(app.cleanup)
            app.drag(100, 100, 300, 200)
            self.assertTrue(wait_for(lambda: os.path.exists(self.copy_of(app))))
            x.proc.kill()
            x.proc.wait()
            self.assertEqual(app.wait(), 1)
            self.assertEqual(len(app.autosaves()), 1, app.stderr)
            self.assertIn("glfun: error: the X connection was lost", app.stderr)
            self.assertEqual(self.copies(), [], "autosaved: no copy left")
        finally:
            x.stop()
