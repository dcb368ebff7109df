"""The cairo drawer of the bench peers (scripts/bench/peers.py): the scene prepared once in
the form the library wants, and a frame that draws it."""
import math
import os

from peer_scene import subpaths, color_of, box, sprite_origin


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
