"""A private headless sway (1.7, wlroots 0.15): the compositor here that offers
zwp_idle_inhibit_manager_v1, so a Wayland window's keep-awake can be checked by the
compositor's own word. No mocks.

`Sway()` starts `sway -c CONFIG` with wlroots' headless backend and pixman renderer
(WLR_BACKENDS=headless, WLR_RENDERER=pixman: no GPU, no DRM, no seat) on its own
XDG_RUNTIME_DIR, with a minimal config (one output, no Xwayland, no bar or background), and
`stop()` ends it. `env` is the environment a client runs in (this sway only, no DISPLAY), so
wharness.WaylandGlfun runs glfun on it as it does on a weston.

- sway's IPC (`swaymsg -t get_tree`) says, per view, `inhibit_idle`: whether an idle
  inhibitor is in force for it now (an application's inhibitor counts while its surface is
  visible). `view(app_id)` reads it.
- Keys: sway headless has no input device, but offers zwp_virtual_keyboard_manager_v1; `key()`
  types a keysym with `wtype`, whose virtual keyboard gives the seat a keyboard while it runs.
  A client binds wl_keyboard on the seat's capabilities event, after the keyboard appeared, so
  wtype waits (`-s`) before the key: without it the key is gone before the client listens.
- sway 1.7 refuses to run as root ("Unable to drop root"); as root it is started as `nobody`
  (setpriv), its runtime folder theirs and under /tmp (nobody cannot enter a TMPDIR of root's,
  such as scripts/test's); root's clients still reach its sockets.

Standard library, swaymsg and wtype (scripts/setup installs sway and wtype)."""
import json
import os
import pwd
import shutil
import subprocess
import tempfile
import time

from wharness import stop_compositor

CONFIG = """output HEADLESS-1 resolution {width}x{height}
xwayland disable
"""


class SwayUnavailable(RuntimeError):
    pass


class Sway:
    """A private headless sway with one `width` x `height` output."""

    def __init__(self, width=640, height=480, timeout=15):
        for tool in ("sway", "swaymsg", "wtype"):
            if not shutil.which(tool):
                raise SwayUnavailable("%s is not installed (scripts/setup installs it)" % tool)
        root = os.geteuid() == 0
        # As root, sway runs as nobody, who must reach its runtime folder: under /tmp, not under a
        # TMPDIR of root's own (scripts/test's is 0700).
        self.runtime = tempfile.mkdtemp(prefix="glfun-sway-", dir="/tmp" if root else None)
        os.chmod(self.runtime, 0o700)
        self.log = os.path.join(self.runtime, "sway.log")
        config = os.path.join(self.runtime, "config")
        with open(config, "w") as f:
            f.write(CONFIG.format(width=width, height=height))
        argv = ["sway", "-c", config]
        if root:
            nobody = pwd.getpwnam("nobody")
            for path in (self.runtime, config):
                os.chown(path, nobody.pw_uid, nobody.pw_gid)
            argv = ["setpriv", "--reuid=%d" % nobody.pw_uid, "--regid=%d" % nobody.pw_gid, "--clear-groups",
                    "--pdeathsig=TERM"] + argv  # dies with this process, killed or not
        env = {k: v for k, v in os.environ.items() if not k.startswith(("WAYLAND_", "WLR_", "SWAY"))}
        env.pop("DISPLAY", None)
        env.update(XDG_RUNTIME_DIR=self.runtime, HOME=self.runtime, WLR_BACKENDS="headless", WLR_RENDERER="pixman")
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(argv, env=env, stdout=log, stderr=log, stdin=subprocess.DEVNULL,
                                         start_new_session=True)
        deadline = time.time() + timeout
        while True:
            if self.proc.poll() is not None or time.time() > deadline:
                log = self._log_tail()
                self.stop()
                raise SwayUnavailable("sway did not start:\n" + log)
            sockets = os.listdir(self.runtime)
            ipc = [s for s in sockets if s.startswith("sway-ipc.")]
            display = [s for s in sockets if s.startswith("wayland-") and not s.endswith(".lock")]
            if ipc and display and self._answers(os.path.join(self.runtime, ipc[0])):
                break
            time.sleep(0.1)
        self.ipc = os.path.join(self.runtime, ipc[0])
        self.env = dict(os.environ, XDG_RUNTIME_DIR=self.runtime, WAYLAND_DISPLAY=display[0])
        for name in ("DISPLAY", "GLFUN_WINDOW_SYSTEM", "WAYLAND_SOCKET", "WAYLAND_DEBUG"):
            self.env.pop(name, None)

    def _log_tail(self):
        try:
            return open(self.log, errors="replace").read()[-2000:]
        except OSError:
            return ""

    def _answers(self, ipc):
        r = subprocess.run(["swaymsg", "-s", ipc, "-t", "get_version"], capture_output=True, timeout=10)
        return r.returncode == 0

    def tree(self):
        """sway's layout tree (`swaymsg -t get_tree`), parsed."""
        r = subprocess.run(["swaymsg", "-s", self.ipc, "-r", "-t", "get_tree"], capture_output=True, text=True,
                           timeout=10, check=True)
        return json.loads(r.stdout)

    def views(self):
        """Every view (a client's toplevel) in the tree, tiled or floating."""
        found, nodes = [], [self.tree()]
        while nodes:
            node = nodes.pop()
            if node.get("type") in ("con", "floating_con") and node.get("app_id") is not None:
                found.append(node)
            nodes.extend(node.get("nodes", []) + node.get("floating_nodes", []))
        return found

    def view(self, app_id):
        """The one view with this app id, or None."""
        views = [v for v in self.views() if v["app_id"] == app_id]
        assert len(views) <= 1, "%d views of %s" % (len(views), app_id)
        return views[0] if views else None

    def key(self, keysym, wait_ms=300):
        """Types one keysym (`space`, `Escape`) into the focused view through a virtual keyboard,
        `wait_ms` after the keyboard appeared (the client binds it first)."""
        subprocess.run(["wtype", "-s", str(wait_ms), "-k", keysym], env=self.env, check=True, timeout=10,
                       stdout=subprocess.DEVNULL)

    def stop(self):
        stop_compositor(self.proc, self.runtime)
