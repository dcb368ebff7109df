import GLFunGLES

/// Textures drawn as they are: a cached layer blitted (`drawTexture`), labels and sprites
/// (`drawSprite`, `drawSprites`). Each is its own call with the state `draw` sets (see `Renderer`).
extension Renderer {
    /// Draws `texture` stretched over the rect (points), blending off unless asked:
    /// how a cached layer is put on screen. `flipped`: the texture was rendered
    /// by GL (rows bottom-up).
    public func drawTexture(_ texture: Texture2D, in rect: (x: Float, y: Float, width: Float, height: Float),
                            canvas: Canvas, flipped: Bool, blend: Bool = false) throws(GLESError) {
        let x1 = rect.x + rect.width, y1 = rect.y + rect.height
        try drawTexture(texture, corners: [Point(rect.x, rect.y), Point(x1, rect.y), Point(x1, y1), Point(rect.x, y1)],
                    canvas: canvas, flipped: flipped, blend: blend)
    }

    /// Draws `texture` onto the quadrilateral `corners` (top-left, top-right,
    /// bottom-right, bottom-left, in points): e.g. a cached layer shown through
    /// a changed view while a gesture runs.
    public func drawTexture(_ texture: Texture2D, corners: [Point], canvas: Canvas, flipped: Bool,
                            blend: Bool = false) throws(GLESError) {
        precondition(corners.count == 4, "Renderer.drawTexture(corners:) needs 4 corners, got \(corners.count).")
        context.requireCurrent("Renderer.drawTexture")
        let state = try prepare(canvas)
        view = .identity
        vertexCount = 0
        runs.removeAll(keepingCapacity: true)
        let t0: Float = flipped ? texture.maxT : 0, t1: Float = flipped ? 0 : texture.maxT
        begin(Pipe(program: texture.format == .a8 ? .alphaTexture : .blit, texture: texture, blend: blend,
                   depthWrite: false))
        quad(corners[0].x, corners[0].y, corners[1].x, corners[1].y, corners[2].x, corners[2].y,
             corners[3].x, corners[3].y, z: 0, uv: (0, t0, texture.maxS, t1), rgba: 0xffff_ffff)
        end()
        try submit(canvas: canvas, depth: false, from: state)
    }

    /// Draws `texture` (e.g. text, A8) with its top-left at `origin`, its size
    /// in points `size`, tinted by `color`, blended over what is there.
    public func drawSprite(_ texture: Texture2D, origin: Point, size: (width: Float, height: Float), color: Color,
                           canvas: Canvas) throws(GLESError) {
        try drawSprites(texture, [SpriteQuad(x: origin.x, y: origin.y, width: size.width, height: size.height,
                                          s0: 0, t0: 0, s1: texture.maxS, t1: texture.maxT, color: color)],
                    canvas: canvas)
    }

    /// Draws many parts of one texture (an atlas of labels, say) in one draw call, blended.
    public func drawSprites(_ texture: Texture2D, _ quads: [SpriteQuad], canvas: Canvas) throws(GLESError) {
        context.requireCurrent("Renderer.drawSprites")
        let state = try prepare(canvas)
        view = .identity
        vertexCount = 0
        runs.removeAll(keepingCapacity: true)
        begin(Pipe(program: texture.format == .a8 ? .alphaTexture : .texture, texture: texture, blend: true,
                   depthWrite: false))
        for q in quads {
            let x1 = q.x + q.width, y1 = q.y + q.height
            quad(q.x, q.y, x1, q.y, x1, y1, q.x, y1, z: 0, uv: (q.s0, q.t0, q.s1, q.t1), rgba: q.color.rgba8)
        }
        end()
        try submit(canvas: canvas, depth: false, from: state)
    }
}
