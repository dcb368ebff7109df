"""The blend2d drawer of the bench peers (scripts/bench/peers.py): the scene prepared once in
the form the library wants, and a frame that draws it."""
import os

from peer_scene import subpaths, color_of, box, sprite_origin, Unsupported


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
