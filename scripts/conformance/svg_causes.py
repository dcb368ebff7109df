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
    (r"^text/textPath/",
     "textPath: resvg's own undefined case (vertical text with letter-spacing round a closed arc, startOffset -10), and text crossing from one subpath to the next at startOffset 50% (71 edge pixels)"),
    (r"^text/color-font/", "colour glyphs: sbix's top edge a fraction of a pixel off (23 edge pixels on one row); a flag sequence given a y for each code point, which usvg splits into a white flag and a rainbow (glfun keeps the sequence whole)"),
    (r"^text/font-variation-settings/", "a variable font's edge pixels in one column (wght 100)"),
    (r"^painting/mix-blend-mode/hue", "hue of a nearly transparent source: 8-bit rounding of the layer differs from tiny-skia's"),
    (r"^painting/fill/rgba-.*percent", "rgba() with a % alpha: resvg draws black, CSS Color 4 allows it (glfun follows CSS)"),
    (r"^painting/image-rendering/on-feImage", "a filter (feImage): filters are out of scope (warned)"),
    (r"^painting/image-rendering/optimizeSpeed", "nearest sampling: texel boundaries fall a little apart from resvg's"),
    (r"^structure/svg/no-size", "no width, height or viewBox: sized to what it draws as usvg sizes it, but glfun's picture is whole points (200 for usvg's 199.5), so the scale is a pixel apart at the far edge"),
    (r"^structure/svg/not-UTF-8", "decoded right; the reference is drawn in another typeface than the file names"),
    (r"-on-text$|/pattern/text-child|paint-order/on-tspan", "text as the target of a pattern (tile edges, skewed tiles); paint-order on a tspan (the strokes' edges)"),
    (r"^painting/context/", "context-fill/stroke through a use with a pattern or viewBox: edge pixels"),
    (r"^shapes/path/", "edge pixels of arcs and curves (flattening differs)"),
    (r"direction/rtl|textLength/arabic",
     "Arabic stretched glyph by glyph (glfun stretches a right-to-left run whole), a right-to-left line's end (28 edge pixels)"),
    (r"grapheme|glyph-splitting",
     "resvg's own splits: a decomposed letter's mark moved by the list's next value, a Devanagari conjunct drawn apart across tspans (glfun keeps both whole)"),
    (r"filter-bbox", "a filter's region on text (filters are out of scope)"),
    (r"^text/text-decoration/|tb-with-rotate-and-underline", "decoration bands: a stroked tspan's underline (113 edge pixels), and resvg's own undefined case of underlined vertical text turned by rotate"),
    (r"complex-text-and-clip-rule",
     "text in an evenodd clipPath: usvg's one path of all its tspans lets two overlapping words cancel (glfun clips by each run apart)"),
    (r"^structure/svg/preserveAspectRatio=none", "a stroke under the root's stretch: 294 edge pixels on one row, each off by at most 32/255"),
]


def cause(test):
    for pattern, why in CAUSES:
        if re.search(pattern, test):
            return why
    return "not looked at yet"
