import GLFunImages
import GLFunKit

// <text>: its characters in document order (`SVGTextCollector`), shaped per run of one
// element within one text chunk (GLFunKit's `TextRun`), then placed one by one
// (`SVGTextPlacer`: x, y, dx, dy, rotate, letter- and word-spacing, baseline-shift,
// text-anchor per chunk) and drawn as glyph outlines, one path per run of one element, filled
// and stroked with that element's paints (object bounding box: the whole text's cells).
// Decorations: SVGTextDecoration; text on a path: SVGTextPath; vertical writing-mode:
// SVGTextVertical.

extension SVGDrawer {
    mutating func text(_ n: SVGNode, _ p: SVGProperties, _ vp: Viewport, _ opacity: Float) throws(SVGError) {
        guard let (pieces, bounds) = textPieces(n, p, vp) else { return }
        for piece in pieces where !piece.path.isEmpty {
            let q = piece.props
            guard q.visible else { continue }
            guard ctx.shapes.count < SVGLimits.maxShapes else { throw .tooManyShapes(limit: SVGLimits.maxShapes) }
            if case let .drawing(glyph) = piece.color {
                try drawGlyph(glyph, opacity: opacity * q.fillOpacity)
                continue
            }
            if case let .graph(glyph) = piece.color {
                // The text's own colour (palette index 0xFFFF) is the fill's, if a colour.
                var foreground = Color.black
                if case let .solid(c)? = try paint(q.fill, q, 1, bounds, vp, piece.node) { foreground = Color(c.r, c.g, c.b, 1) }
                ctx.save()
                ctx.concatenate(glyph.transform)
                ctx.paintColorGlyph(glyph.paint, face: glyph.face, foreground: foreground, opacity: opacity * q.fillOpacity)
                _ = ctx.restore()
                continue
            }
            var fill = try paint(q.fill, q, opacity * q.fillOpacity, bounds, vp, piece.node)
            if let c = piece.color { fill = SVGColorGlyphs.paint(c, opacity: opacity * q.fillOpacity) }
            var stroke: Paint?
            if q.strokeWidth > 0, piece.color?.isPicture != true {
                stroke = try paint(q.stroke, q, opacity * q.strokeOpacity, bounds, vp, piece.node)
            }
            let style = StrokeStyle(width: Float(q.strokeWidth), join: q.lineJoin, cap: q.lineCap, miterLimit: q.miterLimit,
                                    curveEnds: .tangents)
            ctx.state.dash = []
            if q.strokeFirst, let stroke { ctx.stroke(piece.path, paint: stroke, style: style) }
            if let fill { ctx.fill(piece.path, paint: fill, rule: .nonzero) }
            if !q.strokeFirst, let stroke { ctx.stroke(piece.path, paint: stroke, style: style) }
        }
    }

    /// A <text> laid out: its pieces in drawing order (underlines and overlines, the glyphs of
    /// each run of one element, line-throughs), and its bounding box (resvg's: the characters'
    /// advances across the face's ascent and descent, and the decorations); nil when it has none.
    func textPieces(_ n: SVGNode, _ p: SVGProperties, _ vp: Viewport) -> ([SVGTextPiece], (min: Point, max: Point)?)? {
        let t = ctx.state.transform
        return Self.textPieces(n, p, vp, ids: ids, scale: ((t.a * t.a + t.b * t.b) * (t.c * t.c + t.d * t.d)).squareRoot().squareRoot())
    }

    /// `scale`: the drawing's scale, which sets how finely a textPath is measured (usvg's accuracy).
    static func textPieces(_ n: SVGNode, _ p: SVGProperties, _ vp: Viewport,
                           ids: [String: SVGNode], scale: Double = 1) -> ([SVGTextPiece], (min: Point, max: Point)?)? {
        var collector = SVGTextCollector(vp, ids: ids)
        collector.pathAccuracy = SVGPathGeometry.accuracy(scale: scale)
        collector.walk(n, p, shift: 0)
        let chars = collector.chars
        guard !chars.isEmpty else { return nil }
        var placer = SVGTextPlacer()
        placer.paths = collector.paths
        placer.textLengths = collector.textLengths
        placer.vertical = SVGTextVertical.isVertical(n)
        placer.percentBase = vp.diagonal
        placer.place(chars)
        let pieces = placer.pieces
        var all = Path()
        for piece in pieces { all.append(piece.path) }
        guard !all.isEmpty else { return nil }
        var props = collector.propsOf
        func bands(_ kind: String) -> [SVGTextPiece] {
            SVGTextDecorations.bands(kind, chars, placer.placedChars, spanOf: placer.spanOf, text: n).compactMap { b in
                props[ObjectIdentifier(b.node)].map { SVGTextPiece(node: b.node, props: $0, path: b.path, span: b.span) }
            }
        }
        props[ObjectIdentifier(n)] = p
        let over = bands("overline"), under = bands("underline"), through = bands("line-through")
        // The bounding box (objectBoundingBox units): the characters' cells and the decorations.
        var box = placer.cells
        for band in over + under + through { box.append(band.path) }
        // Span by span: its overlines, underlines, glyphs, line-throughs (usvg's order).
        let layers = [over, under, pieces, through].enumerated().flatMap { layer, ps in ps.map { (layer, $0) } }
        let painted = layers.enumerated().sorted { a, b in
            (a.element.1.span, a.element.0, a.offset) < (b.element.1.span, b.element.0, b.offset)
        }.map(\.element.1)
        return (painted, SVGShapes.bounds(of: box.isEmpty ? all : box))
    }

    /// The value of an inherited property declared on `n` or the nearest element above it
    /// (inherit, or `other`, means the parent's: dominant-baseline's no-change).
    static func inherited(_ n: SVGNode, _ name: String, alsoInheriting other: String? = nil) -> String? {
        var cur: SVGNode? = n
        var depth = 0
        while let c = cur, depth < SVGLimits.maxDepth {
            if let v = c.declared[name]?.trimmingCharacters(), v != "inherit", v != other { return v }
            cur = c.parent
            depth += 1
        }
        return nil
    }

    /// font-weight: normal 400, bold 700, bolder and lighter from the parent's by CSS Fonts'
    /// table, a number 100, 200, ... 900 (as usvg: 650 is not one); anything else inherits.
    static func weight(of n: SVGNode?, depth: Int = 0) -> Int {
        guard let n, depth < SVGLimits.maxDepth else { return 400 }
        let parent = { weight(of: n.parent, depth: depth + 1) }
        switch n.declared["font-weight"]?.trimmingCharacters() {
        case "normal": return 400
        case "bold": return 700
        case "bolder": let w = parent(); return w < 350 ? 400 : w < 550 ? 700 : w < 900 ? 900 : w
        case "lighter": let w = parent(); return w < 100 ? w : w < 550 ? 100 : w < 750 ? 400 : 700
        case let s?: if let v = Int(s), v % 100 == 0, (100...900).contains(v) { return v } else { return parent() }
        case nil: return parent()
        }
    }

    /// The font an element's text is drawn in. Its families end in the default's (Times New
    /// Roman, as usvg's and browsers'), which a list of families none of which is installed
    /// falls back to.
    static func font(_ n: SVGNode, _ p: SVGProperties) -> FontDescription {
        FontDescription(family: inherited(n, "font-family").map { $0 + ", Times New Roman" } ?? "Times New Roman",
                        size: Float(min(p.fontSize, Double(FontDescription.sizeRange.upperBound))),
                        weight: weight(of: n),
                        style: FontStyle(rawValue: inherited(n, "font-style") ?? "normal") ?? .normal,
                        stretch: SVGFontProperties.stretch(n), variations: SVGFontProperties.variations(n),
                        opticalSizing: SVGFontProperties.opticalSizing(n), features: SVGFontProperties.features(n))
    }
}
