import GLFunGLES
import GLFunImages

/// Groups drawn through layers (`Layer`): a frame's shapes up to a layer are drawn as any frame
/// is; the layer's shapes are drawn (layers nest) into an offscreen framebuffer the canvas's
/// size, cleared to transparent; its clip path's coverage and its mask each into another; the
/// bound target is copied into a backdrop texture (glCopyTexSubImage2D); and one quad over the
/// target, blending off, writes `Layer.fsh`'s composite of the four. The shapes after it are
/// drawn over the target's colour with its depth cleared again (so translucent paths keep one
/// layer of paint). The layer program is compiled on first use. A frame without layers never
/// comes here: it is drawn exactly as before.
///
/// Cost: a layer is bounded (`LayerBounds`) to the pixels it can change (what it draws, within
/// its clip; the clip alone for the modes that change the backdrop where the layer is empty),
/// by the scissor, for its clears, draws, backdrop copy and composite; a frame's framebuffers
/// and backdrop texture are reused from layer to layer (`LayerTargets`).
///
/// GL state: as `draw`; the layers' framebuffers and textures are made and deleted within the
/// call, the caller's framebuffer is bound again after each (GL_FRAMEBUFFER_BINDING at the
/// start). A composite binds textures on units 3, 2, 1 and then 0 (left active), uses the layer
/// program and its quad buffer (attribute array 0 alone enabled) and leaves the state listed
/// for `draw` (blending and depth test off).
extension Renderer {
    /// One frame's offscreen targets, all the canvas's size: those free for the next layer, and
    /// the backdrop texture.
    final class LayerTargets {
        var free: [Framebuffer] = []
        var backdrop: Texture2D?
    }

    func drawLayered(_ shapes: [Shape], canvas: Canvas, background: Color?, targetHasDepth depth: Bool,
                     view: ViewTransform) throws(GLESError) {
        try drawLayered(shapes, canvas: canvas, background: background, depth: depth, view: view, pool: LayerTargets())
    }

    private func drawLayered(_ shapes: [Shape], canvas: Canvas, background: Color?, depth: Bool,
                             view: ViewTransform, pool: LayerTargets) throws(GLESError) {
        context.requireCurrent("Renderer.draw")
        try GL.checkRenderTarget()
        let target = Framebuffer.boundName()
        var segment: [Shape] = []
        var first = true
        func flush() throws(GLESError) {
            try drawFlat(segment, canvas: canvas, background: first ? background : nil, targetHasDepth: depth,
                         view: view, clearDepthOnly: !first && background != nil)
            first = false
            segment.removeAll(keepingCapacity: true)
        }
        for s in shapes {
            guard let layer = s.layer else {
                segment.append(s)
                continue
            }
            // Without an offscreen target where the picture allows (`Renderer+LayerShortcuts`).
            if let f = Renderer.folded(layer, pathLayers: depth && background != nil) {
                segment.append(contentsOf: f)
                continue
            }
            if first || !segment.isEmpty { try flush() }
            if let r = Renderer.scissorClip(layer, scale: canvas.scale, view: view) {
                try drawScissored(layer.shapes, to: r, canvas: canvas, depth: depth, clearsDepth: background != nil)
                continue
            }
            try composite(layer, canvas: canvas, depth: depth, view: view, target: target, pool: pool)
        }
        if first || !segment.isEmpty { try flush() }
    }

    /// Draws `shapes` into a transparent framebuffer the canvas's size (from `pool`, within the
    /// scissor), then binds `target` again.
    private func offscreen(_ shapes: [Shape], canvas: Canvas, depth: Bool, view: ViewTransform,
                           target: UInt32, pool: LayerTargets) throws(GLESError) -> Framebuffer {
        let fb: Framebuffer
        if let reused = pool.free.popLast() {
            fb = reused
        } else {
            fb = try Framebuffer(context: context, width: canvas.pixelWidth, height: canvas.pixelHeight, depth: depth)
        }
        fb.bind()
        defer { Framebuffer.bind(name: target) }
        if shapes.contains(where: { $0.layer != nil }) {
            try drawLayered(shapes, canvas: canvas, background: Color(0, 0, 0, 0), depth: depth, view: view, pool: pool)
        } else {
            try drawFlat(shapes, canvas: canvas, background: Color(0, 0, 0, 0), targetHasDepth: depth, view: view)
        }
        return fb
    }

    private func composite(_ layer: Layer, canvas: Canvas, depth: Bool, view: ViewTransform,
                           target: UInt32, pool: LayerTargets) throws(GLESError) {
        let w = canvas.pixelWidth, h = canvas.pixelHeight
        let outer = scissor
        defer { scissor = outer }
        let whole = PixelRect(x: 0, y: 0, width: w, height: h)
        var bounds = outer.flatMap { LayerBounds.intersect($0, whole) } ?? whole
        if view.isIdentity, let region = LayerBounds.region(of: layer) {
            guard let r = region.pixels(scale: canvas.scale), let cut = LayerBounds.intersect(r, bounds) else {
                return  // the layer changes no pixel
            }
            bounds = cut
            scissor = cut
        }
        let content = try offscreen(layer.shapes, canvas: canvas, depth: depth, view: view, target: target, pool: pool)
        var clip: Framebuffer?
        if let c = layer.clip {
            let shape = PathShape(c.path, paint: .fill(c.rule)).shape(color: .white)
            clip = try offscreen([shape], canvas: canvas, depth: depth, view: view, target: target, pool: pool)
        }
        var mask: Framebuffer?
        if let m = layer.mask {
            mask = try offscreen(m.shapes, canvas: canvas, depth: depth, view: view, target: target, pool: pool)
        }
        defer { pool.free.append(contentsOf: [content, clip, mask].compactMap { $0 }) }
        let program = try layerCompositeProgram()
        let state = try prepare(canvas)  // blending, depth test off; scissor per `scissor`
        let backdrop: Texture2D
        if let b = pool.backdrop {
            backdrop = b
        } else {
            backdrop = try Texture2D(context: context, pixels: nil, width: w, height: h, options: TextureOptions(filter: .nearest))
            pool.backdrop = backdrop
        }
        (mask ?? content).texture.bind(unit: 3)
        (clip ?? content).texture.bind(unit: 2)
        backdrop.bind(unit: 1)
        // Only the bounded pixels are read (GL's rows count up from the bottom).
        backdrop.copyFromBoundFramebuffer(x: bounds.x, y: h - bounds.y - bounds.height,
                                          width: bounds.width, height: bounds.height)
        content.texture.bind(unit: 0)
        program.use()
        try program.set("texelScale", .vec2(1 / Float(backdrop.pixelsWide), 1 / Float(backdrop.pixelsHigh)))
        try program.set("opacity", .float(layer.opacity))
        try program.set("useClip", .float(clip == nil ? 0 : 1))
        try program.set("maskKind", .float(layer.mask.map { $0.kind == .alpha ? 1 : 2 } ?? 0))
        try program.set("mode", .int(layer.blend.shaderMode))
        let quad = layerQuadBuffer()
        try quad.setLayout([VertexAttribute(location: 0, components: 2, kind: .float, offset: 0)], stride: 8)
        IndexBuffer.unbind()
        GL.draw(.triangleStrip, first: 0, count: 4)
        _ = state
    }

    /// The composite program, compiled on first use.
    private func layerCompositeProgram() throws(GLESError) -> ShaderProgram {
        if let p = layerProgram { return p }
        let p = try ShaderProgram(context: context, name: "layer", vertex: try ShaderLibrary.source("Layer.vsh"),
                                  fragment: try ShaderLibrary.source("Layer.fsh"), attributes: ["position"])
        for (i, name) in ["layer", "backdrop", "clip", "mask"].enumerated() { try p.set(name, .int(Int32(i))) }
        layerProgram = p
        return p
    }

    /// A quad over the whole target in clip space (a triangle strip), made on first use.
    private func layerQuadBuffer() -> VertexBuffer {
        if let q = layerQuad {
            q.bind()
            return q
        }
        let q = VertexBuffer(context: context, usage: .staticDraw)
        q.upload([Float(-1), -1, 1, -1, -1, 1, 1, 1])
        layerQuad = q
        return q
    }
}
