/// Antialiased shapes cut to what the culling walk left visible: the parts of a shape that lie
/// in 8x8 tiles which later opaque shapes paint completely (every pixel at coverage 1) cannot
/// show, so a shape with such tiles under it is drawn only over its visible pieces
/// (`CoverageMap.pieces`, rects of whole tiles), as aliased shapes are.
/// - A flat polygon (an opaque core) is clipped to each piece: the pieces are disjoint and their
///   edges lie between pixel centres, and the core's own edges are overlapped by its ring (the
///   ring's inner edge lies `Renderer.coreOverlap` inside the core, where the coverage is 1), so
///   a pixel the cut core's rounded corners leave out is painted, in the same color, by the ring.
/// - A polygon of the coverage program (a ring, a line, a translucent shape) is drawn whole when
///   it meets a piece and left out when it meets none: cut, its corners would interpolate the
///   shape coordinates afresh and a pixel's coverage could round to the next level; whole, the
///   picture is the same with culling and without, to the bit.
/// Cores are most of a shape's pixels, so most of what culling saves (callgrind, the N = 1,000
/// scene: 203 M instructions a frame before pieces).
struct ClipVertex {
    /// Position (document points).
    var x: Float, y: Float
    /// Shape coordinates (`CoverageVertex.u`, `.v`); 0 for flat polygons.
    var u: Float, v: Float
}

extension Renderer {
    /// Emits the convex polygon of `count` vertices (`vertex(k)`, counterclockwise or clockwise)
    /// as a fan of triangles from its first vertex: into the coverage stream with `size` when
    /// `coverageStream`, else flat into the vertex stream. With `clipPieces` set, a flat one is
    /// cut to each of the shape's visible pieces, a coverage one drawn whole if it meets any.
    @inline(__always)
    func emitPolygon(_ count: Int, coverageStream: Bool, size: (Float, Float), z: Float, rgba: UInt32,
                     _ vertex: (Int) -> ClipVertex) {
        withUnsafeTemporaryAllocation(of: ClipVertex.self, capacity: 3 * (count + 4)) { buf in
            let p = buf.baseAddress!
            var x0 = Float.infinity, y0 = Float.infinity, x1 = -Float.infinity, y1 = -Float.infinity
            for k in 0..<count {
                let c = vertex(k)
                p[k] = c
                x0 = min(x0, c.x); x1 = max(x1, c.x); y0 = min(y0, c.y); y1 = max(y1, c.y)
            }
            let pieces = clipPieces
            guard !pieces.isEmpty else {
                fan(p, count, coverageStream: coverageStream, size: size, z: z, rgba: rgba)
                return
            }
            let a = p + (count + 4), b = a + (count + 4)
            for piece in pieces {
                if piece.x0 >= x1 || piece.x1 <= x0 || piece.y0 >= y1 || piece.y1 <= y0 { continue }
                if coverageStream || (piece.x0 <= x0 && piece.x1 >= x1 && piece.y0 <= y0 && piece.y1 >= y1) {
                    fan(p, count, coverageStream: coverageStream, size: size, z: z, rgba: rgba)
                    if coverageStream { return }
                    continue
                }
                var n = Renderer.clip(p, count, into: a, axis: 0, at: piece.x0, keepAbove: true)
                n = Renderer.clip(a, n, into: b, axis: 0, at: piece.x1, keepAbove: false)
                n = Renderer.clip(b, n, into: a, axis: 1, at: piece.y0, keepAbove: true)
                n = Renderer.clip(a, n, into: b, axis: 1, at: piece.y1, keepAbove: false)
                if n >= 3 { fan(b, n, coverageStream: coverageStream, size: size, z: z, rgba: rgba) }
            }
        }
    }

    /// One Sutherland–Hodgman step: the part of polygon `p` (n vertices) on one side of the line
    /// x = `at` (`axis` 0) or y = `at` (`axis` 1), into `out`; returns its vertex count.
    private static func clip(_ p: UnsafeMutablePointer<ClipVertex>, _ n: Int, into out: UnsafeMutablePointer<ClipVertex>,
                             axis: Int, at: Float, keepAbove: Bool) -> Int {
        @inline(__always) func d(_ c: ClipVertex) -> Float {
            let t = axis == 0 ? c.x - at : c.y - at
            return keepAbove ? t : -t
        }
        var m = 0
        guard n > 0 else { return 0 }
        var prev = p[n - 1], dp = d(prev)
        for k in 0..<n {
            let c = p[k], dc = d(c)
            if (dc >= 0) != (dp >= 0) {
                let t = dp / (dp - dc)
                var q = ClipVertex(x: prev.x + (c.x - prev.x) * t, y: prev.y + (c.y - prev.y) * t,
                                   u: prev.u + (c.u - prev.u) * t, v: prev.v + (c.v - prev.v) * t)
                if axis == 0 { q.x = at } else { q.y = at }
                out[m] = q
                m += 1
            }
            if dc >= 0 {
                out[m] = c
                m += 1
            }
            prev = c
            dp = dc
        }
        return m
    }

    /// Triangles (p0, pk, pk+1) of a convex polygon.
    @inline(__always)
    private func fan(_ p: UnsafeMutablePointer<ClipVertex>, _ n: Int, coverageStream: Bool, size: (Float, Float),
                     z: Float, rgba: UInt32) {
        let k = 3 * (n - 2)
        if coverageStream {
            reserveCoverage(k)
            Renderer.fan(p, n, into: coverageVertices + coverageCount) {
                CoverageVertex(x: $0.x, y: $0.y, z: z, u: $0.u, v: $0.v, a: size.0, b: size.1, rgba: rgba)
            }
            coverageCount += k
        } else {
            reserve(k)
            Renderer.fan(p, n, into: vertices + vertexCount) { Vertex(x: $0.x, y: $0.y, z: z, u: 0, v: 0, rgba: rgba) }
            vertexCount += k
        }
    }

    /// Writes the fan's 3 (n - 2) vertices, each made by `make`, from `out` on.
    @inline(__always)
    private static func fan<V>(_ p: UnsafeMutablePointer<ClipVertex>, _ n: Int, into out: UnsafeMutablePointer<V>,
                               _ make: (ClipVertex) -> V) {
        var o = out
        for j in 1..<(n - 1) {
            o[0] = make(p[0])
            o[1] = make(p[j])
            o[2] = make(p[j + 1])
            o += 3
        }
    }
}
