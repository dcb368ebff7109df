/// Turns a path and its paint into triangles (`PathMesh`).
///
/// Fills are cut exactly into trapezoids by a sweep (`PathFill`), with an antialiasing fringe
/// on the outline of the filled region only (`PathFringe`); strokes are quads, joins and caps
/// (`PathStroker`). Curves are flattened to a quarter of a pixel. All arithmetic is in Double.
///
/// Limits, so that no input hangs or exhausts memory (each gives an empty mesh, drawing
/// nothing, rather than a partial one): a path whose flattened outline passes `maxEdges` line
/// segments; a fill whose sweep passes `maxSweepWork` edge visits (the count of edges crossing
/// each horizontal slab, summed: quadratic only for pathological paths such as a comb of
/// thousands of crossing teeth); a mesh passing `maxVertices` vertices; a coordinate or
/// stroke width that is not finite; a pixel size that is not finite and positive; a mesh
/// with a position past Float's range (widths and miter limits near 1e38).
enum PathTessellator {
    /// Most line segments in a path's flattened outline.
    static let maxEdges = 200_000
    /// Most edge visits in one fill's sweep.
    static let maxSweepWork = 20_000_000
    /// Most vertices in one mesh (about 36 MB with the renderer's copy).
    static let maxVertices = 3_000_000

    /// The path's triangles for a pixel `pixel` points wide. Curves are flattened to a
    /// quarter of a pixel; with `antialias`, the mesh has a fringe (fill: half a pixel outside
    /// the outline, coverage 0.5 falling to 0; stroke: a pixel across the outline, 1 to 0).
    static func mesh(_ path: Path, paint: PathPaint, pixel: Float, antialias: Bool) -> PathMesh {
        let px = Double(pixel)
        guard px.isFinite, px > 0,
              let subpaths = path.flattened(tolerance: px * 0.25, limit: maxEdges) else { return PathMesh() }
        var out = MeshBuilder(limit: maxVertices)
        switch paint {
        case let .fill(rule):
            PathFill.fill(subpaths, rule: rule, pixel: px, antialias: antialias, into: &out)
        case let .stroke(style):
            guard style.width.isFinite, style.width > 0 else { return PathMesh() }
            var stroker = PathStroker(style: style, pixel: px, antialias: antialias)
            stroker.stroke(subpaths, into: &out)
        }
        return out.mesh
    }
}

/// Collects a mesh's triangles, the fringe's and the core's apart (the fringe is drawn first),
/// and stops collecting once past its vertex limit (`overflowed`: the mesh is then empty).
struct MeshBuilder {
    private(set) var fringe: [Point] = []
    private(set) var fringeCoverage: [Float] = []
    private(set) var core: [Point] = []
    private(set) var coreCoverage: [Float] = []
    private(set) var overflowed = false
    let limit: Int

    init(limit: Int) { self.limit = limit }

    var count: Int { fringe.count + core.count }

    private mutating func room(_ n: Int) -> Bool {
        if overflowed { return false }
        if count + n > limit {
            overflowed = true
            fringe = []; fringeCoverage = []; core = []; coreCoverage = []
            return false
        }
        return true
    }

    /// Drops what was collected and takes no more: the mesh is empty (a limit other than the
    /// vertex count passed part way through, e.g. the fill's sweep work).
    mutating func abandon() {
        overflowed = true
        fringe = []; fringeCoverage = []; core = []; coreCoverage = []
    }

    /// A core triangle, coverage `c` at every corner.
    mutating func coreTriangle(_ a: Vec, _ b: Vec, _ c: Vec, coverage: Float = 1) {
        guard room(3) else { return }
        core += [a.point, b.point, c.point]
        coreCoverage += [coverage, coverage, coverage]
    }

    /// A core quad a b c d (in order around it) as two triangles.
    mutating func coreQuad(_ a: Vec, _ b: Vec, _ c: Vec, _ d: Vec, coverage: Float = 1) {
        coreTriangle(a, b, c, coverage: coverage)
        coreTriangle(a, c, d, coverage: coverage)
    }

    /// A fringe quad: `a`–`b` the inner side at coverage `inner`, `c`–`d` the outer side
    /// (c beyond b, d beyond a) at coverage `outer`.
    mutating func fringeQuad(_ a: Vec, _ b: Vec, _ c: Vec, _ d: Vec, inner: Float, outer: Float = 0) {
        guard room(6) else { return }
        fringe += [a.point, b.point, c.point, a.point, c.point, d.point]
        fringeCoverage += [inner, inner, outer, inner, outer, outer]
    }

    /// Fringe first, core after.
    var mesh: PathMesh {
        var m = PathMesh()
        if overflowed { return m }
        // Past Float's range (a stroke 1e38 wide with a miter limit of 1e30): nothing.
        func finite(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
        guard fringe.allSatisfy(finite), core.allSatisfy(finite) else { return m }
        m.positions = fringe + core
        m.coverage = fringeCoverage + coreCoverage
        m.fringeCount = fringe.count
        return m
    }
}
