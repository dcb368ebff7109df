"""Affine matrices, SVG transform lists and SVG path data, made absolute and baked through a matrix.

A path comes out as absolute M, L, Q, C and Z only (H and V become L, S and T their curves,
arcs cubics of at most a quarter turn), so any affine matrix maps it exactly by its points."""

import math
import re

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)  # a b c d e f, as SVG's matrix(): x' = a x + c y + e

_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")


class TransformError(Exception):
    """An unparsable transform list (resvg then draws the element untransformed)."""


def multiply(m, n):
    """The matrix that applies n first, then m (m x n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def uniform_scale(m, eps=1e-9):
    """The matrix's scale if it is a similarity (rotation, reflection, uniform scale), else None."""
    a, b, c, d, _, _ = m
    n1, n2 = a * a + b * b, c * c + d * d
    if abs(n1 - n2) > eps * max(1.0, n1) or abs(a * c + b * d) > eps * max(1.0, n1):
        return None
    return math.sqrt(n1)


def parse_transform(text):
    """SVG transform list -> matrix. Raises TransformError on bad syntax."""
    m = IDENTITY
    pos, s = 0, text.strip()
    item = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?\s*")
    while pos < len(s):
        hit = item.match(s, pos)
        if not hit:
            raise TransformError(s[pos:pos + 20])
        name, args = hit.group(1), hit.group(2)
        nums = [float(v) for v in _NUMBER.findall(args)]
        rest = _NUMBER.sub("", args).replace(",", " ").strip()
        if rest:
            raise TransformError(args)
        m = multiply(m, _one(name, nums))
        pos = hit.end()
    return m


def _one(name, v):
    counts = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3),
              "skewX": (1,), "skewY": (1,)}
    if len(v) not in counts[name]:
        raise TransformError(name)
    if name == "matrix":
        return tuple(v)
    if name == "translate":
        return (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0.0)
    if name == "scale":
        return (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
    if name == "rotate":
        r = math.radians(v[0])
        rot = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)
        if len(v) == 3:
            return multiply(multiply((1, 0, 0, 1, v[1], v[2]), rot), (1, 0, 0, 1, -v[1], -v[2]))
        return rot
    t = math.tan(math.radians(v[0]))
    return (1, 0, t, 1, 0, 0) if name == "skewX" else (1, t, 0, 1, 0, 0)


# --- path data -------------------------------------------------------------------------------

_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


class _Scanner:
    def __init__(self, s):
        self.s, self.i = s, 0

    def skip(self, comma=True):
        while self.i < len(self.s) and (self.s[self.i] in " \t\r\n\f" or (comma and self.s[self.i] == ",")):
            self.i += 1

    def number(self):
        self.skip()
        hit = _NUMBER.match(self.s, self.i)
        if not hit:
            raise ValueError(self.i)
        self.i = hit.end()
        return float(hit.group(0))

    def flag(self):
        self.skip()
        if self.i < len(self.s) and self.s[self.i] in "01":
            self.i += 1
            return float(self.s[self.i - 1])
        raise ValueError(self.i)

    def at_number(self):
        self.skip()
        return self.i < len(self.s) and (self.s[self.i].isdigit() or self.s[self.i] in "+-.")


def parse_path(d):
    """SVG path data -> list of absolute segments (op, points...) with op in M L Q C Z, as far as
    it parses (SVG: render up to the first error)."""
    out, sc = [], _Scanner(d or "")
    cur = start = (0.0, 0.0)
    last_ctrl, last_op, cmd = None, None, None
    try:
        while True:
            sc.skip(comma=False)
            if sc.i >= len(sc.s):
                break
            ch = sc.s[sc.i]
            if ch.upper() in _ARGS:
                cmd = ch
                sc.i += 1
            elif cmd is None or cmd.upper() == "Z" or not sc.at_number():
                break
            elif cmd == "M":
                cmd = "L"
            elif cmd == "m":
                cmd = "l"
            if not out and cmd.upper() != "M":
                break
            op, rel = cmd.upper(), cmd.islower()
            if op == "Z":
                out.append(("Z",))
                cur, last_ctrl, last_op = start, None, "Z"
                continue
            n = _ARGS[op]
            if op == "A":
                v = [sc.number(), sc.number(), sc.number(), sc.flag(), sc.flag(), sc.number(), sc.number()]
            else:
                v = [sc.number() for _ in range(n)]
            if last_op == "Z" and op != "M":
                out.append(("M", start))
            dx, dy = cur if rel else (0.0, 0.0)
            if op == "M":
                cur = start = (v[0] + dx, v[1] + dy)
                out.append(("M", cur))
                ctrl = None
            elif op in "LHV":
                if op == "H":
                    cur = (v[0] + (cur[0] if rel else 0.0), cur[1])
                elif op == "V":
                    cur = (cur[0], v[0] + (cur[1] if rel else 0.0))
                else:
                    cur = (v[0] + dx, v[1] + dy)
                out.append(("L", cur))
                ctrl = None
            elif op in "CS":
                if op == "C":
                    p1 = (v[0] + dx, v[1] + dy)
                    v = v[2:]
                else:
                    p1 = _reflect(cur, last_ctrl) if last_op in "CS" else cur
                p2, p3 = (v[0] + dx, v[1] + dy), (v[2] + dx, v[3] + dy)
                out.append(("C", p1, p2, p3))
                cur, ctrl = p3, p2
            elif op in "QT":
                if op == "Q":
                    p1 = (v[0] + dx, v[1] + dy)
                    v = v[2:]
                else:
                    p1 = _reflect(cur, last_ctrl) if last_op in "QT" else cur
                p2 = (v[0] + dx, v[1] + dy)
                out.append(("Q", p1, p2))
                cur, ctrl = p2, p1
            else:  # A
                end = (v[5] + dx, v[6] + dy)
                out.extend(arc_to_cubics(cur, v[0], v[1], v[2], v[3] != 0, v[4] != 0, end))
                cur, ctrl = end, None
            last_ctrl, last_op = ctrl, op
    except ValueError:
        pass
    return out


def _reflect(cur, ctrl):
    return (2 * cur[0] - ctrl[0], 2 * cur[1] - ctrl[1])


def arc_to_cubics(p0, rx, ry, angle, large, sweep, p1):
    """SVG's endpoint arc (F.6) -> C segments, each at most a quarter turn."""
    if p0 == p1:
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", p1)]
    phi = math.radians(angle % 360)
    cs, sn = math.cos(phi), math.sin(phi)
    hx, hy = (p0[0] - p1[0]) / 2, (p0[1] - p1[1]) / 2
    x1, y1 = cs * hx + sn * hy, -sn * hx + cs * hy
    lam = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    k = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        k = -k
    cx1, cy1 = k * rx * y1 / ry, -k * ry * x1 / rx
    cx = cs * cx1 - sn * cy1 + (p0[0] + p1[0]) / 2
    cy = sn * cx1 + cs * cy1 + (p0[1] + p1[1]) / 2
    t1 = math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
    t2 = math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx)
    dt = t2 - t1
    if sweep and dt < 0:
        dt += 2 * math.pi
    elif not sweep and dt > 0:
        dt -= 2 * math.pi
    n = max(1, int(math.ceil(abs(dt) / (math.pi / 2) - 1e-9)))
    step = dt / n
    kappa = 4.0 / 3.0 * math.tan(step / 4)
    segs, t = [], t1

    def pt(a):
        ex, ey = rx * math.cos(a), ry * math.sin(a)
        return (cs * ex - sn * ey + cx, sn * ex + cs * ey + cy)

    def deriv(a):
        ex, ey = -rx * math.sin(a), ry * math.cos(a)
        return (cs * ex - sn * ey, sn * ex + cs * ey)

    for i in range(n):
        ta, tb = t, t + step
        a, b = pt(ta), (p1 if i == n - 1 else pt(tb))
        da, db = deriv(ta), deriv(tb)
        segs.append(("C", (a[0] + kappa * da[0], a[1] + kappa * da[1]),
                     (b[0] - kappa * db[0], b[1] - kappa * db[1]), b))
        t = tb
    return segs


def transform_segments(segs, m):
    return [(s[0],) + tuple(apply(m, *p) for p in s[1:]) for s in segs]


def to_data(segs):
    """Absolute segments -> compact SVG path data (6 significant decimals)."""
    def f(v):
        s = "%.6f" % v
        s = s.rstrip("0").rstrip(".")
        return "0" if s in ("-0", "") else s
    parts = []
    for s in segs:
        parts.append(s[0] + " ".join("%s %s" % (f(x), f(y)) for x, y in s[1:]))
    return " ".join(parts)


def has_drawable(segs):
    return any(s[0] != "M" for s in segs)
