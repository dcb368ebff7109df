import GLFunImages
import Synchronization

/// Colour glyphs in scene and canvas text (`GraphicsContext.fill(_:TextRun)`), drawn in place
/// of their outlines (`TextRun.path` leaves them out), as SVG text draws them: a COLRv1 glyph
/// as its paint graph (`GraphicsContext.paintColorGlyph`); a COLRv0 glyph as its layers'
/// outlines, each filled with its palette colour or, for a layer that says so, with the text's
/// own paint; a bitmap glyph (an emoji font's) as its picture (`GlyphBitmaps`). Colours and
/// pictures take the paint's opacity.
struct GlyphLayers {
    private var layers: [GlyphPaths.Key: [ColorGlyphLayer]] = [:]
    private var graphs: [GlyphPaths.Key: ColorGlyphPaint?] = [:]
    static let maxEntries = 1 << 16
    static let shared = Mutex(GlyphLayers())

    /// The glyph's COLRv1 paint graph; nil for a glyph that has none.
    static func graph(_ face: ShapedFace, _ glyph: UInt32) -> ColorGlyphPaint? {
        let key = GlyphPaths.Key(face: face, glyph: glyph)
        if let g = shared.withLock({ $0.graphs[key] }) { return g }
        let g = TextShaper.colorPaint(of: glyph, in: face)
        shared.withLock { cache in
            if cache.graphs.count >= maxEntries { cache.graphs = [:] }
            cache.graphs[key] = .some(g)
        }
        return g
    }

    /// The glyph's COLRv0 layers, bottom first; empty for a glyph that is not a colour one.
    static func layers(_ face: ShapedFace, _ glyph: UInt32) -> [ColorGlyphLayer] {
        let key = GlyphPaths.Key(face: face, glyph: glyph)
        if let l = shared.withLock({ $0.layers[key] }) { return l }
        let l = TextShaper.colorLayers(of: glyph, in: face)
        shared.withLock { cache in
            if cache.layers.count >= maxEntries { cache.layers = [:] }
            cache.layers[key] = l
        }
        return l
    }
}

extension TextRun {
    /// A colour glyph's piece, placed: its shape (a layer's outline in its palette colour, a
    /// picture's box with the picture as its pattern, white, or a shape a COLRv1 graph paints),
    /// and whether it takes the text's own paint instead (a layer of colour index 0xFFFF). A
    /// COLRv1 glyph whose graph takes the text's own colour is kept as its graph instead
    /// (`graph`, placed: painted with each fill's colour, `shape` unused).
    struct ColorGlyphShape {
        var shape: Shape
        var ownPaint = false
        var graph: (paint: ColorGlyphPaint, face: ShapedFace, transform: Transform)? = nil
    }

    /// Whether `glyph` is drawn by its colour pieces rather than its outline.
    static func isColorGlyph(_ glyph: ShapedGlyph) -> Bool {
        GlyphLayers.graph(glyph.face, glyph.glyph) != nil || !GlyphLayers.layers(glyph.face, glyph.glyph).isEmpty
            || GlyphBitmaps.picture(glyph.face, glyph.glyph) != nil
    }

    /// Glyph `g`'s COLRv1 pieces placed by `at` (font units, y up, to document points).
    private func graphShapes(_ graph: ColorGlyphPaint, _ g: ShapedGlyph, _ at: Transform) -> [ColorGlyphShape] {
        let s = Double(shaped.font.size) / Double(g.face.unitsPerEm)
        let root = at.concatenating(.scale(s, -s))
        if graph.usesForeground {
            return [ColorGlyphShape(shape: .layer(Layer(shapes: [])), graph: (graph, g.face, root))]
        }
        var c = GraphicsContext()
        c.state.transform = root
        c.paintColorGlyph(graph, face: g.face, foreground: .black)
        return c.shapes.map { ColorGlyphShape(shape: $0) }
    }

    /// The run's colour glyphs' pieces placed about `anchor` under `transform`, in the run's
    /// order (a glyph's layers bottom first). Empty for a run of outlines only.
    func colorGlyphShapes(at anchor: Point, transform t: Transform) -> [ColorGlyphShape] {
        var out: [ColorGlyphShape] = []
        var y = anchor.y + firstBaseline
        for line in lines {
            let x = anchor.x + lineStart(line)
            for g in line.glyphs {
                let at = t.concatenating(.translation(Double(x + g.x), Double(y + g.y)))
                if let graph = GlyphLayers.graph(g.face, g.glyph) {
                    out += graphShapes(graph, g, at)
                    continue
                }
                let layers = GlyphLayers.layers(g.face, g.glyph)
                for layer in layers {
                    let path = outline(of: g.replacingGlyph(layer.glyph))
                    guard !path.isEmpty else { continue }
                    let color = layer.paletteColor
                    let shape = PathShape(path.applying(at), paint: .fill(.nonzero)).shape(color: color ?? .white)
                    out.append(ColorGlyphShape(shape: shape, ownPaint: color == nil))
                }
                guard layers.isEmpty, let (box, pattern) = colorPicture(of: g) else { continue }
                var shape = PathShape(box.applying(at), paint: .fill(.nonzero)).shape(color: .white)
                shape.pattern = pattern.transformed(by: at)
                out.append(ColorGlyphShape(shape: shape))
            }
            y += lineHeight
        }
        return out
    }
}

extension ColorGlyphLayer {
    /// The layer's palette colour (straight alpha); nil: the text's own paint.
    public var paletteColor: Color? {
        color.map { Color(Float($0.red) / 255, Float($0.green) / 255, Float($0.blue) / 255, Float($0.alpha) / 255) }
    }
}
