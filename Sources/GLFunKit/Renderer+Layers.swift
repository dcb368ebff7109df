import GLFunGLES
import GLFunImages

/// Groups drawn through layers (`Layer`; group opacity alone goes through the layer planes,
/// `Renderer+LayerPlanes`, and a few groups need no target, `Renderer+LayerShortcuts`): a
/// frame's shapes up to a layer are drawn as any frame is; the layer's shapes are drawn (layers nest) into an offscreen framebuffer the canvas's
/// size, cleared to transparent; its clip path's coverage and its mask each into another; and
/// one quad over the target, blending off, writes `Layer.fsh`'s composite of them with the
/// target's pixel (the backdrop): read in the shader where the context has
/// GL_EXT_shader_framebuffer_fetch, otherwise from a copy of the bound target
/// (glCopyTexSubImage2D into a backdrop texture). The program is compiled for what the layer
/// uses (`LayerComposite`: its mode, clip, mask kind), on first use. The shapes after it are
/// drawn over the target's colour with its depth cleared again (so translucent paths keep one
/// layer of paint). A frame without layers never comes here: it is drawn exactly as before.
///
/// Cost: a layer is bounded (`LayerBounds`) to the pixels it can change (what it draws, within
/// its clip; the clip alone for the modes that change the backdrop where the layer is empty),
/// by the scissor, for its clears, draws, backdrop copy and composite; the composite of a mode
/// that keeps the backdrop where the layer is empty covers only its shapes' bounds; the framebuffers and the
/// backdrop texture are the renderer's (`LayerCache`), reused from layer to layer and from frame
/// to frame.
///
/// GL state: as `draw`; the caller's framebuffer is bound again after each layer
/// (GL_FRAMEBUFFER_BINDING at the start). A composite binds textures on units 3 (a mask), 2 (a
/// clip), 1 (the backdrop copy) and then 0 (left active), uses its program and the quad buffer
/// (attribute array 0 alone enabled) and leaves the state listed for `draw` (blending and depth
/// test off).
extension Renderer {
    func drawLayered(_ shapes: [Shape], canvas: Canvas, background: Color?, targetHasDepth depth: Bool,
                     view: ViewTransform) throws(GLESError) {
        layers.begin(width: canvas.pixelWidth, height: canvas.pixelHeight)
        try drawLayered(shapes, canvas: canvas, background: background, depth: depth, view: view, pool: layers)
    }

    private func drawLayered(_ shapes: [Shape], canvas: Canvas, background: Color?, depth: Bool,
                             view: ViewTransform, pool: LayerCache) throws(GLESError) {
        context.requireCurrent("Renderer.draw")
        try GL.checkRenderTarget()
        let target = Framebuffer.boundName()
        var segment: [Shape] = []
        var first = true
        func flush() throws(GLESError) {
            // The planes' layers first: the segment composites them (`Renderer+LayerPlanes`).
            try drawPlanes(canvas: canvas, depth: depth, target: target, pool: pool)
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
            let rectClip = Renderer.scissorClip(layer, scale: canvas.scale, view: view)
            // A clipped or translucent group of fills: folded into its children's coverage (`GroupFold`).
            if rectClip == nil, antialias, meshMasks,
               let f = pool.folded(layer, grid: PixelGrid(canvas: canvas, view: view)) {
                segment.append(contentsOf: f)
                continue
            }
            if rectClip == nil {
                var placed = try planeComposite(layer, canvas: canvas, depth: depth, view: view, pool: pool)
                if case .full = placed {
                    try flush()
                    placed = try planeComposite(layer, canvas: canvas, depth: depth, view: view, pool: pool)
                }
                switch placed {
                case .nothing: continue
                case let .shape(c):
                    segment.append(c)
                    continue
                case .full, .no: break
                }
            }
            if first || !segment.isEmpty { try flush() }
            if let r = rectClip {
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
                           target: UInt32, pool: LayerCache) throws(GLESError) -> Framebuffer {
        let fb = try pool.take(context: context, depth: depth)
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
                           target: UInt32, pool: LayerCache) throws(GLESError) {
        let w = canvas.pixelWidth, h = canvas.pixelHeight
        let outer = scissor
        defer { scissor = outer }
        var bounds = LayerBounds.within(outer, width: w, height: h)
        var cover: [PixelRect]?
        if view.isIdentity, let region = LayerBounds.region(of: layer) {
            guard let r = region.pixels(scale: canvas.scale), let cut = LayerBounds.intersect(r, bounds) else {
                return  // the layer changes no pixel
            }
            bounds = cut
            scissor = cut
            // Where the layer is empty a mode that keeps the backdrop there (its region is its
            // shapes' bounds) leaves it as it is: the composite covers the union of its shapes'
            // bounds alone (`LayerPlanes.cover`), the same pixels.
            if LayerBounds.keepsBackdropWhereEmpty(layer.blend) {
                let c = LayerPlanes.cover(layer.shapes, cut: cut, scale: canvas.scale)
                if c.isEmpty { return }
                cover = c
            }
        }
        let content = try offscreen(layer.shapes, canvas: canvas, depth: depth, view: view, target: target, pool: pool)
        var clip: Framebuffer?
        if let c = layer.clip {
            clip = try offscreen([pool.clipShape(layer, c)], canvas: canvas, depth: depth, view: view, target: target, pool: pool)
        }
        var mask: Framebuffer?
        if let m = layer.mask {
            mask = try offscreen(m.shapes, canvas: canvas, depth: depth, view: view, target: target, pool: pool)
        }
        defer { pool.free.append(contentsOf: [content, clip, mask].compactMap { $0 }) }
        let kind = LayerComposite(layer, fetch: compositeFetches())
        let program = try layerCompositeProgram(kind)
        let state = try prepare(canvas)  // blending, depth test off; scissor per `scissor`
        // Made (bound on the active unit, 0) before the others are bound.
        let backdrop = kind.fetch ? nil : try pool.backdropTexture(context: context)
        if let m = mask { m.texture.bind(unit: 3) }
        if let c = clip { c.texture.bind(unit: 2) }
        if let backdrop {
            backdrop.bind(unit: 1)
            // Only the bounded pixels are read (GL's rows count up from the bottom).
            backdrop.copyFromBoundFramebuffer(x: bounds.x, y: h - bounds.y - bounds.height,
                                              width: bounds.width, height: bounds.height)
        }
        content.texture.bind(unit: 0)
        program.use()
        // A mode that keeps only the backdrop (clear, dst) leaves the layer's uniforms out.
        if let at = program.uniformIfPresent("texelScale") {
            try program.set(location: at, .vec2(1 / Float(content.texture.pixelsWide), 1 / Float(content.texture.pixelsHigh)))
        }
        if let at = program.uniformIfPresent("opacity") { try program.set(location: at, .float(layer.opacity)) }
        let rects = cover ?? [bounds]
        let quad = layerQuadBuffer(rects, width: w, height: h)
        try quad.setLayout([VertexAttribute(location: 0, components: 2, kind: .float, offset: 0)], stride: 8)
        IndexBuffer.unbind()
        GL.draw(.triangles, first: 0, count: 6 * rects.count)
        _ = state
    }

    /// Whether composites read the backdrop with framebuffer fetch (decided once per renderer).
    private func compositeFetches() -> Bool {
        if let f = layers.fetch { return f }
        let f = context.extensions.contains("GL_EXT_shader_framebuffer_fetch")
        layers.fetch = f
        return f
    }

    /// The composite program for `kind`, compiled on first use.
    private func layerCompositeProgram(_ kind: LayerComposite) throws(GLESError) -> ShaderProgram {
        if let p = layers.programs[kind] { return p }
        let f = try ShaderLibrary.source("Layer.fsh")
        let p = try ShaderProgram(context: context, name: "layer", vertex: try ShaderLibrary.source("Layer.vsh"),
                                  fragment: ShaderSource(name: f.name, text: kind.prefix + f.text),
                                  attributes: ["position"])
        for (name, unit) in kind.samplers {
            if let at = p.uniformIfPresent(name) { try p.set(location: at, .int(unit)) }
        }
        // Those a kind's program uses (the compiler drops the others).
        layers.programs[kind] = p
        return p
    }

    /// The composite's buffer (made on first use), holding `rects` (target pixels, top-left
    /// origin, of a `width` x `height` target) in clip space, two triangles each.
    private func layerQuadBuffer(_ rects: [PixelRect], width: Int, height: Int) -> VertexBuffer {
        let q = layerQuad ?? VertexBuffer(context: context, usage: .streamDraw)
        layerQuad = q
        q.bind()
        let sx = 2 / Float(width), sy = 2 / Float(height)
        var v: [Float] = []
        v.reserveCapacity(12 * rects.count)
        for r in rects {
            let x0 = Float(r.x) * sx - 1, x1 = Float(r.x + r.width) * sx - 1
            let y0 = 1 - Float(r.y) * sy, y1 = 1 - Float(r.y + r.height) * sy
            v += [x0, y0, x1, y0, x0, y1, x1, y0, x1, y1, x0, y1]
        }
        q.upload(v)
        return q
    }
}
