"""Test harness for GLFun's Wayland window: a private weston (headless, or on a private Xvfb
for a seat with a pointer and a keyboard), glfun processes on it, weston-screenshooter
screenshots, xdotool input through weston's X11 backend. All real: no mock compositor.

Each suite starts one weston on its own XDG_RUNTIME_DIR and socket before its first test and
stops it after its last, also when a test fails. Standard library only."""
import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "integration", "x11"))
from xharness import GLFUN, Xvfb, load_json, read_png_rgb  # noqa: E402,F401


# The window's own title bar (WaylandTitleBar), where the compositor draws no decorations.
TITLE_BAR = (0x30, 0x30, 0x30)
CLOSE_BOX = (0x44, 0x44, 0x44)


class WestonUnavailable(RuntimeError):
    pass


class Weston:
    """A private weston: `backend` "headless" (pixman: the headless GL renderer draws nothing)
    or "x11" (a window on `xvfb`, whose core pointer and keyboard become weston's seat).
    `--debug` lets weston-screenshooter read the output back."""

    def __init__(self, backend="headless", width=640, height=480, scale=1, xvfb=None):
        if not shutil.which("weston"):
            raise WestonUnavailable("weston is not installed (scripts/setup installs it)")
        self.width, self.height, self.scale = width, height, scale
        self.runtime = tempfile.mkdtemp(prefix="glfun-weston-")
        os.chmod(self.runtime, 0o700)
        self.socket = "glfun-weston-%d" % os.getpid()
        self.log = os.path.join(self.runtime, "weston.log")
        env = dict(os.environ, XDG_RUNTIME_DIR=self.runtime)
        env.pop("WAYLAND_DISPLAY", None)
        env.pop("WAYLAND_SOCKET", None)
        if xvfb is not None:
            env["DISPLAY"] = xvfb.display
        else:
            env.pop("DISPLAY", None)
        args = ["weston", "--backend=%s-backend.so" % backend, "--use-pixman", "--socket=" + self.socket,
                "--width=%d" % width, "--height=%d" % height, "--debug", "--idle-time=0", "--no-config"]
        if scale != 1:
            args.append("--scale=%d" % scale)
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(args, env=env, stdout=log, stderr=log, stdin=subprocess.DEVNULL,
                                         start_new_session=True)
        # The clients glfun runs as: this weston only, whatever the session around the test has.
        self.env = dict(os.environ, XDG_RUNTIME_DIR=self.runtime, WAYLAND_DISPLAY=self.socket)
        self.env.pop("GLFUN_WINDOW_SYSTEM", None)
        if xvfb is None:
            self.env.pop("DISPLAY", None)
        else:
            self.env["DISPLAY"] = xvfb.display  # both set: Wayland must still win
        deadline = time.time() + 15
        while True:
            if self.proc.poll() is not None or time.time() > deadline:
                self.stop()
                raise WestonUnavailable("weston did not start:\n" + open(self.log, errors="replace").read()[-2000:])
            if os.path.exists(os.path.join(self.runtime, self.socket)) and self._answers():
                break
            time.sleep(0.1)
        time.sleep(0.5)  # the desktop shell's panel and background

    def _answers(self):
        r = subprocess.run(["weston-info"], env=self.env, capture_output=True, text=True, timeout=10)
        return r.returncode == 0 and "wl_compositor" in r.stdout

    def globals(self):
        """The interfaces weston offers, by name."""
        r = subprocess.run(["weston-info"], env=self.env, capture_output=True, text=True, timeout=10, check=True)
        return {l.split("'")[1] for l in r.stdout.splitlines() if l.startswith("interface:")}

    def screenshot(self):
        """The whole output, as weston composited it (weston-screenshooter, allowed by --debug)."""
        folder = tempfile.mkdtemp(prefix="glfun-shot-", dir=self.runtime)
        subprocess.run(["weston-screenshooter"], env=self.env, cwd=folder, check=True, timeout=20,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shots = glob.glob(os.path.join(folder, "*.png"))
        assert shots, "weston-screenshooter wrote nothing"
        img = read_png_rgb(shots[0])
        shutil.rmtree(folder, ignore_errors=True)
        return img

    def stable_desktop(self):
        """The shell's background and panel with no window: once two screenshots agree (the
        background drawn)."""
        desktop = self.screenshot()
        for _ in range(20):
            time.sleep(0.25)
            again = self.screenshot()
            if differing_pixels(again, desktop) == 0:
                break
            desktop = again
        return desktop

    def stop(self):
        stop_compositor(self.proc, self.runtime)  # weston and the shell clients it started


def stop_compositor(proc, runtime):
    """Ends a compositor started as a session leader (SIGTERM to its process group, SIGKILL
    after 10 s) and removes its runtime folder."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    shutil.rmtree(runtime, ignore_errors=True)


class WaylandGlfun:
    """One glfun window process on a weston, recording its session (or on any compositor
    object with the clients' `env`: sway_session.Sway)."""

    def __init__(self, weston, *args, env=None):
        self.weston = weston
        self.dir = tempfile.mkdtemp(prefix="glfun-wayland-")
        self.autosave = os.path.join(self.dir, "autosave")
        self.record = os.path.join(self.dir, "events.jsonl")
        e = dict(weston.env, GLFUN_AUTOSAVE_DIR=self.autosave, XDG_STATE_HOME=os.path.join(self.dir, "state"))
        e.update(env or {})
        self.proc = subprocess.Popen([GLFUN] + list(args) + ["--record", self.record], env=e, cwd=self.dir,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.stderr = ""
        deadline = time.time() + 20
        while not any(ev["type"] == "resize" for ev in self.events()):
            if self.proc.poll() is not None:
                out, err = self.proc.communicate()
                raise AssertionError("glfun exited early (%s): %s" % (self.proc.returncode, err))
            if time.time() > deadline:
                raise AssertionError("glfun's window did not open")
            time.sleep(0.05)
        self.settle(0.5)  # the first frame composited

    def events(self):
        if not os.path.exists(self.record):
            return []
        with open(self.record) as f:
            import json
            return [json.loads(l) for l in f if l.strip()]

    def resizes(self):
        return [(e["width"], e["height"], e["scale"]) for e in self.events() if e["type"] == "resize"]

    def settle(self, seconds=0.35):
        time.sleep(seconds)

    def cpu_seconds(self):
        """User + system CPU time the process used so far."""
        with open("/proc/%d/stat" % self.proc.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def wait(self, timeout=15):
        try:
            _, self.stderr = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, self.stderr = self.proc.communicate()
            raise AssertionError("glfun did not exit: " + self.stderr)
        return self.proc.returncode

    def terminate(self):
        self.proc.send_signal(signal.SIGTERM)
        return self.wait()

    def autosaves(self):
        if not os.path.isdir(self.autosave):
            return []
        return [os.path.join(self.autosave, f) for f in sorted(os.listdir(self.autosave)) if f.endswith(".json")]

    def replay(self):
        """`glfun replay` of the recording, headless: the picture."""
        out = os.path.join(self.dir, "replay.png")
        r = subprocess.run([GLFUN, "replay", self.record, "--output", out], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        return read_png_rgb(out)

    def cleanup(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def differing_pixels(a, b, x0=0, y0=0, ignore=None):
    """How many of `b`'s pixels differ from `a`'s at offset (x0, y0) (sizes must fit), outside
    `ignore` (x, y, width, height in `b`: where the compositor drew its pointer)."""
    assert a.width >= x0 + b.width and a.height >= y0 + b.height, "%dx%d does not hold %dx%d at (%d, %d)" % (
        a.width, a.height, b.width, b.height, x0, y0)
    ix, iy, iw, ih = ignore or (0, 0, 0, 0)
    return sum(1 for y in range(b.height) for x in range(b.width)
               if a[x0 + x, y0 + y] != b[x, y] and not (ix <= x < ix + iw and iy <= y < iy + ih))


def window_rect(shot, desktop, panel=32):
    """The bounding box (x, y, width, height, in pixels) of what differs from the empty
    `desktop`, below the panel (`panel` output pixels: its clock ticks)."""
    xs, ys = [], []
    for y in range(panel, shot.height):
        for x in range(shot.width):
            if shot[x, y] != desktop[x, y]:
                xs.append(x)
                ys.append(y)
    assert xs, "no window on the output"
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


class WestonTestCase(unittest.TestCase):
    """Test cases that share one weston (`WESTON` keyword arguments), started before the first
    test and stopped after the last."""
    WESTON = {}

    @classmethod
    def setUpClass(cls):
        try:
            cls.weston = Weston(**cls.WESTON)
        except WestonUnavailable as e:
            raise AssertionError(str(e))

    @classmethod
    def tearDownClass(cls):
        cls.weston.stop()

    def start(self, *args, **kw):
        app = WaylandGlfun(self.weston, *args, **kw)
        self.addCleanup(app.cleanup)
        return app

    def start_in_view(self, desktop, *args, panel=32, bar=24, **kw):
        """A window with its title bar clear of the shell's panel, and its rectangle (window_rect).
        The desktop shell places a window at random in the area below the panel by its main
        surface, so the title bar above it (a subsurface) may land under the panel: then the
        window is opened again (a few times at most)."""
        for _ in range(8):
            app = self.start(*args, **kw)
            shot = self.weston.screenshot()
            rect = window_rect(shot, desktop, panel=panel)
            if rect[1] > panel and shot[rect[0] + 2, rect[1] + 2] == TITLE_BAR and rect[3] > bar:
                return app, shot, rect
            app.terminate()
        raise AssertionError("the window's title bar stayed under the panel")
