import Foundation

/// A stroke's joins (`PathStripStroker`): where the strip breaks at a turn, the outer side
/// filled as the join says (a round fan, a miter quad within the limit, a bevel triangle), and
/// the distance-coded fan round and dot caps use too.
extension PathStripStroker {
    /// The join at p from direction t0 to t1 (unit vectors), on the outer side of the turn,
    /// between the two strip ends.
    func join(_ p: Vec, _ t0: Vec, _ t1: Vec, into out: inout MeshBuilder) {
        let turn = t0.cross(t1)
        let side: Double = turn > 0 ? -1 : 1
        let o0 = t0.perpendicular * side, o1 = t1.perpendicular * side
        switch style.join {
        case .round:
            // A turn of exactly half a circle goes round the front of p.
            let angle = abs(turn) < 1e-12 ? -Double.pi * side : atan2(o0.cross(o1), o0.dot(o1))
            fan(p, from: o0, angle: angle, into: &out)
        case .miter, .miterClip:
            let sum = o0 + o1, c = sum.length / 2
            if c > 1e-12, 1 / c <= Double(style.miterLimit) {
                guard out.room(4) else { return }
                let tip = p + sum * (outer / (2 * c * c))
                let centre = out.vertex(p, v: reach)
                let a = out.vertex(p + o0 * outer, u: reach, v: reach)
                let m = out.vertex(tip, u: reach, v: reach), b = out.vertex(p + o1 * outer, u: reach, v: reach)
                out.triangle(centre, a, m)
                out.triangle(centre, m, b)
            } else if style.join == .miterClip, c > 1e-12 {
                clippedMiter(p, o0, o1, into: &out)
            } else {
                bevel(p, o0, o1, into: &out)
            }
        case .bevel:
            bevel(p, o0, o1, into: &out)
        }
    }

    /// A miter past its limit, clipped square to the bisector `miterLimit` × `half` from p (half
    /// a pixel further out, as the strip's edges are). Each half of it, between the bisector and
    /// a miter edge, is product-coded (Path.fsh, as a butt end): u the distance in from its
    /// edge, -1 - v the distance in from the clip line, in pixels; so a thin one (a sharp
    /// turn's) is as thin as its edges make it all the way to the clip.
    private func clippedMiter(_ p: Vec, _ o0: Vec, _ o1: Vec, into out: inout MeshBuilder) {
        guard out.room(8) else { return }
        let sum = o0 + o1, c = sum.length / 2, bis = sum * (1 / sum.length)
        let clip = Double(style.miterLimit) * half + pixel / 2
        let (e0, e1) = PathStroker.clippedMiter(p, o0, o1, offset: outer, clip: clip)
        let mid = p + bis * clip
        // The corner's distance to the clip line, and the clip line's middle's to either edge.
        let cornerIn = (clip - outer * c) / pixel, midIn = (outer - clip * c) / pixel
        for (o, e) in [(o0, e0), (o1, e1)] {
            let centre = out.vertex(p, u: reach, v: -1 - clip / pixel)
            let corner = out.vertex(p + o * outer, u: 0, v: -1 - cornerIn)
            let end = out.vertex(e, u: 0, v: -1), middle = out.vertex(mid, u: midIn, v: -1)
            out.triangle(centre, corner, end)
            out.triangle(centre, end, middle)
        }
    }

    private func bevel(_ p: Vec, _ o0: Vec, _ o1: Vec, into out: inout MeshBuilder) {
        guard out.room(3) else { return }
        out.triangle(out.vertex(p, v: reach), out.vertex(p + o0 * outer, u: reach, v: reach),
                     out.vertex(p + o1 * outer, u: reach, v: reach))
    }

    /// A distance-coded fan around `center` (coverage 1 there, 0 at the rim `outer` away) from
    /// the unit vector `from`, turning by `angle` radians (positive from +x towards +y), in
    /// chords at most `chordTolerance` inside the circle. (Its rim vertices are its own: a strip's
    /// end pair is coded +reach on one side and -reach on the other, which a fan cannot share.)
    func fan(_ center: Vec, from: Vec, angle: Double, into out: inout MeshBuilder) {
        let count = PathStroker.chords(radius: outer, tolerance: chordTolerance, angle: angle)
        guard out.room(count + 2) else { return }
        let c = out.vertex(center, v: reach)
        var previous = out.vertex(center + from * outer, u: reach, v: reach)
        let first = previous
        for k in 1...count {
            let next: UInt32
            if k == count, abs(abs(angle) - 2 * Double.pi) < 1e-12 {
                next = first
            } else {
                let a = angle * Double(k) / Double(count)
                let v = Vec(from.x * cos(a) - from.y * sin(a), from.x * sin(a) + from.y * cos(a))
                next = out.vertex(center + v * outer, u: reach, v: reach)
            }
            out.triangle(c, previous, next)
            previous = next
        }
    }
}
