#!/usr/bin/env python3
"""gen_svg.py [--out DIR] [--seed S]: large SVG files for scripts/bench/svg, written at run time
(nothing committed), standard library only, the same bytes for the same seed:

  map.svg    a world-map-like document: 1600x800, a viewBox, 6 "continent" groups (a transform
             each) of 3,000 "countries" in all: closed paths of 24 to 160 points (jittered
             blobs, absolute and relative commands), a fill each from a palette, thin grey
             strokes with round joins, a graticule of 36 dashed lines, an ocean rect with a
             linear gradient, and 400 city dots (circles) in a group with opacity
  chart.svg  a dense chart: 1920x1080, a grid of 60 thin lines, 24 series of 2,000-point
             polylines (strokes 1.5 px), 6 areas under series with a vertical linear gradient
             at 0.35 opacity, 8,000 scatter circles (translucent fills), 400 bars with rounded
             corners, axes with 100 ticks (no text: the readers' fonts differ)
"""
import argparse
import math
import os
import random


def fmt(v):
    return ("%.1f" % v).rstrip("0").rstrip(".")


def blob(rng, cx, cy, r, n):
    pts = []
    for k in range(n):
        a = 2 * math.pi * k / n
        rr = r * (0.6 + 0.4 * rng.random()) * (1 + 0.25 * math.sin(3 * a + rng.random()))
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    # Absolute start, relative lines: as map exporters write them.
    d = ["M%s %s" % (fmt(pts[0][0]), fmt(pts[0][1]))]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        d.append("l%s %s" % (fmt(x1 - x0), fmt(y1 - y0)))
    return "".join(d) + "z"


def world_map(rng):
    palette = ["#e3d7a3", "#c8dba0", "#a9cf9d", "#f2c6a0", "#d9b3c9", "#b8c7e0", "#e8e0c0", "#c9e4d6"]
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="800" viewBox="-180 -90 360 180">',
           '<defs><linearGradient id="ocean" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a8d0f0"/>'
           '<stop offset="1" stop-color="#5d9bd6"/></linearGradient></defs>',
           '<rect x="-180" y="-90" width="360" height="180" fill="url(#ocean)"/>',
           '<g stroke="#ffffff" stroke-width="0.15" stroke-dasharray="1 1" fill="none" opacity="0.6">']
    for lon in range(-180, 181, 15):
        out.append('<path d="M%d -90V90"/>' % lon)
    for lat in range(-90, 91, 15):
        out.append('<path d="M-180 %dH180"/>' % lat)
    out.append("</g>")
    continents = [(-100, -40, 40), (-60, 20, 30), (15, -45, 25), (20, 5, 30), (90, -40, 45), (135, 25, 20)]
    per = 3000 // len(continents)
    for ci, (cx, cy, spread) in enumerate(continents):
        out.append('<g id="c%d" transform="translate(%s %s) rotate(%d) scale(%s)" stroke="#7a7a7a" stroke-width="0.08" stroke-linejoin="round">'
                   % (ci, fmt(cx), fmt(cy), rng.randint(-8, 8), fmt(rng.uniform(0.9, 1.1))))
        for k in range(per):
            r = rng.uniform(0.6, 4.5)
            a, dist = rng.uniform(0, 2 * math.pi), spread * math.sqrt(rng.random())
            out.append('<path fill="%s" d="%s"/>' % (rng.choice(palette), blob(rng, dist * math.cos(a), dist * math.sin(a) * 0.6, r, rng.randint(24, 160))))
        out.append("</g>")
    out.append('<g fill="#b03030" opacity="0.8">')
    for k in range(400):
        out.append('<circle cx="%s" cy="%s" r="0.35"/>' % (fmt(rng.uniform(-170, 170)), fmt(rng.uniform(-70, 70))))
    out.append("</g></svg>")
    return "\n".join(out)


def chart(rng):
    W, H, L, T, R, B = 1920, 1080, 80, 40, 1880, 1020
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d">' % (W, H), '<defs>']
    colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]
    for i in range(6):
        out.append('<linearGradient id="a%d" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="%s"/>'
                   '<stop offset="1" stop-color="%s" stop-opacity="0"/></linearGradient>' % (i, colours[i], colours[i]))
    out.append('</defs><rect width="%d" height="%d" fill="#ffffff"/>' % (W, H))
    out.append('<g stroke="#dddddd" stroke-width="1">')
    for k in range(30):
        x = L + (R - L) * k / 29
        y = T + (B - T) * k / 29
        out.append('<line x1="%s" y1="%d" x2="%s" y2="%d"/><line x1="%d" y1="%s" x2="%d" y2="%s"/>' % (fmt(x), T, fmt(x), B, L, fmt(y), R, fmt(y)))
    out.append('</g><g stroke="#333333" stroke-width="2"><path d="M%d %dV%dH%d"/>' % (L, T, B, R))
    for k in range(100):
        x = L + (R - L) * k / 99
        out.append('<path d="M%s %dv8"/>' % (fmt(x), B))
    out.append("</g>")
    for s in range(24):
        y, pts = rng.uniform(T + 100, B - 100), []
        for k in range(2000):
            y = min(B, max(T, y + rng.gauss(0, 6)))
            pts.append("%s,%s" % (fmt(L + (R - L) * k / 1999), fmt(y)))
        if s < 6:
            out.append('<polygon points="%d,%d %s %d,%d" fill="url(#a%d)" opacity="0.35"/>' % (L, B, " ".join(pts), R, B, s))
        out.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5" stroke-linejoin="round"/>' % (" ".join(pts), colours[s % 10]))
    out.append('<g fill-opacity="0.5">')
    for k in range(8000):
        out.append('<circle cx="%s" cy="%s" r="%s" fill="%s"/>' % (fmt(rng.uniform(L, R)), fmt(rng.uniform(T, B)), fmt(rng.uniform(1.5, 5)), rng.choice(colours)))
    out.append("</g>")
    for k in range(400):
        x, h = L + (R - L) * k / 400, rng.uniform(10, 200)
        out.append('<rect x="%s" y="%s" width="3" height="%s" rx="1" fill="%s"/>' % (fmt(x), fmt(B - h), fmt(h), colours[k % 10]))
    out.append("</svg>")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="out/bench/svg")
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for name, make in (("map", world_map), ("chart", chart)):
        with open(os.path.join(a.out, name + ".svg"), "w") as f:
            f.write(make(random.Random("%s-%d" % (name, a.seed))))
            f.write("\n")


if __name__ == "__main__":
    main()
