#!/usr/bin/env python3
"""svg_seeds.py svg|css DIR [RESVG_TESTS]: the seed corpus of the svg and css fuzz targets
(scripts/fuzz/seeds calls it), written afresh each run, nothing committed.

svg: small documents written here, one per corner of the reader: structure (g, a, switch,
nested svg, use of groups, symbols and svgs), the shapes, paints and gradients (href chains),
dashes, opacity layers and blend modes, transforms, <style> sheets, entities (internal, a small
billion-laughs, an external one, an external DTD), references that cycle, deep nesting, long
path data and dash arrays; plus, where the resvg test suite is checked out beside the project
(../shared/resvg-tests), its structure, painting, paint-servers, shapes and masking tests
under 4 KB (at most 600).
css: style sheets: every selector form the reader knows and some it drops (pseudo-classes,
+, ~, at-rules, nested blocks), declarations with !important, comments, the sheets found in
the svg seeds' <style> elements.
"""
import glob
import os
import re
import sys

kind, out = sys.argv[1], sys.argv[2]
resvg = sys.argv[3] if len(sys.argv) > 3 else None
n = 0


def write(text, ext):
    global n
    with open(os.path.join(out, "seed-%04d.%s" % (n, ext)), "w", encoding="utf-8") as f:
        f.write(text)
    n += 1


NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'


def svg(body, attrs='width="40" height="30"'):
    return '<svg %s %s>%s</svg>' % (NS, attrs, body)


GRAD = ('<defs><linearGradient id="a" x1="0" x2="1" gradientTransform="rotate(20)" spreadMethod="reflect">'
        '<stop offset="0" stop-color="red"/><stop offset=".5" stop-color="#0f08"/><stop offset="1" stop-color="blue" stop-opacity=".5"/></linearGradient>'
        '<linearGradient id="b" href="#a" x2="0.3"/>'
        '<radialGradient id="c" cx="20" cy="15" r="10" fx="25" fr="2" gradientUnits="userSpaceOnUse" xlink:href="#a" spreadMethod="repeat"/></defs>')
BODIES = [
    '<rect x="1" y="1" width="10" height="8" rx="2" fill="red" stroke="blue" stroke-width="2"/>',
    '<circle cx="10" cy="10" r="5"/><ellipse cx="20" cy="10" rx="5" ry="3" fill="none" stroke="#000"/>'
    '<line x1="0" y1="0" x2="40" y2="30" stroke="green"/><polyline points="0,0 10,5 20,0 30 5"/><polygon points="1 1 5 9 9 1"/>',
    '<path d="M2 2 L30 2 Q35 15 30 28 C20 30 10 20 2 28 Z M5 5 h5 v5 h-5z" fill-rule="evenodd" fill="url(#a)"/>' + GRAD,
    GRAD + '<rect width="40" height="30" fill="url(#c)"/><circle cx="10" cy="10" r="8" fill="url(#b) red" stroke="url(#missing) blue"/>',
    '<g transform="translate(5 5) rotate(30) scale(1.5 .5) skewX(10)" opacity=".5"><rect width="10" height="10"/>'
    '<g transform="matrix(1 0 0 1 3 3)" style="mix-blend-mode: multiply"><circle r="4" fill="blue"/></g></g>',
    '<path d="M0 10 H40" stroke="black" stroke-width="3" stroke-dasharray="4 2 1" stroke-dashoffset="-3" stroke-linecap="round" stroke-linejoin="bevel"/>'
    '<circle cx="20" cy="15" r="10" fill="none" stroke="red" stroke-dasharray="0 3" stroke-linecap="square" stroke-miterlimit="1"/>',
    '<defs><g id="g"><rect width="5" height="5"/></g><symbol id="s" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5"/></symbol>'
    '<svg id="v" width="10" height="10" viewBox="0 0 20 20"><rect width="20" height="20" fill="red"/></svg></defs>'
    '<use href="#g" x="2"/><use xlink:href="#s" x="10" width="10" height="10"/><use href="#v" x="25" width="8"/><use href="other.svg#x"/>',
    '<switch><rect systemLanguage="fr" width="5" height="5"/><rect requiredExtensions="x" width="5" height="5"/><circle r="3"/></switch>'
    '<a href="https://example.com"><rect width="3" height="3"/></a><svg x="10" y="10" width="10" height="10" viewBox="0 0 1 1" preserveAspectRatio="xMidYMid slice"><rect width="1" height="1"/></svg>',
    '<style>rect { fill: red } #r { stroke: blue !important } .a.b > circle { opacity: .5 } g [id] { fill: green } @media screen { rect { fill: blue } }</style>'
    '<g class="a b"><rect id="r" width="5" height="5" style="stroke: red; stroke-width: 2px"/><circle class="c" r="3"/></g>',
    '<g opacity="0.5"><g opacity="0.5"><g opacity="0.5" style="mix-blend-mode: screen"><rect width="10" height="10"/></g></g></g>',
    '<text x="1" y="10" font-size="8">Hi</text><image href="a.png" width="4" height="4"/>'
    '<rect width="5" height="5" clip-path="url(#c)" mask="url(#m)" filter="url(#f)" marker-start="url(#mk)"/>',
    '<rect width="100%" height="50%" x="1em" y="2ex" fill="rgb(10%, 20%, 255)" stroke="hsl(120, 50%, 50%)" stroke-width="1mm"/>'
    '<rect width="1in" height="1pc" fill="currentColor" color="teal" transform-origin="center" transform="rotate(45)"/>',
]
DOCS = [svg(b) for b in BODIES] + [
    svg(BODIES[0], 'viewBox="0 0 20 10"'),
    svg(BODIES[0], 'width="50%" height="2em" viewBox="-5 -5 20 10" preserveAspectRatio="none"'),
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY w "20"><!ENTITY r "<rect width=\'&w;\' height=\'5\'/>">]>' + svg('&r;<text>&w;&w;</text>'),
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;">]>' + svg('<text>&c;&c;</text>'),
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/hostname">]>' + svg('<text>&x;</text>'),
    '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">' + svg(BODIES[0]),
    svg('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'),
    svg('<linearGradient id="p" href="#q"/><linearGradient id="q" href="#p"/><rect width="5" height="5" fill="url(#p)"/>'),
    svg('<g>' * 40 + '<rect width="1" height="1"/>' + '</g>' * 40),
    svg('<path stroke="red" d="M0 0' + ' l1 1 1 -1' * 300 + '" stroke-dasharray="' + ' '.join(['0.5'] * 200) + '"/>'),
    svg('<rect width="10" height="10"/>', 'width="0" height="10"'),
    '<html/>', '<svg', '',
]

if resvg and not os.path.isdir(resvg):
    print("svg_seeds: %s is absent: seeds from the project's own documents only (resvg's suite adds its tests)" % resvg,
          file=sys.stderr)

if kind == "svg":
    for d in DOCS:
        write(d, "svg")
    if resvg and os.path.isdir(resvg):
        files = []
        for folder in ("structure", "painting", "paint-servers", "shapes", "masking"):
            files += sorted(glob.glob(os.path.join(resvg, "tests", folder, "**", "*.svg"), recursive=True))
        files = [f for f in files if os.path.getsize(f) < 4096][:600]
        for f in files:
            with open(f, encoding="utf-8", errors="replace") as fh:
                write(fh.read(), "svg")
elif kind == "css":
    sheets = [
        "rect { fill: red }", "* { stroke: blue; stroke-width: 2 }", "#r { fill: green !important } rect { fill: red }",
        ".a { opacity: .5 } .a.b { fill: teal } .u { fill: orange }", "g > g > rect { fill: red } g circle { fill: blue }",
        "[data-x] { fill: red } [id=r] { stroke: red } [class~=a] { fill: blue }", "rect:first-child { fill: red } a + b { } c ~ d { }",
        "@media screen { rect { fill: red } } @import url(x.css); circle { fill: lime }",
        "/* comment */ rect /* in */ { fill /* x */ : red } /* unclosed",
        "svg { fill: red; transform: rotate(10deg) translate(2px, 3px); transform-origin: 50% 50% } path { stroke-dasharray: 1 2; mix-blend-mode: difference }",
        "ellipse { fill: url(#lg) } g { opacity: 0.5 !important; display: none } use { display: inline }",
        "fill: red; stroke: blue", "rect { fill: red", "}}}{{{", "rect, circle, , path { fill: #abc }",
        "line { stroke: rgb(1,2,3); stroke-width: 1e3; stroke-linecap: round } text { font-size: 20px }",
    ]
    for s in sheets:
        write(s, "css")
    for d in DOCS:
        for m in re.finditer(r"<style>(.*?)</style>", d):
            write(m.group(1), "css")
    if resvg and os.path.isdir(resvg):
        for f in sorted(glob.glob(os.path.join(resvg, "tests", "**", "*.svg"), recursive=True)):
            if os.path.getsize(f) < 8192:
                with open(f, encoding="utf-8", errors="replace") as fh:
                    for m in re.finditer(r"<style[^>]*>(.*?)</style>", fh.read(), re.S):
                        write(m.group(1).replace("<![CDATA[", "").replace("]]>", ""), "css")
        for f in glob.glob(os.path.join(resvg, "resources", "*.css")):
            with open(f, encoding="utf-8", errors="replace") as fh:
                write(fh.read(), "css")
