#!/usr/bin/env python3
"""bench-touch.py: the window's input-to-frame latency under 10 simultaneous real touches at
1,000 events per second (Xorg with the inputtest driver, XI 2.2), against one finger at 100
events per second. Prints the median frame time and latency of each (glfun --stats).
Needs the packages of scripts/setup and a built glfun ($GLFUN, default .build/release/glfun)."""
import math
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "integration", "x11"))
import xharness  # noqa: E402

xharness.GLFUN = os.environ.get("GLFUN", os.path.join(xharness.ROOT, ".build", "release", "glfun"))


def run(fingers, rate, seconds=3.0):
    xorg = xharness.Xorg()
    stats = tempfile.mktemp(suffix=".txt")
    try:
        app = xharness.Glfun(xorg, "--size", "1000x700", "--stats", stats)
        ts = xorg.touchscreen
        cx, cy = 500, 380
        for k in range(fingers):  # land 200 ms apart: each finger draws
            ts.begin(k + 1, cx + 150 * math.cos(k), cy + 150 * math.sin(k))
            time.sleep(0.2)
        start = time.time()
        step = 0
        sent = 0
        while time.time() - start < seconds:
            step += 1
            for k in range(fingers):
                a = k + step * 0.01
                ts.update(k + 1, cx + (150 + step % 50) * math.cos(a), cy + (150 + step % 50) * math.sin(a))
                sent += 1
                delay = start + sent / rate - time.time()  # keep to the rate, whatever a send costs
                if delay > 0:
                    time.sleep(delay)
        for k in range(fingers):
            ts.end(k + 1, cx, cy)
        time.sleep(0.5)
        app.key("Escape")
        app.wait()
        app.cleanup()
        rows = [l.split() for l in open(stats).read().splitlines()[1:]]
        live = [r for r in rows if int(r[2]) == 0 and float(r[1]) >= 0]
        events = sent
        print("%2d fingers, %4d events/s asked, %d sent in %.1f s: %d frames, frame median %.2f ms, latency median %.2f ms, p90 %.2f ms"
              % (fingers, rate, events, seconds, len(live), statistics.median(float(r[0]) for r in live),
                 statistics.median(float(r[1]) for r in live),
                 sorted(float(r[1]) for r in live)[int(len(live) * 0.9)]))
    finally:
        xorg.stop()
        if os.path.exists(stats):
            os.unlink(stats)


if __name__ == "__main__":
    run(1, 100)
    run(10, 1000)
