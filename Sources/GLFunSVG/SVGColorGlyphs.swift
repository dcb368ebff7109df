import GLFunImages
import GLFunKit

// Colour glyphs in SVG text: a COLRv0 glyph (`TextShaper.colorLayers`) is drawn as its layers'
// outlines, bottom first, each filled with its palette colour (times the element's fill
// opacity and the group's opacity), or with the element's fill where the layer says so; the
// stroke goes round the layers too. A bitmap glyph (CBDT, sbix: an emoji font's;
// `TextShaper.colorBitmap`) is its picture on the box it covers, scaled to the font size and
// sampled bicubic (as usvg makes it an image), at the element's fill opacity; it is not
// stroked. An OT-SVG glyph is its document's drawing (`SVGGlyphDrawing`), first where a font has
// both, as usvg; a COLRv1 glyph its paint graph (`SVGGlyphGraph`, drawn by GLFunKit's
// `GraphicsContext.paintColorGlyph` in the element's fill colour), before its COLRv0 layers.

/// What a colour glyph's piece is filled with instead of the element's fill.
enum SVGGlyphInk: Equatable {
    /// A COLRv0 layer's palette colour.
    case color(Color)
    /// A bitmap glyph's picture, its transform from the picture's pixels to the glyph's space.
    case picture(ImagePattern)
    /// An OT-SVG glyph's drawing (`SVGGlyphDrawing`).
    case drawing(SVGGlyphDrawing)
    /// A COLRv1 glyph's paint graph.
    case graph(SVGGlyphGraph)

    /// Whether it is a bitmap glyph's picture, an SVG glyph's drawing or a COLRv1 glyph's graph
    /// (its box is no outline to fill with the text's paint, stroke or clip with).
    var isPicture: Bool {
        if case .color = self { return false }
        return true
    }

    /// The ink moved with its glyph by `t` (a picture's pattern goes along).
    func applying(_ t: Transform) -> SVGGlyphInk {
        switch self {
        case .color: return self
        case let .picture(p): return .picture(p.transformed(by: t))
        case var .drawing(d):
            d.transform = t.concatenating(d.transform)
            return .drawing(d)
        case var .graph(g):
            g.transform = t.concatenating(g.transform)
            return .graph(g)
        }
    }
}

enum SVGColorGlyphs {
    /// The outlines to draw for glyph `g` of `run`: one with no ink (the element's paint)
    /// for a plain glyph, its colour layers, or its picture's box.
    static func outlines(_ run: TextRun, _ g: ShapedGlyph) -> [(outline: Path, color: SVGGlyphInk?)] {
        // An OT-SVG glyph first (as usvg), drawn in its em box.
        let em = Double(run.shaped.font.size), upem = Double(g.face.unitsPerEm)
        // Its em box (an em tall above the baseline, a quarter below): what such a glyph covers.
        let e = Float(em)
        let box = Path.polyline([Point(0, -e), Point(e, -e), Point(e, e / 4), Point(0, e / 4)], closed: true)
        if upem > 0, let drawing = SVGGlyphDrawing.of(g, scale: em / upem) { return [(box, .drawing(drawing))] }
        if upem > 0, let paint = TextShaper.colorPaint(of: g.glyph, in: g.face) {
            return [(box, .graph(SVGGlyphGraph(paint: paint, face: g.face, transform: .scale(em / upem, -em / upem))))]
        }
        let layers = TextShaper.colorLayers(of: g.glyph, in: g.face)
        guard !layers.isEmpty else {
            if let (box, pattern) = run.colorPicture(of: g) { return [(box, .picture(pattern))] }
            return [(run.outline(of: g), nil)]
        }
        return layers.map { layer in
            let glyph = g.replacingGlyph(layer.glyph)
            let color = layer.paletteColor.map(SVGGlyphInk.color)
            return (run.outline(of: glyph), color)
        }
    }

    /// The fill of a piece of ink `ink` in an element drawn at `opacity` (its fill-opacity in).
    static func paint(_ ink: SVGGlyphInk, opacity: Float) -> Paint {
        switch ink {
        case let .color(color):
            var c = color
            c.a *= opacity
            return .solid(c)
        case let .picture(p):
            return .pattern(p.withOpacity(opacity))
        case .drawing, .graph:
            return .solid(Color(0, 0, 0, 0))
        }
    }
}

/// A COLRv1 glyph in SVG text: its paint graph, its face, and the transform from font units (y
/// up from the glyph's origin) to the text's user space.
struct SVGGlyphGraph: Equatable {
    let paint: ColorGlyphPaint
    let face: ShapedFace
    var transform: Transform
}
