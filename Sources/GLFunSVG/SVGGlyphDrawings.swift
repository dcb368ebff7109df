import GLFunImages
import GLFunKit

// OT-SVG colour glyphs (Twitter Color Emoji and other fonts with an 'SVG ' table): the glyph is
// the element with id "glyph" and its number in an SVG document the font holds, in font units,
// y down from the glyph's origin on the baseline. It is drawn as SVG, by this reader, into the
// text's place (usvg draws it so too); the text's own fill and stroke do not paint it.

/// A parsed glyph document (shared by the glyphs drawn from it).
final class SVGGlyphDocument {
    let root: SVGNode
    let ids: [String: SVGNode]

    init(root: SVGNode, ids: [String: SVGNode]) {
        self.root = root
        self.ids = ids
    }
}

/// One OT-SVG glyph to draw: its element in its document, and the transform from font units
/// to the text's user space.
struct SVGGlyphDrawing: Equatable {
    let document: SVGGlyphDocument
    let element: SVGNode
    var transform: Transform

    static func == (a: SVGGlyphDrawing, b: SVGGlyphDrawing) -> Bool {
        a.element === b.element && a.transform == b.transform
    }

    /// Glyph `g`'s drawing at `scale` (user units a font unit), nil when its face has none.
    static func of(_ g: ShapedGlyph, scale: Double) -> SVGGlyphDrawing? {
        guard let bytes = TextShaper.svgDocument(of: g.glyph, in: g.face), bytes.count <= SVGLimits.maxGlyphDocumentBytes,
              let (root, ids) = try? SVGDocument.read(bytes), let element = ids["glyph\(g.glyph)"] else { return nil }
        return SVGGlyphDrawing(document: SVGGlyphDocument(root: root, ids: ids), element: element,
                               transform: .scale(scale, scale))
    }
}

extension SVGDrawer {
    /// Draws an OT-SVG glyph at `opacity`: its element with the properties its document's
    /// elements above it give, in a drawer of that document's ids.
    mutating func drawGlyph(_ glyph: SVGGlyphDrawing, opacity: Float) throws(SVGError) {
        guard imageDepth < SVGLimits.maxImageDepth else { return }
        let vp = Viewport(width: 1000, height: 1000)
        let props = glyph.element.parent.map { SVGProperties.computed(for: $0, viewportDiagonal: vp.diagonal) } ?? SVGProperties()
        var d = SVGDrawer(ids: glyph.document.ids, warn: warn)
        d.deviceScale = deviceScale
        d.imageDepth = imageDepth + 1
        // The context moves to the glyph's drawer and back: held in both, each glyph's first
        // shape would copy all the shapes drawn so far (a page of emoji, quadratic).
        d.ctx = ctx
        ctx = GraphicsContext()
        d.ctx.save()
        d.ctx.concatenate(glyph.transform)
        defer { ctx = d.ctx }
        if glyph.element === glyph.document.root {
            // The document's root is the glyph (one glyph a document): its children, unclipped
            // (the root is no viewport here).
            let own = SVGProperties.computed(for: glyph.element, viewportDiagonal: vp.diagonal)
            for c in glyph.element.children { try d.draw(c, parent: own, viewport: vp, opacity: opacity) }
        } else {
            try d.draw(glyph.element, parent: props, viewport: vp, opacity: opacity)
        }
        d.ctx.restore()
    }
}
