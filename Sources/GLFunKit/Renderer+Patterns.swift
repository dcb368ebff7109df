import GLFunGLES

/// Image-pattern paints (`ImagePattern`, `PathPattern.fsh`): per run the pattern's image on
/// texture unit 0 (nearest: the shader samples texels itself, so the repeat wraps bilinear
/// sampling across its seams and an NPOT image needs no GL repeat) and the paint's uniforms.
///
/// The images are made once per pattern object (or the one it was made from: `imageKey`) and kept (at most `maxPatterns`; the cache
/// starts again at the next outermost `draw` past that): pixels uploaded as they are; a
/// drawing drawn by this renderer into a framebuffer of its size, cleared transparent, before
/// the frame that uses it (`preparePatterns`, at the start of `draw`), so it is premultiplied
/// as any target and its rows are bottom first (the shader flips them).
extension Renderer {
    /// Pattern images kept before the cache starts again.
    static let maxPatterns = 64

    /// Makes the images of the patterns `shapes` use that are not made yet, those in layers
    /// (their shapes and masks, at any depth) included: all before the frame's first draw,
    /// with no layer's scissor in force. Binds framebuffers and restores the one bound.
    func preparePatterns(_ shapes: [Shape]) throws(GLESError) {
        guard Self.usesPatterns(shapes) else { return }
        if patternDepth == 0 && patternTextures.count > Renderer.maxPatterns { patternTextures.removeAll() }
        patternDepth += 1
        defer { patternDepth -= 1 }
        for s in shapes {
            if let layer = s.layer {
                try preparePatterns(layer.shapes)
                if let m = layer.mask { try preparePatterns(m.shapes) }
                continue
            }
            guard let p = s.pattern, patternTextures[p.imageKey] == nil else { continue }
            if case .image = p.source { continue }
            patternTextures[p.imageKey] = (p.imageOwner ?? p, try makeTexture(p))
        }
    }

    /// Whether any of `shapes`, or of their layers' shapes and masks, is painted with a pattern.
    static func usesPatterns(_ shapes: [Shape]) -> Bool {
        shapes.contains { s in
            if s.pattern != nil { return true }
            guard let layer = s.layer else { return false }
            return usesPatterns(layer.shapes) || (layer.mask.map { usesPatterns($0.shapes) } ?? false)
        }
    }

    /// Binds `pattern`'s image on unit 0 and sets the paint's uniforms on `program`, which is in use.
    func setPaint(_ pattern: ImagePattern, program: ShaderProgram) throws(GLESError) {
        if pattern.isLayerPlane {
            // Read at the pixel (`Renderer+LayerPlanes`): the texel size alone.
            guard let t = layers.planes.texture(for: pattern) else { return }
            t.bind(unit: 0)
            return try program.set("imageTexel", .vec3(1 / Float(t.pixelsWide), 1 / Float(t.pixelsHigh), 0))
        }
        let texture: Texture2D
        if case let .image(name) = pattern.source {
            guard let t = textures[name] else { return }
            texture = t
        } else if let t = patternTextures[pattern.imageKey]?.texture {
            texture = t
        } else {
            // Pixels can be uploaded here; a drawing not prepared (not reached by `draw`) is drawn by nothing.
            guard case .pixels = pattern.source else { return }
            texture = try makeTexture(pattern)
            patternTextures[pattern.imageKey] = (pattern.imageOwner ?? pattern, texture)
        }
        texture.bind(unit: 0)
        texture.setFilter(.nearest)
        let m = pattern.transform.inverted ?? Transform(a: 0, b: 0, c: 0, d: 0, tx: -1e9, ty: -1e9)
        try program.set("paintX", .vec3(Float(m.a), Float(m.c), Float(m.tx)))
        try program.set("paintY", .vec3(Float(m.b), Float(m.d), Float(m.ty)))
        let size = pattern.source.size ?? (texture.width, texture.height)
        try program.set("imageSize", .vec2(Float(size.width), Float(size.height)))
        var straight: Float = 0
        if case .image = pattern.source { straight = 1 }
        try program.set("imageTexel", .vec3(1 / Float(texture.pixelsWide), 1 / Float(texture.pixelsHigh), straight))
        let (wrapX, wrapY): (Float, Float)
        switch pattern.repetition {
        case .none: (wrapX, wrapY) = (0, 0)
        case .repeatX: (wrapX, wrapY) = (1, 0)
        case .repeatY: (wrapX, wrapY) = (0, 1)
        case .repeat: (wrapX, wrapY) = (1, 1)
        case .reflect: (wrapX, wrapY) = (2, 2)
        case .pad: (wrapX, wrapY) = (3, 3)
        }
        let flip: Float
        if case .drawing = pattern.source { flip = 1 } else { flip = 0 }
        // patternMode.z is unused: the sampling is the program's (`Pipe.Program.path`).
        try program.set("patternMode", .vec4(wrapX, wrapY, 0, flip))
    }

    private func makeTexture(_ pattern: ImagePattern) throws(GLESError) -> Texture2D {
        switch pattern.source {
        case let .pixels(w, h, rgba):
            return try Texture2D(context: context, rgba: rgba, width: w, height: h,
                                 options: TextureOptions(filter: .nearest, color: .keepStored))
        case .image:
            throw .badPixels("a named image is the renderer's texture")
        case let .drawing(shapes, w, h):
            let target = Framebuffer.boundName()
            let fb = try Framebuffer(context: context, width: max(w, 1), height: max(h, 1), depth: true)
            fb.bind()
            let kept = scissor
            scissor = nil
            defer {
                scissor = kept
                Framebuffer.bind(name: target)
            }
            try draw(shapes, canvas: Canvas(width: Float(max(w, 1)), height: Float(max(h, 1))),
                     background: Color(0, 0, 0, 0), targetHasDepth: true)
            return fb.texture
        }
    }
}
