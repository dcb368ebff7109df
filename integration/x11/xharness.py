"""Test harness for GLFun's window: a private Xvfb, the glfun process, xdotool
input, xwd screenshots and WM_DELETE_WINDOW, all real (no mocks).

Standard library only (ctypes for the one Xlib call xdotool lacks)."""
import ctypes
import ctypes.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts", "make"))
import xwd2png  # noqa: E402

GLFUN = os.environ.get("GLFUN", os.path.join(ROOT, ".build", "debug", "glfun"))


def free_display():
    """A display number with no server and no lock file."""
    for n in range(90, 200):
        if not os.path.exists("/tmp/.X%d-lock" % n) and not os.path.exists("/tmp/.X11-unix/X%d" % n):
            return n
    raise RuntimeError("no free X display number")


def stop_process(proc, seconds):
    """Ends a server the harness started: SIGTERM, then SIGKILL if it is not gone in `seconds`."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(seconds)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class Xvfb:
    """A private Xvfb on its own display, stopped on exit even if a test fails."""

    def __init__(self, width=1280, height=1024):
        self.number = free_display()
        self.display = ":%d" % self.number
        self.proc = subprocess.Popen(
            ["Xvfb", self.display, "-screen", "0", "%dx%dx24" % (width, height), "-nolisten", "tcp", "-noreset"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while not os.path.exists("/tmp/.X11-unix/X%d" % self.number):
            if self.proc.poll() is not None or time.time() > deadline:
                raise RuntimeError("Xvfb %s did not start" % self.display)
            time.sleep(0.05)
        self.env = dict(os.environ, DISPLAY=self.display, GLFUN_WINDOW_SYSTEM="x11")  # X11 even in a Wayland session

    def stop(self):
        stop_process(self.proc, 5)


class Image:
    def __init__(self, width, height, raw):
        self.width, self.height, self.raw = width, height, raw

    def __getitem__(self, xy):
        x, y = xy
        i = y * (self.width * 4 + 1) + 1 + x * 4
        return tuple(self.raw[i:i + 3])

    def save(self, path):
        xwd2png.write_png(path, self.width, self.height, self.raw)


def read_png_rgb(path):
    """Decodes an 8-bit RGBA (what glfun writes) or RGB (weston's screenshots), non-interlaced PNG
    into an Image."""
    import struct
    import zlib
    with open(path, "rb") as f:
        data = f.read()
    pos, idat, w, h, bpp = 8, b"", 0, 0, 4
    while pos < len(data):
        n, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if tag == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6), "expected RGBA8 or RGB8"
            bpp = 4 if ctype == 6 else 3
        elif tag == b"IDAT":
            idat += body
        pos += 12 + n
    raw = bytearray(zlib.decompress(idat))
    stride = w * bpp
    prev = bytearray(stride)
    out = bytearray()
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out.append(0)
        if bpp == 4:
            out += line
        else:
            rgba = bytearray(w * 4)
            rgba[0::4], rgba[1::4], rgba[2::4], rgba[3::4] = line[0::3], line[1::3], line[2::3], b"\xff" * w
            out += rgba
        prev = line
    return Image(w, h, bytes(out))


class X11:
    """The one Xlib call xdotool does not offer: a WM_DELETE_WINDOW message,
    what a window manager's close button sends."""

    class ClientMessage(ctypes.Structure):
        _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                    ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                    ("format", ctypes.c_int), ("l", ctypes.c_long * 5)]

    @classmethod
    def close_window(cls, display, window):
        x = ctypes.CDLL(ctypes.util.find_library("X11"))
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XInternAtom.restype = ctypes.c_ulong
        x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
        x.XFlush.argtypes = [ctypes.c_void_p]
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        d = x.XOpenDisplay(display.encode())
        assert d, "cannot open %s" % display
        ev = (ctypes.c_long * 24)()
        msg = cls.ClientMessage.from_buffer(ev)
        msg.type = 33  # ClientMessage
        msg.window = window
        msg.message_type = x.XInternAtom(d, b"WM_PROTOCOLS", 0)
        msg.format = 32
        msg.l[0] = x.XInternAtom(d, b"WM_DELETE_WINDOW", 0)
        msg.l[1] = 0  # CurrentTime
        x.XSendEvent(d, window, 0, 0, ctypes.byref(ev))
        x.XFlush(d)
        x.XCloseDisplay(d)


class Glfun:
    """One glfun window process on a given X server."""

    def __init__(self, xvfb, *args, env=None, binary=None, title="^GLFun( |$)", cwd=None):
        """Starts `binary` (default: glfun) with `args` and `--record`, and finds its window by
        `title` (a regular expression, as xdotool search takes it). Autosaves and crash-recovery
        copies go to folders of its own (`env` may name others); it runs in `cwd` (default: its
        folder)."""
        self.xvfb = xvfb
        self.title = title
        self.dir = tempfile.mkdtemp(prefix="glfun-x11-")
        self.autosave = os.path.join(self.dir, "autosave")
        self.record = os.path.join(self.dir, "events.jsonl")
        self.state = os.path.join(self.dir, "state")
        e = dict(xvfb.env, GLFUN_AUTOSAVE_DIR=self.autosave, XDG_STATE_HOME=self.state)
        e.update(env or {})
        self.proc = subprocess.Popen([binary or GLFUN] + list(args) + ["--record", self.record], env=e,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd or self.dir, text=True)
        self.window = self._find_window()

    def _find_window(self):
        deadline = time.time() + 20
        while time.time() < deadline:
            if self.proc.poll() is not None:
                out, err = self.proc.communicate()
                raise AssertionError("glfun exited early (%s): %s" % (self.proc.returncode, err))
            r = subprocess.run(["xdotool", "search", "--name", self.title], env=self.xvfb.env,
                               capture_output=True, text=True)
            ids = [int(w) for w in r.stdout.split()]
            if ids:
                time.sleep(0.3)  # mapped; let the first frame land
                return ids[-1]
            time.sleep(0.1)
        raise AssertionError("glfun's window did not appear")

    def xdotool(self, *args):
        subprocess.run(["xdotool"] + [str(a) for a in args], env=self.xvfb.env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def click(self, x, y):
        self.xdotool("mousemove", "--window", self.window, x, y, "click", 1)
        self.settle()

    def drag(self, x0, y0, x1, y1, steps=8):
        args = ["mousemove", "--window", self.window, x0, y0, "mousedown", 1]
        for i in range(1, steps + 1):
            args += ["mousemove", "--window", self.window, x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps]
        args += ["mouseup", 1]
        self.xdotool(*args)
        self.settle()

    def key(self, *keys):
        # XTEST keys go to the window under the pointer (no window manager: focus follows the pointer).
        self.xdotool("mousemove", "--window", self.window, 320, 240)
        self.xdotool("key", *keys)
        self.settle()

    def settle(self, seconds=0.35):
        time.sleep(seconds)

    def geometry(self):
        r = subprocess.run(["xdotool", "getwindowgeometry", str(self.window)], env=self.xvfb.env,
                           capture_output=True, text=True, check=True)
        size = [l for l in r.stdout.splitlines() if "Geometry" in l][0].split()[-1]
        w, h = size.split("x")
        return int(w), int(h)

    def wait_for_geometry(self, size, seconds=5):
        """The window's size once it is `size`, or whatever it is after `seconds` (a window
        manager resizes a window some time after it says so, later on a busy machine)."""
        deadline = time.time() + seconds
        while self.geometry() != size and time.time() < deadline:
            time.sleep(0.05)
        return self.geometry()

    def screenshot(self):
        path = os.path.join(self.dir, "shot.xwd")
        with open(path, "wb") as f:
            subprocess.run(["xwd", "-id", str(self.window), "-silent"], env=self.xvfb.env, stdout=f, check=True)
        return Image(*xwd2png.read_xwd(path))

    def close(self):
        X11.close_window(self.xvfb.display, self.window)
        return self.wait()

    def wait(self, timeout=15):
        try:
            out, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, err = self.proc.communicate()
            raise AssertionError("glfun did not exit: " + err)
        self.stderr = err
        return self.proc.returncode

    def autosaves(self):
        if not os.path.isdir(self.autosave):
            return []
        return [os.path.join(self.autosave, f) for f in sorted(os.listdir(self.autosave)) if f.endswith(".json")]

    def cleanup(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def load_json(path, seconds=10):
    """The JSON file at `path`, waiting up to `seconds` for it to appear: a key like Ctrl+S
    returns before the app has written it (it renames the finished file into place)."""
    deadline = time.monotonic() + seconds
    while not os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.05)
    with open(path) as f:
        return json.load(f)


def window_position(env, window):
    """The window's top-left corner on the screen (xdotool getwindowgeometry)."""
    r = subprocess.run(["xdotool", "getwindowgeometry", str(window)], env=env, capture_output=True, text=True,
                       check=True)
    pos = [l for l in r.stdout.splitlines() if "Position" in l][0].split()[1]
    x, y = pos.split(",")
    return int(x), int(y)


def count_differing_pixels(a, b):
    """Pixels whose RGB differ between two Images of the same size (alpha ignored)."""
    if a.raw == b.raw:
        return 0
    n = 0
    stride = a.width * 4 + 1
    for y in range(a.height):
        ra = a.raw[y * stride + 1:(y + 1) * stride]
        rb = b.raw[y * stride + 1:(y + 1) * stride]
        if ra == rb:
            continue
        for x in range(a.width):
            if ra[4 * x:4 * x + 3] != rb[4 * x:4 * x + 3]:
                n += 1
    return n


class XvfbTestCase(unittest.TestCase):
    """Test cases that share one private Xvfb, started before the first test and stopped after
    the last (also when a test fails)."""

    @classmethod
    def setUpClass(cls):
        cls.x = Xvfb()

    @classmethod
    def tearDownClass(cls):
        cls.x.stop()
