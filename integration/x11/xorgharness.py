"""A private Xorg with a touch screen, for the window's real XI 2.2 touches (Xvfb has no
touch devices): the dummy video driver and one inputtest device, driven through
`TouchScreen`. The rest of the harness (Xvfb, the glfun process, screenshots) is xharness.

Standard library only."""
import os
import shutil
import subprocess
import tempfile
import time

from xharness import free_display, stop_process


# Xorg's configuration: the dummy video driver and the inputtest input driver.
XORG_CONF = """\
Section "ServerFlags"
    Option "AutoAddDevices" "false"
    Option "AutoEnableDevices" "false"
    Option "AutoAddGPU" "false"
    Option "DontVTSwitch" "true"
EndSection

Section "ServerLayout"
    Identifier "Layout"
    Screen "S"
    InputDevice "touch"
EndSection

Section "Device"
    Identifier "D"
    Driver "dummy"
    VideoRam 256000
EndSection

Section "Monitor"
    Identifier "M"
    HorizSync 5.0 - 1000.0
    VertRefresh 5.0 - 200.0
    Modeline "{w}x{h}" 63.50 {w} {hs} {he} {ht} {h} {vs} {ve} {vt} -hsync +vsync
EndSection

Section "Screen"
    Identifier "S"
    Device "D"
    Monitor "M"
    DefaultDepth 24
    SubSection "Display"
        Depth 24
        Modes "{w}x{h}"
    EndSubSection
EndSection

Section "InputDevice"
    Identifier "touch"
    Driver "inputtest"
    Option "SocketPath" "{socket}"
    Option "DeviceType" "Touch"
    Option "TouchCount" "5"
EndSection
"""


class XorgUnavailable(RuntimeError):
    pass


class Xorg:
    """A private Xorg on its own display: the dummy video driver (no GPU, no VT needed
    with -novtswitch -sharevts) and one inputtest touch screen, driven through
    `touchscreen` (XI 2.2 touch events, as a real touch screen's driver sends them).
    Xvfb has no touch devices, hence this. Stopped by `stop`, also when a test fails."""

    def __init__(self, width=1024, height=768):
        self.width, self.height = width, height
        self.dir = tempfile.mkdtemp(prefix="glfun-xorg-")
        self.socket_path = os.path.join(self.dir, "touch.sock")
        self.config = os.path.join(self.dir, "xorg.conf")
        self.log = os.path.join(self.dir, "Xorg.log")
        with open(self.config, "w") as f:
            f.write(XORG_CONF.format(w=width, h=height, hs=width + 48, he=width + 152, ht=width + 304,
                                     vs=height + 3, ve=height + 7, vt=height + 30, socket=self.socket_path))
        self.number = free_display()
        self.display = ":%d" % self.number
        self.command = ["Xorg", self.display, "-config", self.config, "-noreset", "-nolisten", "tcp",
                        "-logfile", self.log, "-novtswitch", "-sharevts"]
        self.proc = None
        self._touch = None
        if not shutil.which("Xorg") or not os.path.exists("/usr/lib/xorg/modules/input/inputtest_drv.so"):
            raise XorgUnavailable("Xorg or its inputtest driver is not installed (scripts/setup installs "
                                  "xserver-xorg-core, xserver-xorg-video-dummy)")
        self.stderr_path = os.path.join(self.dir, "Xorg.stderr")
        with open(self.stderr_path, "wb") as err:
            self.proc = subprocess.Popen(self.command, stdout=subprocess.DEVNULL, stderr=err,
                                         stdin=subprocess.DEVNULL)
        deadline = time.time() + 15
        while not (os.path.exists("/tmp/.X11-unix/X%d" % self.number) and os.path.exists(self.socket_path)):
            if self.proc.poll() is not None or time.time() > deadline:
                why = self.failure()
                self.stop()
                raise XorgUnavailable("Xorg %s did not start: %s" % (self.display, why))
            time.sleep(0.05)
        self.env = dict(os.environ, DISPLAY=self.display, GLFUN_WINDOW_SYSTEM="x11")  # X11 even in a Wayland session

    def failure(self):
        """The server's error lines (its log, else its stderr), for a failure message."""
        lines = []
        try:
            with open(self.log, errors="replace") as f:
                lines = [l.split("(EE)", 1)[1].strip() for l in f if "(EE)" in l]
            skip = ("dbus", "module", "log file", "error, (NI)")
            lines = [l for l in lines if l and not any(k in l for k in skip)]
        except OSError:
            pass
        if not lines:
            try:
                with open(self.stderr_path, errors="replace") as f:
                    lines = [l.rstrip() for l in f if l.strip()][-8:]
            except OSError:
                pass
        return "; ".join(lines) or "no error in %s" % self.log

    @property
    def touchscreen(self):
        """The touch screen's control connection (one per server: the driver takes one client)."""
        if self._touch is None:
            self._touch = TouchScreen(self.socket_path, self.width, self.height)
        return self._touch

    def stop(self):
        # Stop the server before closing the driver's connection: the inputtest driver spins on
        # a closed client connection.
        if self.proc is not None:
            stop_process(self.proc, 10)
        if self._touch is not None:
            self._touch.close()
            self._touch = None
        shutil.rmtree(self.dir, ignore_errors=True)


class TouchScreen:
    """The inputtest driver's protocol (xf86-input-inputtest-protocol.h, version 1.1): fixed-size
    native-endian C structs over a Unix stream socket. Touch x/y valuators run 0..65535 across
    the screen (the server maps v to v * width / 65536 pixels)."""

    CLIENT_VERSION, WAIT_FOR_SYNC, TOUCH = 0, 1, 6
    BEGIN, UPDATE, END = 18, 19, 20  # XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd
    MAX_VALUATORS = 64
    TOUCH_SIZE = 16 + 1040  # header, touchid, touch_type; xf86ITValuatorData

    def __init__(self, path, width, height):
        import socket
        import struct
        self.struct = struct
        self.width, self.height = width, height
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(10)
        self.sock.connect(path)
        self.sock.sendall(struct.pack("=IiHH", 12, self.CLIENT_VERSION, 1, 1))
        length, kind, major, minor = struct.unpack("=IiHH", self._read(12))
        if (length, kind, major) != (12, 0, 1):
            raise RuntimeError("inputtest: unexpected server version reply %r" % ((length, kind, major, minor),))
        self.version = (major, minor)

    def _read(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise RuntimeError("inputtest: the server closed the connection")
            data += chunk
        return data

    def valuators(self, x, y):
        """Screen pixel (x, y) as the touch axes' values."""
        return (min(65535.0, max(0.0, x * 65536.0 / self.width)), min(65535.0, max(0.0, y * 65536.0 / self.height)))

    def send(self, kind, touch_id, x, y):
        s = self.struct
        vx, vy = self.valuators(x, y)
        mask = bytes([0b11]) + bytes(7)
        vals = [vx, vy] + [0.0] * (self.MAX_VALUATORS - 2)
        data = (s.pack("=IiIi", self.TOUCH_SIZE, self.TOUCH, touch_id, kind)
                + s.pack("=I", 0) + mask + bytes(4)
                + s.pack("=%dd" % self.MAX_VALUATORS, *vals) + bytes(8 * self.MAX_VALUATORS))
        assert len(data) == self.TOUCH_SIZE
        self.sock.sendall(data)

    def begin(self, touch_id, x, y):
        self.send(self.BEGIN, touch_id, x, y)

    def update(self, touch_id, x, y):
        self.send(self.UPDATE, touch_id, x, y)

    def end(self, touch_id, x, y):
        self.send(self.END, touch_id, x, y)

    def sync(self):
        """Waits until the server has processed every event sent."""
        self.sock.sendall(self.struct.pack("=Ii", 8, self.WAIT_FOR_SYNC))
        length, kind = self.struct.unpack("=Ii", self._read(8))
        if (length, kind) != (8, 1):
            raise RuntimeError("inputtest: unexpected sync reply %r" % ((length, kind),))

    def close(self):
        self.sock.close()
