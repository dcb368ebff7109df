import GLFunGLES

/// Linear gradients batched: fills and strokes painted with linear gradients share draw calls,
/// whatever their gradients. Each vertex carries its fill's gradient as a plane over window
/// pixels (t = g0 x + g1 y + g2 at gl_FragCoord: a linear gradient is affine in the pixel's
/// position) and its ramp's row in an atlas of ramps (`RampAtlas`, one a spread mode, its wrap
/// mode the spread), in a stream of their own (`GradientVertex`). The values are the same at
/// every vertex of a fill, so the rasterizer hands each pixel exactly those (a constant
/// interpolates to itself), and the pixel's t depends on the pixel alone, whichever triangle
/// draws it (a core's or the fringe's: `Renderer+OpaqueFills`).
///
/// A gradient of its own a call (uniforms and a ramp texture each) cost 7-20 us a call on
/// llvmpipe before any pixel (docs/performance.md, "What llvmpipe charges"): 1,000 gradients,
/// a core and a fringe each, paid 15-40 ms a frame. Radial and conic gradients still take
/// uniforms a call (their paint needs more than a plane).
extension Renderer {
    /// A linear gradient's per-vertex paint: the ramps holding it, the plane and the row.
    struct LinearPaint {
        var ramps: RampAtlas
        var g0: Float, g1: Float, g2: Float, g3: Float
    }

    /// Whether paths painted with `g` are drawn from the gradient stream (a linear gradient).
    @inline(__always)
    static func isBatched(_ g: Gradient?) -> Bool {
        if case .linear = g?.kind { return true }
        return false
    }

    /// `g`'s per-vertex paint in this frame (its ramp placed in its spread's atlas; when that is
    /// full, what is built so far is drawn and the atlas starts again). Call before the
    /// shape's first vertex.
    func linearPaint(_ g: Gradient) -> LinearPaint {
        let ramps: RampAtlas
        if let a = rampAtlases[g.spread] {
            ramps = a
        } else {
            ramps = RampAtlas(spread: g.spread)
            rampAtlases[g.spread] = ramps
        }
        var row = ramps.row(for: g.stops)
        if row == nil {
            flushChunk()
            ramps.reset()
            row = ramps.row(for: g.stops)
        }
        // Window pixels to the gradient's space, then t along from -> to.
        let m = g.transform.inverted?.concatenating(frameWindow) ?? Transform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
        guard case let .linear(from, to) = g.kind else { return LinearPaint(ramps: ramps, g0: 0, g1: 0, g2: 1, g3: row ?? 0) }
        let dx = Double(to.x - from.x), dy = Double(to.y - from.y)
        let len2 = dx * dx + dy * dy
        // No length: the last stop everywhere (SVG), t = 1.
        guard len2 > 0 else { return LinearPaint(ramps: ramps, g0: 0, g1: 0, g2: 1, g3: row ?? 0) }
        let nx = dx / len2, ny = dy / len2
        return LinearPaint(ramps: ramps, g0: Float(m.a * nx + m.b * ny), g1: Float(m.c * nx + m.d * ny),
                           g2: Float((m.tx - Double(from.x)) * nx + (m.ty - Double(from.y)) * ny), g3: row ?? 0)
    }

    /// Two triangles p0 p1 p2, p0 p2 p3 of the gradient stream, painted `paint`.
    @inline(__always)
    func gradientQuad(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ x2: Float, _ y2: Float,
                      _ x3: Float, _ y3: Float, z: Float, uv: (Float, Float, Float, Float), rgba: UInt32,
                      paint p: LinearPaint) {
        reserveGradient(6)
        let o = gradientVertices + gradientCount
        let (u0, v0, u1, v1) = uv
        o[0] = GradientVertex(x: x0, y: y0, z: z, u: u0, v: v0, rgba: rgba, g0: p.g0, g1: p.g1, g2: p.g2, g3: p.g3)
        o[1] = GradientVertex(x: x1, y: y1, z: z, u: u1, v: v0, rgba: rgba, g0: p.g0, g1: p.g1, g2: p.g2, g3: p.g3)
        o[2] = GradientVertex(x: x2, y: y2, z: z, u: u1, v: v1, rgba: rgba, g0: p.g0, g1: p.g1, g2: p.g2, g3: p.g3)
        o[3] = o[0]
        o[4] = o[2]
        o[5] = GradientVertex(x: x3, y: y3, z: z, u: u0, v: v1, rgba: rgba, g0: p.g0, g1: p.g1, g2: p.g2, g3: p.g3)
        gradientCount += 6
    }

    /// A quad of the vertex stream, or of the gradient stream when `paint` is given.
    @inline(__always)
    func paintedQuad(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ x2: Float, _ y2: Float,
                     _ x3: Float, _ y3: Float, z: Float, uv: (Float, Float, Float, Float), rgba: UInt32,
                     paint: LinearPaint?) {
        if let p = paint {
            gradientQuad(x0, y0, x1, y1, x2, y2, x3, y3, z: z, uv: uv, rgba: rgba, paint: p)
        } else {
            quad(x0, y0, x1, y1, x2, y2, x3, y3, z: z, uv: uv, rgba: rgba)
        }
    }

    /// Mesh vertices (points and coverage terms) into the gradient stream, painted `p`.
    func appendGradientVertices(_ v: UnsafeBufferPointer<PathMesh.Vertex>, indices ix: UnsafeBufferPointer<UInt32>?,
                                z: Float, rgba: UInt32, paint p: LinearPaint) {
        let n = ix?.count ?? v.count
        reserveGradient(n)
        let o = gradientVertices + gradientCount
        for k in 0..<n {
            let a = v[ix.map { Int($0[k]) } ?? k]
            o[k] = GradientVertex(x: a.x, y: a.y, z: z, u: a.u, v: a.v, rgba: rgba, g0: p.g0, g1: p.g1, g2: p.g2,
                                  g3: p.g3)
        }
        gradientCount += n
    }

    /// Binds `ramps` on unit 0 (linear filter) and sets where `program` reads them.
    func setRamps(_ ramps: RampAtlas, program: ShaderProgram) throws(GLESError) {
        let t = try ramps.texture(context: context)
        t.bind(unit: 0)
        t.setFilter(.linear)
        try program.set("paintRamp", Renderer.rampReading(ramps.spread))
    }

    /// Uploads the ramp rows written since the last upload, before a chunk's draw calls.
    func uploadRamps() throws(GLESError) {
        guard gradientCount > 0 else { return }
        for a in rampAtlases.values { try a.upload(context: context) }
    }
}
