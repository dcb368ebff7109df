/// Turns a path and its paint into triangles (`PathMesh`).
///
/// Fills are cut exactly into trapezoids by a sweep (`PathFill`): aliased, drawn as they are;
/// antialiased, turned into quads of each pixel's exact coverage (`PathCoverage`, curves
/// flattened to 1/64 of a pixel); antialiased strokes are strips of two distance-coded
/// vertices a point with joins and caps only where they show (`PathStripStroker`), aliased
/// strokes quads, joins and caps (`PathStroker`). Curves are otherwise flattened to a quarter
/// of a pixel. All arithmetic is in Double.
///
/// Limits, so that no input hangs or exhausts memory (each gives an empty mesh, drawing
/// nothing, rather than a partial one): a path whose flattened outline passes `maxEdges` line
/// segments; a fill whose sweep passes `maxSweepWork` edge visits (the count of edges crossing
/// each horizontal slab, summed: quadratic only for pathological paths such as a comb of
/// thousands of crossing teeth); a mesh passing `maxVertices` vertices; a coordinate or
/// stroke width that is not finite; a pixel size that is not finite and positive; a mesh
/// with a position past Float's range (widths and miter limits near 1e38); an antialiased
/// fill past `PathCoverage`'s cells or work.
enum PathTessellator {
    /// Most line segments in a path's flattened outline.
    static let maxEdges = 200_000
    /// Most edge visits in one fill's sweep.
    static let maxSweepWork = 20_000_000
    /// Most vertices in one mesh (about 36 MB with the renderer's copy).
    static let maxVertices = 3_000_000

    /// The path's triangles for a pixel `pixel` points wide. Curves are flattened to a
    /// quarter of a pixel; with `antialias`, a stroke has a fringe a pixel across its outline
    /// (1 to 0), and a fill is its pixels' exact coverage on pixels with a corner at the
    /// origin (`PixelGrid(pixel:)`; the renderer uses its target's pixels, `PathShape`).
    ///
    /// `dash`: the stroke is dashed so (`StrokeDash`); with `dashRoute`, by the shader where it
    /// can (`dashedStroke`), else here by `Path.dashed`.
    static func mesh(_ path: Path, paint: PathPaint, pixel: Float, antialias: Bool, dash: StrokeDash? = nil,
                     dashRoute: Bool = false) -> PathMesh {
        if let dash {
            if dashRoute, antialias, case let .stroke(style) = paint,
               let m = dashedStroke(path, style: style, dash: dash, pixel: Double(pixel)) {
                return m
            }
            let dashed = path.dashed(dash.lengths, offset: dash.offset, resolution: 1 / Double(pixel))
            return mesh(dashed, paint: paint, pixel: pixel, antialias: antialias)
        }
        if antialias, case let .fill(rule) = paint {
            // Exact coverage on a grid of pixels `pixel` wide, unclipped.
            guard let b = path.controlBounds, let key = CoverageKey(grid: PixelGrid(pixel: pixel), bounds: b) else {
                return PathMesh()
            }
            return coverageMesh(path, rule: rule, key: key)
        }
        let px = Double(pixel)
        guard px.isFinite, px > 0,
              let subpaths = path.flattened(tolerance: px * 0.25, limit: maxEdges, tangentEnds: { if case let .stroke(style) = paint { style.curveEnds == .tangents } else { false } }()) else { return PathMesh() }
        var out = MeshBuilder(limit: maxVertices)
        switch paint {
        case let .fill(rule):
            PathFill.fill(subpaths, rule: rule, into: &out)
        case let .stroke(style):
            guard style.width.isFinite, style.width > 0 else { return PathMesh() }
            if antialias {
                // About two vertices and two triangles a point, and a few dozen an end.
                let points = subpaths.reduce(0) { $0 + $1.points.count }
                out.reserve(vertices: 2 * points + 48 * subpaths.count, indices: 6 * points + 144 * subpaths.count)
                PathStripStroker(style: style, pixel: px).stroke(subpaths, into: &out)
            } else {
                var stroker = PathStroker(style: style, pixel: px)
                stroker.stroke(subpaths, into: &out)
            }
        }
        return out.mesh
    }

    /// An antialiased fill's quads of exact coverage on the pixels of `key` (`PathCoverage`),
    /// or with `masks`, where it pays (`PathCoverage.prefersMask`), that coverage as a mask.
    /// Curves are flattened to 1/64 of a pixel (the chords' error is the coverage's); a path
    /// that would pass `maxEdges` so, to a quarter of a pixel.
    static func coverageMesh(_ path: Path, rule: FillRule, key: CoverageKey, masks: Bool = false,
                             core: Bool = false) -> PathMesh {
        guard var raster = coverage(path, rule: rule, key: key) else { return PathMesh() }
        let (rects, whole) = core ? raster.coreRects() : ([], false)
        let quads = rects.map { r in coreQuad(r, grid: key.grid) }
        if masks, raster.prefersMask(), let mask = raster.emitMask() {
            var m = PathMesh()
            m.mask = mask
            m.hasFringe = true
            m.core = quads
            m.coreIsWhole = whole
            return m
        }
        var out = MeshBuilder(limit: maxVertices)
        raster.emit(into: &out)
        var m = out.mesh
        if m.vertexCount > 0 {
            m.core = quads
            m.coreIsWhole = whole
        }
        return m
    }

    /// `path`'s exact coverage of the pixels of `key` by `rule`, not yet emitted; nil where the
    /// grid is degenerate or the path has too many edges even flattened to a quarter of a pixel.
    static func coverage(_ path: Path, rule: FillRule, key: CoverageKey) -> PathCoverage? {
        let px = key.grid.pixelInPoints
        guard px.isFinite, px > 0,
              let subpaths = path.flattened(tolerance: px / 64, limit: maxEdges)
                ?? path.flattened(tolerance: px * 0.25, limit: maxEdges) else { return nil }
        var raster = PathCoverage(key: key)
        raster.reserveCells(along: subpaths)
        for group in apart(subpaths) {
            PathFill.fill(group, rule: rule, into: &raster)
            if raster.stopped { break }
        }
        return raster
    }

    /// A core rectangle's corners in points.
    private static func coreQuad(_ r: PathCoverage.PixelRect, grid: PixelGrid) -> PathMesh.CoreQuad {
        func p(_ x: Int, _ y: Int) -> Point {
            let v = grid.invert(Vec(Double(x), Double(y)))
            return Point(Float(v.x), Float(v.y))
        }
        return .init(p0: p(r.x0, r.y0), p1: p(r.x1, r.y0), p2: p(r.x1, r.y1), p3: p(r.x0, r.y1))
    }
}

extension PathTessellator {
    /// The subpaths in groups side by side: no group's x range overlaps another's, so their
    /// regions are apart (a vertical line between any two) and each can be swept alone, its
    /// coverage added to the others'. A line of text is a group a glyph or so: its sweep no
    /// longer cuts every glyph at every other glyph's vertices (a page's first frame took
    /// seconds). In the order of their left ends.
    static func apart(_ subpaths: [FlatSubpath]) -> [[FlatSubpath]] {
        if subpaths.count < 2 { return [subpaths] }
        var spans: [(lo: Double, hi: Double, index: Int)] = []
        spans.reserveCapacity(subpaths.count)
        for (i, s) in subpaths.enumerated() where !s.points.isEmpty {
            var lo = Double.infinity, hi = -Double.infinity
            for p in s.points {
                lo = min(lo, p.x)
                hi = max(hi, p.x)
            }
            spans.append((lo, hi, i))
        }
        spans.sort { $0.lo < $1.lo }
        var groups: [[FlatSubpath]] = []
        var reach = -Double.infinity
        for s in spans {
            if groups.isEmpty || !(s.lo < reach) {
                groups.append([subpaths[s.index]])
                reach = s.hi
            } else {
                groups[groups.count - 1].append(subpaths[s.index])
                reach = max(reach, s.hi)
            }
        }
        return groups
    }
}

/// Collects a mesh's vertices and triangles, the flat-coded fringe's indices apart from the
/// rest's (the fringe is drawn first), and stops collecting once past its vertex limit
/// (`overflowed`: the mesh is then empty). It writes through pointers into buffers of its own
/// (`GrowableBuffer`: an array's append checks that it is the buffer's only owner every time,
/// which was a fifth of a pen stroke's tessellation); `mesh` copies them into arrays of
/// exactly their size. A copy of a builder shares its buffers.
struct MeshBuilder {
    let vertices = GrowableBuffer<PathMesh.Vertex>()
    let fringe = GrowableBuffer<UInt32>()
    let body = GrowableBuffer<UInt32>()
    /// A dashed stroke's per-vertex terms (`StrokeDash`), while `dashFrame` is set.
    let dashTerms = GrowableBuffer<DashTerm>()
    /// Where the pieces being added lie along the dash pattern (`DashFrame`): set by the
    /// stroker on the dash route, nil otherwise.
    var dashFrame: DashFrame?
    private(set) var overflowed = false
    /// Whether some coverage is below 1 (a fringe, flat- or distance-coded).
    private(set) var partial = false
    let limit: Int
    /// The hairline factor the mesh is drawn with (`PathMesh.opacity`).
    var opacity: Float = 1

    init(limit: Int) { self.limit = limit }

    var count: Int { vertices.count }

    /// Room for what the mesh is expected to hold, so that it is not regrown piece by piece.
    mutating func reserve(vertices v: Int, indices i: Int) {
        vertices.reserve(min(v, limit))
        body.reserve(min(i, 3 * limit))
    }

    /// Whether `n` more vertices fit; past the limit the builder empties and takes no more.
    @inline(__always)
    mutating func room(_ n: Int) -> Bool {
        if overflowed { return false }
        if vertices.count + n > limit {
            abandon()
            return false
        }
        return true
    }

    /// Drops what was collected and takes no more: the mesh is empty (a limit other than the
    /// vertex count passed part way through, e.g. the fill's sweep work).
    mutating func abandon() {
        overflowed = true
        vertices.release(); fringe.release(); body.release(); dashTerms.release()
    }

    /// A vertex at `p` with coverage terms `u`, `v` (`PathMesh.Vertex`); its index. Call `room` first.
    @inline(__always)
    mutating func vertex(_ p: Vec, u: Double = 0, v: Double) -> UInt32 {
        if v - abs(u) < 1 { partial = true }
        if let f = dashFrame { dashTerms.append(f.terms(p, u: u)) }
        vertices.append(PathMesh.Vertex(x: Float(p.x), y: Float(p.y), u: Float(u), v: Float(v)))
        return UInt32(vertices.count - 1)
    }

    /// A product-coded vertex (`PathMesh.Vertex`): coverage `across` x `along`, each term
    /// clamped to 0...1 per pixel; its index. Call `room` first.
    @inline(__always)
    mutating func productVertex(_ p: Vec, across: Double, along: Double) -> UInt32 {
        partial = true
        if let f = dashFrame { dashTerms.append(f.terms(p, u: across)) }
        vertices.append(PathMesh.Vertex(x: Float(p.x), y: Float(p.y), u: Float(across), v: Float(-1 - along)))
        return UInt32(vertices.count - 1)
    }

    /// A triangle of vertices already added, among the partly covered pieces (drawn first).
    @inline(__always)
    mutating func fringeTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        fringe.append(a, b, c)
    }

    /// A triangle of vertices already added, in the body (not the flat-coded fringe).
    @inline(__always)
    mutating func triangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        body.append(a, b, c)
    }

    /// A core triangle, flat-coded coverage `c` at every corner.
    mutating func coreTriangle(_ a: Vec, _ b: Vec, _ c: Vec, coverage: Float = 1) {
        guard room(3) else { return }
        let k = Double(coverage)
        triangle(vertex(a, v: k), vertex(b, v: k), vertex(c, v: k))
    }

    /// A core quad a b c d (in order around it) as two triangles.
    mutating func coreQuad(_ a: Vec, _ b: Vec, _ c: Vec, _ d: Vec, coverage: Float = 1) {
        guard room(4) else { return }
        let k = Double(coverage)
        let i = vertex(a, v: k), j = vertex(b, v: k), l = vertex(c, v: k), m = vertex(d, v: k)
        triangle(i, j, l)
        triangle(i, l, m)
    }

    /// A flat-coded fringe quad: `a`–`b` the inner side at coverage `inner`, `c`–`d` the outer
    /// side (c beyond b, d beyond a) at coverage `outer`.
    mutating func fringeQuad(_ a: Vec, _ b: Vec, _ c: Vec, _ d: Vec, inner: Float, outer: Float = 0) {
        guard room(4) else { return }
        let i = vertex(a, v: Double(inner)), j = vertex(b, v: Double(inner))
        let l = vertex(c, v: Double(outer)), m = vertex(d, v: Double(outer))
        fringe.append(i, j, l)
        fringe.append(i, l, m)
    }

    /// A quad a b c d (in order around it) of one coverage: in the flat-coded fringe below 1,
    /// in the body at 1 (an antialiased fill's pixels, `PathCoverage`).
    mutating func flatQuad(_ a: Vec, _ b: Vec, _ c: Vec, _ d: Vec, coverage k: Double) {
        guard room(4) else { return }
        let i = vertex(a, v: k), j = vertex(b, v: k), l = vertex(c, v: k), m = vertex(d, v: k)
        if k < 1 {
            fringe.append(i, j, l)
            fringe.append(i, l, m)
        } else {
            body.append(i, j, l)
            body.append(i, l, m)
        }
    }

    /// A flat-coded fringe triangle, each corner with its coverage.
    mutating func fringeTriangle(_ a: (Vec, Double), _ b: (Vec, Double), _ c: (Vec, Double)) {
        guard room(3) else { return }
        let i = vertex(a.0, v: a.1), j = vertex(b.0, v: b.1), k = vertex(c.0, v: c.1)
        fringe.append(i, j, k)
    }

    /// Fringe first, the rest after.
    var mesh: PathMesh {
        var m = PathMesh()
        if overflowed { return m }
        let v = UnsafeBufferPointer(start: vertices.base, count: vertices.count)
        // Past Float's range (a stroke 1e38 wide with a miter limit of 1e30): nothing.
        for k in v.indices where !(v[k].x.isFinite && v[k].y.isFinite) { return m }
        m.vertices = Array(v)
        let f = fringe.count, b = body.count
        m.indices = [UInt32](unsafeUninitializedCapacity: f + b) { out, n in
            if f > 0 { out.baseAddress!.initialize(from: fringe.base, count: f) }
            if b > 0 { (out.baseAddress! + f).initialize(from: body.base, count: b) }
            n = f + b
        }
        if dashTerms.count == vertices.count && dashTerms.count > 0 {
            m.dashTerms = Array(UnsafeBufferPointer(start: dashTerms.base, count: dashTerms.count))
        }
        m.fringeIndexCount = f
        m.hasFringe = partial
        m.opacity = opacity
        return m
    }
}
