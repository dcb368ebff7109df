"""The processes a compositor harness starts (a session bus, the compositor, its helpers), as
mutter_session.py and kwin_session.py start them: each a session leader with its output in a log
of its own, dying with the test process however that goes (PR_SET_PDEATHSIG), waited on until
something is there (or until one of them exits: its log says why), and stopped last first.
Not a harness itself: what to start and what to wait for are the harness's. Standard library."""
import ctypes
import os
import shutil
import signal
import subprocess
import time

PR_SET_PDEATHSIG = 1

_libc = ctypes.CDLL(None, use_errno=True)


def die_with_parent():
    """In the child before exec: SIGTERM when the test process goes, however it goes."""
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class Children:
    """The started processes, their logs in `logs`; `unavailable` is the error a failed start
    raises, `main` the child whose log a timeout shows."""

    def __init__(self, logs, unavailable, main):
        self.logs, self.unavailable, self.main = logs, unavailable, main
        self.procs = []

    def spawn(self, name, argv, env):
        """Starts `argv` as `name` (its log: LOGS/NAME.log)."""
        with open(os.path.join(self.logs, name + ".log"), "wb") as log:
            proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                    start_new_session=True, preexec_fn=die_with_parent)
        proc.glfun_name = name
        self.procs.append(proc)
        return proc

    def wait(self, ready, deadline, what):
        """Returns once `ready()` holds; raises `unavailable` if a child exits first or the
        monotonic `deadline` passes, with the log that says why."""
        while not ready():
            for proc in self.procs:
                if proc.poll() is not None:
                    raise self.unavailable("%s exited (%s) before %s was there; its log:\n%s"
                                           % (proc.glfun_name, proc.returncode, what, self.log(proc.glfun_name)))
            if time.monotonic() > deadline:
                raise self.unavailable("no %s in time; %s's log:\n%s" % (what, self.main, self.log(self.main)))
            time.sleep(0.05)

    def log(self, name):
        """The tail of one child's output."""
        try:
            with open(os.path.join(self.logs, name + ".log"), "rb") as f:
                return f.read()[-4000:].decode("utf-8", "replace")
        except OSError:
            return ""

    def stop(self, remove=None):
        """SIGTERM to every child's process group, the last started first; SIGKILL to any still
        there 5 s later; then the folder `remove`, if given, goes. Safe to call twice."""
        for proc in reversed(self.procs):
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for proc in reversed(self.procs):
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                proc.wait()
        self.procs = []
        if remove:
            shutil.rmtree(remove, ignore_errors=True)
