import GLFunGLES

/// Gradients batched: fills and strokes painted with gradients of a kind share draw calls,
/// whatever their gradients. Each vertex carries its fill's paint (`GradientPaint`) in a stream
/// of their own (`GradientVertex`): for a linear gradient the plane t = x g0 + y g1 + g2 over
/// window pixels (gl_FragCoord: a linear gradient is affine in the pixel's position); for a
/// radial or conic one the map from window pixels to the gradient's space and the geometry;
/// and its ramp's row in an atlas of ramps (`RampAtlas`, one a spread mode, its wrap mode the
/// spread). The values are the same at every vertex of a fill, so the rasterizer hands each
/// pixel exactly those (a constant interpolates to itself), and the paint at a pixel depends on
/// the pixel alone, whichever triangle draws it (a core's or the fringe's: `Renderer+OpaqueFills`).
///
/// A gradient of its own a call (uniforms and a ramp texture each) cost 7-20 us a call on
/// llvmpipe before any pixel (docs/performance.md, "What llvmpipe charges"): 1,000 gradients,
/// a core and a fringe each, paid 15-40 ms a frame.
extension Renderer {
    /// A gradient's paint at each vertex of a fill: the ramps holding it and four vectors
    /// (`GradientVertex`; PathGradient.vsh and .fsh read them).
    struct GradientPaint {
        var ramps: RampAtlas
        /// Linear: the plane (x, y, 1 coefficients) and the ramp's row. Radial and conic: the
        /// first row of the map from window pixels to gradient space, and the row.
        var g: (Float, Float, Float, Float)
        /// Radial and conic: the map's second row (and 0).
        var h: (Float, Float, Float, Float) = (0, 0, 0, 0)
        /// Radial: focal point, centre - focal. Conic: centre, start angle, 0.
        var k: (Float, Float, Float, Float) = (0, 0, 0, 0)
        /// Radial: focal radius, radius - focal radius, |centre - focal|^2 - that squared, 0.
        var l: (Float, Float, Float, Float) = (0, 0, 0, 0)
    }

    /// `g`'s per-vertex paint in this frame (its ramp placed in its spread's atlas; when that is
    /// full, what is built so far is drawn and the atlas starts again). Call before the
    /// shape's first vertex.
    func gradientPaint(_ g: Gradient) -> GradientPaint {
        let ramps: RampAtlas
        if let a = rampAtlases[g.spread] {
            ramps = a
        } else {
            ramps = RampAtlas(spread: g.spread)
            rampAtlases[g.spread] = ramps
        }
        var placed = ramps.row(for: g.stops)
        if placed == nil {
            flushChunk()
            ramps.reset()
            placed = ramps.row(for: g.stops)
        }
        let row = placed ?? 0
        // Window pixels to the gradient's space.
        let m = g.transform.inverted?.concatenating(frameWindow) ?? Transform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
        let x = (Float(m.a), Float(m.c), Float(m.tx), row), y = (Float(m.b), Float(m.d), Float(m.ty), Float(0))
        switch g.kind {
        case let .linear(from, to):
            let dx = Double(to.x - from.x), dy = Double(to.y - from.y)
            let len2 = dx * dx + dy * dy
            // No length: the last stop everywhere (SVG), t = 1.
            guard len2 > 0 else { return GradientPaint(ramps: ramps, g: (0, 0, 1, row)) }
            let nx = dx / len2, ny = dy / len2
            return GradientPaint(ramps: ramps, g: (Float(m.a * nx + m.b * ny), Float(m.c * nx + m.d * ny),
                                                   Float((m.tx - Double(from.x)) * nx + (m.ty - Double(from.y)) * ny), row))
        case let .radial(center, radius, focal, focalRadius):
            // SVG 2's two-point conical gradient (as Skia's): the focal circle may lie anywhere,
            // inside the end circle or not, and be the larger; outside the cone the two circles
            // sweep, nothing is painted (the shader's `inside`).
            let r = Double(max(radius, 0)), fr = Double(max(focalRadius, 0))
            let f = Vec(focal)
            // Both radii 0: the last stop everywhere (SVG's r = 0), not a cone of no width.
            let c = r == 0 && fr == 0 ? f : Vec(center)
            let cd = c - f, dr = r - fr
            let a = cd.dot(cd) - dr * dr
            return GradientPaint(ramps: ramps, g: x, h: y, k: (Float(f.x), Float(f.y), Float(cd.x), Float(cd.y)),
                                 l: (Float(fr), Float(dr), Float(a), 0))
        case let .conic(center, angle):
            return GradientPaint(ramps: ramps, g: x, h: y, k: (center.x, center.y, angle.isFinite ? angle : 0, 0))
        }
    }

    /// One vertex of the gradient stream.
    @inline(__always)
    static func gradientVertex(_ x: Float, _ y: Float, _ z: Float, _ u: Float, _ v: Float, _ rgba: UInt32,
                               _ p: GradientPaint) -> GradientVertex {
        GradientVertex(x: x, y: y, z: z, u: u, v: v, rgba: rgba, g: p.g, h: p.h, k: p.k, l: p.l)
    }

    /// Two triangles p0 p1 p2, p0 p2 p3 of the gradient stream, painted `paint`.
    @inline(__always)
    func gradientQuad(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ x2: Float, _ y2: Float,
                      _ x3: Float, _ y3: Float, z: Float, uv: (Float, Float, Float, Float), rgba: UInt32,
                      paint p: GradientPaint) {
        reserveGradient(6)
        let o = gradientVertices + gradientCount
        let (u0, v0, u1, v1) = uv
        o[0] = Renderer.gradientVertex(x0, y0, z, u0, v0, rgba, p)
        o[1] = Renderer.gradientVertex(x1, y1, z, u1, v0, rgba, p)
        o[2] = Renderer.gradientVertex(x2, y2, z, u1, v1, rgba, p)
        o[3] = o[0]
        o[4] = o[2]
        o[5] = Renderer.gradientVertex(x3, y3, z, u0, v1, rgba, p)
        gradientCount += 6
    }

    /// A triangle of either stream (as `paintedQuad`), each corner (x, y, u, v) its own.
    func paintedTriangle(_ c0: (Float, Float, Float, Float), _ c1: (Float, Float, Float, Float),
                         _ c2: (Float, Float, Float, Float), z: Float, rgba: UInt32, paint: GradientPaint?) {
        if let p = paint {
            reserveGradient(3)
            let o = gradientVertices + gradientCount
            o[0] = Renderer.gradientVertex(c0.0, c0.1, z, c0.2, c0.3, rgba, p)
            o[1] = Renderer.gradientVertex(c1.0, c1.1, z, c1.2, c1.3, rgba, p)
            o[2] = Renderer.gradientVertex(c2.0, c2.1, z, c2.2, c2.3, rgba, p)
            gradientCount += 3
        } else {
            reserve(3)
            let o = vertices + vertexCount
            o[0] = Vertex(x: c0.0, y: c0.1, z: z, u: c0.2, v: c0.3, rgba: rgba)
            o[1] = Vertex(x: c1.0, y: c1.1, z: z, u: c1.2, v: c1.3, rgba: rgba)
            o[2] = Vertex(x: c2.0, y: c2.1, z: z, u: c2.2, v: c2.3, rgba: rgba)
            vertexCount += 3
        }
    }

    /// A quad of the vertex stream, or of the gradient stream when `paint` is given.
    @inline(__always)
    func paintedQuad(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ x2: Float, _ y2: Float,
                     _ x3: Float, _ y3: Float, z: Float, uv: (Float, Float, Float, Float), rgba: UInt32,
                     paint: GradientPaint?) {
        if let p = paint {
            gradientQuad(x0, y0, x1, y1, x2, y2, x3, y3, z: z, uv: uv, rgba: rgba, paint: p)
        } else {
            quad(x0, y0, x1, y1, x2, y2, x3, y3, z: z, uv: uv, rgba: rgba)
        }
    }

    /// Mesh vertices (points and coverage terms) into the gradient stream, painted `p`: each
    /// once, or (`indices`) written out triangle by triangle.
    func appendGradientVertices(_ v: UnsafeBufferPointer<PathMesh.Vertex>, indices ix: UnsafeBufferPointer<UInt32>?,
                                z: Float, rgba: UInt32, paint p: GradientPaint) {
        let n = ix?.count ?? v.count
        reserveGradient(n)
        let o = gradientVertices + gradientCount
        for k in 0..<n {
            let a = v[ix.map { Int($0[k]) } ?? k]
            o[k] = Renderer.gradientVertex(a.x, a.y, z, a.u, a.v, rgba, p)
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
