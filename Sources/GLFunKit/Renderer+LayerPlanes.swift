import GLFunGLES
import GLFunImages

/// Group opacity put onto the frame as shapes (issue 31 item 6): a layer whose only setting is
/// an opacity (source-over, no clip, no mask), of shapes that are not layers themselves, is
/// drawn into a plane (`LayerPlanes`: a target the canvas's size that it shares with layers
/// whose footprints it does not meet), and stands in the frame as its composite: the union of
/// its shapes' pixel bounds as rects that do not overlap (`LayerPlanes.cover`) filled with the
/// plane as an image pattern read at each pixel's own position (`PathPattern.fsh`'s SAMPLING 3)
/// times the opacity, in one pass (rects on whole pixels, apart: each pixel is drawn once
/// without the depth test translucent paths take). So
/// the composite is drawn in the frame's own passes, blended by GL, with no copy of the backdrop
/// and no target switched between it and the shapes about it, over the pixels the layer's
/// shapes reach rather than their whole box; and a plane's layers are drawn one after the
/// other with the plane bound once, before the frame's shapes up to them. (Clipped layers stay
/// with `Renderer+Layers`: measured, their composite through the clip's mask cost more than
/// the clip target it saves.)
///
/// The picture differs from `Layer.fsh`'s composite (`Renderer+Layers`) only by rounding: at
/// most 2/255 a channel where the opacity is below 1 (the plane's colour is unpremultiplied
/// for GL's blend, which multiplies it again).
extension Renderer {
    /// What a layer comes to here.
    enum PlaneComposite {
        /// The layer changes no pixel.
        case nothing
        /// Its composite, drawn in the frame after its plane is.
        case shape(Shape)
        /// All planes have a footprint it meets: draw the pending ones, then ask again.
        case full
        /// Not a layer for the planes (`Renderer+Layers` composites it).
        case no
    }

    /// Places `layer` in a plane and returns its composite, when it is a layer for the planes.
    func planeComposite(_ layer: Layer, canvas: Canvas, depth: Bool, view: ViewTransform,
                        pool: LayerCache) throws(GLESError) -> PlaneComposite {
        guard view.isIdentity, layer.blend == .srcOver, layer.mask == nil, layer.clip == nil,
              !layer.shapes.contains(where: { $0.layer != nil }),
              let region = LayerBounds.region(of: layer) else { return .no }
        let w = canvas.pixelWidth, h = canvas.pixelHeight
        let bounds = LayerBounds.within(scissor, width: w, height: h)
        guard let r = region.pixels(scale: canvas.scale), let cut = LayerBounds.intersect(r, bounds) else {
            return .nothing
        }
        guard let plane = try pool.planes.place(layer, footprint: cut, width: w, height: h, scale: canvas.scale,
                                                depth: depth, context: context) else { return .full }
        var shape = pool.coverShape(layer, cut: cut, scale: canvas.scale)
        shape.color = Color(1, 1, 1, layer.opacity)
        shape.pattern = pool.planes.pattern(plane)
        return .shape(shape)
    }

    /// Draws the layers placed in the planes, each into its plane within its footprint (cleared
    /// transparent first), one plane bound after the other; then binds `target` again and frees
    /// the planes.
    func drawPlanes(canvas: Canvas, depth: Bool, target: UInt32, pool: LayerCache) throws(GLESError) {
        let planes = pool.planes
        guard !planes.pending.isEmpty else { return }
        let outer = scissor
        defer {
            scissor = outer
            Framebuffer.bind(name: target)
            planes.reset()
        }
        let whole = canvas.pixelWidth * canvas.pixelHeight
        for plane in Set(planes.pending.map(\.plane)).sorted() {
            planes.target(plane).bind()
            // Cleared whole when its layers' footprints come to a fifth of it or more (a
            // scissored clear is a quad through llvmpipe's fragment stage, about 5 times the
            // cost a pixel of its whole clear); otherwise each footprint as the layer is drawn.
            let placed = planes.pending.filter { $0.plane == plane }
            let clearsWhole = placed.reduce(0) { $0 + $1.footprint.width * $1.footprint.height } * 5 >= whole
            // The depth buffer only where a path needs it (one layer of paint): clearing it costs
            // as much as the colour, and a few shapes seldom pay for the opaque pass.
            let usesDepth = depth && placed.contains { $0.layer.shapes.contains { $0.kind == .path } }
            if clearsWhole {
                scissor = nil
                _ = try prepare(canvas)
                GL.clear(red: 0, green: 0, blue: 0, alpha: 0, depth: usesDepth)
            }
            for p in placed {
                scissor = p.footprint
                try drawFlat(p.layer.shapes, canvas: canvas, background: Color(0, 0, 0, 0), targetHasDepth: usesDepth,
                             view: .identity, targetCleared: clearsWhole)
            }
        }
    }
}
