import GLFunImages
import Synchronization

/// A placed run's path shapes, kept: the same run drawn again at the same anchor, under the same
/// transform, as the same fill or stroke gets the same `PathShape` back, with the coverage mesh
/// it already holds (`PathShape.mesh`: made again only when the target's pixel grid changes). So
/// a page of text recorded anew every frame is placed, flattened and meshed on its first frame
/// only. The paint is not part of the key: it is the shape's colour (or gradient, pattern), not
/// its geometry. Bounded by entries and by glyphs held (dropped whole past either, remade on
/// demand), so that the meshes the shapes carry stay bounded too.
struct TextRunShapes {
    struct Key: Hashable {
        let shaped: ShapedText
        let align: TextAlign
        let baseline: TextBaseline
        let anchor: Point
        let transform: Transform
        let paint: PathPaint
        let dash: [Float]
        let dashOffset: Float

        /// Equal runs share their line arrays (`TextShaper`'s cache), so this is cheap for them.
        static func == (a: Key, b: Key) -> Bool {
            a.anchor == b.anchor && a.transform == b.transform && a.paint == b.paint && a.align == b.align
                && a.baseline == b.baseline && a.dash == b.dash && a.dashOffset == b.dashOffset && a.shaped == b.shaped
        }

        /// Hashes what is cheap: the font, the line count and widths, the first glyphs, the placing.
        func hash(into h: inout Hasher) {
            h.combine(shaped.font)
            h.combine(shaped.lines.count)
            h.combine(shaped.advance)
            if let line = shaped.lines.first {
                h.combine(line.text)
                for g in line.glyphs.prefix(8) { h.combine(g.glyph) }
            }
            h.combine(align)
            h.combine(baseline)
            h.combine(anchor)
            h.combine(transform)
            h.combine(paint)
            h.combine(dash)
            h.combine(dashOffset)
        }
    }

    private var shapes: [Key: Shape] = [:]
    /// The runs' colour glyphs (`TextRun.colorGlyphShapes`), kept with the outlines.
    private var colored: [Key: [TextRun.ColorGlyphShape]] = [:]
    private var glyphs = 0
    /// At most this many placed runs are kept.
    static let maxEntries = 256
    /// At most this many glyphs in all (a 10,000-glyph page's coverage mesh is tens of MB).
    static let maxGlyphs = 100_000

    static let shared = Mutex(TextRunShapes())

    /// The path's shape for `key` (its box worked out once: `PathShape.shape`; white, no
    /// paint: the caller paints it), made by `make` when not kept.
    static func shape(_ key: Key, glyphCount: Int, make: () -> PathShape) -> Shape {
        if let s = shared.withLock({ $0.shapes[key] }) { return s }
        let s = make().shape(color: .white)
        shared.withLock { cache in
            if cache.shapes.count >= maxEntries || cache.glyphs + glyphCount > maxGlyphs {
                cache.shapes = [:]
                cache.colored = [:]
                cache.glyphs = 0
            }
            guard glyphCount <= maxGlyphs else { return }
            cache.shapes[key] = s
            cache.glyphs += glyphCount
        }
        return s
    }

    /// The colour glyphs' shapes for `key` (each with its picture as its pattern, so that the
    /// renderer keeps its texture from frame to frame), made by `make` when not kept; kept
    /// while the run's outline shape is.
    static func colorShapes(_ key: Key, make: () -> [TextRun.ColorGlyphShape]) -> [TextRun.ColorGlyphShape] {
        if let s = shared.withLock({ $0.colored[key] }) { return s }
        let s = make()
        shared.withLock { cache in
            if cache.shapes[key] != nil { cache.colored[key] = s }
        }
        return s
    }

    /// How many placed runs are kept (tests: bounded; the second frame adds none).
    static var count: Int { shared.withLock { $0.shapes.count } }

    /// Forgets every kept run (tests).
    static func removeAll() { shared.withLock { $0 = TextRunShapes() } }
}

extension TextRun {
    /// How many glyphs the run places.
    var glyphCount: Int { lines.reduce(0) { $0 + $1.glyphs.count } }
}

extension GraphicsContext {
    /// Fills `run`'s glyphs (nonzero, as fonts are drawn) about `anchor` with `paint`
    /// (default `state.fillPaint`), under the transform in force. The placed outlines and
    /// their coverage mesh are kept (`TextRunShapes`): the same run drawn again costs a lookup.
    public mutating func fill(_ run: TextRun, at anchor: Point = .zero, paint: Paint? = nil) {
        let t = state.transform
        let key = TextRunShapes.Key(shaped: run.shaped, align: run.align, baseline: run.baseline, anchor: anchor,
                                    transform: t, paint: .fill(.nonzero), dash: [], dashOffset: 0)
        let shape = TextRunShapes.shape(key, glyphCount: run.glyphCount) {
            PathShape(run.path(at: anchor).applying(t), paint: .fill(.nonzero))
        }
        let painted = paint ?? state.fillPaint
        if shape.pathShape?.path.isEmpty == false { append(shape, painted: painted) }
        // Colour glyphs (COLRv0 layers, an emoji font's pictures) in their own colours, at the
        // paint's opacity; a layer that says so in the paint itself.
        let opacity: Float
        switch painted {
        case let .solid(c): opacity = c.a
        case let .pattern(p): opacity = p.opacity
        case .gradient: opacity = 1
        }
        guard opacity > 0 else { return }
        for piece in TextRunShapes.colorShapes(key, make: { run.colorGlyphShapes(at: anchor, transform: t) }) {
            if let graph = piece.graph {
                // A COLRv1 glyph in the text's own colour (a gradient's or a pattern's: black).
                save()
                state.transform = graph.transform
                let foreground: Color
                if case let .solid(c) = painted { foreground = Color(c.r, c.g, c.b, 1) } else { foreground = .black }
                paintColorGlyph(graph.paint, face: graph.face, foreground: foreground, opacity: opacity)
                _ = restore()
            } else if piece.ownPaint {
                append(piece.shape, painted: painted)
            } else if let layer = piece.shape.layer, opacity < 1 {
                append(.layer(Layer(shapes: [.layer(layer)], opacity: opacity)))
            } else {
                var s = piece.shape
                s.color.a *= opacity
                append(s)
            }
        }
    }

    /// Strokes the outlines of `run`'s glyphs about `anchor` with `paint` and `style` (defaults
    /// from the state), dashed by the state's dashes; kept as fills are.
    public mutating func stroke(_ run: TextRun, at anchor: Point = .zero, paint: Paint? = nil, style: StrokeStyle? = nil) {
        let t = state.transform
        var style = style ?? state.strokeStyle
        style.width = Float(Double(style.width) * t.lengthScale)
        guard style.width > 0, style.width.isFinite else { return }
        let key = TextRunShapes.Key(shaped: run.shaped, align: run.align, baseline: run.baseline, anchor: anchor,
                                    transform: t, paint: .stroke(style), dash: state.dash, dashOffset: state.dashOffset)
        let (dash, offset) = (state.dash, state.dashOffset)
        let shape = TextRunShapes.shape(key, glyphCount: run.glyphCount) {
            let path = run.path(at: anchor)
            let dashed = dash.isEmpty ? path : path.dashed(dash, offset: offset)
            return PathShape(dashed.applying(t), paint: .stroke(style))
        }
        guard shape.pathShape?.path.isEmpty == false else { return }
        append(shape, painted: paint ?? state.strokePaint)
    }
}
