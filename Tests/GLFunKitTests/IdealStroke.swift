import Foundation
import GLFunKit

/// The true region of a stroked polyline, worked out here independently of the strokers: the
/// union of each segment's rectangle (half the width either side), the join at every corner
/// on the outer side of the turn (for round joins the disc's sector between the two segments'
/// normals; for bevel joins the triangle; for miter joins, within the limit, the quad) and the caps at open ends. A pixel's ideal coverage
/// is the share of its 16 x 16 samples inside.
struct IdealStroke {
    let points: [(x: Double, y: Double)]
    let closed: Bool
    let style: StrokeStyle

    init(_ points: [Point], closed: Bool = false, style: StrokeStyle) {
        var pts: [(x: Double, y: Double)] = []
        for p in points {
            let q = (x: Double(p.x), y: Double(p.y))
            if let l = pts.last, hypot(q.x - l.x, q.y - l.y) < 1e-9 { continue }
            pts.append(q)
        }
        if closed, pts.count > 1, let f = pts.first, let l = pts.last, hypot(f.x - l.x, f.y - l.y) < 1e-9 {
            pts.removeLast()
        }
        self.points = pts
        self.closed = closed && pts.count > 2
        self.style = style
    }

    private var half: Double { Double(style.width) / 2 }

    /// Whether (x, y) lies in the stroke.
    func contains(_ x: Double, _ y: Double) -> Bool {
        let n = points.count, h = half
        guard n > 1 else { return false }
        let segmentCount = closed ? n : n - 1
        for i in 0..<segmentCount {
            let a = points[i], b = points[(i + 1) % n]
            let dx = b.x - a.x, dy = b.y - a.y, l = hypot(dx, dy)
            let along = ((x - a.x) * dx + (y - a.y) * dy) / l, across = ((x - a.x) * -dy + (y - a.y) * dx) / l
            if along >= 0, along <= l, abs(across) <= h { return true }
        }
        for i in (closed ? 0 : 1)..<(closed ? n : n - 1) where joinContains(i, x, y) { return true }
        if !closed {
            if capContains(points[0], points[1], x, y) || capContains(points[n - 1], points[n - 2], x, y) { return true }
        }
        return false
    }

    /// The cap at end `p` whose segment comes from `q`.
    private func capContains(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double), _ x: Double, _ y: Double) -> Bool {
        let h = half
        switch style.cap {
        case .butt: return false
        case .round: return hypot(x - p.x, y - p.y) <= h
        case .square:
            let dx = p.x - q.x, dy = p.y - q.y, l = hypot(dx, dy)
            let along = ((x - p.x) * dx + (y - p.y) * dy) / l, across = ((x - p.x) * -dy + (y - p.y) * dx) / l
            return along >= 0 && along <= h && abs(across) <= h
        }
    }

    /// The join at corner `i`.
    private func joinContains(_ i: Int, _ x: Double, _ y: Double) -> Bool {
        let n = points.count, h = half
        let p = points[i], a = points[(i + n - 1) % n], b = points[(i + 1) % n]
        func unit(_ dx: Double, _ dy: Double) -> (x: Double, y: Double) {
            let l = hypot(dx, dy)
            return (dx / l, dy / l)
        }
        let t0 = unit(p.x - a.x, p.y - a.y), t1 = unit(b.x - p.x, b.y - p.y)
        let turn = t0.x * t1.y - t0.y * t1.x, straight = t0.x * t1.x + t0.y * t1.y
        if abs(turn) < 1e-12 {
            // Straight on: no join; right back: a round join is the half disc in front.
            let v = (x: x - p.x, y: y - p.y)
            return straight < 0 && style.join == .round && hypot(v.x, v.y) <= h && v.x * t0.x + v.y * t0.y >= 0
        }
        // The outer side: right of the way in for a left turn (y down: positive turn).
        let side: Double = turn > 0 ? -1 : 1
        let o0 = (x: -t0.y * side, y: t0.x * side), o1 = (x: -t1.y * side, y: t1.x * side)
        let e0 = (x: p.x + o0.x * h, y: p.y + o0.y * h), e1 = (x: p.x + o1.x * h, y: p.y + o1.y * h)
        if style.join == .round {
            // The sector of the disc on the outer side, between the two segments' normals.
            let v = (x: x - p.x, y: y - p.y), k = o0.x * o1.y - o0.y * o1.x
            let a = (o0.x * v.y - o0.y * v.x) * k, b = (v.x * o1.y - v.y * o1.x) * k
            return hypot(v.x, v.y) <= h && a >= 0 && b >= 0
        }
        let sum = (x: o0.x + o1.x, y: o0.y + o1.y), c = hypot(sum.x, sum.y) / 2
        if style.join == .miter || style.join == .miterClip, c > 1e-12, 1 / c <= Double(style.miterLimit) {
            let k = h / (2 * c * c)
            let tip = (x: p.x + sum.x * k, y: p.y + sum.y * k)
            return Self.inConvex([p, e0, tip, e1], x, y)
        }
        if style.join == .miterClip, c > 1e-12 {
            // Past the limit, the miter cut square to the bisector miterLimit half widths out.
            let k = h / (2 * c * c)
            let tip = (x: p.x + sum.x * k, y: p.y + sum.y * k)
            let f = (Double(style.miterLimit) * h - h * c) / (h / c - h * c)
            let a = (x: e0.x + (tip.x - e0.x) * f, y: e0.y + (tip.y - e0.y) * f)
            let b = (x: e1.x + (tip.x - e1.x) * f, y: e1.y + (tip.y - e1.y) * f)
            return Self.inConvex([p, e0, a, b, e1], x, y)
        }
        return Self.inConvex([p, e0, e1], x, y)
    }

    /// Whether (x, y) lies in the convex polygon (either winding, edges included).
    static func inConvex(_ poly: [(x: Double, y: Double)], _ x: Double, _ y: Double) -> Bool {
        var pos = false, neg = false
        for k in poly.indices {
            let a = poly[k], b = poly[(k + 1) % poly.count]
            let s = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)
            if s > 1e-12 { pos = true } else if s < -1e-12 { neg = true }
        }
        return !(pos && neg)
    }

    /// The share of pixel (px, py) inside, by 16 x 16 samples; `pixel` is a pixel's size in
    /// the points' units.
    func coverage(_ px: Int, _ py: Int, pixel: Double = 1, near: Bool = false) -> Double {
        if near {
            let m = half * Double(max(1, style.miterLimit)) + 2 * pixel
            let x = (Double(px) + 0.5) * pixel, y = (Double(py) + 0.5) * pixel
            if !points.contains(where: { abs($0.x - x) < m && abs($0.y - y) < m }),
               !points.indices.contains(where: { i in
                   let a = points[i], b = points[(i + 1) % points.count]
                   return min(a.x, b.x) - m < x && x < max(a.x, b.x) + m && min(a.y, b.y) - m < y && y < max(a.y, b.y) + m
               }) {
                return 0
            }
        }
        var count = 0
        for j in 0..<16 {
            for i in 0..<16 {
                let x = (Double(px) + (Double(i) + 0.5) / 16) * pixel, y = (Double(py) + (Double(j) + 0.5) / 16) * pixel
                if contains(x, y) { count += 1 }
            }
        }
        return Double(count) / 256
    }
}
