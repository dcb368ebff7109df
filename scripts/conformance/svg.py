"""One resvg test's SVG -> a GLFun scene (DESIGN.md, "Scene document"), for the subset the scene
can say: every shape becomes a "path" with its transform baked into its points. Anything else
is collected as a reason the test is not expressible (`Converted.reasons`)."""

import re
import xml.etree.ElementTree as ET

from . import css
from . import geometry as geo
from . import style as st
from .colors import parse_color
from .shapes import outline

SVG_NS = "http://www.w3.org/2000/svg"
XLINK = "{http://www.w3.org/1999/xlink}href"
SHAPES = ("path", "rect", "circle", "ellipse", "line", "polyline", "polygon")
CONTAINERS = ("g", "a")
UNSUPPORTED_ELEMENTS = {"image": "image", "text": "text", "switch": "switch", "svg": "nested svg"}


class Converted:
    def __init__(self, background):
        self.shapes, self.reasons, self.size, self.scale = [], [], (0, 0), 1.0
        self.background = background

    def skip(self, reason):
        if reason not in self.reasons:
            self.reasons.append(reason)


def _over(c, under):
    """Colour c (straight RGBA) over colour under."""
    a = c[3] + under[3] * (1 - c[3])
    if a == 0:
        return [0, 0, 0, 0]
    return [(c[i] * c[3] + under[i] * under[3] * (1 - c[3])) / a for i in range(3)] + [a]


def local(tag):
    return tag.split("}")[-1] if isinstance(tag, str) else ""


def convert(svg_path, png_size, background):
    """Reads svg_path; returns Converted (its scene() when reasons is empty)."""
    out = Converted(background)
    try:
        root = ET.parse(svg_path).getroot()
    except ET.ParseError as e:
        out.skip("XML the parser refuses (%s)" % e)
        return out
    return _Converter(root, out, png_size, background).run()


class _Converter:
    def __init__(self, root, out, png_size, background):
        self.root, self.out, self.png_size, self.background = root, out, png_size, background
        self.ids = {}
        for e in root.iter():
            i = e.get("id")
            if i is not None and i not in self.ids:
                self.ids[i] = e
        self.parents = {c: p for p in root.iter() for c in p}

    def run(self):
        root, out = self.root, self.out
        if root.tag != "{%s}svg" % SVG_NS:
            out.skip("root is not an SVG svg element")
            return out
        vb = self._viewbox(root.get("viewBox"))
        w = st.parse_length(root.get("width", "100%"), 12.0, vb[2] if vb else None)
        h = st.parse_length(root.get("height", "100%"), 12.0, vb[3] if vb else None)
        w = 100.0 if w is None else w
        h = 100.0 if h is None else h
        if w <= 0 or h <= 0:
            out.skip("svg of no size")
            return out
        if not vb and root.get("width") is None and root.get("height") is None:
            out.skip("svg without width, height or viewBox (resvg sizes it by its content)")
            return out
        bg = re.search(r"background-color\s*:\s*([^;]+)", root.get("style", ""))
        if bg and parse_color(bg.group(1)):
            c = parse_color(bg.group(1))[0]
            self.background = _over(c, self.background)
        self.viewport = vb[2:] if vb else (w, h)
        self.diagonal = st.normalized_diagonal(*self.viewport)
        m = self._viewbox_matrix(vb, w, h, root.get("preserveAspectRatio", ""))
        pw, ph = self.png_size
        sx, sy = pw / w, ph / h
        if w == int(w) and h == int(h) and abs(sx - sy) < 1e-9 and round(h * sx) == ph:
            out.size, out.scale = (int(w), int(h)), sx
        else:
            m = geo.multiply((sx, 0, 0, sy, 0, 0), m)
            out.size, out.scale = (pw, ph), 1.0
        try:
            self.sheet = css.Sheet(root, self.parents)
        except css.Unsupported as e:
            out.skip(str(e))
            return out
        self._element(root, None, m, out.shapes, ())
        out.background = self.background
        return out

    # --- structure ---------------------------------------------------------------------------

    def _element(self, e, parent_style, m, shapes, uses, extra=None):
        name = local(e.tag)
        if not e.tag.startswith("{%s}" % SVG_NS):
            return
        style = st.cascade(parent_style, e, extra, self.sheet)
        if style["display"] == "none":
            return
        if e is not self.root and name in UNSUPPORTED_ELEMENTS:
            self.out.skip(UNSUPPORTED_ELEMENTS[name])
            return
        if name not in SHAPES + CONTAINERS + ("svg", "use"):
            return
        for attr in ("systemLanguage", "requiredFeatures", "requiredExtensions"):
            if e.get(attr) is not None:
                self.out.skip("conditional attribute " + attr)
        m = geo.multiply(m, self._transform(e, style))
        for prop, what in (("clip-path", "clip-path"), ("mask", "mask"), ("filter", "filter")):
            if style[prop] != "none":
                self.out.skip(what)
        if style["mix-blend-mode"] != "normal":
            self.out.skip("mix-blend-mode")
        alpha = st.opacity(style["opacity"])
        mine = [] if alpha < 1 else shapes
        if name in SHAPES:
            self._shape(e, name, style, m, mine)
        elif name == "use":
            self._use(e, style, m, mine, uses)
        else:
            for c in e:
                self._element(c, style, m, mine, uses)
        if alpha < 1:
            shapes.extend(self._fold_opacity(mine, alpha))

    def _fold_opacity(self, mine, alpha):
        if not mine:
            return []
        if len(mine) > 1:
            self.out.skip("group opacity over %d shapes" % len(mine))
            return []
        shape = dict(mine[0])
        if "fill" in shape and "stroke" in shape:
            self.out.skip("opacity over fill and stroke")
            return []
        for k in ("fill", "stroke"):
            if k in shape:
                c = shape[k]
                shape[k] = c[:3] + [c[3] * alpha]
        return [shape]

    def _transform(self, e, style):
        text = st.declarations(e, self.sheet).get("transform")  # the style attribute's wins (resvg)
        if text is None:
            return geo.IDENTITY
        try:
            t = geo.parse_transform(text)
        except geo.TransformError:
            return geo.IDENTITY
        origin = e.get("transform-origin")
        if origin:
            ox, oy = self._origin(origin, style)
            t = geo.multiply(geo.multiply((1, 0, 0, 1, ox, oy), t), (1, 0, 0, 1, -ox, -oy))
        return t

    def _origin(self, text, style):
        words = {"left": "0%", "center": "50%", "right": "100%", "top": "0%", "bottom": "100%"}
        parts = [words.get(p, p) for p in text.replace(",", " ").split()]
        if len(parts) == 1:
            parts.append("50%")
        if text.split()[0] in ("top", "bottom"):
            parts.reverse()
        fs = st.font_size(style)
        x = st.parse_length(parts[0], fs, self.viewport[0]) or 0.0
        y = st.parse_length(parts[1], fs, self.viewport[1]) or 0.0
        return x, y

    def _use(self, e, style, m, shapes, uses):
        href = e.get("href") or e.get(XLINK)
        if not href or not href.startswith("#"):
            return
        target = self.ids.get(href[1:])
        if target is None or target in uses or e in uses:
            return
        p = self.parents.get(e)
        while p is not None:
            if p is target:
                return
            p = self.parents.get(p)
        if any(local(d.tag) == "use" and (d.get("href") or d.get(XLINK) or "")[1:] in
               [u.get("id") for u in uses + (e,)] for d in target.iter()):
            return
        tname = local(target.tag)
        if tname in ("symbol", "svg"):
            self.out.skip("use of a " + tname)
            return
        fs = st.font_size(style)
        x = st.parse_length(e.get("x", "0"), fs, self.viewport[0]) or 0.0
        y = st.parse_length(e.get("y", "0"), fs, self.viewport[1]) or 0.0
        m = geo.multiply(m, (1, 0, 0, 1, x, y))
        self._element(target, style, m, shapes, uses + (e,))

    # --- shapes ------------------------------------------------------------------------------

    def _shape(self, e, name, style, m, shapes):
        segs = outline(e, name, style, self.viewport, self.diagonal)
        if not segs or not geo.has_drawable(segs) or style["visibility"] != "visible":
            return
        fill = self._paint(style["fill"], style, "fill-opacity")
        stroke = self._paint(style["stroke"], style, "stroke-opacity")
        width = st.stroke_width(style, self.diagonal) if stroke else None
        if not width or width <= 0:
            stroke = None
        if fill is None and stroke is None:
            return
        shape = {"type": "path", "d": geo.to_data(geo.transform_segments(segs, m))}
        if fill is not None:
            shape["fill"] = fill
            if style["fill-rule"] == "evenodd":
                shape["rule"] = "evenodd"
        if stroke is not None:
            scale = geo.uniform_scale(m)
            if scale is None:
                self.out.skip("non-uniform stroke transform")
                return
            self._stroke_features(style)
            shape.update(stroke=stroke, width=width * scale)
            if shape["width"] > 1000:
                self.out.skip("stroke wider than 1000")
            if style["stroke-linejoin"] != "miter":
                shape["join"] = style["stroke-linejoin"]
            if style["stroke-linecap"] != "butt":
                shape["cap"] = style["stroke-linecap"]
            ml = float(style["stroke-miterlimit"])
            if ml != 4:
                shape["miterLimit"] = min(ml, 1000.0)
        for k in ("marker-start", "marker-mid", "marker-end"):  # on every shape (SVG 2, resvg)
            ref = self._url(style[k])
            if ref is not None and ref[0] is not None and local(ref[0].tag) == "marker":
                self.out.skip("marker")
        if style["shape-rendering"] in ("crispEdges", "optimizeSpeed"):
            self.out.skip("shape-rendering " + style["shape-rendering"])
        shapes.append(shape)

    def _stroke_features(self, style):
        dash = style["stroke-dasharray"]
        if dash != "none":
            vals = [st.parse_length(v, st.font_size(style), self.diagonal)
                    for v in re.split(r"[\s,]+", dash.strip()) if v]
            if vals and None not in vals and all(v >= 0 for v in vals) and sum(vals) > 0:
                self.out.skip("stroke-dasharray")
        if style["stroke-linejoin"] in ("miter-clip", "arcs"):
            self.out.skip("stroke-linejoin " + style["stroke-linejoin"])
        if style["paint-order"] != "normal" and style["fill"] != "none":
            order = style["paint-order"].split()
            if order and order[0] == "stroke" or order[:2] == ["markers", "stroke"]:
                self.out.skip("paint-order")

    def _url(self, text):
        ref = st.url(text)
        return None if ref is None else (self.ids.get(ref[0]), ref[1])

    def _paint(self, text, style, opacity_key):
        """RGBA list, or None for no paint."""
        text = text.strip()
        if text in ("context-fill", "context-stroke"):
            self.out.skip(text)
            return None
        ref = self._url(text)
        if ref is not None:
            target, fallback = ref
            if target is not None and local(target.tag) in ("linearGradient", "radialGradient", "pattern"):
                self.out.skip("paint server (%s)" % local(target.tag))
                return None
            if not fallback:
                return None
            text = fallback
        if text == "none":
            return None
        if text == "currentColor":
            text = style["color"]
            if text == "currentColor":
                text = "black"
        parsed = parse_color(text)
        if parsed is None:
            return None
        r, g, b, a = parsed[0]
        a *= st.opacity(style[opacity_key])
        return None if a <= 0 else [r, g, b, a]

    # --- the root's viewBox ------------------------------------------------------------------

    @staticmethod
    def _viewbox(text):
        if not text:
            return None
        try:
            v = [float(x) for x in re.split(r"[\s,]+", text.strip())]
        except ValueError:
            return None
        return v if len(v) == 4 and v[2] > 0 and v[3] > 0 else None

    @staticmethod
    def _viewbox_matrix(vb, w, h, par):
        if not vb:
            return geo.IDENTITY
        x, y, vw, vh = vb
        words = par.split()
        if words and words[0] == "defer":
            words = words[1:]
        align = words[0] if words else "xMidYMid"
        slice_ = len(words) > 1 and words[1] == "slice"
        sx, sy = w / vw, h / vh
        if align == "none":
            return (sx, 0, 0, sy, -x * sx, -y * sy)
        s = max(sx, sy) if slice_ else min(sx, sy)
        tx, ty = -x * s, -y * s
        fx = {"xMin": 0.0, "xMid": 0.5, "xMax": 1.0}.get(align[:4], 0.5)
        fy = {"YMin": 0.0, "YMid": 0.5, "YMax": 1.0}.get(align[4:], 0.5)
        return (s, 0, 0, s, tx + (w - vw * s) * fx, ty + (h - vh * s) * fy)
