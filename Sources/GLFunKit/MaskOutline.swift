/// The polygon round a coverage mask's covered pixels (`CoverageMask.outline`): a mask is drawn
/// as quads over its box's columns (`CoverageMask.spans`), and a fill turned or skewed by its
/// transform covers as little as half of its box (a rotated rectangle, a slanted ellipse); a
/// line of text takes a quad a word. The fragments of the rest read a coverage of 0 and change
/// nothing, but llvmpipe shades and blends every one of them, and sets up every triangle. Drawn
/// as this polygon instead, where it costs less, the same covered pixels are drawn with the
/// same coverage (its texture coordinates are as affine in the pixel as the box's), and the
/// picture is the same to the bit (a pixel of coverage 0 blends to what it was).
///
/// It is what the covered pixels ask, not the path: the convex hull of the covered pixels'
/// centres, enclosed by the two slabs (pairs of parallel lines, a quarter pixel past the hull)
/// along two of the hull's longest edges or the axes, cut to the box grown by 0.45 px: no pixel
/// centre outside the box (whose texels are another mask's) is inside it. Of those, the one
/// whose pixels and triangles cost least.
enum MaskOutline {
    /// The polygon (mask pixels: x right, y down, the box [0, width] x [0, height]; 3 to 8
    /// corners in order round it, convex) for a mask whose row `y` covers columns `rows[y]` (an
    /// empty range: none); nil when nothing is covered or it would not cost a fifth less than
    /// the `spans` quads over `drawnArea` pixels, a triangle taken to cost `triangleCost` pixels.
    static func polygon(rows: [Range<Int>], width: Int, drawnArea: Int, spans: Int, triangleCost: Double) -> [Vec]? {
        let hull = convexHull(rows: rows)
        guard hull.count >= 3 else { return nil }
        let directions = candidateDirections(hull), margin = 0.25
        // Each direction's slab: the hull's extent along its normal.
        let slabs = directions.map { d -> (n: Vec, lo: Double, hi: Double) in
            let n = d.perpendicular
            var lo = Double.infinity, hi = -Double.infinity
            for p in hull {
                let t = n.dot(p)
                lo = min(lo, t)
                hi = max(hi, t)
            }
            return (n, lo - margin, hi + margin)
        }
        let w = Double(width), h = Double(rows.count), reach = 0.45
        var best: (cost: Double, polygon: [Vec])?
        for i in slabs.indices {
            for j in (i + 1)..<slabs.count {
                let a = slabs[i], b = slabs[j]
                let det = a.n.cross(b.n)
                guard abs(det) > 0.1 else { continue }
                // The point where n_a . p = s and n_b . p = t.
                func corner(_ s: Double, _ t: Double) -> Vec {
                    Vec((s * b.n.y - t * a.n.y) / det, (a.n.x * t - b.n.x * s) / det)
                }
                var poly = [corner(a.lo, b.lo), corner(a.hi, b.lo), corner(a.hi, b.hi), corner(a.lo, b.hi)]
                poly = clip(poly, x0: -reach, y0: -reach, x1: w + reach, y1: h + reach)
                guard poly.count >= 3 else { continue }
                let cost = Self.area(poly) + Double(poly.count - 2) * triangleCost
                if best == nil || cost < best!.cost { best = (cost, poly) }
            }
        }
        guard let best, best.cost < 0.8 * (Double(drawnArea) + Double(2 * spans) * triangleCost) else { return nil }
        return best.polygon
    }

    /// Whether `p` lies in the convex polygon `poly` (corners in order round it, either way),
    /// its edges included.
    static func contains(_ poly: [Vec], _ p: Vec) -> Bool {
        var sign = 0.0
        for k in poly.indices {
            let side = (poly[(k + 1) % poly.count] - poly[k]).cross(p - poly[k])
            if sign == 0 { sign = side }
            if side * sign < 0 { return false }
        }
        return true
    }

    /// `poly` cut to the box [x0, x1] x [y0, y1] (Sutherland and Hodgman).
    static func clip(_ poly: [Vec], x0: Double, y0: Double, x1: Double, y1: Double) -> [Vec] {
        // Each cut adds at most one corner: room for all of them made once (the outline is
        // clipped for every pair of directions it tries; growing these arrays corner by corner
        // was about 5% of a one-shot render of a 3,000-path map).
        let room = poly.count + 4
        var out = poly, input: [Vec] = []
        out.reserveCapacity(room)
        input.reserveCapacity(room)
        for (n, c) in [(Vec(1, 0), x0), (Vec(-1, 0), -x1), (Vec(0, 1), y0), (Vec(0, -1), -y1)] {
            swap(&input, &out)
            out.removeAll(keepingCapacity: true)
            guard let last = input.last else { break }
            var prev = last, prevIn = n.dot(last) >= c
            for p in input {
                let pIn = n.dot(p) >= c
                if pIn != prevIn {
                    let t = (c - n.dot(prev)) / n.dot(p - prev)
                    out.append(prev + (p - prev) * t)
                }
                if pIn { out.append(p) }
                prev = p
                prevIn = pIn
            }
        }
        // Corners that came out (nearly) the same.
        var kept: [Vec] = []
        kept.reserveCapacity(out.count)
        for p in out where kept.last.map({ ($0 - p).length > 1e-6 }) ?? true { kept.append(p) }
        if kept.count > 1, (kept[0] - kept[kept.count - 1]).length <= 1e-6 { kept.removeLast() }
        return kept
    }

    /// The area of a convex polygon.
    static func area(_ poly: [Vec]) -> Double {
        var a = 0.0
        for k in poly.indices { a += poly[k].cross(poly[(k + 1) % poly.count]) }
        return abs(a) / 2
    }

    /// The convex hull of the covered pixels' centres (each row's first and last covered
    /// pixel), in order round it (Andrew's monotone chain).
    static func convexHull(rows: [Range<Int>]) -> [Vec] {
        var points: [Vec] = []
        points.reserveCapacity(4 * rows.count)
        for (y, r) in rows.enumerated() where !r.isEmpty {
            let cy = Double(y) + 0.5, x0 = Double(r.lowerBound) + 0.5, x1 = Double(r.upperBound) - 0.5
            points += [Vec(x0, cy), Vec(x1, cy)]
        }
        points.sort { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard points.count >= 3 else { return points }
        func turn(_ o: Vec, _ a: Vec, _ b: Vec) -> Double { (a - o).cross(b - o) }
        var hull: [Vec] = []
        hull.reserveCapacity(points.count + 1)
        for p in points {
            while hull.count >= 2 && turn(hull[hull.count - 2], hull[hull.count - 1], p) <= 0 { hull.removeLast() }
            hull.append(p)
        }
        let lower = hull.count + 1
        for p in points.reversed().dropFirst() {
            while hull.count >= lower && turn(hull[hull.count - 2], hull[hull.count - 1], p) <= 0 { hull.removeLast() }
            hull.append(p)
        }
        hull.removeLast()
        return hull
    }

    /// The axes and the directions of the hull's longest edges (`candidates` in all), unit length.
    private static func candidateDirections(_ hull: [Vec], candidates: Int = 8) -> [Vec] {
        var edges: [(length: Double, d: Vec)] = []
        edges.reserveCapacity(hull.count)
        for k in hull.indices {
            let e = hull[(k + 1) % hull.count] - hull[k], l = e.length
            if l > 0 { edges.append((l, e * (1 / l))) }
        }
        edges.sort { $0.length > $1.length }
        var out = [Vec(1, 0), Vec(0, 1)]
        for e in edges where out.count < candidates + 2 {
            // One of each pair of (anti)parallel edges.
            if !out.contains(where: { abs($0.cross(e.d)) < 1e-6 }) { out.append(e.d) }
        }
        return out
    }
}
