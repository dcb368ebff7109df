import Foundation

/// The dash route's strip (`StrokeDash`): the undashed stroke's pieces, each vertex with how
/// far along the pattern it lies (`DashFrame`, in pixels, the measure's distances:
/// `FlatSubpath.along`). Where the strip goes on through a point (a curve's, or a turn whose
/// miter strays at most half a pixel along either segment: `dashContinues`), its pair lies
/// along the bisector at the point's term, bent as the curve is (`dashBend`: perspective
/// weights), so the terms across a quad turn as a curve's normals do. A run-on past an
/// end or a corner is projected on its segment. Elsewhere the strip breaks square at the corner (each segment's pair at the corner's
/// term: near a sharp corner a pixel may lie in both segments' strokes at two places along the
/// pattern, and each strip says its own); the join's vertices all lie at the corner's term (it
/// is drawn where the pattern is on there, as `Path.dashed` joins a dash that runs through
/// it), and where a dash ends just before the corner or starts just after it, that segment's
/// strip runs on past the corner for its end (`dashExtension`). Joins and run-ons that would
/// draw nothing are left out (`dashCorner`). The subpath's ends are no caps: the strip runs on
/// past them as far as the cap reaches and the shader draws the cap (and each dash's).
extension PathStripStroker {
    /// What the route needs: the pattern and its phase in pixels, and the cap. The subpaths
    /// come with their measured distances (`FlatSubpath.along`).
    struct DashRoute {
        var px: SIMD4<Double>
        var phase: Double
        var cap: Float
    }

    /// Whether a dash ends (`ends`) within `e` pixels before pattern term `s`, or starts within
    /// `e` after it: whether a strip run on past a corner there draws anything.
    private func dashBoundary(near s: Double, within e: Double, ends: Bool) -> Bool {
        guard let px = dash?.px else { return false }
        let period = px.sum()
        // A cap reaching over many periods (a wide stroke, a short pattern) meets an end surely.
        guard e < 64 * period else { return true }
        let first = ((s - e) / period).rounded(.down) - 1, last = ((s + e) / period).rounded(.down) + 1
        var k = first
        while k <= last {
            var a = k * period
            for i in 0..<4 {
                let b = a + px[i]
                if i % 2 == 0 {
                    if ends ? (b > s - e && b <= s + 1e-6) : (a >= s - 1e-6 && a < s + e) { return true }
                }
                a = b
            }
            k += 1
        }
        return false
    }

    /// The pieces a corner `along` the pattern needs beyond its strips: a join where the
    /// pattern is on there; a strip run on past it where a dash ends just before it (`endsBefore`)
    /// or starts just after (`startsAfter`). Elsewhere they would draw nothing.
    func dashCorner(at along: Double) -> (join: Bool, endsBefore: Bool, startsAfter: Bool) {
        guard let d = dash else { return (true, false, false) }
        let e = dashReach / pixel + 1
        return (StrokeDash.isOn(d.px, at: along, before: false), dashBoundary(near: along, within: e, ends: true),
                dashBoundary(near: along, within: e, ends: false))
    }

    /// How far past an end the strip runs: the pixel's half for a butt end, the cap's reach else.
    private var dashReach: Double { style.cap == .butt ? pixel / 2 : half + pixel / 2 }

    /// How far a turn from `t0` to `t1` moves the strip's miter pair along either segment, in
    /// pixels: the dash route's error in the along term there (0 off the route).
    private func miterShift(_ t0: Vec, _ t1: Vec) -> Double {
        guard dash != nil else { return 0 }
        let cosTurn = t0.dot(t1)
        let c = ((1 + cosTurn) / 2).squareRoot(), sinHalf = ((1 - cosTurn) / 2).squareRoot()
        return c > 0 ? outer * sinHalf / (c * pixel) : .infinity
    }

    /// The bend (`DashFrame.bend`) of the pair through the point where the strip goes on from
    /// segment `s0` to `s1` (0 where it is no curve's: `curveTan`). Across a quad of the strip the pattern's terms then go as the curve's: on the line
    /// from the pixel to the point where the quad's two sides meet (the curve's centre, for a
    /// circle), not along the quad's diagonal, where they were off by up to the width times the
    /// chord over the radius. The pair's vertices get perspective weights (PathDash.vsh) whose
    /// reciprocals go as their distances from that centre: 1 -+ k outer, k the curvature the
    /// turn and the chords say (2 tan(turn / 2) over the chords' mean length: a circle's,
    /// exactly, where they are equal), signed toward the strip's left. Where the stroke is
    /// about as wide as the curve is round (|bend| past 0.9) the terms stay linear.
    func dashBend(_ s0: Segment, _ s1: Segment) -> Double {
        let l = s0.length + s1.length
        guard dash != nil, l > 0 else { return 0 }
        return quadBend(2 * curveTan(s0, s1), l / 2)
    }

    /// `halfTurnTan` from `s0` to `s1` where the path goes on smoothly through the point between
    /// them (`Segment.smooth`); 0 at a corner (its pair is not bent).
    func curveTan(_ s0: Segment, _ s1: Segment) -> Double {
        s1.smooth ? halfTurnTan(s0.t, s1.t) : 0
    }

    /// The bend of a quad `length` long whose sides lean toward each other by angles whose
    /// tangents add up to `tans` (toward the strip's left): they meet length / tans from it.
    private func quadBend(_ tans: Double, _ length: Double) -> Double {
        guard length > 0 else { return 0 }
        let bend = tans / length * outer
        return abs(bend) <= 0.9 ? bend : 0
    }

    /// The tangent of half the turn from `t0` to `t1` (unit directions), positive toward the
    /// strip's left (sin / (1 + cos)); 0 for a turn back on itself.
    func halfTurnTan(_ t0: Vec, _ t1: Vec) -> Double {
        let c = t0.dot(t1)
        return c > -0.999 ? t0.cross(t1) / (1 + c) : 0
    }

    /// The tangent of the angle from `a` to `b` (positive toward the strip's left), where a
    /// curve's end tangent `a` and its first or last chord `b` differ at all (nil: the same
    /// line, or too far apart for an end square to the curve).
    private func lean(_ a: Vec, _ b: Vec) -> Double? {
        let c = a.dot(b), s = a.cross(b)
        return c > 0.5 && abs(s) > 1e-9 ? s / c : nil
    }

    /// Whether the dash route lets a strip go on through a turn from `t0` to `t1`: the pair's
    /// vertices, projected on either segment, lie within half a pixel of the corner (beyond
    /// that the outer wedge is the join's, drawn where the pattern is on at the corner).
    func dashContinues(_ t0: Vec, _ t1: Vec) -> Bool { miterShift(t0, t1) <= 0.5 }

    /// Sets the subpath's frame (its start and end along the pattern, its cap, whether its
    /// seam is one dash) and says whether it is still stroked closed: a closed subpath whose
    /// pattern is not on at both sides of its start is stroked open, round to its start (the
    /// seam is then two ends, as `Path.dashed` makes it). `last`: the pattern's term at the
    /// last point; `end`: at the subpath's end (past the seam when closed); `smooth`: whether
    /// the path goes on smoothly through the last point into the seam.
    func dashFrame(_ dash: DashRoute, closed: Bool, last: Double, end: Double, smooth: Bool, points pts: GrowableBuffer<Vec>,
                   segments: GrowableBuffer<Segment>, into out: inout MeshBuilder) -> Bool {
        let n = pts.count
        let seam = pts[0] - pts[n - 1], seamLength = seam.length
        let total = (closed ? end : last) - dash.phase
        let joined = closed && StrokeDash.isOn(dash.px, at: dash.phase, before: false)
            && StrokeDash.isOn(dash.px, at: dash.phase + total, before: true)
        out.dashFrame = DashFrame(lo: Float(dash.phase), hi: Float(dash.phase + total), flags: dash.cap + (joined ? DashFrame.Flag.seam : 0))
        guard closed, !joined else { return closed }
        segments.append(Segment(t: seam * (1 / seamLength), length: seamLength, from: pts[n - 1], s: last,
                                unit: (end - last) / seamLength, smooth: smooth))
        pts.append(pts[0])
        return false
    }

    /// Where the strip breaks at a corner `along` the pattern: the strip of segment `s` run on
    /// past `p` by a cap's reach (`forward`: past the end of the way in; else before the start
    /// of the way out), drawing there only the ends of dashes that end at the corner (the
    /// shader's run-on flag: a pixel past the corner lies in both segments' strokes).
    func dashExtension(_ p: Vec, _ s: Segment, at along: Double, forward: Bool, into out: inout MeshBuilder) {
        guard let saved = out.dashFrame else { return }
        out.alongSegment(s)
        if forward { out.dashFrame?.hi = Float(along) } else { out.dashFrame?.lo = Float(along) }
        out.dashFrame?.piece = DashFrame.Flag.runOn
        var strip = Strip(reach: reach)
        let q = forward ? p + s.t * dashReach : p - s.t * dashReach
        strip.start(squarePair(forward ? p : q, s.t), into: &out)
        strip.add(squarePair(forward ? q : p, s.t), into: &out)
        out.dashFrame = saved
    }

    /// The strip's start at `p`, the subpath's first point, on segment `s`: run on before it.
    /// Where a curve starts (`tangent`, its direction there), the run-on goes along the tangent
    /// and ends at a pair square to it at `p`, so that a dash starting there ends on the curve's
    /// normal, as `Path.dashed`'s piece of the curve does; that pair is made again bent for the
    /// first chord's quad (its sides lean by the tangent's angle to the chord and by half the
    /// turn at the next point, `nextTan`). Elsewhere the run-on is square to the segment.
    func dashStart(_ p: Vec, _ s: Segment, tangent: Vec?, nextTan: Double, strip: inout Strip,
                   into out: inout MeshBuilder) {
        out.alongSegment(s)
        guard let t = tangent, let lean = lean(t, s.t) else {
            return strip.start(squarePair(p - s.t * dashReach, s.t), into: &out)
        }
        out.alongTangent(t, from: p, at: s.s, unit: s.unit)
        strip.start(squarePair(p - t * dashReach, t), into: &out)
        strip.add(squarePair(p, t), into: &out)
        out.alongAt(s.s, bend: quadBend(lean + nextTan, s.length))
        strip.start(squarePair(p, t), into: &out)
    }

    /// The strip's end at `p`, the subpath's last point, on segment `s`: run on past it; at a
    /// curve's end (`tangent`) as `dashStart` at its start, the last chord's quad bent by half
    /// the turn at its first point (`lastTan`) and the tangent's angle to it.
    func dashEnd(_ p: Vec, _ s: Segment, tangent: Vec?, lastTan: Double, strip: inout Strip,
                 into out: inout MeshBuilder) {
        out.alongSegment(s)
        guard let t = tangent, let lean = lean(s.t, t) else {
            return strip.add(squarePair(p + s.t * dashReach, s.t), into: &out)
        }
        let end = s.s + s.length * s.unit
        out.alongAt(end, bend: quadBend(lastTan + lean, s.length))
        strip.add(squarePair(p, t), into: &out)
        out.alongAt(end)
        strip.start(squarePair(p, t), into: &out)
        out.alongTangent(t, from: p, at: end, unit: s.unit)
        strip.add(squarePair(p + t * dashReach, t), into: &out)
    }

    /// A subpath of one point: a strip across it as wide as its cap, the dash there of no length.
    func dashDot(_ p: Vec, _ dash: DashRoute, into out: inout MeshBuilder) {
        let phase = Float(dash.phase)
        out.dashFrame = DashFrame(origin: p, dir: Vec(1 / pixel, 0), base: dash.phase, lo: phase, hi: phase, flags: dash.cap)
        guard style.cap != .butt else { return }
        var strip = Strip(reach: reach)
        strip.start(squarePair(p - Vec(dashReach, 0), Vec(1, 0)), into: &out)
        strip.add(squarePair(p + Vec(dashReach, 0), Vec(1, 0)), into: &out)
    }
}

extension MeshBuilder {
    /// The pieces that follow lie along segment `s` (the dash route; nothing off it).
    @inline(__always)
    mutating func alongSegment(_ s: PathStripStroker.Segment) {
        guard var f = dashFrame else { return }
        f.piece = 0
        f.bend = 0
        f.origin = s.from
        f.dir = s.t * s.unit
        f.base = s.s
        dashFrame = f
    }

    /// The pieces that follow lie along a curve's end tangent `t` from `p`, where the pattern is
    /// at `s` (a run-on past the curve's end: `dashStart`, `dashEnd`), `unit` of it a point.
    @inline(__always)
    mutating func alongTangent(_ t: Vec, from p: Vec, at s: Double, unit: Double) {
        guard var f = dashFrame else { return }
        f.piece = 0
        f.bend = 0
        f.origin = p
        f.dir = t * unit
        f.base = s
        dashFrame = f
    }

    /// The pieces that follow lie where the pattern is at `s`: a strip's pair through a point
    /// (along the bisector, bent by `bend`: `PathStripStroker.dashBend`), or a `join` (flagged
    /// for the shader).
    @inline(__always)
    mutating func alongAt(_ s: Double, join: Bool = false, bend: Double = 0) {
        guard var f = dashFrame else { return }
        f.piece = join ? DashFrame.Flag.join : 0
        f.bend = bend
        f.dir = Vec(0, 0)
        f.base = s
        dashFrame = f
    }
}
