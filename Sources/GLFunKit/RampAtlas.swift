import GLFunGLES

/// Gradients' ramps as the rows of one texture a spread (`Renderer+GradientStream`), so that
/// fills with different gradients share a draw call: each vertex carries its ramp's
/// row, where a ramp of its own would take a texture and uniforms a call (on llvmpipe a call
/// whose state differs from the one before costs 7-20 us, docs/performance.md).
///
/// A row holds its ramp as a ramp texture of its own would (`Renderer.rampBytes`), and is read
/// at its texels' centre height, where the linear filter takes nothing from the rows about it:
/// the same colours as a texture a ramp. Rows are kept frame to frame by their stops; when the
/// atlas is full the renderer draws what it has built and the atlas starts again. The rows
/// written since the last upload are uploaded before a chunk's draw calls, as the mask atlas's.
final class RampAtlas {
    /// Ramps one atlas holds (1 MiB of texture at 1,024 texels a ramp).
    static let rows = 256
    let spread: GradientSpread
    private var rowOf: [[GradientStop]: Int] = [:]
    private var bytes: [UInt8]
    private var gpu: Texture2D?
    /// Rows written since the last upload: dirtyTop..<dirtyBottom (empty when equal).
    private var dirtyTop = Int.max, dirtyBottom = 0

    init(spread: GradientSpread) {
        self.spread = spread
        bytes = [UInt8](repeating: 0, count: RampAtlas.rows * Renderer.rampWidth * 4)
    }

    /// The texture coordinate t of the centre of the row holding `stops`, written now if it is
    /// not there yet; nil when the atlas is full.
    func row(for stops: [GradientStop]) -> Float? {
        if let r = rowOf[stops] { return RampAtlas.center(r) }
        let r = rowOf.count
        guard r < RampAtlas.rows else { return nil }
        let ramp = Renderer.rampBytes(stops, spread: spread)
        let n = ramp.count
        bytes.withUnsafeMutableBufferPointer { b in
            ramp.withUnsafeBufferPointer { src in
                (b.baseAddress! + r * n).update(from: src.baseAddress!, count: n)
            }
        }
        rowOf[stops] = r
        dirtyTop = min(dirtyTop, r)
        dirtyBottom = max(dirtyBottom, r + 1)
        return RampAtlas.center(r)
    }

    private static func center(_ r: Int) -> Float { (Float(r) + 0.5) / Float(rows) }

    /// Empties the atlas (what used it has been drawn).
    func reset() {
        rowOf.removeAll(keepingCapacity: true)
    }

    /// The texture (linear filter; wrapped as the spread says), made on first use.
    func texture(context: Context) throws(GLESError) -> Texture2D {
        if let t = gpu { return t }
        let t = try Texture2D(context: context, pixels: nil, width: Renderer.rampWidth, height: RampAtlas.rows,
                              options: TextureOptions(filter: .linear, color: .keepStored, wrap: spread.wrap))
        gpu = t
        return t
    }

    /// Uploads the rows written since the last upload (leaves the texture bound on the active unit).
    func upload(context: Context) throws(GLESError) {
        guard dirtyTop < dirtyBottom else { return }
        let t = try texture(context: context)
        let stride = Renderer.rampWidth * 4
        let first = dirtyTop, count = dirtyBottom - dirtyTop
        let result: Result<Void, GLESError> = bytes.withUnsafeBytes { b in
            Result { () throws(GLESError) in try t.update(rows: first, count: count, bytes: b.baseAddress! + first * stride) }
        }
        try result.get()
        dirtyTop = Int.max
        dirtyBottom = 0
    }
}

extension GradientSpread {
    /// The wrap mode of a ramp texture that spreads its gradient this way past its ends.
    var wrap: TextureWrap {
        switch self {
        case .pad: .clampToEdge
        case .repeat: .repeat
        case .reflect: .mirroredRepeat
        }
    }
}
