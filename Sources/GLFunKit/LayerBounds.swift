import GLFunImages

/// The document points a layer can change (`Renderer+Layers` scissors each layer to them): the
/// bounds of what it draws (control points; a stroke's half width times its miter limit) within
/// its clip path's control points. For the modes that change the backdrop where the layer is
/// transparent (clear, src, src-in, dst-in, src-out, dst-atop) the clip's bounds alone, or
/// none (the whole target). Generous by a few pixels: the antialiased fringe.
struct LayerBounds {
    var x0: Float, y0: Float, x1: Float, y1: Float

    /// Modes under which a transparent source leaves the backdrop as it is.
    static func keepsBackdropWhereEmpty(_ mode: BlendMode) -> Bool {
        switch mode {
        case .clear, .src, .srcIn, .dstIn, .srcOut, .dstAtop: return false
        default: return true
        }
    }

    /// Where `layer` may change its target; nil: anywhere.
    static func region(of layer: Layer) -> LayerBounds? {
        var clip: LayerBounds?
        if let c = layer.clip {
            guard let b = c.path.controlBounds else { return .empty }
            clip = LayerBounds(x0: b.min.x, y0: b.min.y, x1: b.max.x, y1: b.max.y)
        }
        guard keepsBackdropWhereEmpty(layer.blend), let content = of(layer.shapes) else { return clip }
        guard let clip else { return content }
        return LayerBounds(x0: max(content.x0, clip.x0), y0: max(content.y0, clip.y0),
                           x1: min(content.x1, clip.x1), y1: min(content.y1, clip.y1))
    }

    static let empty = LayerBounds(x0: 0, y0: 0, x1: 0, y1: 0)

    /// The bounds of what `shapes` draw; nil when one is not bounded here (an image).
    static func of(_ shapes: [Shape]) -> LayerBounds? {
        var r = LayerBounds(x0: .infinity, y0: .infinity, x1: -.infinity, y1: -.infinity)
        for s in shapes {
            var b: LayerBounds
            if let l = s.layer {
                guard let lb = region(of: l) else { return nil }
                b = lb
            } else {
                switch s.kind {
                case .image: return nil
                case .path:
                    guard let p = s.pathShape else { continue }
                    guard let cb = p.path.controlBounds else { continue }
                    var pad: Float = 0
                    if case let .stroke(style) = p.paint { pad = style.width / 2 * max(style.miterLimit, 1.5) }
                    b = LayerBounds(x0: cb.min.x - pad, y0: cb.min.y - pad, x1: cb.max.x + pad, y1: cb.max.y + pad)
                case .rect, .ellipse, .line:
                    let pad = max(s.width, 0)
                    b = LayerBounds(x0: min(s.from.x, s.to.x) - pad, y0: min(s.from.y, s.to.y) - pad,
                                    x1: max(s.from.x, s.to.x) + pad, y1: max(s.from.y, s.to.y) + pad)
                }
            }
            guard b.x0.isFinite, b.y0.isFinite, b.x1.isFinite, b.y1.isFinite else { return nil }
            r = LayerBounds(x0: min(r.x0, b.x0), y0: min(r.y0, b.y0), x1: max(r.x1, b.x1), y1: max(r.y1, b.y1))
        }
        return r.x0 <= r.x1 ? r : .empty
    }

    /// These bounds in the target's pixels (top-left origin) at `scale` pixels a point, grown by
    /// 3 pixels; nil when empty.
    func pixels(scale: Float) -> PixelRect? {
        guard x0 < x1, y0 < y1 else { return nil }
        let l = (x0 * scale).rounded(.down) - 3, t = (y0 * scale).rounded(.down) - 3
        let r = (x1 * scale).rounded(.up) + 3, b = (y1 * scale).rounded(.up) + 3
        let big: Float = 16_777_216
        let cl = Int(min(max(l, -big), big)), ct = Int(min(max(t, -big), big))
        return PixelRect(x: cl, y: ct, width: Int(min(max(r, -big), big)) - cl, height: Int(min(max(b, -big), big)) - ct)
    }

    /// The target's pixels (`width` x `height`) within `scissor`: the whole target without one,
    /// or with one that lies outside it.
    static func within(_ scissor: PixelRect?, width: Int, height: Int) -> PixelRect {
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        return scissor.flatMap { intersect($0, whole) } ?? whole
    }

    /// The pixels in both; nil when none.
    static func intersect(_ a: PixelRect, _ b: PixelRect) -> PixelRect? {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        let x1 = min(a.x + a.width, b.x + b.width), y1 = min(a.y + a.height, b.y + b.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
