#!/usr/bin/env python3
"""bench-peers.py: how fast the 2D libraries people would pick instead draw the benchmark
scenes (scripts/gen-scene.py) and path scenes (scripts/gen-strokes.py): skia-python, pygame,
pycairo and Blend2D (blend2d-python 1.0.0: Blend2D 0.8, one thread) on the CPU, raylib through
OpenGL, antialiasing off (--aa, or a scene with "antialias": true: on, for skia, cairo and
Blend2D, which have it; Blend2D has no aliased mode, so it draws only antialiased scenes), so
that glfun's figures can be compared with figures taken on the same machine. scripts/bench
runs it in its own venv (out/bench/venv) after `glfun bench`.

    python3 scripts/bench-peers.py SCENE.json [SCENE.json ...] [--libs skia,pygame,cairo,raylib,blend2d] [--aa]
                                   [--out DIR] [--frames F --warmup W] [--glfun-png DIR]

e.g.  python3 scripts/gen-scene.py 10000 --seed 42 --out /tmp/b/scenes
      python3 scripts/bench-peers.py /tmp/b/scenes/scene_10000.json --out /tmp/peers

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
import json
import math
import os
import statistics
import sys
import time


ANTIALIAS = False  # --aa


def load_scene(path):
    with open(path) as f:
        sc = json.load(f)
    sc["dir"] = os.path.dirname(os.path.abspath(path))
    n = len(sc["shapes"])
    stem = os.path.splitext(os.path.basename(path))[0]
    sc["label"] = str(n) if stem == "scene_%d" % n else stem
    sc["aa"] = ANTIALIAS or bool(sc.get("antialias", False))
    sc["has_paths"] = any(s["type"] == "path" for s in sc["shapes"])
    return sc


def subpaths(d):
    """SVG path data of M, L and Z (absolute, as gen-strokes.py writes) as [(points, closed)]."""
    import re

    out = []
    tokens = re.findall(r"[MLZmlz]|-?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?", d)
    i, cmd = 0, None
    while i < len(tokens):
        t = tokens[i]
        if t in "MLZmlz":
            cmd = t
            i += 1
            if t in "Zz" and out:
                out[-1] = (out[-1][0], True)
            continue
        if cmd not in ("M", "L"):
            raise ValueError("path data: only absolute M, L and Z are drawn by the peers (got %r)" % cmd)
        p = (float(tokens[i]), float(tokens[i + 1]))
        i += 2
        if cmd == "M" or not out:
            out.append(([p], False))
            cmd = "L"
        else:
            out[-1][0].append(p)
    return out


def color_of(value):
    """A scene colour ([r, g, b, a] in 0...1; the names and hex forms gen-strokes.py does not write are refused)."""
    if isinstance(value, list) and len(value) == 4:
        return tuple(float(v) for v in value)
    raise ValueError("colour %r: the peers take [r, g, b, a]" % (value,))


def frames_for(n):
    if n <= 1000:
        return 3, 60
    if n <= 10000:
        return 2, 30
    return 1, 10


def box(s):
    (x0, y0), (x1, y1) = s["from"], s["to"]
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def sprite_origin(s, w, h):
    return s["at"][0] - w / 2.0, s["at"][1] - h / 2.0


# --- skia-python -------------------------------------------------------------------------

def make_skia(sc):
    import skia

    W, H = sc["width"], sc["height"]
    surface = skia.Surface(W, H)  # raster, N32 premul, CPU, one thread
    canvas = surface.getCanvas()
    bg = skia.Color4f(*sc["background"])
    images = {}
    ops = []
    for s in sc["shapes"]:
        t = s["type"]
        if t == "image":
            name = s["image"]
            if name not in images:  # decode now, not lazily inside the timed loop
                images[name] = skia.Image.open(os.path.join(sc["dir"], name)).makeRasterImage()
            img = images[name]
            x, y = sprite_origin(s, img.width(), img.height())
            ops.append((canvas.drawImage, (img, x, y)))  # default paint: src-over, no AA
            continue
        if t == "path":
            path = skia.Path()
            for pts, closed in subpaths(s["d"]):
                path.moveTo(*pts[0])
                for q in pts[1:]:
                    path.lineTo(*q)
                if closed:
                    path.close()
            if "fill" in s:
                paint = skia.Paint(Color4f=skia.Color4f(*color_of(s["fill"])), AntiAlias=sc["aa"])
                path.setFillType(skia.PathFillType.kEvenOdd if s.get("rule") == "evenodd" else skia.PathFillType.kWinding)
                ops.append((canvas.drawPath, (path, paint)))
            if "stroke" in s:
                paint = skia.Paint(Color4f=skia.Color4f(*color_of(s["stroke"])), AntiAlias=sc["aa"])
                paint.setStyle(skia.Paint.kStroke_Style)
                paint.setStrokeWidth(s.get("width", 2))
                paint.setStrokeJoin({"round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}
                                    .get(s.get("join"), skia.Paint.kMiter_Join))
                paint.setStrokeCap({"round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
                                   .get(s.get("cap"), skia.Paint.kButt_Cap))
                paint.setStrokeMiter(s.get("miterLimit", 4))
                ops.append((canvas.drawPath, (path, paint)))
            continue
        paint = skia.Paint(Color4f=skia.Color4f(*s["color"]), AntiAlias=sc["aa"])
        if t == "line":
            paint.setStyle(skia.Paint.kStroke_Style)
            paint.setStrokeWidth(s.get("width", 2))
            paint.setStrokeCap(skia.Paint.kButt_Cap)
            (x0, y0), (x1, y1) = s["from"], s["to"]
            ops.append((canvas.drawLine, (x0, y0, x1, y1, paint)))
        elif t == "rect":
            ops.append((canvas.drawRect, (skia.Rect.MakeLTRB(*box(s)), paint)))
        elif t == "ellipse":
            ops.append((canvas.drawOval, (skia.Rect.MakeLTRB(*box(s)), paint)))
        else:
            raise ValueError("unknown shape type %r" % t)

    def frame():
        canvas.clear(bg)
        for f, a in ops:
            f(*a)
        surface.flushAndSubmit()

    def save(path):
        surface.makeImageSnapshot().save(path, skia.kPNG)

    return frame, save


# --- pygame --------------------------------------------------------------------------------

def make_pygame(sc):
    if sc["aa"] or sc["has_paths"]:
        raise Unsupported("pygame.draw has neither antialiased fills nor a path stroker")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    pygame.display.set_mode((1, 1))  # only so convert_alpha() can pick the fast blit format
    W, H = sc["width"], sc["height"]
    target = pygame.Surface((W, H), 0, 32)
    draw = pygame.draw

    def rgb(c):
        return target.map_rgb(tuple(int(round(v * 255)) for v in c[:3]))

    bg = rgb(sc["background"])
    images = {}
    ops = []
    for s in sc["shapes"]:
        t = s["type"]
        if t == "image":
            name = s["image"]
            if name not in images:
                images[name] = pygame.image.load(os.path.join(sc["dir"], name)).convert_alpha()
            img = images[name]
            x, y = sprite_origin(s, img.get_width(), img.get_height())
            ops.append((target.blit, (img, (int(x), int(y)))))  # per-pixel alpha: src-over
            continue
        if s["color"][3] < 1.0:
            # pygame.draw writes the colour, it does not blend; gen_scene.py's fills are opaque
            raise ValueError("pygame.draw cannot blend a translucent fill")
        c = rgb(s["color"])
        if t == "line":
            ops.append((draw.line, (target, c, tuple(s["from"]), tuple(s["to"]), int(s.get("width", 2)))))
        elif t in ("rect", "ellipse"):
            x0, y0, x1, y1 = box(s)
            r = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
            ops.append((draw.rect if t == "rect" else draw.ellipse, (target, c, r)))
        else:
            raise ValueError("unknown shape type %r" % t)

    def frame():
        target.fill(bg)
        for f, a in ops:
            f(*a)

    def save(path):
        pygame.image.save(target, path)

    return frame, save


# --- pycairo -------------------------------------------------------------------------------

def make_cairo(sc):
    import cairo

    W, H = sc["width"], sc["height"]
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, W, H)
    ctx = cairo.Context(surface)
    ctx.set_antialias(cairo.ANTIALIAS_DEFAULT if sc["aa"] else cairo.ANTIALIAS_NONE)
    ctx.set_line_cap(cairo.LINE_CAP_BUTT)
    bg = tuple(sc["background"][:3])
    images = {}
    ops = []

    def ellipse_path(x0, y0, x1, y1):  # built once; append_path per frame
        ctx.new_path()
        ctx.save()
        ctx.translate((x0 + x1) / 2.0, (y0 + y1) / 2.0)
        ctx.scale(max((x1 - x0) / 2.0, 1e-6), max((y1 - y0) / 2.0, 1e-6))
        ctx.arc(0, 0, 1, 0, 2 * math.pi)
        ctx.restore()
        p = ctx.copy_path()
        ctx.new_path()
        return p

    def op_line(c, w, x0, y0, x1, y1):
        ctx.set_source_rgba(*c)
        ctx.set_line_width(w)
        ctx.move_to(x0, y0)
        ctx.line_to(x1, y1)
        ctx.stroke()

    def op_rect(c, x, y, w, h):
        ctx.set_source_rgba(*c)
        ctx.rectangle(x, y, w, h)
        ctx.fill()

    def op_path(c, p):
        ctx.set_source_rgba(*c)
        ctx.append_path(p)
        ctx.fill()

    def op_stroke_path(c, w, join, cap, miter, p):
        ctx.set_source_rgba(*c)
        ctx.set_line_width(w)
        ctx.set_line_join(join)
        ctx.set_line_cap(cap)
        ctx.set_miter_limit(miter)
        ctx.append_path(p)
        ctx.stroke()
        ctx.set_line_cap(cairo.LINE_CAP_BUTT)

    def op_fill_path(c, rule, p):
        ctx.set_source_rgba(*c)
        ctx.set_fill_rule(rule)
        ctx.append_path(p)
        ctx.fill()
        ctx.set_fill_rule(cairo.FILL_RULE_WINDING)

    def line_path(d):
        ctx.new_path()
        for pts, closed in subpaths(d):
            ctx.move_to(*pts[0])
            for q in pts[1:]:
                ctx.line_to(*q)
            if closed:
                ctx.close_path()
        p = ctx.copy_path()
        ctx.new_path()
        return p

    def op_image(img, x, y, w, h):
        ctx.set_source_surface(img, x, y)
        ctx.rectangle(x, y, w, h)
        ctx.fill()

    for s in sc["shapes"]:
        t = s["type"]
        if t == "image":
            name = s["image"]
            if name not in images:
                images[name] = cairo.ImageSurface.create_from_png(os.path.join(sc["dir"], name))
            img = images[name]
            w, h = img.get_width(), img.get_height()
            x, y = sprite_origin(s, w, h)
            ops.append((op_image, (img, x, y, w, h)))
            continue
        if t == "path":
            p = line_path(s["d"])
            if "fill" in s:
                rule = cairo.FILL_RULE_EVEN_ODD if s.get("rule") == "evenodd" else cairo.FILL_RULE_WINDING
                ops.append((op_fill_path, (color_of(s["fill"]), rule, p)))
            if "stroke" in s:
                join = {"round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}.get(s.get("join"), cairo.LINE_JOIN_MITER)
                cap = {"round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE}.get(s.get("cap"), cairo.LINE_CAP_BUTT)
                ops.append((op_stroke_path, (color_of(s["stroke"]), s.get("width", 2), join, cap, s.get("miterLimit", 4), p)))
            continue
        c = tuple(s["color"])
        if t == "line":
            (x0, y0), (x1, y1) = s["from"], s["to"]
            ops.append((op_line, (c, s.get("width", 2), x0, y0, x1, y1)))
        elif t == "rect":
            x0, y0, x1, y1 = box(s)
            ops.append((op_rect, (c, x0, y0, x1 - x0, y1 - y0)))
        elif t == "ellipse":
            ops.append((op_path, (c, ellipse_path(*box(s)))))
        else:
            raise ValueError("unknown shape type %r" % t)

    def frame():
        ctx.set_operator(cairo.OPERATOR_SOURCE)
        ctx.set_source_rgb(*bg)
        ctx.paint()
        ctx.set_operator(cairo.OPERATOR_OVER)
        for f, a in ops:
            f(*a)
        surface.flush()

    def save(path):
        surface.write_to_png(path)

    return frame, save


# --- Blend2D (blend2d-python 1.0.0) -------------------------------------------------------

def make_blend2d(sc):
    import blend2d as bl

    if not sc["aa"]:
        raise Unsupported("Blend2D has no aliased mode")
    W, H = sc["width"], sc["height"]
    image = bl.BLImage(W, H, bl.BLFormat.PRGB32)
    ctx = bl.BLContext(image)  # synchronous: one thread (no BLContextCreateInfo thread count)

    # blend2d-python 1.0.0 reads a colour tuple as (b, g, r, a): a fill of (1, 0, 0, 1) comes
    # out blue (checked against a picture of known colours), so the tuples are swapped here.
    def bgra(c):
        r, g, b, a = c
        return (b, g, r, a)

    bg = bgra(sc["background"])
    images = {}
    ops = []

    def fill_rect(c, r):
        ctx.set_fill_style(c)
        ctx.fill_rect(r)

    def fill_ellipse(c, cx, cy, rx, ry):
        ctx.set_fill_style(c)
        ctx.fill_ellipse(cx, cy, rx, ry)

    def stroke(c, w, join, cap, miter, p):
        ctx.set_stroke_style(c)
        ctx.stroke_width = w
        ctx.stroke_join = join
        ctx.set_stroke_caps(cap)
        ctx.stroke_miter_limit = miter
        ctx.stroke_path(p)

    def fill_path(c, rule, p):
        ctx.set_fill_style(c)
        ctx.fill_rule = rule
        ctx.fill_path(p)

    for s in sc["shapes"]:
        t = s["type"]
        if t == "image":
            name = s["image"]
            if name not in images:
                images[name] = bl.BLImage()
                images[name].readFromFile(os.path.join(sc["dir"], name))
            img = images[name]
            x, y = sprite_origin(s, img.width, img.height)
            ops.append((ctx.blit_image, (bl.BLPoint(x, y), img)))
            continue
        if t == "path":
            p = bl.BLPath()
            for pts, closed in subpaths(s["d"]):
                p.move_to(*pts[0])
                for q in pts[1:]:
                    p.line_to(*q)
                if closed:
                    p.close()
            if "fill" in s:
                rule = bl.BLFillRule.EVEN_ODD if s.get("rule") == "evenodd" else bl.BLFillRule.NON_ZERO
                ops.append((fill_path, (bgra(color_of(s["fill"])), rule, p)))
            if "stroke" in s:
                join = {"round": bl.BLStrokeJoin.JOIN_ROUND, "bevel": bl.BLStrokeJoin.JOIN_BEVEL}.get(
                    s.get("join"), bl.BLStrokeJoin.JOIN_MITER_BEVEL)
                cap = {"round": bl.BLStrokeCap.CAP_ROUND, "square": bl.BLStrokeCap.CAP_SQUARE}.get(
                    s.get("cap"), bl.BLStrokeCap.CAP_BUTT)
                ops.append((stroke, (bgra(color_of(s["stroke"])), s.get("width", 2), join, cap,
                                     s.get("miterLimit", 4), p)))
            continue
        c = bgra(s["color"])
        x0, y0, x1, y1 = box(s)
        if t == "line":
            p = bl.BLPath()
            p.move_to(*s["from"])
            p.line_to(*s["to"])
            ops.append((stroke, (c, s.get("width", 2), bl.BLStrokeJoin.JOIN_MITER_BEVEL, bl.BLStrokeCap.CAP_BUTT, 4, p)))
        elif t == "rect":
            ops.append((fill_rect, (c, bl.BLRect(x0, y0, x1 - x0, y1 - y0))))
        elif t == "ellipse":
            ops.append((fill_ellipse, (c, (x0 + x1) / 2.0, (y0 + y1) / 2.0, (x1 - x0) / 2.0, (y1 - y0) / 2.0)))
        else:
            raise ValueError("unknown shape type %r" % t)

    def frame():
        ctx.comp_op = bl.BLCompOp.SRC_COPY
        ctx.set_fill_style(bg)
        ctx.fill_all()
        ctx.comp_op = bl.BLCompOp.SRC_OVER
        for f, a in ops:
            f(*a)
        ctx.flush()

    def save(path):
        image.writeToFile(path)

    return frame, save


# --- raylib --------------------------------------------------------------------------------

def make_raylib(sc):
    if sc["aa"] or sc["has_paths"]:
        raise Unsupported("raylib's shapes have neither antialiasing nor a path stroker")
    import ctypes

    import raylib
    from raylib import ffi, rl

    W, H = sc["width"], sc["height"]
    if not rl.IsWindowReady():  # one window (GL context) for every scene of the run
        # No display: GLFW's null platform, with an OSMesa context (see the top of this file).
        if not os.environ.get("DISPLAY") and rl.glfwPlatformSupported(raylib.GLFW_PLATFORM_NULL):
            rl.glfwInitHint(raylib.GLFW_PLATFORM, raylib.GLFW_PLATFORM_NULL)
        rl.SetTraceLogLevel(raylib.LOG_WARNING)
        rl.SetConfigFlags(raylib.FLAG_WINDOW_HIDDEN)
        rl.InitWindow(W, H, b"bench-peers")
        if not rl.IsWindowReady():
            raise RuntimeError("raylib: no GL context (no DISPLAY, and GLFW's null platform needs libosmesa6)")
    target = rl.LoadRenderTexture(W, H)
    finish = ctypes.CFUNCTYPE(None)(int(ffi.cast("uintptr_t", rl.glfwGetProcAddress(b"glFinish"))))

    def color(c):
        return ffi.new("Color *", tuple(int(round(v * 255)) for v in c))[0]

    def vec(p):
        return ffi.new("Vector2 *", (float(p[0]), float(p[1])))[0]

    bg = color(sc["background"])
    white = color([1, 1, 1, 1])
    textures = {}
    ops = []
    for s in sc["shapes"]:
        t = s["type"]
        if t == "image":
            name = s["image"]
            if name not in textures:
                textures[name] = rl.LoadTexture(os.path.join(sc["dir"], name).encode())
            tex = textures[name]
            x, y = sprite_origin(s, tex.width, tex.height)
            ops.append((rl.DrawTexture, (tex, int(x), int(y), white)))  # BLEND_ALPHA: src-over
            continue
        c = color(s["color"])
        x0, y0, x1, y1 = box(s)
        if t == "line":
            ops.append((rl.DrawLineEx, (vec(s["from"]), vec(s["to"]), float(s.get("width", 2)), c)))
        elif t == "rect":
            ops.append((rl.DrawRectangle, (int(x0), int(y0), int(x1 - x0), int(y1 - y0), c)))
        elif t == "ellipse":
            ops.append((rl.DrawEllipseV, (vec(((x0 + x1) / 2.0, (y0 + y1) / 2.0)), (x1 - x0) / 2.0, (y1 - y0) / 2.0, c)))
        else:
            raise ValueError("unknown shape type %r" % t)

    def frame():
        rl.BeginTextureMode(target)
        rl.ClearBackground(bg)
        for f, a in ops:
            f(*a)
        rl.EndTextureMode()  # draws the batch
        finish()

    def save(path):
        image = rl.LoadImageFromTexture(target.texture)
        rl.ImageFlipVertical(ffi.addressof(image))  # GL's rows are bottom-up
        rl.ExportImage(image, path.encode())
        rl.UnloadImage(image)

    return frame, save


def differing_share(a_path, b_path, threshold=16):
    """The share of pixels whose RGB differs by more than `threshold` in some channel."""
    import numpy
    from PIL import Image

    if not (os.path.exists(a_path) and os.path.exists(b_path)):
        return float("nan")
    a = numpy.asarray(Image.open(a_path).convert("RGB"), dtype=numpy.int16)
    b = numpy.asarray(Image.open(b_path).convert("RGB"), dtype=numpy.int16)
    if a.shape != b.shape:
        return float("nan")
    return float((numpy.abs(a - b) > threshold).any(axis=2).mean())


LIBS = {"skia": make_skia, "pygame": make_pygame, "cairo": make_cairo, "raylib": make_raylib, "blend2d": make_blend2d}
MODULES = {"skia": "skia", "pygame": "pygame", "cairo": "cairo", "raylib": "raylib", "blend2d": "blend2d"}


class Unsupported(Exception):
    """A library that cannot draw a scene as asked (Blend2D without antialiasing, pygame a path)."""


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
    global ANTIALIAS
    ANTIALIAS = args.aa
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
        sc = load_scene(path)
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
    print("| library (AA %s) | " % ("on" if ANTIALIAS else "off, unless the scene's") + " | ".join("N=%s" % n for n in ns) + " |")
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
