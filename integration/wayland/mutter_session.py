"""A real compositor that delivers input to Wayland clients: headless mutter driven through its
RemoteDesktop and ScreenCast D-Bus API (no mocks).

`MutterSession` starts, in a private runtime folder with its own session bus, pipewire,
wireplumber and `mutter --headless --wayland --no-x11 --virtual-monitor WxH`, and stops all
of it on exit (a `with` block, `stop()`, atexit, and each child also dies with this process:
PR_SET_PDEATHSIG). `session.remote_input()` opens an org.gnome.Mutter.RemoteDesktop session
with a linked ScreenCast session recording the virtual monitor, starts it, and returns a
`RemoteInput`: absolute pointer motion, buttons, axis steps, keysyms and evdev keycodes, and
touch down / motion / up in the stream's coordinates (on a scale-1 monitor those are the
monitor's pixels, which a full-screen window's surface coordinates equal), and `screenshot()`:
the monitor as mutter composited it, one frame of the screen cast stream taken by GStreamer's
pipewiresrc (the stream's node from its PipeWireStreamAdded signal).

What mutter 43 needs (found by trying; DESIGN.md, "How the tests drive the compositors"):
- One D-Bus connection for the session's whole life: mutter ties a session to the caller's
  unique name, refuses Notify* calls from any other and closes the session when that
  connection goes. (`gdbus call` per step opens a new connection each time: nothing arrives.)
- The stream must be started (RemoteDesktop.Session.Start starts the linked ScreenCast
  session); its pipewire stream need not be consumed, but pipewire must run for Start to work.
- Mutter makes each virtual device (pointer, keyboard, touchscreen) at the *first* Notify* call
  of its kind; only then does the seat gain that capability, and a client gets its
  wl_keyboard or wl_touch after the wl_seat.capabilities event that follows. The events that
  made the device never reach a client. So `RemoteInput` primes all three devices (a motion to
  a corner, a Shift tap, a tap at a corner) before any client connects: then a client's seat
  has all three capabilities from the start, the mapped window gets keyboard focus, and every
  event after that is delivered.
- No window animations (MUTTER_DEBUG_DISABLE_ANIMATIONS=1, the default plugin's test switch):
  a window opens with a zoom from its centre, and input during those 250 ms lands on the
  scaled actor, at wrong surface coordinates.
- Pointer focus follows the pointer: a motion over the mapped window gives `enter`, and a
  touch hides the pointer (`leave`) until the next motion.

Debian's /usr/bin/python3 with python3-dbus and python3-gi (GLib: the one signal), and
gst-launch-1.0 with pipewiresrc for screenshots (scripts/setup).
"""
import atexit
import os
import subprocess
import tempfile
import time

from children import Children

try:
    import dbus
    import dbus.mainloop.glib
    from gi.repository import GLib
except ImportError as e:  # a pyenv or venv python3 does not see apt's packages
    raise ImportError("integration/wayland/mutter_session.py needs python3-dbus and python3-gi (scripts/setup): "
                      "run it with Debian's /usr/bin/python3 (%s)" % e) from e

RD_BUS = "org.gnome.Mutter.RemoteDesktop"
RD_PATH = "/org/gnome/Mutter/RemoteDesktop"
RD_SESSION = "org.gnome.Mutter.RemoteDesktop.Session"
SC_BUS = "org.gnome.Mutter.ScreenCast"
SC_PATH = "/org/gnome/Mutter/ScreenCast"
SC_SESSION = "org.gnome.Mutter.ScreenCast.Session"
SC_STREAM = "org.gnome.Mutter.ScreenCast.Stream"
PROPERTIES = "org.freedesktop.DBus.Properties"

KEY_LEFTSHIFT = 42  # linux/input-event-codes.h


class MutterUnavailable(RuntimeError):
    """mutter, pipewire or the session bus did not come up; the message says which and why."""


class MutterSession:
    """Headless mutter (and the session bus, pipewire and wireplumber it needs) on a private
    XDG_RUNTIME_DIR. `env` is what a Wayland client of it runs with."""

    def __init__(self, width=640, height=480, display_name="wayland-glfun", timeout=20):
        self.width, self.height = width, height
        self.display_name = display_name
        self.dir = tempfile.mkdtemp(prefix="glfun-mutter.")
        self.runtime = os.path.join(self.dir, "runtime")
        os.mkdir(self.runtime, 0o700)
        self.logs = os.path.join(self.dir, "logs")
        os.mkdir(self.logs)
        self.children = Children(self.logs, MutterUnavailable, "mutter")
        self.bus = None
        self._inputs = []
        atexit.register(self.stop)
        try:
            self._start(timeout)
        except BaseException:
            self.stop()
            raise

    # Starting.

    def _base_env(self):
        env = {k: v for k, v in os.environ.items()
               if k not in ("DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XAUTHORITY")}
        env.update(XDG_RUNTIME_DIR=self.runtime,
                   XDG_CONFIG_HOME=os.path.join(self.dir, "config"),   # no monitors.xml of the user's
                   XDG_STATE_HOME=os.path.join(self.dir, "state"),
                   GSETTINGS_BACKEND="memory",                         # no dconf writes
                   MUTTER_DEBUG_DISABLE_ANIMATIONS="1",                # no map zoom: see the docstring
                   NO_AT_BRIDGE="1")
        return env

    def _start(self, timeout):
        deadline = time.monotonic() + timeout
        env = self._base_env()
        bus_socket = os.path.join(self.runtime, "bus")
        self.bus_address = "unix:path=" + bus_socket
        self.children.spawn("dbus-daemon", ["dbus-daemon", "--session", "--nofork", "--nosyslog",
                                            "--address=" + self.bus_address], env)
        self.children.wait(lambda: os.path.exists(bus_socket), deadline, "the session bus socket")
        env["DBUS_SESSION_BUS_ADDRESS"] = self.bus_address
        self.children.spawn("pipewire", ["pipewire"], env)
        self.children.wait(lambda: os.path.exists(os.path.join(self.runtime, "pipewire-0")), deadline,
                           "pipewire's socket")
        self.children.spawn("wireplumber", ["wireplumber"], env)
        self.children.spawn("mutter", ["mutter", "--headless", "--wayland", "--no-x11",
                                       "--virtual-monitor", "%dx%d" % (self.width, self.height),
                                       "--wayland-display", self.display_name], env)
        # A GLib main loop only to hear PipeWireStreamAdded (the stream's node, for screenshots).
        self.bus = dbus.bus.BusConnection(self.bus_address, mainloop=dbus.mainloop.glib.DBusGMainLoop())
        self.children.wait(lambda: os.path.exists(os.path.join(self.runtime, self.display_name)), deadline,
                           "mutter's Wayland socket")
        self.children.wait(lambda: self.bus.name_has_owner(RD_BUS) and self.bus.name_has_owner(SC_BUS), deadline,
                           "mutter's RemoteDesktop and ScreenCast names")
        self.env = dict(env, WAYLAND_DISPLAY=self.display_name)
        del self.env["DBUS_SESSION_BUS_ADDRESS"]  # clients need no bus of ours
        self.pipewire_env = env  # pipewire's clients: the runtime dir has its socket

    def log(self, name):
        """The tail of one child's output (`mutter`, `pipewire`, `wireplumber`, `dbus-daemon`)."""
        return self.children.log(name)

    # Input.

    def remote_input(self):
        """A started RemoteDesktop session recording the virtual monitor, devices primed."""
        remote = RemoteInput(self.bus, self.width, self.height, self.pipewire_env)
        self._inputs.append(remote)
        return remote

    # Stopping.

    def stop(self):
        """Stops every child (mutter first, the bus last) and removes the runtime folder.
        Safe to call twice; atexit calls it too."""
        for remote in self._inputs:
            remote.close()
        self._inputs = []
        if self.bus is not None:
            self.bus.close()
            self.bus = None
        self.children.stop(remove=self.dir)
        atexit.unregister(self.stop)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


class RemoteInput:
    """One org.gnome.Mutter.RemoteDesktop session linked to a ScreenCast session that records
    the whole (virtual) monitor. Coordinates are the stream's: the monitor's logical pixels."""

    def __init__(self, bus, width, height, env):
        self.width, self.height = width, height
        rd = bus.get_object(RD_BUS, RD_PATH)
        path = rd.CreateSession(dbus_interface=RD_BUS)
        self.session = dbus.Interface(bus.get_object(RD_BUS, path), RD_SESSION)
        session_id = bus.get_object(RD_BUS, path).Get(RD_SESSION, "SessionId", dbus_interface=PROPERTIES)
        sc = bus.get_object(SC_BUS, SC_PATH)
        cast_path = sc.CreateSession({"remote-desktop-session-id": session_id}, dbus_interface=SC_BUS)
        cast = dbus.Interface(bus.get_object(SC_BUS, cast_path), SC_SESSION)
        self.stream = cast.RecordMonitor("", {"cursor-mode": dbus.UInt32(0)})  # "" = the primary monitor
        self.node = None
        receiver = bus.add_signal_receiver(self._stream_added, signal_name="PipeWireStreamAdded",
                                           dbus_interface=SC_STREAM, path=self.stream)
        self.session.Start()
        self.open = True
        deadline = time.monotonic() + 10
        while self.node is None and time.monotonic() < deadline:
            GLib.MainContext.default().iteration(False) or time.sleep(0.01)
        receiver.remove()
        if self.node is None:
            raise MutterUnavailable("the screen cast stream never came up (no PipeWireStreamAdded)")
        self.env = env
        self.prime()

    def _stream_added(self, node):
        self.node = int(node)

    def prime(self):
        """Makes mutter create the virtual pointer, keyboard and touchscreen now, with events no
        client sees (the seat gains each capability only at its device's first event)."""
        self.pointer_move(self.width - 1, self.height - 1)
        self.key_code(KEY_LEFTSHIFT, True)
        self.key_code(KEY_LEFTSHIFT, False)
        self.touch_down(0, self.width - 1, self.height - 1)
        self.touch_up(0)

    def pointer_move(self, x, y):
        """NotifyPointerMotionAbsolute: the pointer to (x, y) of the stream."""
        self.session.NotifyPointerMotionAbsolute(self.stream, dbus.Double(x), dbus.Double(y))

    def button(self, code, pressed):
        """NotifyPointerButton with an evdev button code (BTN_LEFT 272)."""
        self.session.NotifyPointerButton(dbus.Int32(code), dbus.Boolean(pressed))

    def click(self, x, y, code=272):
        """A move to (x, y), then a press and a release."""
        self.pointer_move(x, y)
        self.button(code, True)
        self.button(code, False)

    def axis_steps(self, axis, steps):
        """NotifyPointerAxisDiscrete: `steps` wheel clicks on axis 0 (vertical) or 1."""
        self.session.NotifyPointerAxisDiscrete(dbus.UInt32(axis), dbus.Int32(steps))

    # NotifyPointerAxis's flags (mutter's MetaRemoteDesktopNotifyAxisFlags).
    AXIS_FINISH, AXIS_SOURCE_WHEEL, AXIS_SOURCE_FINGER, AXIS_SOURCE_CONTINUOUS = 1, 2, 4, 8

    def axis(self, dx, dy, flags=AXIS_SOURCE_FINGER):
        """NotifyPointerAxis: a smooth scroll (a touchpad's, with the default flags) by dx, dy."""
        self.session.NotifyPointerAxis(dbus.Double(dx), dbus.Double(dy), dbus.UInt32(flags))

    def key_sym(self, keysym, pressed):
        """NotifyKeyboardKeysym: mutter finds the key in its keymap (US unless changed)."""
        self.session.NotifyKeyboardKeysym(dbus.UInt32(keysym), dbus.Boolean(pressed))

    def key_code(self, code, pressed):
        """NotifyKeyboardKeycode with an evdev key code (KEY_A 30)."""
        self.session.NotifyKeyboardKeycode(dbus.UInt32(code), dbus.Boolean(pressed))

    def touch_down(self, slot, x, y):
        """NotifyTouchDown: finger `slot` down at (x, y) of the stream."""
        self.session.NotifyTouchDown(self.stream, dbus.UInt32(slot), dbus.Double(x), dbus.Double(y))

    def touch_motion(self, slot, x, y):
        """NotifyTouchMotion: finger `slot` to (x, y) of the stream."""
        self.session.NotifyTouchMotion(self.stream, dbus.UInt32(slot), dbus.Double(x), dbus.Double(y))

    def touch_up(self, slot):
        """NotifyTouchUp: finger `slot` lifted."""
        self.session.NotifyTouchUp(dbus.UInt32(slot))

    def screenshot(self, timeout=10, attempt=2.5):
        """The monitor as the screen cast stream shows it now (mutter's composited picture, no
        cursor): one frame taken by GStreamer's pipewiresrc from the stream's node (about
        60 ms). Now and then (about once in a few hundred, seen on a still screen) mutter sends a
        new consumer no frame until the screen changes: after `attempt` seconds a new one asks."""
        deadline = time.monotonic() + timeout
        with tempfile.TemporaryDirectory(prefix="glfun-mutter-shot.") as d:
            raw = os.path.join(d, "frame.rgb")
            while True:
                try:
                    subprocess.run(["gst-launch-1.0", "-q", "pipewiresrc", "path=%d" % self.node, "num-buffers=1",
                                    "!", "videoconvert", "!", "video/x-raw,format=RGB", "!", "filesink",
                                    "location=" + raw],
                                   env=self.env, check=True, stdout=subprocess.DEVNULL,
                                   timeout=max(0.5, min(attempt, deadline - time.monotonic())))
                    break
                except subprocess.TimeoutExpired:
                    if time.monotonic() >= deadline:
                        raise
            with open(raw, "rb") as f:
                return Picture(self.width, self.height, f.read())

    def close(self):
        """Stops the session (and its screen cast); mutter drops its virtual devices."""
        if self.open:
            self.open = False
            try:
                self.session.Stop()
            except dbus.DBusException:
                pass  # mutter already gone


class Picture:
    """An RGB frame (GStreamer's rows: 3 bytes a pixel, each row padded to 4 bytes)."""

    def __init__(self, width, height, data):
        self.width, self.height = width, height
        self.stride = (width * 3 + 3) & ~3
        if len(data) != self.stride * height:
            raise ValueError("a %dx%d frame has %d bytes, not %d" % (width, height, len(data), self.stride * height))
        self.data = data

    def __getitem__(self, xy):
        x, y = xy
        i = y * self.stride + x * 3
        return tuple(self.data[i:i + 3])
