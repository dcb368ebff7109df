import GLFunGLES

/// Antialiased fills drawn from their coverage pictures (`CoverageMask`): the masks go into one
/// atlas in memory (`MaskAtlas`, kept from frame to frame), whose rows written since are
/// uploaded once before a chunk's draw calls, and draws each fill as one quad whose fragments read their
/// coverage there (the path programs' MASK variants, on texture unit 1). Masks need no second
/// pass for one layer of paint: one quad never overlaps itself.
extension Renderer {
    /// Draws `mask` as one quad at `z` in colour `rgba` (straight, its alpha the fill's);
    /// `snap`: a coverage of at least 0.999 counts as 1, as the two passes of a translucent
    /// path's mesh give it (`PathCore.fsh`), so that the pixels are the mesh's.
    /// `paint`: a gradient's, at each vertex (the quads go into the gradient stream).
    func emitMask(_ mask: CoverageMask, z: Float, rgba: UInt32, snap: Bool, gradient: Gradient?,
                  pattern: ImagePattern?, paint: GradientPaint? = nil) {
        let atlas = maskAtlas ?? MaskAtlas()
        maskAtlas = atlas
        var spot = atlas.place(mask)
        if spot == nil {
            // The atlas is full: what is built so far is drawn (with it), and it starts again.
            flushChunk()
            atlas.reset()
            spot = atlas.place(mask)
        }
        guard let (ax, ay) = spot else { return }
        let program = Pipe.Program.path(gradient, pattern, .mask)
        begin(Pipe(program: program, blend: true, depthWrite: false, pattern: pattern, ramps: paint?.ramps))
        let s = 1 / Double(MaskAtlas.side), shift: Double = snap ? 2 : 0
        let v0 = Float(Double(ay) * s), v1 = Float(Double(ay + mask.height) * s)
        let (a, b, c, d) = mask.corners
        let w = Double(mask.width)
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

    /// Uploads the atlas's rows written since the last upload and binds it on unit 1 (unit 0
    /// active again), before a chunk's draw calls; nothing when the chunk holds no mask.
    func uploadMasks() throws(GLESError) {
        guard let atlas = maskAtlas, runs.contains(where: { $0.count > 0 && $0.pipe.program.readsMask }) else { return }
        let texture = try atlas.texture(context: context)
        try atlas.upload(to: texture)
        texture.bind(unit: 1)
        Texture2D.activate(unit: 0)
    }
}

/// The coverage masks drawn lately, packed in rows of shelves into one picture `side` x `side`
/// (two bytes a pixel) in memory, mirrored in one texture of that size (luminance-alpha,
/// nearest: a pixel's fragment reads its own texel). A mask stays where it was put, frame
/// after frame, until the atlas is full and starts again: a fill drawn again (the same mask
/// object, kept with its path's mesh) is found by its identity and neither copied nor
/// uploaded again; only the rows written since the last upload are uploaded. The atlas holds
/// the masks it has placed (so that no other mask takes a freed one's identity): at most its
/// own size in bytes. Made when a frame first holds a mask: 8 MiB in memory and as much in
/// the texture.
final class MaskAtlas {
    /// The atlas's side in pixels.
    static let side = 2048
    private let bytes: UnsafeMutablePointer<UInt8>
    private var shelfX = 0, shelfY = 0, shelfHeight = 0
    private var gpu: Texture2D?
    private var placed: [ObjectIdentifier: (mask: CoverageMask, x: Int, y: Int)] = [:]
    /// Rows written since the last upload: dirtyTop..<dirtyBottom (empty when equal).
    private var dirtyTop = Int.max, dirtyBottom = 0

    init() {
        bytes = .allocate(capacity: MaskAtlas.side * MaskAtlas.side * 2)
    }

    deinit { bytes.deallocate() }

    /// Whether rows were written since the last upload.
    var isDirty: Bool { dirtyTop < dirtyBottom }

    /// Where `mask` is: where it was put before, or, copied in now, where it fits (left to
    /// right along the current shelf, else on a new one below); nil when the atlas has no room.
    func place(_ mask: CoverageMask) -> (Int, Int)? {
        if let p = placed[ObjectIdentifier(mask)] { return (p.x, p.y) }
        let w = mask.width, h = mask.height, side = MaskAtlas.side
        guard w > 0, h > 0, w <= side, h <= side else { return nil }
        if shelfX + w > side {
            shelfY += shelfHeight
            shelfX = 0
            shelfHeight = 0
        }
        guard shelfY + h <= side else { return nil }
        let x = shelfX, y = shelfY
        mask.bytes.withUnsafeBufferPointer { src in
            for row in 0..<h {
                (bytes + 2 * ((y + row) * side + x)).update(from: src.baseAddress! + 2 * row * w, count: 2 * w)
            }
        }
        shelfX += w
        shelfHeight = max(shelfHeight, h)
        placed[ObjectIdentifier(mask)] = (mask, x, y)
        dirtyTop = min(dirtyTop, y)
        dirtyBottom = max(dirtyBottom, y + h)
        return (x, y)
    }

    /// Empties the atlas (what was placed has been drawn).
    func reset() {
        shelfX = 0
        shelfY = 0
        shelfHeight = 0
        placed.removeAll(keepingCapacity: true)
    }

    /// The texture, made on first use.
    func texture(context: Context) throws(GLESError) -> Texture2D {
        if let t = gpu { return t }
        let t = try Texture2D(context: context, pixels: nil, width: MaskAtlas.side, height: MaskAtlas.side,
                              options: TextureOptions(format: .luminanceAlpha, filter: .nearest))
        gpu = t
        return t
    }

    /// Uploads the rows written since the last upload into `texture`.
    func upload(to texture: Texture2D) throws(GLESError) {
        guard isDirty else { return }
        try texture.update(rows: dirtyTop, count: dirtyBottom - dirtyTop,
                           bytes: UnsafeRawPointer(bytes + 2 * dirtyTop * MaskAtlas.side))
        dirtyTop = Int.max
        dirtyBottom = 0
    }
}
