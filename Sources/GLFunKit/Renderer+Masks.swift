import GLFunGLES

/// Antialiased fills drawn from their coverage pictures (`CoverageMask`): the masks go into the
/// atlas's pages (`MaskAtlas`, kept from frame to frame; a mask is uploaded when it is placed),
/// and each fill is drawn as one quad whose fragments read their coverage there (the path
/// programs' MASK variants, on texture unit 1, the run's page bound there). Masks need no
/// second pass for one layer of paint: one quad never overlaps itself.
extension Renderer {
    /// Draws `mask` as one quad at `z` in colour `rgba` (straight, its alpha the fill's);
    /// `snap`: a coverage of at least 0.999 counts as 1, as the two passes of a translucent
    /// path's mesh give it (`PathCore.fsh`), so that the pixels are the mesh's.
    /// `paint`: a gradient's, at each vertex (the quads go into the gradient stream).
    func emitMask(_ mask: CoverageMask, z: Float, rgba: UInt32, snap: Bool, gradient: Gradient?,
                  pattern: ImagePattern?, paint: GradientPaint? = nil) {
        let twoBytes = Pipe.Program.path(gradient, pattern, .mask)
        // An opaque paint's mask (a solid colour's or a gradient's; no pattern has a one-byte
        // program) in one byte a pixel, in a frame whose fills all have one.
        let byte = byteMasks && !snap && Renderer.paintsOpaque(rgba: rgba, gradient: gradient, pattern: pattern)
            ? twoBytes.byteMask : nil
        let texel: MaskAtlas.Texel = byte == nil ? .twoBytes : .byte
        let atlas = frameMaskAtlas(texel)
        let uploads = atlas.uploads
        defer { stats.masksUploaded += atlas.uploads - uploads }
        var spot = place(mask, in: atlas)
        if spot == nil {
            // The atlas is full: what is built so far is drawn (with it), and it starts again.
            flushChunk()
            atlas.filled()
            spot = place(mask, in: atlas)
        }
        guard let spot else { return }
        let (ax, ay) = (spot.x, spot.y)
        begin(Pipe(program: byte ?? twoBytes, blend: true, depthWrite: false, pattern: pattern, ramps: paint?.ramps,
                   maskPage: spot.page))
        let s = 1 / Double(MaskAtlas.side), shift: Double = snap ? 2 : 0
        let v0 = Float(Double(ay) * s), v1 = Float(Double(ay + mask.height) * s)
        let (a, b, c, d) = mask.corners
        let w = Double(mask.width)
        if let q = mask.outline {
            // The polygon round the covered pixels (`MaskOutline`), a fan: each corner in
            // points (the grid is affine) and at its texel.
            let h = Double(mask.height)
            func at(_ p: Vec) -> (Float, Float, Float, Float) {
                let o = a + (b - a) * (p.x / w) + (d - a) * (p.y / h)
                return (Float(o.x), Float(o.y), Float((Double(ax) + p.x) * s + shift), Float((Double(ay) + p.y) * s))
            }
            let o = at(q[0])
            for k in 1..<(q.count - 1) { paintedTriangle(o, at(q[k]), at(q[k + 1]), z: z, rgba: rgba, paint: paint) }
            end()
            return
        }
        for span in mask.spans {
            // The span's corners on the mask's top and bottom edges (the grid is affine).
            let f0 = Double(span.lowerBound) / w, f1 = Double(span.upperBound) / w
            let tl = a + (b - a) * f0, tr = a + (b - a) * f1, br = d + (c - d) * f1, bl = d + (c - d) * f0
            let u0 = Float(Double(ax + span.lowerBound) * s + shift), u1 = Float(Double(ax + span.upperBound) * s + shift)
            paintedQuad(Float(tl.x), Float(tl.y), Float(tr.x), Float(tr.y), Float(br.x), Float(br.y), Float(bl.x),
                        Float(bl.y), z: z, uv: (u0, v0, u1, v1), rgba: rgba, paint: paint)
        }
        end()
    }

    /// A translucent fill that covers its pixels wholly (its mesh has no fringe: quads of
    /// coverage 1 that never overlap, as a rectangle on whole pixels has) drawn by the mask
    /// program reading the atlas's whole texel (`MaskAtlas.whole`), not by the core program:
    /// the same pixels, and such fills among masks (gradient rectangles among gradient
    /// ellipses) go on in the masks' run instead of taking a draw call each. False when the
    /// atlas has no room for the texel (the mesh is drawn as any path's).
    func emitWhole(_ mesh: PathMesh, z: Float, rgba: UInt32, gradient: Gradient?, pattern: ImagePattern?,
                   paint: GradientPaint?) -> Bool {
        guard !mesh.indices.isEmpty, let spot = place(MaskAtlas.whole, in: frameMaskAtlas()) else { return false }
        let side = Double(MaskAtlas.side)
        let tx: Double = (Double(spot.x) + 0.5) / side, ty: Double = (Double(spot.y) + 0.5) / side
        // The texel's centre, moved 2 to the right: a coverage of 1 counts as 1 (`snap`).
        let u = Float(tx + 2), v = Float(ty)
        begin(Pipe(program: .path(gradient, pattern, .mask), blend: true, depthWrite: false, pattern: pattern,
                   ramps: paint?.ramps, maskPage: spot.page))
        let n = mesh.indices.count
        mesh.vertices.withUnsafeBufferPointer { vs in
            mesh.indices.withUnsafeBufferPointer { ix in
                if let paint {
                    reserveGradient(n)
                    let o = gradientVertices + gradientCount
                    for k in 0..<n {
                        let a = vs[Int(ix[k])]
                        o[k] = Renderer.gradientVertex(a.x, a.y, z, u, v, rgba, paint)
                    }
                    gradientCount += n
                } else {
                    reserve(n)
                    let o = vertices + vertexCount
                    for k in 0..<n {
                        let a = vs[Int(ix[k])]
                        o[k] = Vertex(x: a.x, y: a.y, z: z, u: u, v: v, rgba: rgba)
                    }
                    vertexCount += n
                }
            }
        }
        end()
        return true
    }

    /// Whether `s` is a fill whose mask (if it has one) needs two bytes a pixel: its paint is
    /// not opaque (a colour of alpha under 1, a gradient with a translucent stop, an image
    /// pattern, a layer's plane), so its fragment's alpha is the coverage times another value.
    func needsTwoByteMask(_ s: Shape) -> Bool {
        guard s.kind == .path, let p = s.pathShape, case .fill = p.paint else { return false }
        return !Renderer.paintsOpaque(rgba: s.color.rgba8, gradient: s.gradient, pattern: s.pattern)
    }

    /// Whether a draw in colour `rgba` (its alpha 255) with `gradient` (every stop opaque) or
    /// neither, and no pattern, paints every pixel it covers fully at alpha 1: its fragment's
    /// alpha is the coverage alone, which one byte holds as the target takes it.
    static func paintsOpaque(rgba: UInt32, gradient: Gradient?, pattern: ImagePattern?) -> Bool {
        pattern == nil && rgba >> 24 == 255 && gradient.map({ $0.isOpaque }) ?? true
    }

    /// The mask atlas, made on first use, with this frame's page limit (`maskPages` in frames
    /// that keep their meshes, one in a frame drawn once).
    private func frameMaskAtlas(_ texel: MaskAtlas.Texel = .twoBytes) -> MaskAtlas {
        let atlas: MaskAtlas
        switch texel {
        case .twoBytes:
            atlas = maskAtlas ?? MaskAtlas()
            maskAtlas = atlas
        case .byte:
            atlas = byteMaskAtlas ?? MaskAtlas(texel: .byte)
            byteMaskAtlas = atlas
        }
        atlas.pageLimit = keepsPathMeshes ? texel.pages(maskPages) : 1
        return atlas
    }

    /// Where `mask` is in `atlas` (`MaskAtlas.place`); a GL error (a page's texture not made)
    /// is the frame's, which draws no chunk after it.
    private func place(_ mask: CoverageMask, in atlas: MaskAtlas) -> MaskAtlas.Spot? {
        do throws(GLESError) { return try atlas.place(mask, context: context) } catch {
            if submission?.error == nil { submission?.error = error }
            return nil
        }
    }

    /// Binds the atlas's page `page` on unit 1 (unit 0 active again), for a run that reads it.
    /// `byte`: of the one-byte atlas (a program that `readsByteMask`).
    func bindMaskPage(_ page: Int, byte: Bool) throws(GLESError) {
        guard let atlas = byte ? byteMaskAtlas : maskAtlas else { return }
        try atlas.texture(page, context: context).bind(unit: 1)
        Texture2D.activate(unit: 0)
    }
}
