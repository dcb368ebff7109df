/// The antialiasing fringe of a fill, built slab by slab as the sweep (`PathFill`) goes down:
/// a band half a pixel wide just outside the outline of the filled region, coverage 0.5 at
/// the outline falling to 0 half a pixel out (a pixel centred on the outline is half
/// covered; one centred half a pixel or more outside is not covered).
///
/// Only the region's outline gets a fringe, not every edge of the path: each inside run of a
/// slab has one on the outer side of its left edge and of its right edge (along the edge's
/// normal), and at each slab boundary the stretches where the region starts (inside below,
/// outside above) get one upward, and where it stops one downward. Edges inside the region
/// (a nonzero fill's overlaps) and edges between two even-odd holes get none.
struct PathFringe {
    let half: Double
    let enabled: Bool
    /// The inside runs along the bottom of the slab above, as x intervals.
    private var above: [(Double, Double)] = []
    private var aboveY = -Double.infinity

    init(pixel: Double, enabled: Bool) {
        half = pixel * 0.5
        self.enabled = enabled
    }

    /// One slab's inside runs (left side, right side).
    mutating func slab(top: Double, bottom: Double, spans: [(PathFill.Side, PathFill.Side)], into out: inout MeshBuilder) {
        guard enabled else { return }
        let topRuns = spans.map { ($0.0.xTop, $0.1.xTop) }.filter { $0.0 < $0.1 }
        boundary(at: top, above: aboveY == top ? above : [], below: topRuns, into: &out)
        if aboveY != top { boundary(at: aboveY, above: above, below: [], into: &out) }
        // A run of no width (a subpath doubling back on itself) is no region: no fringe.
        for (l, r) in spans where l.xTop < r.xTop || l.xBottom < r.xBottom {
            side(Vec(l.xTop, top), Vec(l.xBottom, bottom), outward: -1, into: &out)
            side(Vec(r.xTop, top), Vec(r.xBottom, bottom), outward: 1, into: &out)
        }
        above = spans.map { ($0.0.xBottom, $0.1.xBottom) }.filter { $0.0 < $0.1 }
        aboveY = bottom
    }

    /// The fringe under the last slab.
    mutating func finish(into out: inout MeshBuilder) {
        guard enabled else { return }
        boundary(at: aboveY, above: above, below: [], into: &out)
        above = []
    }

    /// A band on the left (`outward` -1) or right (+1) of a trapezoid's side from a to b.
    private func side(_ a: Vec, _ b: Vec, outward: Double, into out: inout MeshBuilder) {
        let d = b - a, len = d.length
        guard len > 0 else { return }
        // (d.y, -d.x) points right of a downward edge (y down).
        let n = Vec(d.y, -d.x) * (outward * half / len)
        out.fringeQuad(a, b, b + n, a + n, inner: 0.5)
    }

    /// Bands along y where exactly one of `above` and `below` (sorted, disjoint runs) is
    /// inside: up where below is, down where above is.
    private func boundary(at y: Double, above: [(Double, Double)], below: [(Double, Double)], into out: inout MeshBuilder) {
        if above.isEmpty && below.isEmpty { return }
        var xs = (above + below).flatMap { [$0.0, $0.1] }
        xs.sort()
        var ia = 0, ib = 0
        func covers(_ runs: [(Double, Double)], _ i: inout Int, _ x: Double) -> Bool {
            while i < runs.count, runs[i].1 <= x { i += 1 }
            return i < runs.count && runs[i].0 <= x
        }
        var k = 0
        while k + 1 < xs.count {
            let x0 = xs[k], x1 = xs[k + 1]
            k += 1
            guard x1 > x0 else { continue }
            let mid = (x0 + x1) * 0.5
            let inA = covers(above, &ia, mid), inB = covers(below, &ib, mid)
            if inA == inB { continue }
            let dy = inB ? -half : half
            out.fringeQuad(Vec(x0, y), Vec(x1, y), Vec(x1, y + dy), Vec(x0, y + dy), inner: 0.5)
        }
    }
}
