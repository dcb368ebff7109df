"""The basic shapes' outlines as absolute path segments (SVG 2, "Basic shapes", as resvg reads
them): a rect with rounded corners, circles and ellipses as four quarter-turn cubics."""

import re

from . import geometry as geo
from . import style as st

KAPPA = 0.5522847498307936  # 4/3 (sqrt 2 - 1): a quarter circle as one cubic


def outline(e, name, style, viewport, diagonal):
    fs = st.font_size(style)
    vw, vh = viewport

    def length(attr, of, default=0.0):
        v = st.parse_length(e.get(attr), fs, of)
        return default if v is None else v

    if name == "path":
        return geo.parse_path(e.get("d", ""))
    if name == "rect":
        x, y = length("x", vw), length("y", vh)
        w, h = length("width", vw), length("height", vh)
        if w <= 0 or h <= 0:
            return []
        rx = st.parse_length(e.get("rx"), fs, vw)
        ry = st.parse_length(e.get("ry"), fs, vh)
        rx = None if rx is not None and rx < 0 else rx
        ry = None if ry is not None and ry < 0 else ry
        if rx is None and ry is None:
            rx = ry = 0.0
        elif rx is None:
            rx = ry
        elif ry is None:
            ry = rx
        return rounded_rect(x, y, w, h, min(rx, w / 2), min(ry, h / 2))
    if name == "circle":
        r = length("r", diagonal)
        return ellipse(length("cx", vw), length("cy", vh), r, r) if r > 0 else []
    if name == "ellipse":
        rx = st.parse_length(e.get("rx"), fs, vw)
        ry = st.parse_length(e.get("ry"), fs, vh)
        rx = None if rx is not None and rx < 0 else rx  # negative: auto, as missing (SVG 2)
        ry = None if ry is not None and ry < 0 else ry
        if rx is None:
            rx = ry
        if ry is None:
            ry = rx
        if rx is None or rx <= 0 or ry is None or ry <= 0:
            return []
        return ellipse(length("cx", vw), length("cy", vh), rx, ry)
    if name == "line":
        return [("M", (length("x1", vw), length("y1", vh))), ("L", (length("x2", vw), length("y2", vh)))]
    pts = points(e.get("points", ""))
    if len(pts) < 2:
        return []
    segs = [("M", pts[0])] + [("L", p) for p in pts[1:]]
    return segs + [("Z",)] if name == "polygon" else segs


def points(text):
    """A points list: numbers as far as they parse, pairs (an odd last number is dropped)."""
    nums = []
    for tok in re.split(r"[\s,]+", text.strip()):
        if not tok:
            continue
        hits = re.findall(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?", tok)
        if "".join(hits) != tok:
            nums.extend(float(h) for h in hits[:1] if tok.startswith(h))
            break
        nums.extend(float(h) for h in hits)
    return [(nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]


def ellipse(cx, cy, rx, ry):
    kx, ky = rx * KAPPA, ry * KAPPA
    return [("M", (cx + rx, cy)),
            ("C", (cx + rx, cy + ky), (cx + kx, cy + ry), (cx, cy + ry)),
            ("C", (cx - kx, cy + ry), (cx - rx, cy + ky), (cx - rx, cy)),
            ("C", (cx - rx, cy - ky), (cx - kx, cy - ry), (cx, cy - ry)),
            ("C", (cx + kx, cy - ry), (cx + rx, cy - ky), (cx + rx, cy)),
            ("Z",)]


def rounded_rect(x, y, w, h, rx, ry):
    if rx <= 0 or ry <= 0:
        return [("M", (x, y)), ("L", (x + w, y)), ("L", (x + w, y + h)), ("L", (x, y + h)), ("Z",)]
    kx, ky = rx * KAPPA, ry * KAPPA
    r, b = x + w, y + h
    return [("M", (x + rx, y)), ("L", (r - rx, y)),
            ("C", (r - rx + kx, y), (r, y + ry - ky), (r, y + ry)), ("L", (r, b - ry)),
            ("C", (r, b - ry + ky), (r - rx + kx, b), (r - rx, b)), ("L", (x + rx, b)),
            ("C", (x + rx - kx, b), (x, b - ry + ky), (x, b - ry)), ("L", (x, y + ry)),
            ("C", (x, y + ry - ky), (x + rx - kx, y), (x + rx, y)), ("Z",)]
