import GLFunImages

/// COLRv1 colour glyphs on the canvas: a glyph's paint graph (`ColorGlyphPaint`, read by
/// GLFunImages) drawn with the context's own vocabulary, as skia and FreeType's COLRv1 clients
/// draw it: a PaintGlyph's outline filled with the paint under it where that is a colour or a
/// gradient (under any transforms: the gradient's own transform), else a layer clipped to the
/// outline; a PaintComposite as an isolated group, the backdrop and then the source in a layer
/// of the composite's blend mode; transforms as the context's. A colour or gradient outside
/// any glyph fills the glyph's em box, three ems each way. What it is not: a reader of the font.
extension GraphicsContext {
    /// Paints `paint`, the graph of a glyph of `face`: the transform in force takes font units
    /// (y up from the glyph's origin) to the drawing. `foreground` is the text's own colour
    /// (palette index 0xFFFF); every colour's alpha is multiplied by `opacity`.
    public mutating func paintColorGlyph(_ paint: ColorGlyphPaint, face: ShapedFace, foreground: Color, opacity: Float = 1) {
        let em = Float(face.unitsPerEm)
        let painter = ColorGlyphPainter(face: face, root: state.transform,
                                        box: Path.polyline([Point(-3 * em, -3 * em), Point(4 * em, -3 * em),
                                                            Point(4 * em, 4 * em), Point(-3 * em, 4 * em)], closed: true),
                                        inks: ColorGlyphGradients(foreground: foreground, opacity: opacity))
        let depth = saveDepth
        save()
        painter.paint(paint, on: &self)
        while saveDepth > depth { _ = restore() }
    }
}

private struct ColorGlyphPainter {
    let face: ShapedFace
    /// The context's transform at the glyph's root, and the box a bare paint fills there.
    let root: Transform
    let box: Path
    let inks: ColorGlyphGradients

    /// Glyph `glyph`'s outline in font units, y up.
    func outline(_ glyph: UInt32) -> Path { GlyphPaths.path(face, glyph).applying(.scale(1, -1)) }

    func paint(_ p: ColorGlyphPaint, on c: inout GraphicsContext) {
        switch p {
        case let .layers(layers):
            for layer in layers { paint(layer, on: &c) }
        case let .glyph(glyph, inner):
            let path = outline(glyph)
            guard !path.isEmpty else { return }
            if let fill = self.fill(inner, .identity) {
                c.fill(path, paint: fill, rule: .nonzero)
            } else {
                c.beginLayer(clip: path)
                paint(inner, on: &c)
                c.endLayer()
            }
        case let .transform(m, inner):
            c.save()
            c.concatenate(Transform(m))
            paint(inner, on: &c)
            _ = c.restore()
        case let .composite(source, mode, backdrop):
            c.beginLayer(isolated: true)
            paint(backdrop, on: &c)
            c.beginLayer(blend: Self.blend(mode))
            paint(source, on: &c)
            c.endLayer()
            c.endLayer()
        case .solid, .linear, .radial, .sweep:
            // A bare paint: the root's box, the paint moved from where it is drawn to the root.
            guard let back = root.inverted, let fill = self.fill(p, back.concatenating(c.state.transform)) else { return }
            c.save()
            c.state.transform = root
            c.fill(box, paint: fill, rule: .nonzero)
            _ = c.restore()
        }
    }

    /// `p` as one paint whose own space `t` takes to the one drawn in: a colour, a gradient, or
    /// either under transforms; nil for anything else (layers, glyphs, composites).
    func fill(_ p: ColorGlyphPaint, _ t: Transform) -> Paint? {
        switch p {
        case let .solid(color): return .solid(inks.color(color))
        case .linear, .radial, .sweep: return inks.gradient(p, transform: t).map(Paint.gradient) ?? .solid(Color(0, 0, 0, 0))
        case let .transform(m, inner):
            return fill(inner, t.concatenating(Transform(m)))
        default: return nil
        }
    }

    static func blend(_ mode: ColorGlyphComposite) -> BlendMode {
        switch mode {
        case .clear: return .clear
        case .src: return .src
        case .dest: return .dst
        case .srcOver: return .srcOver
        case .destOver: return .dstOver
        case .srcIn: return .srcIn
        case .destIn: return .dstIn
        case .srcOut: return .srcOut
        case .destOut: return .dstOut
        case .srcAtop: return .srcAtop
        case .destAtop: return .dstAtop
        case .xor: return .xor
        case .plus: return .plus
        case .screen: return .screen
        case .overlay: return .overlay
        case .darken: return .darken
        case .lighten: return .lighten
        case .colorDodge: return .colorDodge
        case .colorBurn: return .colorBurn
        case .hardLight: return .hardLight
        case .softLight: return .softLight
        case .difference: return .difference
        case .exclusion: return .exclusion
        case .multiply: return .multiply
        case .hue: return .hue
        case .saturation: return .saturation
        case .color: return .color
        case .luminosity: return .luminosity
        }
    }
}

private extension Transform {
    /// A COLRv1 graph's affine map as the canvas's transform.
    init(_ m: ColorGlyphAffine) { self.init(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.dx, ty: m.dy) }
}
