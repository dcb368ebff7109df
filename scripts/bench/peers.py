#!/usr/bin/env python3
"""bench-peers.py: how fast the 2D libraries people would pick instead draw the benchmark
scenes (scripts/bench/gen_scene.py) and path scenes (scripts/bench/gen_strokes.py): skia-python, pygame,
pycairo and Blend2D (blend2d-python 1.0.0: Blend2D 0.8, one thread) on the CPU, raylib through
OpenGL, antialiasing off (--aa, or a scene with "antialias": true: on, for skia, cairo and
Blend2D, which have it; Blend2D has no aliased mode, so it draws only antialiased scenes), so
that glfun's figures can be compared with figures taken on the same machine. scripts/bench/run
runs it in its own venv (out/bench/venv) after `glfun bench`.

    python3 scripts/bench/peers.py SCENE.json [SCENE.json ...] [--libs skia,pygame,cairo,raylib,blend2d] [--aa]
                                   [--out DIR] [--frames F --warmup W] [--glfun-png DIR]

e.g.  python3 scripts/bench/gen_scene.py 10000 --seed 42 --out /tmp/b/scenes
      python3 scripts/bench/peers.py /tmp/b/scenes/scene_10000.json --out /tmp/peers

Per library and scene: the shapes are prepared once, untimed (JSON parsed, sprite decoded,
colours/rects/paths built in the form the library wants). A frame is: clear to the
background, draw every shape in painter's order, wait until drawing is complete (skia's
flushAndSubmit and cairo's flush are called although both rasterize synchronously; raylib's
batch is flushed by EndTextureMode, then glFinish). Prints the median ms per frame over F
frames after W warm-up frames (default by shape count: <=1000: 60/3, <=10000: 30/2, else
10/1), one line per library and scene, then a markdown table, and writes each library's last
frame to DIR/<lib>_<N>.png (a scene not named scene_<N>.json: DIR/<lib>_<its name>.png, e.g.
blend2d_strokes_1000.png). With --glfun-png DIR (a folder holding glfun_<N>.png, from
`glfun render`), it also prints the share of pixels where each library's picture differs
from glfun's by more than 16/255 in a channel (numpy and Pillow needed): a check that they
all drew the same scene, not a score (edges of aliased shapes fall on different pixels).

raylib (the PyPI binding `raylib`, GLFW inside) needs a window to get a GL context. Here
there is no display: GLFW 3.4's null platform is asked for before InitWindow, and it makes
the context with OSMesa (Debian's libosmesa6, Mesa's llvmpipe without a window system), so
raylib draws into a RenderTexture2D on the same llvmpipe rasterizer glfun uses through EGL.
Each library is imported only if installed (pip install skia-python pygame pycairo raylib
blend2d-python==1.0.0).

Paths: the scenes' "type": "path" shapes as gen-strokes.py writes them (SVG data of M, L and Z
commands, absolute; "stroke" with "width", "join", "cap", "miterLimit"; or "fill" with "rule")
are built once into each library's path object and stroked or filled with its own stroker.
pygame and raylib have no path stroker: a scene with paths skips them.
"""
import argparse
import os
import statistics
import sys
import time



from peer_scene import Unsupported, differing_share, load_scene
from peer_skia import make_skia
from peer_pygame import make_pygame
from peer_cairo import make_cairo
from peer_blend2d import make_blend2d
from peer_raylib import make_raylib


def frames_for(n):
    """(warm-up, timed) frames by shape count."""
    if n <= 1000:
        return 3, 60
    if n <= 10000:
        return 2, 30
    return 1, 10


LIBS = {"skia": make_skia, "pygame": make_pygame, "cairo": make_cairo, "raylib": make_raylib, "blend2d": make_blend2d}
MODULES = {"skia": "skia", "pygame": "pygame", "cairo": "cairo", "raylib": "raylib", "blend2d": "blend2d"}

def available(lib):
    import importlib.util
    return importlib.util.find_spec(MODULES[lib]) is not None


def bench(frame, warmup, frames):
    for _ in range(warmup):
        frame()
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        frame()
        times.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(times), min(times), max(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenes", nargs="+")
    ap.add_argument("--libs", default="skia,pygame,cairo,raylib")
    ap.add_argument("--out", default="/tmp/peers", help="directory for <lib>_<N>.png")
    ap.add_argument("--frames", type=int, help="timed frames (default by N)")
    ap.add_argument("--warmup", type=int, help="warm-up frames (default by N)")
    ap.add_argument("--glfun-png", metavar="DIR", help="compare with DIR/glfun_<N>.png (glfun render)")
    ap.add_argument("--aa", action="store_true", help="antialiasing on (skia and cairo)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    libs = []
    for lib in args.libs.split(","):
        if lib not in LIBS:
            sys.exit("unknown library %r (have %s)" % (lib, ", ".join(LIBS)))
        if available(lib):
            libs.append(lib)
        else:
            print("%s: not installed, skipped" % lib, flush=True)
    results = {}
    ns = []
    for path in args.scenes:
        sc = load_scene(path, args.aa)
        n = len(sc["shapes"])
        label = sc["label"]
        ns.append(label)
        w, f = frames_for(n)
        w = args.warmup if args.warmup is not None else w
        f = args.frames if args.frames is not None else f
        for lib in libs:
            try:
                frame, save = LIBS[lib](sc)
            except Unsupported as e:
                print("%-7s N=%-6s skipped: %s" % (lib, label, e), flush=True)
                continue
            med, lo, hi = bench(frame, w, f)
            save(os.path.join(args.out, "%s_%s.png" % (lib, label)))
            results[lib, label] = med
            print("%-7s N=%-6s median %8.2f ms/frame (min %.2f, max %.2f; %d frames after %d warm-up)"
                  % (lib, label, med, lo, hi, f, w), flush=True)

    def cell(lib, label):
        ms = results.get((lib, label))
        return "-" if ms is None else "%.3g" % ms if ms < 100 else "%.0f" % ms

    print()
    print("| library (AA %s) | " % ("on" if args.aa else "off, unless the scene's") + " | ".join("N=%s" % n for n in ns) + " |")
    print("|---|" + "---:|" * len(ns))
    for lib in libs:
        print("| %s | " % lib + " | ".join(cell(lib, n) for n in ns) + " |")
    if args.glfun_png:
        print()
        print("| pixels differing from glfun's by >16/255 | " + " | ".join("N=%s" % n for n in ns) + " |")
        print("|---|" + "---:|" * len(ns))
        for lib in libs:
            shares = [differing_share(os.path.join(args.glfun_png, "glfun_%s.png" % n),
                                      os.path.join(args.out, "%s_%s.png" % (lib, n))) for n in ns]
            print("| %s | " % lib + " | ".join("%.2f%%" % (100 * x) for x in shares) + " |")


if __name__ == "__main__":
    main()
