"""The skia drawer of the bench peers (scripts/bench/peers.py): the scene prepared once in
the form the library wants, and a frame that draws it."""
import os

from peer_scene import subpaths, color_of, box, sprite_origin


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
