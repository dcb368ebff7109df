"""A real compositor that offers wp_fractional_scale_v1: headless KWin 5.27 (`kwin_wayland
--virtual`), on a private runtime folder, session bus and config. No mocks.

`KWin(width, height, scale)` starts a session bus and `kwin_wayland --virtual` with one output of
`width` x `height` points at `scale` (fractional: 1.25, 1.5), and `stop()` ends both (also
atexit, and each child dies with this process: PR_SET_PDEATHSIG). `env` is what a Wayland client
of it runs with. What it offers the tests:
- `screenshot()`: the output as KWin composited it, in its pixels (KWin's ScreenShot2 D-Bus API,
  CaptureScreen), as a PIL image.
- `control`: kwin_control.c, built at test time: pointer, button, key and touch input through
  org_kde_kwin_fake_input (KWin's own input path: the seat's devices, focus, surface
  coordinates), and `set_scale(s)`: the output's scale changed while clients run
  (kde_output_management_v2, what KDE's display settings use).

What KWin 5.27 needs here (found by trying; DESIGN.md, "How the tests drive the compositors"):
- Debian gives /usr/bin/kwin_wayland the file capability cap_sys_resource, which is outside this
  container's bounding set: exec fails with EPERM. A copy of the binary (cp drops the
  capability) runs; KWin only wants the capability for a higher RLIMIT_NOFILE.
- It runs as root (unlike sway) and without a GPU: the virtual backend composites with OpenGL
  on Mesa's llvmpipe, so ScreenShot2 works.
- Fake input, output management and screenshots are for privileged clients only (a desktop
  file's X-KDE-Wayland-Interfaces): KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 and
  KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1 lift that for this KWin.
- No animations (kdeglobals AnimationDurationFactor=0): a window opens at once, not scaled up
  from a point, so the first settled screenshot is the window's picture.
- The virtual output's --width and --height are points: its pixels are those times the scale,
  and a new scale keeps the pixels and changes the points (1200x900 pixels are 800x600 points at
  1.5 and 960x720 at 1.25).

Debian's /usr/bin/python3 with python3-dbus and python3-pil; kwin-wayland, plasma-wayland-protocols
(the protocols' XML), wayland-scanner and cc (scripts/setup)."""
import atexit
import os
import shutil
import subprocess
import tempfile
import threading
import time

from children import Children
from input_client import InputClient

try:
    import dbus
    from PIL import Image
except ImportError as e:  # a pyenv or venv python3 does not see apt's packages
    raise ImportError("integration/wayland/kwin_session.py needs python3-dbus and python3-pil (scripts/setup): "
                      "run it with Debian's /usr/bin/python3 (%s)" % e) from e

HERE = os.path.dirname(os.path.abspath(__file__))
PROTOCOLS = "/usr/share/plasma-wayland-protocols"
CONTROL_PROTOCOLS = ("fake-input", "kde-output-device-v2", "kde-output-management-v2")
SCREENSHOT_BUS, SCREENSHOT_PATH = "org.kde.KWin", "/org/kde/KWin/ScreenShot2"
KEY_LEFTSHIFT = 42  # linux/input-event-codes.h
QIMAGE_FORMATS = {4: "BGRX", 5: "BGRA", 6: "BGRA"}  # QImage RGB32, ARGB32 (premultiplied: opaque here)


class KWinUnavailable(RuntimeError):
    """KWin or its session bus did not come up; the message says which and why."""


def build_control(folder):
    """Compiles kwin_control.c into `folder` (wayland-scanner's code for KWin's protocols)."""
    sources = [os.path.join(HERE, "kwin_control.c")]
    for name in CONTROL_PROTOCOLS:
        xml = os.path.join(PROTOCOLS, name + ".xml")
        if not os.path.exists(xml):
            raise KWinUnavailable("%s is missing (scripts/setup installs plasma-wayland-protocols)" % xml)
        subprocess.run(["wayland-scanner", "client-header", xml, os.path.join(folder, name + "-client-protocol.h")],
                       check=True)
        sources.append(os.path.join(folder, name + "-protocol.c"))
        subprocess.run(["wayland-scanner", "private-code", xml, sources[-1]], check=True)
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "wayland-client"], check=True,
                           capture_output=True, text=True).stdout.split()
    binary = os.path.join(folder, "kwin_control")
    subprocess.run(["cc", "-std=c11", "-O1", "-Wall", "-Werror", "-Wno-unused-parameter", "-I", folder, "-o", binary]
                   + sources + flags, check=True)
    return binary


class KWin:
    """Headless KWin with one virtual output, its session bus, and the control client."""

    def __init__(self, width=800, height=600, scale=1.5, socket="wayland-glfun-kwin", timeout=20):
        kwin = shutil.which("kwin_wayland")
        if not kwin:
            raise KWinUnavailable("kwin_wayland is not installed (scripts/setup installs kwin-wayland)")
        self.width, self.height, self.scale = width, height, scale
        self.dir = tempfile.mkdtemp(prefix="glfun-kwin.")
        self.runtime = os.path.join(self.dir, "runtime")
        os.mkdir(self.runtime, 0o700)
        self.children = Children(self.dir, KWinUnavailable, "kwin")
        self.bus, self.control = None, None
        atexit.register(self.stop)
        try:
            self._start(kwin, socket, timeout)
        except BaseException:
            self.stop()
            raise

    def _start(self, kwin, socket, timeout):
        deadline = time.monotonic() + timeout
        config = os.path.join(self.dir, "config")
        os.mkdir(config)
        with open(os.path.join(config, "kdeglobals"), "w") as f:
            f.write("[KDE]\nAnimationDurationFactor=0\n")
        with open(os.path.join(config, "kwinrc"), "w") as f:
            f.write("[Windows]\nPlacement=ZeroCornered\n")
        binary = os.path.join(self.dir, "kwin_wayland")
        shutil.copy(kwin, binary)  # without the file capability (see above)
        env = {k: v for k, v in os.environ.items()
               if k not in ("DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DBUS_SESSION_BUS_ADDRESS", "XAUTHORITY")}
        env.update(XDG_RUNTIME_DIR=self.runtime, XDG_CONFIG_HOME=config, HOME=self.dir,
                   XDG_DATA_HOME=os.path.join(self.dir, "data"), XDG_STATE_HOME=os.path.join(self.dir, "state"),
                   KWIN_WAYLAND_NO_PERMISSION_CHECKS="1", KWIN_SCREENSHOT_NO_PERMISSION_CHECKS="1")
        bus_socket = os.path.join(self.runtime, "bus")
        address = "unix:path=" + bus_socket
        self.children.spawn("dbus-daemon", ["dbus-daemon", "--session", "--nofork", "--nosyslog",
                                            "--address=" + address], env)
        self.children.wait(lambda: os.path.exists(bus_socket), deadline, "the session bus")
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        self.children.spawn("kwin", [binary, "--virtual", "--width", str(self.width), "--height", str(self.height),
                                     "--scale", str(self.scale), "--socket", socket, "--no-lockscreen",
                                     "--no-global-shortcuts", "--no-kactivities"], env)
        self.bus = dbus.bus.BusConnection(address)
        self.children.wait(lambda: os.path.exists(os.path.join(self.runtime, socket)), deadline,
                           "KWin's Wayland socket")
        self.children.wait(lambda: self.bus.name_has_owner(SCREENSHOT_BUS) and self._has_screenshots(), deadline,
                           "KWin's ScreenShot2 on the session bus")
        self.env = dict(env, WAYLAND_DISPLAY=socket)
        for name in ("DBUS_SESSION_BUS_ADDRESS", "KWIN_WAYLAND_NO_PERMISSION_CHECKS",
                     "KWIN_SCREENSHOT_NO_PERMISSION_CHECKS", "GLFUN_WINDOW_SYSTEM", "WAYLAND_DEBUG"):
            self.env.pop(name, None)
        self.control = KWinControl(build_control(self.dir), self.env)

    def _has_screenshots(self):
        try:
            self.bus.get_object(SCREENSHOT_BUS, SCREENSHOT_PATH, introspect=False).Introspect(
                dbus_interface="org.freedesktop.DBus.Introspectable")
            return True
        except dbus.DBusException:
            return False

    def log(self, name="kwin"):
        """The tail of a child's output (`kwin` or `dbus-daemon`)."""
        return self.children.log(name)

    def screenshot(self):
        """The output as KWin composited it, one pixel a pixel (RGB)."""
        read, write = os.pipe()
        chunks = []

        def read_all():
            with os.fdopen(read, "rb") as f:
                chunks.append(f.read())
        reader = threading.Thread(target=read_all)
        reader.start()
        try:
            shooter = self.bus.get_object(SCREENSHOT_BUS, SCREENSHOT_PATH, introspect=False)
            result = shooter.CaptureActiveScreen({"include-cursor": False, "native-resolution": True},
                                                 dbus.types.UnixFd(write), dbus_interface="org.kde.KWin.ScreenShot2",
                                                 signature="a{sv}h")
        finally:
            os.close(write)
            reader.join(20)
        width, height, stride = int(result["width"]), int(result["height"]), int(result["stride"])
        mode = QIMAGE_FORMATS[int(result["format"])]
        return Image.frombuffer("RGBA", (width, height), chunks[0], "raw", mode, stride, 1).convert("RGB")

    def set_scale(self, scale):
        """Changes the output's scale (its pixels stay, its points change); True once applied."""
        self.scale = scale
        return self.control.send("scale %g" % scale) == "applied"

    def stop(self):
        """Stops the control client, KWin and the bus, and removes the folder. Safe twice."""
        if self.control is not None:
            self.control.stop()
            self.control = None
        if self.bus is not None:
            self.bus.close()
            self.bus = None
        self.children.stop(remove=self.dir)
        atexit.unregister(self.stop)


class KWinControl(InputClient):
    """kwin_control running on KWin: one command, one answer (see kwin_control.c)."""

    def __init__(self, binary, env):
        super().__init__(binary, env, stdin=subprocess.PIPE)
        self.expect("ready")
        # KWin adds a fake-input client's pointer, keyboard and touch to the seat at their first
        # use, and that first event reaches no client: used once each here, before any window.
        self.motion(0, 0)
        self.key(KEY_LEFTSHIFT, True)
        self.key(KEY_LEFTSHIFT, False)
        self.touch("down", 0, 0, 0)
        self.touch("up", 0)

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        return self.expect(("ok", "applied", "failed", "unknown"))[0]

    def motion(self, x, y):
        self.send("motion %g %g" % (x, y))

    def button(self, code, pressed):
        self.send("button %d %d" % (code, 1 if pressed else 0))

    def key(self, code, pressed):
        self.send("key %d %d" % (code, 1 if pressed else 0))

    def touch(self, verb, ident, x=None, y=None):
        """`down` / `move` (with x, y) / `up`, then a frame."""
        self.send("%s %d" % (verb, ident) + ("" if x is None else " %g %g" % (x, y)))
        self.send("frame")
