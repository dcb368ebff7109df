"""What scripts/bench/peer_vocabulary.py's peers share: a vocabulary scene (gen_vocabulary.py's
JSON) walked into flat drawing operations (transforms composed, colours as RGBA floats, SVG path
data as absolute commands), in painter's order, for each library to replay with its own calls."""
import math
import re


def color(c):
    """A scene colour (hex or [r, g, b, a]) as floats 0...1."""
    if isinstance(c, list):
        return tuple(c)
    h = c.lstrip("#")
    v = [int(h[i:i + 2], 16) / 255 for i in range(0, len(h), 2)]
    return tuple(v + [1.0] * (4 - len(v)))


def mul(m, n):
    """SVG matrices [a b c d e f]: m then n applied to points first (m · n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return [a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f]


def transform(t):
    m = [1, 0, 0, 1, 0, 0]
    if isinstance(t, list):
        return t
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", t or ""):
        v = [float(x) for x in re.split(r"[\s,]+", args.strip()) if x]
        if name == "translate":
            n = [1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0]
        elif name == "scale":
            n = [v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0]
        elif name == "rotate":
            r = math.radians(v[0])
            n = [math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0]
        elif name == "skewX":
            n = [1, 0, math.tan(math.radians(v[0])), 1, 0, 0]
        elif name == "skewY":
            n = [1, math.tan(math.radians(v[0])), 0, 1, 0, 0]
        else:
            n = v
        m = mul(m, n)
    return m


def commands(d):
    """Path data of M L H V C Z (absolute), as (op, points) with H and V made L."""
    out, x, y = [], 0.0, 0.0
    for op, args in re.findall(r"([MLHVCZ])([^MLHVCZ]*)", d):
        v = [float(a) for a in re.split(r"[\s,]+", args.strip()) if a]
        if op == "H":
            x = v[0]
            out.append(("L", [(x, y)]))
        elif op == "V":
            y = v[0]
            out.append(("L", [(x, y)]))
        elif op == "Z":
            out.append(("Z", []))
        else:
            pts = [(v[i], v[i + 1]) for i in range(0, len(v), 2)]
            step = 3 if op == "C" else 1
            for i in range(0, len(pts), step):
                out.append((op if op != "M" or i == 0 else "L", pts[i:i + step]))
            x, y = pts[-1]
    return out


def shape_commands(s):
    if s["type"] == "path":
        return commands(s["d"])
    (x0, y0), (x1, y1) = s["from"], s["to"]
    if s["type"] == "rect":
        return commands("M%g %g H%g V%g H%g Z" % (x0, y0, x1, y1, x0))
    cx, cy, rx, ry, k = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2, 0.5523
    return [("M", [(cx + rx, cy)]), ("C", [(cx + rx, cy + k * ry), (cx + k * rx, cy + ry), (cx, cy + ry)]),
            ("C", [(cx - k * rx, cy + ry), (cx - rx, cy + k * ry), (cx - rx, cy)]),
            ("C", [(cx - rx, cy - k * ry), (cx - k * rx, cy - ry), (cx, cy - ry)]),
            ("C", [(cx + k * rx, cy - ry), (cx + rx, cy - k * ry), (cx + rx, cy)]), ("Z", [])]


def flatten(shapes, out):
    """The scene as a list of ops: ("group", transform, clip (cmds, evenodd) or None, opacity, ops),
    ("fill", cmds, paint, evenodd), ("stroke", cmds, paint, width, cap, join, dash, offset),
    ("text", text, (x, y), family, size, colour): one line on its baseline at (x, y)."""
    for s in shapes:
        if s["type"] == "text":
            f = s.get("font", {})
            out.append(("text", s["text"], tuple(s["at"]), f.get("family", "sans-serif"), f.get("size", 16),
                        s.get("fill", "#000000")))
            continue
        if s["type"] == "group":
            clip = s.get("clip")
            inner = []
            flatten(s["children"], inner)
            out.append(("group", transform(s.get("transform")), clip and (commands(clip["path"]), clip.get("rule") == "evenodd"),
                        s.get("opacity", 1), inner))
            continue
        cmds = shape_commands(s)
        fill = s.get("fill", s.get("color"))
        if fill is not None:
            out.append(("fill", cmds, fill, s.get("rule") == "evenodd"))
        if "stroke" in s:
            out.append(("stroke", cmds, s["stroke"], s.get("width", 2), s.get("cap", "butt"), s.get("join", "miter"),
                        s.get("dash"), s.get("dashOffset", 0)))
