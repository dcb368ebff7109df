"""Presentation attributes and the style attribute, cascaded as resvg does: the style attribute
wins over the attribute, `inherit` takes the parent's value, an invalid value is dropped (the
property keeps its inherited or initial value). Lengths with units."""

import math
import re

from .colors import parse_color

INHERITED = {
    "fill": "black", "fill-opacity": "1", "fill-rule": "nonzero", "stroke": "none",
    "stroke-width": "1", "stroke-opacity": "1", "stroke-linejoin": "miter",
    "stroke-linecap": "butt", "stroke-miterlimit": "4", "stroke-dasharray": "none",
    "stroke-dashoffset": "0", "visibility": "visible", "color": "black", "font-size": "12",
    "paint-order": "normal", "marker-start": "none", "marker-mid": "none", "marker-end": "none",
    "shape-rendering": "auto", "font-family": "", "font-weight": "normal",
}
NOT_INHERITED = {
    "opacity": "1", "display": "inline", "clip-path": "none", "mask": "none", "filter": "none",
    "mix-blend-mode": "normal", "isolation": "auto", "transform": "",
}

_NUM = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
_LENGTH = re.compile(r"\s*(" + _NUM + r")\s*(px|pt|pc|mm|cm|in|em|ex|%)?\s*$")
_PER_UNIT = {None: 1.0, "px": 1.0, "pt": 4.0 / 3.0, "pc": 16.0, "mm": 96.0 / 25.4,
             "cm": 96.0 / 2.54, "in": 96.0}


def parse_length(text, font_size=12.0, percent_of=None):
    """A length in px, or None when the text is not one (or is a % with nothing to be one of)."""
    if text is None:
        return None
    hit = _LENGTH.match(text)
    if not hit:
        return None
    v, unit = float(hit.group(1)), hit.group(2)
    if unit == "%":
        return None if percent_of is None else v / 100.0 * percent_of
    if unit == "em":
        return v * font_size
    if unit == "ex":
        return v * font_size / 2.0
    return v * _PER_UNIT[unit]


def parse_number(text):
    hit = re.match(r"\s*(" + _NUM + r")\s*(%?)\s*$", text or "")
    if not hit:
        return None
    return float(hit.group(1)) / (100.0 if hit.group(2) else 1.0)


def _known(k):
    return k in INHERITED or k in NOT_INHERITED or k == "marker"


def declarations(elem, sheet=None):
    """The element's own declarations: presentation attributes, then the style sheet's rules,
    then its style attribute, then the sheet's !important ones."""
    out = {}
    for k, v in elem.attrib.items():
        name = k.split("}")[-1]
        if _known(name):
            out[name] = v.strip()
    normal, important = sheet.declarations(elem) if sheet else ({}, {})
    out.update((k, v) for k, v in normal.items() if _known(k))
    style = re.sub(r"/\*.*?\*/", "", elem.get("style", ""), flags=re.S)
    for item in style.split(";"):
        if ":" in item:
            k, v = item.split(":", 1)
            k, v = k.strip(), v.strip()
            if _known(k):
                out[k] = v
    out.update((k, v) for k, v in important.items() if _known(k))
    if "marker" in out:
        m = out.pop("marker")
        for k in ("marker-start", "marker-mid", "marker-end"):
            out.setdefault(k, m)
    return out


def cascade(parent, elem, extra=None, sheet=None):
    """The computed style of elem under parent's computed style (None for the root)."""
    style = {k: (parent[k] if parent else v) for k, v in INHERITED.items()}
    style.update(NOT_INHERITED)
    decls = declarations(elem, sheet)
    if extra:
        decls.update(extra)
    for k, v in decls.items():
        if v == "inherit":
            if parent:
                style[k] = parent[k]
            continue
        if _valid(k, v, style):
            style[k] = v
    return style


def _valid(k, v, style):
    if k in ("fill-opacity", "stroke-opacity", "opacity"):
        return parse_number(v) is not None
    if k == "stroke-width":
        return parse_length(v, 12.0, 100.0) is not None  # negative: no stroke (resvg)
    if k in ("fill", "stroke"):
        return valid_paint(v)
    if k == "stroke-miterlimit":
        n = parse_number(v)
        return n is not None and "%" not in v and n >= 1
    if k == "fill-rule":
        return v in ("nonzero", "evenodd")
    if k == "stroke-linejoin":
        return v in ("miter", "round", "bevel", "miter-clip", "arcs")
    if k == "stroke-linecap":
        return v in ("butt", "round", "square")
    if k == "visibility":
        return v in ("visible", "hidden", "collapse")
    if k == "color":
        return v == "currentColor" or parse_color(v) is not None
    if k == "font-size":
        return parse_length(v, 12.0, 12.0) is not None
    return True


_URL = re.compile(r"\s*url\(\s*['\"]?\s*#([^)'\"]*?)\s*['\"]?\s*\)\s*(.*)$", re.S)


def url(text):
    """(id, fallback text) of a url(#id) [fallback] value, or None."""
    hit = _URL.match(text or "")
    return (hit.group(1), hit.group(2).strip()) if hit else None


def valid_paint(v):
    v = v.strip()
    if v in ("none", "currentColor", "context-fill", "context-stroke"):
        return True
    ref = url(v)
    if ref is not None:
        return not ref[1] or valid_paint(ref[1])
    return parse_color(v) is not None


def opacity(text):
    n = parse_number(text)
    return 1.0 if n is None else min(1.0, max(0.0, n))


def stroke_width(style, diagonal):
    """The stroke width in user units (a % is of the viewport's normalized diagonal)."""
    return parse_length(style["stroke-width"], font_size(style), diagonal)


def font_size(style):
    return parse_length(style["font-size"], 12.0, 12.0) or 12.0


def normalized_diagonal(w, h):
    return math.sqrt(w * w + h * h) / math.sqrt(2.0)
