#!/usr/bin/env python3
"""test_fonts.py DIR: two tiny fonts the text tests make at test time (Debian's fontTools,
python3-fonttools; nothing committed): DIR/GLFunTestVF.ttf, family "GLFun Test VF", a variable
font with a wght axis (100-900, default 400: its "I" a bar 100 units wide at 400, 500 at 900,
the advance with it), a wdth axis (25-151, default 100: at 25 the bar and the advance 50 units
narrower) and slnt (-12-0) and opsz (8-144) axes with no deltas, and DIR/GLFunTestCOLR.ttf, family "GLFun Test COLR", whose "A" is a COLRv0
glyph of two layers: a red square on the left, a blue one on the right (CPAL palette 0), and
DIR/GLFunTestBitmap.ttf, family "GLFun Test Bitmap", whose "A" is a colour bitmap glyph (sbix,
as an emoji font's pictures): one strike of 20 pixels an em, its picture 20 x 20 pixels, the
left half opaque red, the right half opaque blue, its bottom-left corner on the glyph's origin
(advance 1000 units: one em); its outline, which the picture stands for, a square of one em.
U+1F600 (an emoji: 😀) and "1" (the start of the keycap 1️⃣) are the same glyph; and
DIR/GLFunTestBitmapCFF.otf, "GLFun Test Bitmap CFF", the same picture on a CFF "A" whose outline
reaches 200 units below the baseline; and DIR/GLFunTestSVG.ttf, "GLFun Test SVG", whose "A" is an
OT-SVG glyph of the same two halves (svg_font); and DIR/GLFunTestCOLRv1.ttf, "GLFun Test COLRv1",
whose "A" to "F" are COLRv1 paint graphs (colrv1_font)."""
import io
import os
import struct
import sys
import zlib

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib.tables.TupleVariation import TupleVariation


def rect(x0, y0, x1, y1):
    pen = TTGlyphPen(None)
    pen.moveTo((x0, y0))
    pen.lineTo((x0, y1))
    pen.lineTo((x1, y1))
    pen.lineTo((x1, y0))
    pen.closePath()
    glyph = pen.glyph()
    glyph.xMin = x0  # for hmtx's left side bearing (base())
    return glyph


def base(family, glyphs, cmap, advances):
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(list(glyphs))
    fb.setupCharacterMap(cmap)
    fb.setupGlyf(glyphs)
    # The left side bearing is the glyph's xMin (FreeType puts the outline where hmtx says).
    fb.setupHorizontalMetrics({g: (advances[g], getattr(glyphs[g], "xMin", 0)) for g in glyphs})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    return fb


def variable(path):
    glyphs = {".notdef": rect(0, 0, 0, 0), "I": rect(50, 0, 150, 700)}
    fb = base("GLFun Test VF", glyphs, {ord("I"): "I"}, {".notdef": 500, "I": 200})
    fb.setupFvar(axes=[("wght", 100, 400, 900, "Weight"), ("wdth", 25, 100, 151, "Width"),
                       ("slnt", -12, 0, 0, "Slant"), ("opsz", 8, 14, 144, "Optical size")], instances=[])
    # The bar's right side and the advance (the phantom point after the four outline points):
    # 400 units right at wght 900, 50 left at wdth 25.
    def moved(dx):
        return [(0, 0), (0, 0), (dx, 0), (dx, 0), (0, 0), (dx, 0), (0, 0), (0, 0)]
    fb.setupGvar({"I": [TupleVariation({"wght": (0, 1, 1)}, moved(400)),
                        TupleVariation({"wdth": (-1, -1, 0)}, moved(-50))], ".notdef": []})
    fb.save(path)


def colr(path):
    glyphs = {".notdef": rect(0, 0, 0, 0), "A": rect(0, 0, 1000, 1000),
              "A.red": rect(0, 0, 500, 1000), "A.blue": rect(500, 0, 1000, 1000)}
    fb = base("GLFun Test COLR", glyphs, {ord("A"): "A"},
              {".notdef": 500, "A": 1000, "A.red": 1000, "A.blue": 1000})
    fb.setupCOLR({"A": [("A.red", 0), ("A.blue", 1)]})
    fb.setupCPAL([[(1.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, 1.0)]])
    fb.save(path)


def png(width, height, pixel):
    """A PNG of RGBA pixels pixel(x, y), written with zlib alone (no PIL needed)."""
    rows = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def add_picture(fb):
    """Gives fb's "A" its sbix picture: one strike of 20 pixels an em, 20 x 20 pixels, the left
    half opaque red, the right half opaque blue, its bottom-left corner at the sbix origin."""
    from fontTools.ttLib.tables._s_b_i_x import table__s_b_i_x
    from fontTools.ttLib.tables.sbixGlyph import Glyph
    from fontTools.ttLib.tables.sbixStrike import Strike
    sbix = table__s_b_i_x()
    strike = Strike(ppem=20, resolution=72)
    picture = png(20, 20, lambda x, y: (255, 0, 0, 255) if x < 10 else (0, 0, 255, 255))
    strike.glyphs["A"] = Glyph(glyphName="A", graphicType="png ", originOffsetX=0, originOffsetY=0, imageData=picture)
    sbix.strikes[20] = strike
    fb.font["sbix"] = sbix


def bitmap(path):
    glyphs = {".notdef": rect(0, 0, 0, 0), "A": rect(0, 0, 1000, 1000)}
    fb = base("GLFun Test Bitmap", glyphs, {ord("A"): "A", 0x1F600: "A", ord("1"): "A"}, {".notdef": 500, "A": 1000})
    add_picture(fb)
    fb.save(path)


def bitmap_cff(path):
    """The same picture in a CFF font whose "A" outline reaches 200 units below the baseline:
    an sbix picture's origin is then its outline box's lower left (Apple's sbix, usvg)."""
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    def charstring(box):
        pen = T2CharStringPen(1000, None)
        if box:
            x0, y0, x1, y1 = box
            pen.moveTo((x0, y0)); pen.lineTo((x0, y1)); pen.lineTo((x1, y1)); pen.lineTo((x1, y0)); pen.closePath()
        return pen.getCharString()
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder([".notdef", "A"])
    fb.setupCharacterMap({ord("A"): "A"})
    fb.setupCFF("GLFunTestBitmapCFF", {"FullName": "GLFun Test Bitmap CFF"},
                {".notdef": charstring(None), "A": charstring((0, -200, 1000, 800))}, {})
    fb.setupHorizontalMetrics({".notdef": (500, 0), "A": (1000, 0)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "GLFun Test Bitmap CFF", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    add_picture(fb)
    fb.save(path)


def svg_font(path):
    """DIR/GLFunTestSVG.ttf, "GLFun Test SVG": its "A" an OT-SVG glyph (the 'SVG ' table, as an
    emoji font's: Twitter Color Emoji), a red rectangle on the left half of the em and a blue one
    on the right, y up from the baseline negative; its outline (drawn where the SVG is not read)
    a square of one em."""
    from fontTools.ttLib import newTable
    glyphs = {".notdef": rect(0, 0, 0, 0), "A": rect(0, 0, 1000, 1000)}
    fb = base("GLFun Test SVG", glyphs, {ord("A"): "A"}, {".notdef": 500, "A": 1000})
    doc = ('<svg xmlns="http://www.w3.org/2000/svg" id="glyph1">'
           '<rect x="0" y="-1000" width="500" height="1000" fill="red"/>'
           '<rect x="500" y="-1000" width="500" height="1000" fill="#0000ff"/></svg>')
    table = newTable("SVG ")
    try:
        from fontTools.ttLib.tables.S_V_G_ import SVGDocument
        table.docList = [SVGDocument(doc, 1, 1, False)]
    except ImportError:  # fontTools before 4.34: (data, start, end) tuples
        table.docList = [(doc, 1, 1)]
    fb.font["SVG "] = table
    fb.save(path)


def colrv1_font(path):
    """DIR/GLFunTestCOLRv1.ttf, "GLFun Test COLRv1": COLRv1 glyphs over the em square above the
    baseline (font units, y up; palette 0: red, blue, green):
      A  the square filled with a linear gradient, red at the left edge to blue at the right;
      B  the left half filled green, translated 500 units right (PaintTranslate);
      C  the right half in blue composited src-in over the top half in red: only the top right
         quarter, blue (PaintComposite);
      D  the square filled with a radial gradient about its centre, red there to blue at 500 units;
      E  the square filled with a sweep gradient about its centre, red at 0 degrees going
         counter-clockwise to blue at 360;
      F  glyph A (PaintColrGlyph) with the left half over it in the text's own colour
         (palette index 0xFFFF) at half alpha;
      G  itself (PaintColrGlyph naming G: a cycle, no graph; its outline, the square, stands)."""
    from fontTools.ttLib.tables import otTables as ot
    F = ot.PaintFormat
    glyphs = {".notdef": rect(0, 0, 0, 0), "sq": rect(0, 0, 1000, 1000), "left": rect(0, 0, 500, 1000),
              "right": rect(500, 0, 1000, 1000), "top": rect(0, 500, 1000, 1000)}
    names = "ABCDEFG"
    for n in names:
        glyphs[n] = rect(0, 0, 1000, 1000)
    fb = base("GLFun Test COLRv1", glyphs, {ord(n): n for n in names},
              {g: 1000 for g in glyphs})

    def solid(index, alpha=1.0):
        return {"Format": F.PaintSolid, "PaletteIndex": index, "Alpha": alpha}

    def glyph(name, paint):
        return {"Format": F.PaintGlyph, "Glyph": name, "Paint": paint}

    line = {"Extend": "pad", "ColorStop": [{"StopOffset": 0.0, "PaletteIndex": 0, "Alpha": 1.0},
                                           {"StopOffset": 1.0, "PaletteIndex": 1, "Alpha": 1.0}]}
    fb.setupCOLR({
        "A": glyph("sq", {"Format": F.PaintLinearGradient, "ColorLine": line,
                          "x0": 0, "y0": 0, "x1": 1000, "y1": 0, "x2": 0, "y2": 1000}),
        "B": {"Format": F.PaintTranslate, "dx": 500, "dy": 0, "Paint": glyph("left", solid(2))},
        "C": {"Format": F.PaintComposite, "CompositeMode": "src_in",
              "SourcePaint": glyph("right", solid(1)), "BackdropPaint": glyph("top", solid(0))},
        "D": glyph("sq", {"Format": F.PaintRadialGradient, "ColorLine": line,
                          "x0": 500, "y0": 500, "r0": 0, "x1": 500, "y1": 500, "r1": 500}),
        "E": glyph("sq", {"Format": F.PaintSweepGradient, "ColorLine": line,
                          "centerX": 500, "centerY": 500, "startAngle": 0.0, "endAngle": 360.0}),
        "F": {"Format": F.PaintColrLayers, "Layers": [
            {"Format": F.PaintColrGlyph, "Glyph": "A"}, glyph("left", solid(0xFFFF, 0.5))]},
        "G": {"Format": F.PaintColrGlyph, "Glyph": "G"},
    }, version=1)
    fb.setupCPAL([[(1.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, 1.0), (0.0, 0.5, 0.0, 1.0)]])
    fb.save(path)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    variable(os.path.join(out, "GLFunTestVF.ttf"))
    colr(os.path.join(out, "GLFunTestCOLR.ttf"))
    bitmap(os.path.join(out, "GLFunTestBitmap.ttf"))
    bitmap_cff(os.path.join(out, "GLFunTestBitmapCFF.otf"))
    svg_font(os.path.join(out, "GLFunTestSVG.ttf"))
    colrv1_font(os.path.join(out, "GLFunTestCOLRv1.ttf"))


if __name__ == "__main__":
    main()
