import GLFunGLES
import GLFunImages

/// Layers drawn without an offscreen target (issue 31 item 6), where the picture is the
/// layered one's (within 1/255: the composite's rounding):
/// - a group whose only setting is an opacity, of shapes that are each one layer of paint and
///   whose bounds meet pairwise not at all (one shape, or children side by side): each shape
///   drawn with its alpha times the opacity, in the frame (`folded`);
/// - a group whose only setting is a clip that is a rectangle on whole pixels: its shapes drawn
///   in the frame with the scissor cut to the rectangle (`scissorClip`).
/// Any other layer keeps its bounded offscreen targets (`Renderer+Layers`, `LayerBounds`).
extension Renderer {
    /// The most children a folded group's bounds are checked pairwise for.
    static let maxFoldedShapes = 64

    /// `layer`'s shapes with the opacity in their alpha, when the layer can be drawn so; nil
    /// otherwise. `pathLayers`: translucent paths keep one layer of paint in this frame (a
    /// cleared depth buffer).
    static func folded(_ layer: Layer, pathLayers: Bool) -> [Shape]? {
        guard layer.opacity < 1, layer.blend == .srcOver, layer.clip == nil, layer.mask == nil,
              !layer.shapes.isEmpty, layer.shapes.count <= maxFoldedShapes else { return nil }
        var boxes: [LayerBounds] = []
        for s in layer.shapes {
            guard s.layer == nil, s.kind != .image else { return nil }
            if s.kind == .path && !pathLayers { return nil }
            guard let b = LayerBounds.of([s]) else { return nil }
            // Antialiased fringes reach a pixel out, at any scale up to 4 pixels a point.
            let g = LayerBounds(x0: b.x0 - 1, y0: b.y0 - 1, x1: b.x1 + 1, y1: b.y1 + 1)
            if boxes.contains(where: { $0.x0 < g.x1 && g.x0 < $0.x1 && $0.y0 < g.y1 && g.y0 < $0.y1 }) { return nil }
            boxes.append(g)
        }
        return layer.shapes.map { s in
            var f = s
            f.color.a *= layer.opacity
            return f
        }
    }

    /// The scissor (target pixels) a layer's clip comes to, when the clip is the layer's only
    /// setting and is an axis-aligned rectangle whose edges lie on whole pixels.
    static func scissorClip(_ layer: Layer, scale: Float, view: ViewTransform) -> PixelRect? {
        guard view.isIdentity, !layer.shapes.contains(where: { $0.layer != nil }), layer.opacity == 1, layer.blend == .srcOver, layer.mask == nil,
              let clip = layer.clip, let r = pixelRect(clip.path, scale: scale) else { return nil }
        return r
    }

    /// `path` as a rectangle of whole pixels at `scale`: one closed subpath of four (or five, the
    /// last back at the first) axis-aligned lines; nil otherwise.
    static func pixelRect(_ path: Path, scale: Float) -> PixelRect? {
        var pts: [Point] = []
        var closed = false
        for (i, e) in path.elements.enumerated() {
            switch e {
            case let .move(p): guard i == 0 else { return nil }; pts.append(p)
            case let .line(p): guard !closed else { return nil }; pts.append(p)
            case .close: closed = true
            default: return nil
            }
        }
        if pts.count == 5, pts[4] == pts[0] { pts.removeLast() }
        guard pts.count == 4 else { return nil }
        for k in 0..<4 {
            let a = pts[k], b = pts[(k + 1) % 4]
            guard a.x == b.x || a.y == b.y else { return nil }
        }
        let xs = pts.map { $0.x * scale }, ys = pts.map { $0.y * scale }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(),
              [x0, x1, y0, y1].allSatisfy({ $0 == $0.rounded() && abs($0) < 16_777_216 }),
              Set(xs).count == 2, Set(ys).count == 2 else { return nil }
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    /// Draws `shapes` (no layer among them) over the target within `rect` (and the scissor in
    /// force): as the shapes after a layer are, with the depth cleared (`clearsDepth`) in the rect.
    func drawScissored(_ shapes: [Shape], to rect: PixelRect, canvas: Canvas, depth: Bool,
                       clearsDepth: Bool) throws(GLESError) {
        let outer = scissor
        defer { scissor = outer }
        let within = LayerBounds.within(outer, width: canvas.pixelWidth, height: canvas.pixelHeight)
        guard let cut = LayerBounds.intersect(rect, within) else { return }
        scissor = cut
        try drawFlat(shapes, canvas: canvas, background: nil, targetHasDepth: depth, view: .identity,
                     clearDepthOnly: clearsDepth)
    }
}
