"""Why a test of resvg's suite does not pass `scripts/conformance/svg`: the causes found by reading
the test and glfun's picture beside the reference, as (pattern, cause) pairs tried in order against
the test's name (folder/element/name). A failing test no pattern names is listed as "not looked
at yet". Kept by hand: when a cause is fixed, its line goes; when a new failure is understood, a
line comes."""
import re

CAUSES = [
    (r"/use/.*recursive|recursive-xlink-href|self-recursive|/pattern/recursive-on-child",
     "a reference cycle: refused with one error line on purpose (issue 31 item 7); resvg draws around it"),
    (r"^structure/svg/(zero|negative)-size",
     "a root of no size: refused with one error line on purpose (usvg refuses it too; the references are blank)"),
    (r"^painting/stroke-dash(array|offset)/",
     "dash ends on curves, 9-40 edge pixels: the stroker squares a curved dash's butt end by its first chord, not the curve's tangent"),
    (r"^painting/marker/", "a marker's direction at a curve's or an arc's end (edge pixels): markers take the chord's"),
    (r"^text/textPath/|transform-origin/on-text-path",
     "textPath layout: position lists, tspans and writing-mode on a path, where text after a path goes on"),
    (r"^text/color-font/", "colour glyphs: OT-SVG and COLRv1 drawn as outlines, sbix's top edge a fraction of a pixel off (23 edge pixels on one row), emoji sequences (ZWJ, keycaps) and emoji with position lists or right to left as usvg splits them"),
    (r"^text/font-variation-settings/", "a variable font's edge pixels in one column (wght 100)"),
    (r"^painting/mix-blend-mode/hue", "hue of a nearly transparent source: 8-bit rounding of the layer differs from tiny-skia's"),
    (r"^painting/fill/rgba-.*percent", "rgba() with a % alpha: resvg draws black, CSS Color 4 allows it (glfun follows CSS)"),
    (r"^painting/image-rendering/on-feImage", "a filter (feImage): filters are out of scope (warned)"),
    (r"^painting/image-rendering/optimizeSpeed", "nearest sampling: texel boundaries fall a little apart from resvg's"),
    (r"^structure/svg/no-size", "no width, height or viewBox: usvg sizes the picture to its content's box"),
    (r"^structure/svg/not-UTF-8", "decoded right; the reference is drawn in another typeface than the file names"),
    (r"-on-text$|/pattern/text-child|paint-order/on-tspan", "text as the target of a pattern (tile edges, skewed tiles); paint-order on a tspan (the strokes' edges)"),
    (r"^painting/context/", "context-fill/stroke through a use with a pattern or viewBox: edge pixels"),
    (r"^shapes/path/", "edge pixels of arcs and curves (flattening differs)"),
    (r"direction/rtl|textLength/arabic",
     "Arabic stretched glyph by glyph (glfun stretches a right-to-left run whole), a right-to-left line's end (28 edge pixels)"),
    (r"grapheme|glyph-splitting",
     "resvg's own splits: a decomposed letter's mark moved by the list's next value, a Devanagari conjunct drawn apart across tspans (glfun keeps both whole)"),
    (r"filter-bbox", "a filter's region on text (filters are out of scope)"),
    (r"^text/text-decoration/|tb-with-rotate-and-underline", "decoration bands: their extent over tspans and rotated glyphs"),
    (r"complex-text-and-clip-rule",
     "text in an evenodd clipPath: usvg's one path of all its tspans lets two overlapping words cancel (glfun clips by each run apart)"),
    (r"^structure/svg/preserveAspectRatio=none", "a stroke under the root's stretch: 294 edge pixels on one row, each off by at most 32/255"),
]


def cause(test):
    for pattern, why in CAUSES:
        if re.search(pattern, test):
            return why
    return "not looked at yet"
