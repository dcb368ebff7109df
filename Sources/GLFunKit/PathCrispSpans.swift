/// An aliased fill in an antialiased frame (`PathShape.aliased`, SVG's crispEdges) as resvg's
/// rasterizer fills it: its edges (`flattenedCrisp`) stepped down the pixel rows in Skia's
/// fixed point (FDot6 ends, a 16.16 slope, x at each row's centre), spans between the crossings
/// the fill rule keeps, each end rounded to the nearer pixel edge (so a centre that lies on an
/// edge is in or out as there, not as GL's top-left rule has it). The spans become quads of
/// whole pixels. Strokes are the aliased stroker's, to 1/64 of a pixel; a path reaching past
/// 2^18 pixels is the plain aliased fill.
extension PathTessellator {
    static func crispMesh(_ path: Path, paint: PathPaint, pixel: Float) -> PathMesh {
        guard case let .fill(rule) = paint else { return mesh(path, paint: paint, pixel: pixel / 16, antialias: false) }
        let px = Double(pixel)
        guard let subpaths = path.flattenedCrisp(pixel: px, limit: maxEdges) else { return PathMesh() }
        // Beyond 2^18 pixels from the origin Skia's fixed point would overflow: the plain aliased fill.
        let reach = Double(1 << 18) * px
        guard subpaths.allSatisfy({ $0.points.allSatisfy { abs($0.x) < reach && abs($0.y) < reach } }) else {
            return mesh(path, paint: paint, pixel: pixel, antialias: false)
        }
        struct Edge { var x: Int, slope: Int, top: Int, bottom: Int, winding: Int }
        var edges: [Edge] = []
        func d6(_ v: Double) -> Int { Int((v / px * 64).rounded()) }
        for s in subpaths where s.points.count > 1 {
            for k in 0..<s.points.count {
                let a = s.points[k], b = s.points[(k + 1) % s.points.count]
                var x0 = d6(a.x), y0 = d6(a.y), x1 = d6(b.x), y1 = d6(b.y), w = 1
                if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1); w = -1 }
                let top = (y0 + 32) >> 6, bottom = (y1 + 32) >> 6
                guard top != bottom else { continue }
                let slope = ((x1 - x0) << 16) / (y1 - y0)
                let dy = ((top << 6) + 32) - y0
                edges.append(Edge(x: (x0 + ((slope * dy) >> 16)) << 10, slope: slope, top: top, bottom: bottom, winding: w))
            }
        }
        guard let first = edges.map(\.top).min(), let last = edges.map(\.bottom).max() else { return PathMesh() }
        edges.sort { $0.top < $1.top }
        var out = MeshBuilder(limit: maxVertices)
        var active: [Edge] = []
        var next = 0
        for row in first..<last {
            while next < edges.count, edges[next].top == row { active.append(edges[next]); next += 1 }
            active.removeAll { $0.bottom <= row }
            active.sort { $0.x < $1.x }
            var w = 0, left = 0
            for e in active {
                let before = w
                w += e.winding
                let inside = { (n: Int) in rule == .evenOdd ? n & 1 != 0 : n != 0 }
                if !inside(before), inside(w) { left = e.x }
                if inside(before), !inside(w) {
                    let l = (left + 0x8000) >> 16, r = (e.x + 0x8000) >> 16
                    if l < r {
                        let y0 = Double(row) * px, y1 = Double(row + 1) * px, x0 = Double(l) * px, x1 = Double(r) * px
                        out.coreQuad(Vec(x0, y0), Vec(x1, y0), Vec(x1, y1), Vec(x0, y1))
                        if out.overflowed { return PathMesh() }
                    }
                }
            }
            for i in active.indices { active[i].x += active[i].slope }
        }
        return out.mesh
    }
}
