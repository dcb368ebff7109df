/// Antialiased edges (`Renderer.antialias`): a pixel at an edge gets the share of it the
/// shape covers, as a box filter over the pixel would give for a straight edge.
///
/// - A rect or a line (a box along the line, butt ends) is a core, half a pixel in from its
///   edges, and a ring from there to half a pixel out whose vertex alpha falls from the
///   color's to 0: the two share their vertices, so no pixel is drawn twice. A box thinner
///   than a pixel is drawn a pixel thick with its alpha scaled by its thickness.
/// - An ellipse likewise: a polygon half a pixel in from its edge and a ring of quads to a
///   polygon half a pixel out, with enough sides to stay within a quarter of a pixel of the
///   curve (nanovg's fringe). All of it is the flat program, so what blends in painter's
///   order shares draw calls, and no shader derivatives are needed (plain GLES 2).
/// - Paths carry their own fringe (`PathMesh`).
///
/// With a depth buffer, opaque cores are drawn in the opaque pass, front to back as before,
/// and what blends (rings, ellipses, paths, images, translucent shapes) in painter's order,
/// depth-tested: the picture is the painter's-order picture. The culling walk counts a rect
/// as covering only its core, and an ellipse the pixels inside it shrunk by a pixel, where
/// its coverage is 1: an AA edge is never taken for opaque coverage.
extension Renderer {
    enum Part { case core, fringe, whole }

    func buildAntialiased(_ s: UnsafeBufferPointer<Shape>, hidden hid: UnsafeMutablePointer<Bool>, depth: Bool) {
        let n = s.count
        if !depth {
            for i in 0..<n where !hid[i] {
                emitAntialiased(s[i], z: 0, part: .whole, depth: false)
            }
            stats.culled = (0..<n).reduce(0) { $0 + (hid[$1] ? 1 : 0) }
            return
        }
        let step = rankDrawnShapes(n, hidden: hid)
        rank.withUnsafeBufferPointer { r in
            // Opaque cores, nearest first: boxes, then ellipses (one program each).
            for ellipses in [false, true] {
                for i in stride(from: n - 1, through: 0, by: -1)
                where !hid[i] && hasOpaqueCore(s[i]) && (s[i].kind == .ellipse) == ellipses {
                    emitAntialiased(s[i], z: 1 - step * Float(r[i] + 1), part: .core, depth: true)
                }
            }
            // The rest in painter's order.
            for i in 0..<n where !hid[i] {
                emitAntialiased(s[i], z: 1 - step * Float(r[i] + 1), part: hasOpaqueCore(s[i]) ? .fringe : .whole,
                                depth: true)
            }
        }
    }

    /// Rects, lines and ellipses with alpha 1.
    @inline(__always)
    func hasOpaqueCore(_ s: Shape) -> Bool {
        s.color.a >= 1 && (s.kind == .rect || s.kind == .line || s.kind == .ellipse)
    }

    func emitAntialiased(_ s: Shape, z: Float, part: Part, depth: Bool) {
        switch s.kind {
        case .rect:
            let x0 = min(s.from.x, s.to.x), x1 = max(s.from.x, s.to.x)
            let y0 = min(s.from.y, s.to.y), y1 = max(s.from.y, s.to.y)
            emitBox(center: Point((x0 + x1) / 2, (y0 + y1) / 2), axis: Point(1, 0), half: ((x1 - x0) / 2, (y1 - y0) / 2),
                    color: s.color, z: z, part: part, depth: depth)
        case .line:
            let dx = s.to.x - s.from.x, dy = s.to.y - s.from.y
            let len = (dx * dx + dy * dy).squareRoot()
            if len == 0 { return }
            emitBox(center: Point((s.from.x + s.to.x) / 2, (s.from.y + s.to.y) / 2), axis: Point(dx / len, dy / len),
                    half: (len / 2, s.width / 2), color: s.color, z: z, part: part, depth: depth)
        case .ellipse:
            emitEllipse(s, z: z, part: part, depth: depth)
        case .image, .path:
            begin(pipe(for: s, depth: depth && part == .core))
            emit(s, z: z)
            end()
        }
    }

    /// A box: `center`, unit `axis` along its first half-extent, `half` its half-extents (points).
    private func emitBox(center c: Point, axis u: Point, half: (Float, Float), color: Color, z: Float, part: Part,
                         depth: Bool) {
        let h = pixelInPoints / 2
        // A side thinner than a pixel: drawn a pixel thick, its alpha scaled by its thickness.
        let a = max(half.0, h), b = max(half.1, h)
        let alpha = color.a * min(1, half.0 / h) * min(1, half.1 / h)
        let v = Point(-u.y, u.x)
        func corner(_ sa: Float, _ sb: Float) -> Point {
            Point(c.x + u.x * sa + v.x * sb, c.y + u.y * sa + v.y * sb)
        }
        let ai = a - h, bi = b - h, ao = a + h, bo = b + h
        let inner = [corner(-ai, -bi), corner(ai, -bi), corner(ai, bi), corner(-ai, bi)]
        let outer = [corner(-ao, -bo), corner(ao, -bo), corner(ao, bo), corner(-ao, bo)]
        let rgba = Color(color.r, color.g, color.b, alpha).rgba8, clear = Color(color.r, color.g, color.b, 0).rgba8
        let opaqueCore = alpha >= 1 && part == .core
        if part != .fringe && ai > 0 && bi > 0 {
            begin(Pipe(program: .flat, blend: !opaqueCore, depthWrite: depth && opaqueCore))
            quad(inner[0].x, inner[0].y, inner[1].x, inner[1].y, inner[2].x, inner[2].y, inner[3].x, inner[3].y,
                 z: z, uv: (0, 0, 0, 0), rgba: rgba)
            end()
        }
        guard part != .core else { return }
        begin(Pipe(program: .flat, blend: true, depthWrite: false))
        reserve(24)
        var o = vertices + vertexCount
        for k in 0..<4 {
            let i0 = inner[k], i1 = inner[(k + 1) & 3], o0 = outer[k], o1 = outer[(k + 1) & 3]
            o[0] = Vertex(x: i0.x, y: i0.y, z: z, u: 0, v: 0, rgba: rgba)
            o[1] = Vertex(x: i1.x, y: i1.y, z: z, u: 0, v: 0, rgba: rgba)
            o[2] = Vertex(x: o1.x, y: o1.y, z: z, u: 0, v: 0, rgba: clear)
            o[3] = o[0]
            o[4] = o[2]
            o[5] = Vertex(x: o0.x, y: o0.y, z: z, u: 0, v: 0, rgba: clear)
            o += 6
        }
        vertexCount += 24
        end()
    }
}
