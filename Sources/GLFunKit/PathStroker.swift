import Foundation

/// An aliased stroke's triangles (antialiased strokes are `PathStripStroker`'s): for every
/// flattened subpath, a quad per segment, a join on the outer side of each turn, caps on open
/// ends, a dot for a subpath of one point (round and square caps only), every vertex
/// flat-coded with coverage 1. Pieces overlap where they meet (the inner side of a turn, a join
/// over its segments): an opaque stroke shows no seam, and the renderer paints a translucent
/// one as one layer (`Renderer.emitPath`).
struct PathStroker {
    let style: StrokeStyle
    let pixel: Double
    /// Half the stroke's width.
    let half: Double
    /// How far a round join's or cap's chords may fall inside the circle.
    let tolerance: Double

    init(style: StrokeStyle, pixel: Double) {
        self.style = style
        self.pixel = pixel
        half = Double(style.width) / 2
        tolerance = pixel * 0.25
    }

    mutating func stroke(_ subpaths: [FlatSubpath], into out: inout MeshBuilder) {
        for s in subpaths {
            stroke(s, into: &out)
            if out.overflowed { return }
        }
    }

    private func stroke(_ s: FlatSubpath, into out: inout MeshBuilder) {
        // Points closer than a thousandth of a pixel are one point.
        let merge = pixel * 1e-3
        var pts: [Vec] = []
        pts.reserveCapacity(s.points.count)
        for p in s.points where pts.last.map({ (p - $0).length > merge }) ?? true { pts.append(p) }
        if s.closed, pts.count > 1, (pts[0] - pts[pts.count - 1]).length <= merge { pts.removeLast() }
        guard let first = pts.first else { return }
        if pts.count == 1 { return dot(first, into: &out) }
        let n = pts.count
        let closed = s.closed
        // Past the vertex limit the mesh is empty whatever follows: stop at once (a long
        // polyline of wide round joins at a small pixel would otherwise spin for seconds).
        for i in 0..<(closed ? n : n - 1) {
            if out.overflowed { return }
            segment(pts[i], pts[(i + 1) % n], into: &out)
        }
        for i in (closed ? 0 : 1)..<(closed ? n : n - 1) {
            if out.overflowed { return }
            let p = pts[i], before = pts[(i + n - 1) % n], after = pts[(i + 1) % n]
            join(p, unit(p - before), unit(after - p), into: &out)
        }
        if !closed {
            cap(first, unit(first - pts[1]), into: &out)
            cap(pts[n - 1], unit(pts[n - 1] - pts[n - 2]), into: &out)
        }
    }

    private func unit(_ v: Vec) -> Vec { v * (1 / v.length) }

    /// A quad from a to b.
    private func segment(_ a: Vec, _ b: Vec, into out: inout MeshBuilder) {
        let n = unit(b - a).perpendicular
        if half > 0 { out.coreQuad(a + n * half, b + n * half, b - n * half, a - n * half) }
    }

    /// The join at p from direction t0 to t1 (unit vectors), on the outer side of the turn.
    private func join(_ p: Vec, _ t0: Vec, _ t1: Vec, into out: inout MeshBuilder) {
        let turn = t0.cross(t1), straight = t0.dot(t1)
        if abs(turn) < 1e-12 && straight > 0 { return }
        let side: Double = turn > 0 ? -1 : 1
        let o0 = t0.perpendicular * side, o1 = t1.perpendicular * side
        switch style.join {
        case .round:
            // A turn of exactly half a circle goes round the front of p.
            let angle = turn == 0 ? -Double.pi : atan2(o0.cross(o1), o0.dot(o1))
            arc(p, from: o0, angle: angle, into: &out)
        case .miter, .miterClip:
            let sum = o0 + o1, c = sum.length / 2  // cos of half the turn
            if c > 1e-12, 1 / c <= Double(style.miterLimit) {
                let bis = sum * (1 / sum.length)
                let mi = p + bis * (half / c)
                if half > 0 { out.coreQuad(p, p + o0 * half, mi, p + o1 * half) }
            } else if style.join == .miterClip, half > 0, c > 1e-12 {
                let (a, b) = PathStroker.clippedMiter(p, o0, o1, offset: half, clip: Double(style.miterLimit) * half)
                out.coreQuad(p, p + o0 * half, a, b)
                out.coreTriangle(p, b, p + o1 * half)
            } else {
                bevel(p, o0, o1, into: &out)
            }
        case .bevel:
            bevel(p, o0, o1, into: &out)
        }
    }

    private func bevel(_ p: Vec, _ o0: Vec, _ o1: Vec, into out: inout MeshBuilder) {
        if half > 0 { out.coreTriangle(p, p + o0 * half, p + o1 * half) }
    }

    /// A miter past its limit clipped (`LineJoin.miterClip`): where its two outer edges, the
    /// lines `offset` out along the outer normals `o0` and `o1` (unit) of the turn at `p`,
    /// cross the line square to the bisector `clip` from `p` (past the bevel, short of the tip:
    /// `offset` <= `clip` < `offset` / cos(half the turn)); the one on `o0`'s edge first.
    static func clippedMiter(_ p: Vec, _ o0: Vec, _ o1: Vec, offset: Double, clip: Double) -> (Vec, Vec) {
        let sum = o0 + o1, c = sum.length / 2
        let bis = sum * (1 / sum.length), tip = p + bis * (offset / c)
        // Along each edge from its corner to the tip, the distance along the bisector grows
        // from offset × c to offset / c.
        let f = min(1, max(0, (clip - offset * c) / (offset / c - offset * c)))
        let a = p + o0 * offset, b = p + o1 * offset
        return (a + (tip - a) * f, b + (tip - b) * f)
    }

    /// The cap at an open end p, `t` the unit direction out of the stroke.
    private func cap(_ p: Vec, _ t: Vec, into out: inout MeshBuilder) {
        switch style.cap {
        case .butt:
            return
        case .square:
            segment(p, p + t * half, into: &out)
        case .round:
            arc(p, from: t.perpendicular, angle: -Double.pi, into: &out)
        }
    }

    /// A subpath of one point: a disc (round caps) or a square (square caps) a width across.
    private func dot(_ p: Vec, into out: inout MeshBuilder) {
        switch style.cap {
        case .butt: return
        case .round: arc(p, from: Vec(1, 0), angle: 2 * Double.pi, into: &out)
        case .square:
            segment(p - Vec(half, 0), p + Vec(half, 0), into: &out)
        }
    }

    /// A fan around `center` from the unit vector `from`, turning by `angle` radians
    /// (positive from +x towards +y), out to half the width.
    private func arc(_ center: Vec, from: Vec, angle: Double, into out: inout MeshBuilder) {
        let count = PathStroker.chords(radius: half, tolerance: tolerance, angle: angle)
        var u = from
        for k in 1...count {
            let a = angle * Double(k) / Double(count)
            let v = Vec(from.x * cos(a) - from.y * sin(a), from.x * sin(a) + from.y * cos(a))
            if half > 0 { out.coreTriangle(center, center + u * half, center + v * half) }
            u = v
        }
    }

    /// How many chords an arc of `angle` radians on a circle of `radius` takes for their middles
    /// to fall at most `tolerance` inside it (1...1024).
    static func chords(radius: Double, tolerance: Double, angle: Double) -> Int {
        let r = max(radius, 1e-9)
        let step = tolerance < r ? 2 * acos(1 - tolerance / r) : Double.pi / 2
        return max(1, min(1024, Int((abs(angle) / max(step, 1e-6)).rounded(.up))))
    }
}
