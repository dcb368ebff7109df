"""Why a test of resvg's suite does not pass `scripts/conformance/svg`: the causes found by reading
the test and glfun's picture beside the reference, as (pattern, cause) pairs tried in order against
the test's name (folder/element/name). A failing test no pattern names is listed as "not looked
at yet". Kept by hand: when a cause is fixed, its line goes; when a new failure is understood, a
line comes."""
import re

CAUSES = [
    (r"/use/.*recursive|recursive-xlink-href|self-recursive|/pattern/recursive-on-child",
     "a reference cycle: refused with one error line on purpose (issue 31 item 7); resvg draws around it"),
    (r"^painting/stroke-dash(array|offset)/",
     "dash ends: resvg measures curves by Skia's chords (0.5-unit tolerance), glfun by the curve"),
    (r"^text/textPath/|^text/lengthAdjust/text-on-path|transform-origin/on-text-path",
     "glyph placement along the path (measure and per-glyph rules differ from usvg's)"),
    (r"writing-mode|glyph-orientation-vertical|lengthAdjust/vertical|rtl-with-vertical|hanging-on-vertical",
     "vertical text (writing-mode) is not laid out"),
    (r"^text/font-variation-settings/", "font variations (fvar axes) are not applied"),
    (r"^text/color-font/", "colour glyphs (COLR, CBDT, sbix, SVG) are drawn as outlines"),
    (r"^painting/mix-blend-mode/(color|hue|saturation)",
     "non-separable blend modes: rounding differs from tiny-skia's"),
    (r"mix-blend-mode/xor|isolation/isolate|mix-blend-mode/as-property", "blend/isolation group compositing"),
    (r"^paint-servers/radialGradient/(focal-point-correction|fr=)",
     "SVG 2 focal radius and cone outside the focal circle (glfun moves the focal point inside, SVG 1.1)"),
    (r"^structure/transform-origin/", "transform-origin on gradients and patterns"),
    (r"^structure/image/", "nested/compressed images (svgz, fractional sizes, aspect ratio)"),
    (r"^structure/svg/", "the root's size rules (no/zero/negative size, encoding, aspect ratio)"),
    (r"^masking/clipPath/.*text|-on-text$|/pattern/text-child|paint-order/on-tspan|systemLanguage/on-tspan",
     "text as a clip or as the target of a paint server (its box)"),
    (r"^painting/context/", "context-fill/stroke through a use with a pattern or viewBox"),
    (r"^painting/fill/rgba-.*percent", "rgba() with a % alpha: resvg refuses it (CSS Color 4 allows it)"),
    (r"^painting/stroke-linejoin/|^shapes/path/|^painting/marker/",
     "edge pixels of joins and curves (flattening differs)"),
    (r"^shapes/line/with-transform", "a stroke under a skew: glfun uses an averaged width"),
    (r"shape-rendering/", "crispEdges / optimizeSpeed (resvg turns antialiasing off)"),
]


def cause(test):
    for pattern, why in CAUSES:
        if re.search(pattern, test):
            return why
    return "not looked at yet"
