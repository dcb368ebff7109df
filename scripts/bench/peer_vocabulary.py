#!/usr/bin/env python3
"""peer_vocabulary.py SCENE.json --lib skia|cairo|blend2d [--frames F --warmup W] [--png OUT]:
how fast a peer draws one of scripts/bench/gen_vocabulary.py's scenes (groups with transforms,
clips and opacity; linear and radial gradients; dashed strokes), antialiased, one thread.
Prints `ms_per_frame_median=<x>` last (as `glfun bench` does); scripts/bench/vocabulary
interleaves it with glfun.

Each library's own vocabulary: skia-python (Canvas.concat, clipPath with antialiasing,
saveLayerAlpha, GradientShader.MakeLinear / MakeRadial / MakeTwoPointConical,
DashPathEffect), cairo (pycairo, or cairocffi where pycairo is not installed: the same API;
transform, clip, push_group + paint_with_alpha, Linear/RadialGradient, set_dash), Blend2D
(blend2d-python 1.0.0: Blend2D 0.8, whose context has no path clip and no layers: a clipped
group or a group with opacity is drawn into an image of the canvas's size and blitted with
global alpha, the clip left out, so its clip row is "no clip"; gradients and dashes where the
binding has them, else the scene is skipped with the reason). Prepared once, untimed: paths,
paints, dash effects, text blobs; a frame clears to the background, draws in painter's order
and flushes. Text (the `text` page): skia draws prepared TextBlobs (skia.Font, antialiased,
subpixel, unhinted), cairo show_text (toy font API, antialiased, unhinted), Blend2D is skipped
(blend2d-python 1.0.0 exposes no fonts).
"""
import argparse
import json
import math
import re
import statistics
import sys
import time

from vocabulary_scene import color, commands, flatten, mul, shape_commands, transform  # noqa: E402,F401


class Skipped(Exception):
    pass


def make_skia(sc, ops):
    import skia
    W, H = sc["width"], sc["height"]
    surface = skia.Surface(W, H)
    canvas = surface.getCanvas()

    def path(cmds, evenodd=False):
        p = skia.Path()
        for op, pts in cmds:
            if op == "M":
                p.moveTo(*pts[0])
            elif op == "L":
                p.lineTo(*pts[0])
            elif op == "C":
                p.cubicTo(*pts[0], *pts[1], *pts[2])
            else:
                p.close()
        if evenodd:
            p.setFillType(skia.PathFillType.kEvenOdd)
        return p

    def argb(c):
        r, g, b, a = color(c)
        return skia.ColorSetARGB(round(a * 255), round(r * 255), round(g * 255), round(b * 255))

    def paint(p, **kw):
        pt = skia.Paint(AntiAlias=True, **kw)
        if isinstance(p, dict) and "linear" in p:
            g = p["linear"]
            pt.setShader(skia.GradientShader.MakeLinear([skia.Point(*g["from"]), skia.Point(*g["to"])],
                                                        [argb(s["color"]) for s in g["stops"]], [s["offset"] for s in g["stops"]]))
        elif isinstance(p, dict) and "radial" in p:
            g = p["radial"]
            cols, pos = [argb(s["color"]) for s in g["stops"]], [s["offset"] for s in g["stops"]]
            if "focal" in g:
                sh = skia.GradientShader.MakeTwoPointConical(skia.Point(*g["focal"]), 0, skia.Point(*g["center"]), g["radius"], cols, pos)
            else:
                sh = skia.GradientShader.MakeRadial(skia.Point(*g["center"]), g["radius"], cols, pos)
            pt.setShader(sh)
        else:
            pt.setColor(argb(p))
        return pt

    caps = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
    joins = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}

    def prepare(ops):
        out = []
        for op in ops:
            if op[0] == "group":
                _, m, clip, opacity, inner = op
                a, b, c, d, e, f = m
                out.append(("group", skia.Matrix.MakeAll(a, c, e, b, d, f, 0, 0, 1), clip and path(*clip),
                            round(opacity * 255), prepare(inner)))
            elif op[0] == "text":
                _, text, (x, y), family, size, fill = op
                font = skia.Font(skia.Typeface(family), size)
                font.setEdging(skia.Font.Edging.kAntiAlias)
                font.setSubpixel(True)
                font.setHinting(skia.FontHinting.kNone)
                out.append(("text", skia.TextBlob.MakeFromString(text, font), x, y, paint(fill)))
            elif op[0] == "fill":
                out.append(("draw", path(op[1], op[3]), paint(op[2])))
            else:
                _, cmds, p, w, cap, join, dash, off = op
                pt = paint(p, Style=skia.Paint.kStroke_Style, StrokeWidth=w)
                pt.setStrokeCap(caps[cap])
                pt.setStrokeJoin(joins[join])
                if dash:
                    pt.setPathEffect(skia.DashPathEffect.Make(dash * (2 if len(dash) % 2 else 1), off))
                out.append(("draw", path(cmds), pt))
        return out

    prepared = prepare(ops)

    def run(ops):
        for op in ops:
            if op[0] == "draw":
                canvas.drawPath(op[1], op[2])
                continue
            if op[0] == "text":
                canvas.drawTextBlob(op[1], op[2], op[3], op[4])
                continue
            _, m, clip, alpha, inner = op
            if alpha < 255:
                canvas.saveLayerAlpha(None, alpha)
            else:
                canvas.save()
            canvas.concat(m)
            if clip is not None:
                canvas.clipPath(clip, skia.ClipOp.kIntersect, True)
            run(inner)
            canvas.restore()

    bg = argb(sc["background"])

    def frame():
        canvas.clear(bg)
        run(prepared)
        surface.flushAndSubmit()

    def save(p):
        surface.makeImageSnapshot().save(p, skia.kPNG)
    return frame, save


def make_cairo(sc, ops):
    try:
        import cairo
    except ImportError:
        import cairocffi as cairo
    W, H = sc["width"], sc["height"]
    surf = cairo.ImageSurface(cairo.FORMAT_ARGB32, W, H)
    ctx = cairo.Context(surf)
    ctx.set_antialias(cairo.ANTIALIAS_DEFAULT)
    fo = cairo.FontOptions()
    fo.set_antialias(cairo.ANTIALIAS_GRAY)
    fo.set_hint_style(cairo.HINT_STYLE_NONE)
    fo.set_hint_metrics(cairo.HINT_METRICS_OFF)
    ctx.set_font_options(fo)

    def source(p):
        if isinstance(p, dict) and ("linear" in p or "radial" in p):
            if "linear" in p:
                g = p["linear"]
                pat = cairo.LinearGradient(*g["from"], *g["to"])
            else:
                g = p["radial"]
                pat = cairo.RadialGradient(*g.get("focal", g["center"]), 0, *g["center"], g["radius"])
            for s in g["stops"]:
                pat.add_color_stop_rgba(s["offset"], *color(s["color"]))
            return pat
        return cairo.SolidPattern(*color(p))

    caps = {"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE}
    joins = {"miter": cairo.LINE_JOIN_MITER, "round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}

    def prepare(ops):
        out = []
        for op in ops:
            if op[0] == "group":
                _, m, clip, opacity, inner = op
                out.append(("group", cairo.Matrix(*m), clip, opacity, prepare(inner)))
            elif op[0] == "text":
                _, text, at, family, size, fill = op
                out.append(("text", text, at, cairo.ToyFontFace(family), size, source(fill)))
            elif op[0] == "fill":
                out.append(("fill", op[1], source(op[2]), cairo.FILL_RULE_EVEN_ODD if op[3] else cairo.FILL_RULE_WINDING))
            else:
                _, cmds, p, w, cap, join, dash, off = op
                out.append(("stroke", cmds, source(p), w, caps[cap], joins[join], dash, off))
        return out

    prepared = prepare(ops)

    def trace(cmds):
        for op, pts in cmds:
            if op == "M":
                ctx.move_to(*pts[0])
            elif op == "L":
                ctx.line_to(*pts[0])
            elif op == "C":
                ctx.curve_to(*pts[0], *pts[1], *pts[2])
            else:
                ctx.close_path()

    def run(ops):
        for op in ops:
            if op[0] == "text":
                _, text, (x, y), face, size, src = op
                ctx.set_font_face(face)
                ctx.set_font_size(size)
                ctx.set_source(src)
                ctx.move_to(x, y)
                ctx.show_text(text)
            elif op[0] == "fill":
                trace(op[1])
                ctx.set_source(op[2])
                ctx.set_fill_rule(op[3])
                ctx.fill()
            elif op[0] == "stroke":
                _, cmds, src, w, cap, join, dash, off = op
                trace(cmds)
                ctx.set_source(src)
                ctx.set_line_width(w)
                ctx.set_line_cap(cap)
                ctx.set_line_join(join)
                ctx.set_dash(dash or [], off)
                ctx.stroke()
            else:
                _, m, clip, opacity, inner = op
                ctx.save()
                ctx.transform(m)
                if clip:
                    trace(clip[0])
                    ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if clip[1] else cairo.FILL_RULE_WINDING)
                    ctx.clip()
                if opacity < 1:
                    ctx.push_group()
                run(inner)
                if opacity < 1:
                    ctx.pop_group_to_source()
                    ctx.paint_with_alpha(opacity)
                ctx.restore()

    bg = color(sc["background"])

    def frame():
        ctx.set_source_rgba(*bg)
        ctx.set_operator(cairo.OPERATOR_SOURCE)
        ctx.paint()
        ctx.set_operator(cairo.OPERATOR_OVER)
        run(prepared)
        surf.flush()
    return frame, surf.write_to_png


def make_blend2d(sc, ops):
    import blend2d as bl
    import numpy as np

    def has_clip(ops):
        return any(op[0] == "group" and (op[2] or has_clip(op[4])) for op in ops)
    if has_clip(ops):
        raise Skipped("Blend2D 0.8 clips to rectangles only, not to a path")
    if any(op[0] == "text" for op in ops):
        raise Skipped("blend2d-python 1.0.0 exposes no fonts")
    W, H = sc["width"], sc["height"]
    image = bl.BLImage(W, H, bl.BLFormat.PRGB32)
    ctx = bl.BLContext(image)

    def bgra(c):
        r, g, b, a = color(c)
        return (b, g, r, a)

    def style(p):
        if isinstance(p, dict) and ("linear" in p or "radial" in p):
            if "linear" in p:
                g = p["linear"]
                gr = bl.create_linear_gradient(*g["from"], *g["to"])
            else:
                g = p["radial"]
                gr = bl.create_radial_gradient(*g["center"], *g.get("focal", g["center"]), g["radius"])
            for s in g["stops"]:
                gr.add_stop(s["offset"], bgra(s["color"]))
            return gr
        return bgra(p)

    def path(cmds):
        p = bl.BLPath()
        for op, pts in cmds:
            if op == "M":
                p.move_to(*pts[0])
            elif op == "L":
                p.line_to(*pts[0])
            elif op == "C":
                p.cubic_to(*pts[0], *pts[1], *pts[2])
            else:
                p.close()
        return p

    caps = {"butt": bl.BLStrokeCap.CAP_BUTT, "round": bl.BLStrokeCap.CAP_ROUND, "square": bl.BLStrokeCap.CAP_SQUARE}
    joins = {"miter": bl.BLStrokeJoin.JOIN_MITER_BEVEL, "round": bl.BLStrokeJoin.JOIN_ROUND, "bevel": bl.BLStrokeJoin.JOIN_BEVEL}

    def prepare(ops):
        out = []
        for op in ops:
            if op[0] == "group":
                out.append(("group", op[1], op[3], prepare(op[4])))
            elif op[0] == "fill":
                out.append(("fill", path(op[1]), style(op[2]), bl.BLFillRule.EVEN_ODD if op[3] else bl.BLFillRule.NON_ZERO))
            else:
                _, cmds, p, w, cap, join, dash, off = op
                arr = bl.BLArrayDouble.from_numpy(np.array(dash or [], dtype=np.float64))
                out.append(("stroke", path(cmds), style(p), w, caps[cap], joins[join], arr, off))
        return out

    prepared = prepare(ops)
    layers = []  # full-canvas images for groups with opacity, one a nesting level

    def run(c, ops, m):
        for op in ops:
            if op[0] == "fill":
                c.set_fill_style(op[2])
                c.fill_rule = op[3]
                c.fill_path(op[1])
            elif op[0] == "stroke":
                _, p, st, w, cap, join, arr, off = op
                c.set_stroke_style(st)
                c.stroke_width = w
                c.set_stroke_caps(cap)
                c.stroke_join = join
                c.set_stroke_dash_array(arr)
                c.stroke_dash_offset = off
                c.stroke_path(p)
            else:
                _, gm, opacity, inner = op
                total = mul(m, gm)
                if opacity < 1:
                    # No layers in Blend2D 0.8: the group into an image, then blitted with global alpha.
                    off = bl.BLImage(W, H, bl.BLFormat.PRGB32)
                    oc = bl.BLContext(off)
                    oc.clear_all()
                    oc.transform(bl.Matrix2D(*total))
                    run(oc, inner, total)
                    oc.flush()
                    c.save()
                    c.reset_transform()
                    c.global_alpha = opacity
                    c.blit_image(bl.BLPoint(0, 0), off)
                    c.restore()
                else:
                    c.save()
                    c.transform(bl.Matrix2D(*gm))
                    run(c, inner, total)
                    c.restore()

    bg = bgra(sc["background"])

    def frame():
        ctx.set_fill_style(bg)
        ctx.fill_all()
        run(ctx, prepared, [1, 0, 0, 1, 0, 0])
        ctx.flush()

    def save(p):
        ctx.flush()
        image.write_to_file(p) if hasattr(image, "write_to_file") else None
    return frame, save


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("scene")
    ap.add_argument("--lib", required=True)
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--png")
    a = ap.parse_args()
    with open(a.scene) as f:
        sc = json.load(f)
    ops = []
    flatten(sc["shapes"], ops)
    try:
        frame, save = {"skia": make_skia, "cairo": make_cairo, "blend2d": make_blend2d}[a.lib](sc, ops)
    except Skipped as e:
        print("skipped: %s" % e)
        print("ms_per_frame_median=n/a")
        return
    ms = []
    for i in range(a.warmup + a.frames):
        t0 = time.perf_counter()
        frame()
        if i >= a.warmup:
            ms.append((time.perf_counter() - t0) * 1000)
    if a.png:
        save(a.png)
    print("ms_per_frame_median=%.3f" % statistics.median(ms))


if __name__ == "__main__":
    sys.exit(main())
