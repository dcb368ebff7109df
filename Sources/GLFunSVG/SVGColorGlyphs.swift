import GLFunImages
import GLFunKit

// Colour glyphs in SVG text: a COLRv0 glyph (`TextShaper.colorLayers`) is drawn as its layers'
// outlines, bottom first, each filled with its palette colour (times the element's fill
// opacity and the group's opacity), or with the element's fill where the layer says so; the
// stroke goes round the layers too. Bitmap (CBDT, sbix) and SVG glyphs are drawn as outlines
// (none, for most: nothing is drawn).

enum SVGColorGlyphs {
    /// The outlines to draw for glyph `g` of `run`: one with no colour (the element's paint)
    /// for a plain glyph, or its colour layers.
    static func outlines(_ run: TextRun, _ g: ShapedGlyph) -> [(outline: Path, color: Color?)] {
        let layers = TextShaper.colorLayers(of: g.glyph, in: g.face)
        guard !layers.isEmpty else { return [(run.outline(of: g), nil)] }
        return layers.map { layer in
            let glyph = g.replacingGlyph(layer.glyph)
            let color = layer.color.map {
                Color(Float($0.red) / 255, Float($0.green) / 255, Float($0.blue) / 255, Float($0.alpha) / 255)
            }
            return (run.outline(of: glyph), color)
        }
    }

    /// The fill of a layer of colour `color` in an element drawn at `opacity` (its fill-opacity in).
    static func paint(_ color: Color, opacity: Float) -> Paint {
        var c = color
        c.a *= opacity
        return .solid(c)
    }
}
