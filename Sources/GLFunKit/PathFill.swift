/// An exact fill of flattened subpaths by a sweep into trapezoids.
///
/// The plane is cut into horizontal slabs at every vertex's y and at every crossing of two
/// edges, so that within a slab no edge starts, ends or crosses another: the edges crossing it
/// are ordered by x, the winding number is counted from left to right across them, and each
/// run that the rule calls inside is one trapezoid (two triangles) between its left and right
/// edges. Horizontal edges bound slabs and need no trapezoid. The result is exact for concave
/// and self-intersecting paths and both rules, with no triangle outside the filled region, so
/// a translucent fill has no overlaps. The trapezoids go to a `TrapezoidSink`: aliased, the
/// mesh itself (`MeshBuilder`: two triangles each, drawn at full coverage); antialiased, the
/// exact coverage of each pixel they cover (`PathCoverage`).
enum PathFill {
    /// An edge, top to bottom.
    struct Edge {
        var top: Vec
        var bottom: Vec
        /// +1 if the path goes down along it, -1 if up.
        var winding: Int
        func x(at y: Double) -> Double {
            if y <= top.y { return top.x }
            if y >= bottom.y { return bottom.x }
            return top.x + (bottom.x - top.x) * ((y - top.y) / (bottom.y - top.y))
        }
    }

    /// A trapezoid's side: the x it has at the slab's top and bottom.
    struct Side {
        var xTop: Double
        var xBottom: Double
    }

    static func edges(_ subpaths: [FlatSubpath]) -> [Edge] {
        var edges: [Edge] = []
        for s in subpaths where s.points.count > 1 {
            let pts = s.points
            for i in 0..<pts.count {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                if a.y < b.y { edges.append(Edge(top: a, bottom: b, winding: 1)) }
                else if a.y > b.y { edges.append(Edge(top: b, bottom: a, winding: -1)) }
            }
        }
        return edges
    }

    /// Fills the subpaths (each closed for the fill) by `rule` into `out`, slab by slab from
    /// the top, left to right; nothing (`abandon`) if the sweep passes `workLimit` edge visits
    /// (`PathTessellator.maxSweepWork`; lower in tests).
    static func fill<Sink: TrapezoidSink>(_ subpaths: [FlatSubpath], rule: FillRule,
                                          workLimit: Int = PathTessellator.maxSweepWork, into out: inout Sink) {
        var edges = edges(subpaths)
        if edges.isEmpty { return }
        edges.sort { $0.top.y < $1.top.y }
        var ys = edges.flatMap { [$0.top.y, $0.bottom.y] }
        ys.sort()
        var unique: [Double] = []
        unique.reserveCapacity(ys.count)
        for y in ys where unique.last != y { unique.append(y) }
        ys = unique

        var active: [Int] = []
        // Kept from slab to slab (filled again in each): no arrays made a slab.
        var xTop: [Double] = [], xBottom: [Double] = []
        var spans: [(Side, Side)] = []
        var next = 0, yi = 0, work = 0
        var y = ys[0]
        while yi + 1 < ys.count {
            var yb = ys[yi + 1]
            while next < edges.count, edges[next].top.y <= y {
                if edges[next].bottom.y > y { active.append(next) }
                next += 1
            }
            active.removeAll { edges[$0].bottom.y <= y }
            work += active.count + 1
            if work > workLimit { return out.abandon() }  // empty, not cut off
            if out.stopped { return }
            // Order by x at the top, ties by x at the bottom: an insertion sort, as the order
            // from the slab above is nearly right, but with a budget of swaps, past which (many
            // edges entering out of order: a zigzag drawn right to left) a full sort.
            xTop.removeAll(keepingCapacity: true)
            xBottom.removeAll(keepingCapacity: true)
            for e in active {
                xTop.append(edges[e].x(at: y))
                xBottom.append(edges[e].x(at: yb))
            }
            var swaps = 0
            let budget = 4 * active.count + 64
            insertion: for i in 1..<max(1, active.count) {
                var j = i
                while j > 0, (xTop[j - 1], xBottom[j - 1]) > (xTop[j], xBottom[j]) {
                    active.swapAt(j - 1, j); xTop.swapAt(j - 1, j); xBottom.swapAt(j - 1, j)
                    j -= 1
                    swaps += 1
                }
                if swaps > budget { break insertion }
            }
            if swaps > budget {
                let order = active.indices.sorted { (xTop[$0], xBottom[$0]) < (xTop[$1], xBottom[$1]) }
                active = order.map { active[$0] }
                xTop = order.map { xTop[$0] }
                xBottom = order.map { xBottom[$0] }
            }
            // The first crossing of two neighbours inside the slab ends it there.
            let eps = max(abs(y), abs(yb), 1) * 1e-12
            // Neighbours that meet at the slab's top (at a crossing just split at, where their
            // x's are a rounding apart and may be in either order) go in their order below it:
            // left as they are, the slab's trapezoids would be twisted across its whole height.
            var swapped = true
            while swapped {
                swapped = false
                for i in 0..<max(0, active.count - 1) where xBottom[i] > xBottom[i + 1] {
                    let gapTop = xTop[i + 1] - xTop[i], gapBottom = xBottom[i + 1] - xBottom[i]
                    let yc = y + (yb - y) * (gapTop / (gapTop - gapBottom))
                    if !(yc > y + eps) {
                        active.swapAt(i, i + 1); xTop.swapAt(i, i + 1); xBottom.swapAt(i, i + 1)
                        swapped = true
                    }
                }
            }
            let slabBottom = yb
            var split = false
            for i in 0..<max(0, active.count - 1) where xBottom[i] > xBottom[i + 1] {
                let gapTop = xTop[i + 1] - xTop[i], gapBottom = xBottom[i + 1] - xBottom[i]
                let yc = y + (slabBottom - y) * (gapTop / (gapTop - gapBottom))
                if yc > y + eps, yc < slabBottom - eps, yc < yb {
                    yb = yc
                    split = true
                }
            }
            if split {
                for (k, e) in active.enumerated() { xBottom[k] = edges[e].x(at: yb) }
            }
            // Inside runs, left to right.
            spans.removeAll(keepingCapacity: true)
            var winding = 0, left = 0
            for (k, e) in active.enumerated() {
                let was = inside(winding, rule)
                winding += edges[e].winding
                let now = inside(winding, rule)
                if !was && now { left = k }
                if was && !now {
                    spans.append((Side(xTop: xTop[left], xBottom: xBottom[left]), Side(xTop: xTop[k], xBottom: xBottom[k])))
                }
            }
            // A run of no width (a subpath doubling back on itself) is no region.
            for (l, r) in spans where l.xTop < r.xTop || l.xBottom < r.xBottom {
                out.trapezoid(top: y, bottom: yb, left: l, right: r)
            }
            y = yb
            if !split { yi += 1 }
        }
    }

    static func inside(_ winding: Int, _ rule: FillRule) -> Bool {
        rule == .nonzero ? winding != 0 : winding & 1 != 0
    }
}

/// Where a fill's sweep (`PathFill`) puts its trapezoids: disjoint, each between two sides
/// from `top` to `bottom` (top < bottom; a side may have no width at one end: a triangle).
protocol TrapezoidSink {
    /// Whether it takes no more (past a limit of its own): the sweep stops.
    var stopped: Bool { get }
    /// Drops what it has and takes no more: the sweep passed its work limit.
    mutating func abandon()
    mutating func trapezoid(top: Double, bottom: Double, left: PathFill.Side, right: PathFill.Side)
}

extension MeshBuilder: TrapezoidSink {
    var stopped: Bool { overflowed }

    /// Two core triangles at full coverage: the aliased fill.
    mutating func trapezoid(top y: Double, bottom yb: Double, left l: PathFill.Side, right r: PathFill.Side) {
        // A run starting or ending at a point (a vertex or a crossing) is a triangle.
        if l.xTop == r.xTop {
            coreTriangle(Vec(l.xTop, y), Vec(r.xBottom, yb), Vec(l.xBottom, yb))
        } else if l.xBottom == r.xBottom {
            coreTriangle(Vec(l.xTop, y), Vec(r.xTop, y), Vec(l.xBottom, yb))
        } else {
            coreQuad(Vec(l.xTop, y), Vec(r.xTop, y), Vec(r.xBottom, yb), Vec(l.xBottom, yb))
        }
    }
}
