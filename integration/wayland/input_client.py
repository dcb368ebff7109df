"""The tiny Wayland client of input_client.c, built at test time and run against a compositor:
`build_input_client(folder)` compiles it (cc, and wayland-scanner's xdg-shell code from the
installed wayland-protocols), `InputClient(binary, env)` runs it and reads its event lines."""
import os
import queue
import subprocess
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
XDG_SHELL = "/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml"


def build_input_client(folder):
    """Compiles input_client.c into `folder`; returns the binary's path."""
    header = os.path.join(folder, "xdg-shell-client-protocol.h")
    code = os.path.join(folder, "xdg-shell-protocol.c")
    binary = os.path.join(folder, "input_client")
    subprocess.run(["wayland-scanner", "client-header", XDG_SHELL, header], check=True)
    subprocess.run(["wayland-scanner", "private-code", XDG_SHELL, code], check=True)
    cflags = subprocess.run(["pkg-config", "--cflags", "--libs", "wayland-client"], check=True,
                            capture_output=True, text=True).stdout.split()
    subprocess.run(["cc", "-std=c11", "-O1", "-Wall", "-Werror", "-Wno-unused-parameter", "-I", folder,
                    "-o", binary, os.path.join(HERE, "input_client.c"), code] + cflags, check=True)
    return binary


class InputClient:
    """The running client; `expect` waits for lines it printed (one per input event).
    `stdin=subprocess.PIPE` for a client that reads commands (kwin_session.KWinControl)."""

    def __init__(self, binary, env, stdin=None):
        self.proc = subprocess.Popen([binary], env=env, stdin=stdin, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.seen = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def expect(self, wanted, timeout=5.0):
        """Reads lines until one starts with `wanted` (a string or a tuple of strings); returns
        that line split into words. Lines read on the way stay in `seen`."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(left, 0.001))
            except queue.Empty:
                raise AssertionError("no %r within %.1f s; the client printed %r" % (wanted, timeout, self.seen))
            if line is None:
                raise AssertionError("the client exited (%s) before %r; it printed %r"
                                     % (self.proc.wait(), wanted, self.seen))
            self.seen.append(line)
            if line.startswith(wanted):
                return line.split()

    def saw(self, wanted, timeout=5.0):
        """Like `expect`, but a line already read counts too (for events whose order against
        others the protocol leaves open, such as keyboard enter against the first frame)."""
        for line in self.seen:
            if line.startswith(wanted):
                return line.split()
        return self.expect(wanted, timeout)

    def drain(self, quiet=0.2):
        """Reads until no line comes for `quiet` seconds; returns those lines."""
        got = []
        while True:
            try:
                line = self.lines.get(timeout=quiet)
            except queue.Empty:
                return got
            if line is None:
                return got
            self.seen.append(line)
            got.append(line)

    def stop(self):
        """Ends the client (it holds no state worth a clean close)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(5)
        self.proc.stdout.close()
        if self.proc.stdin:
            self.proc.stdin.close()
