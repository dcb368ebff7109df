import Foundation

/// An antialiased stroke near its minimum geometry: per flattened subpath, one strip of two
/// vertices a point, out to the stroke's outer edge (half the width plus half a pixel) on
/// either side, distance-coded (`PathMesh.Vertex`): the renderer's path program makes the core
/// and both sides' fringe out of the same two triangles a segment.
///
/// Where the path turns, the strip goes on through the point along the bisector, pushed out so
/// that both segments keep their width (a miter), as long as that is what the join would look
/// like anyway: a miter within the miter limit; a round or bevel join whose miter would stray
/// at most a quarter pixel past it; and the inner side fits in both segments, after what the
/// corner before took of the segment coming in (`Strip.claim`: else it folds over). Elsewhere the
/// strip stops at the point, a join piece fills the outer side (a fan for round joins, its
/// segment count from the width in pixels; a miter quad; a bevel triangle) and the strip starts
/// again: cut along the line from the outer corner to where the inner edges cross, with two
/// triangles between, when that crossing lies within both segments (nothing overlaps), else
/// square at the point. A pen stroke of small turns is one strip end to end.
///
/// Caps: a round cap is a half fan; at a butt or square end the strip stops half a pixel inside
/// the end and a product-coded band a pixel long takes it to half a pixel out (`endPiece`: the
/// box filter across the end, the corners included, as a `rect`'s edges are). A stroke
/// narrower than a pixel is drawn a pixel wide, the mesh's opacity its width in pixels.
///
/// Pieces may overlap (the inner side of a sharp turn, a join over its strips): the renderer
/// paints a translucent path as one layer (see `Renderer.emitPath`).
struct PathStripStroker {
    let style: StrokeStyle
    let pixel: Double
    /// Half the stroke's width, widened to half a pixel.
    let half: Double
    /// The strip's half width: `half` plus half a pixel.
    let outer: Double
    /// `outer` in pixels: the distance code of the strip's edges.
    let reach: Double
    /// How far the strip's miter may stray from the true outline.
    let tolerance: Double
    /// How far a fan's chord may fall inside its circle: finer than the miter's, because the
    /// fan's coverage also falls to 0 along each chord, not at the circle.
    let chordTolerance: Double
    let opacity: Float
    /// On the dash route (`StrokeDash`): the pattern the shader dashes by, and the ends
    /// become the strip run on past them (`PathStripStroker+Dashes`).
    var dash: DashRoute?

    init(style: StrokeStyle, pixel: Double) {
        self.style = style
        self.pixel = pixel
        let h = Double(style.width) / 2
        half = max(h, pixel / 2)
        outer = half + pixel / 2
        reach = outer / pixel
        tolerance = pixel * 0.25
        chordTolerance = pixel * 0.1
        opacity = Float(min(1, 2 * h / pixel))
    }

    func stroke(_ subpaths: [FlatSubpath], into out: inout MeshBuilder) {
        out.opacity = opacity
        let pts = GrowableBuffer<Vec>(), segments = GrowableBuffer<Segment>()
        for s in subpaths {
            stroke(s, points: pts, segments: segments, into: &out)
            if out.overflowed { return }
        }
    }

    /// A segment between two points of a subpath: its unit direction and its length, worked
    /// out once (each is a corner's way in and the next corner's way out).
    struct Segment {
        var t: Vec
        var length: Double
        /// The dash route (0 off it): where it starts, how far along the dash pattern that
        /// is, in pixels, and the pattern's pixels a point along it (the measure's distance
        /// over the chord's: `FlatSubpath.along`).
        var from = Vec(0, 0)
        var s = 0.0
        var unit = 0.0
        /// The dash route: whether the path goes on smoothly through the segment's start
        /// (`FlatSubpath.smooth`): the strip may go on through it however far its miter strays,
        /// its terms bent as the curve's (`dashBend`).
        var smooth = false
    }

    /// One subpath; `pts` and `segments` (`segments[i]` from `pts[i]` to the next point) are
    /// scratch space reused from subpath to subpath.
    private func stroke(_ s: FlatSubpath, points pts: GrowableBuffer<Vec>, segments: GrowableBuffer<Segment>,
                        into out: inout MeshBuilder) {
        // Points closer than a thousandth of a pixel are one point.
        let merge = pixel * 1e-3
        pts.removeAll()
        segments.removeAll()
        guard let first = s.points.first else { return }
        pts.reserve(s.points.count + 1)
        segments.reserve(s.points.count + 1)
        pts.append(first)
        var last = first
        // The dash route: each point's term along the pattern (its measured distance, FlatSubpath.along).
        let phase = dash?.phase ?? 0, along = s.along, px = pixel
        func term(_ k: Int) -> Double { along.isEmpty ? 0 : phase + along[k] / px }
        func smooth(_ k: Int) -> Bool { k < s.smooth.count && s.smooth[k] }
        var lastTerm = term(0), lastSmooth = smooth(0)
        for k in s.points.indices.dropFirst() {
            let p = s.points[k]
            let d = p - last, length = d.length
            if length > merge {
                let now = term(k)
                pts.append(p)
                segments.append(Segment(t: d * (1 / length), length: length, from: last, s: lastTerm,
                                        unit: (now - lastTerm) / length, smooth: lastSmooth))
                lastTerm = now
                lastSmooth = smooth(k)
                last = p
            }
        }
        // Where the subpath ends along the pattern: past its last point by the seam when closed.
        var endTerm = lastTerm
        if s.closed, pts.count > 1, (pts[0] - pts[pts.count - 1]).length <= merge {
            pts.removeLast()
            lastTerm = segments[segments.count - 1].s
            lastSmooth = segments[segments.count - 1].smooth
            segments.removeLast()
        } else if s.closed, !along.isEmpty {
            endTerm += (pts[0] - last).length / px
        }
        if pts.count == 1 {
            if let dash { return dashDot(first, dash, into: &out) }
            return dot(first, into: &out)
        }
        var closed = s.closed && pts.count > 2
        if let dash {
            closed = dashFrame(dash, closed: closed, last: lastTerm, end: endTerm, smooth: lastSmooth, points: pts,
                               segments: segments, into: &out)
        }
        let n = pts.count
        // Room for the strip and a join or cap at every point at worst is checked as it goes.
        var strip = Strip(reach: reach)
        if closed {
            let d = pts[0] - pts[n - 1], length = d.length
            segments.append(Segment(t: d * (1 / length), length: length, from: pts[n - 1], s: lastTerm,
                                    unit: (endTerm - lastTerm) / length, smooth: lastSmooth))
            let s0 = segments[n - 1], s1 = segments[0]
            let smooth = continues(s0.t, s1.t, s0.length, s1.length) && (dash == nil || s1.smooth || dashContinues(s0.t, s1.t))
            let firstPair = smooth ? miterPair(pts[0], s0.t, s1.t) : squarePair(pts[0], s1.t)
            let firstBend = smooth ? dashBend(s0, s1) : 0
            out.alongAt(s1.s, bend: firstBend)
            strip.start(firstPair, into: &out)
            strip.claim = claim(firstPair, pts[0], s1.t)
            for i in 1..<n {
                if out.overflowed { return }
                corner(pts[i], segments[i - 1], segments[i], strip: &strip, into: &out)
            }
            // The first pair, seen from the closing segment: it must lie ahead of the last
            // pair on both sides, else the closing segment ends square and the miter's own half
            // on that side fills the outer corner.
            let back = claim(firstPair, pts[0], s0.t)
            out.alongSegment(s0)
            if smooth, fits(back, s0.length, strip.claim) {
                // On the dash route the last quad ends on vertices of its own (at the end, not 0).
                if dash != nil {
                    out.alongAt(endTerm, bend: firstBend)
                    strip.add(firstPair, into: &out)
                } else {
                    strip.close(into: &out)
                }
            } else {
                strip.add(squarePair(pts[0], s0.t), into: &out)
                if let f = out.dashFrame, !smooth {
                    dashExtension(pts[0], s0, at: Double(f.hi), forward: true, into: &out)
                    dashExtension(pts[0], s1, at: Double(f.lo), forward: false, into: &out)
                }
                if smooth {
                    halfMiter(pts[0], s0.t, s1.t, firstPair, into: &out)
                } else {
                    out.alongAt(s1.s, join: true)
                    join(pts[0], s0.t, s1.t, into: &out)
                }
            }
            return
        }
        if dash != nil {
            let nextTan = n > 2 ? curveTan(segments[0], segments[1]) : 0
            dashStart(pts[0], segments[0], tangent: s.startTangent, nextTan: nextTan, strip: &strip, into: &out)
        } else {
            startCap(pts[0], -segments[0].t, strip: &strip, into: &out)
        }
        strip.claim = (0, 0)
        for i in 1..<(n - 1) {
            if out.overflowed { return }
            corner(pts[i], segments[i - 1], segments[i], strip: &strip, into: &out)
        }
        if dash != nil {
            let lastTan = n > 2 ? curveTan(segments[n - 3], segments[n - 2]) : 0
            dashEnd(pts[n - 1], segments[n - 2], tangent: s.endTangent, lastTan: lastTan, strip: &strip, into: &out)
        } else {
            endCap(pts[n - 1], segments[n - 2].t, strip: &strip, into: &out)
        }
    }

    // MARK: - The strip

    /// The two edge points of the strip at a point (left, right of the direction of travel).
    typealias Pair = (left: Vec, right: Vec)

    /// The strip being built: its last pair of vertices, two triangles to each new pair.
    struct Strip {
        /// The distance code of the edges (`PathStripStroker.reach`).
        let reach: Double
        var last: (UInt32, UInt32)?
        /// How far along the segment being drawn (from its start) the last pair's left and
        /// right vertices lie: the next pair must lie no further back on either side, or the
        /// quad between them folds over (`PathStripStroker.fits`).
        var claim: (left: Double, right: Double) = (0, 0)
        /// The pair the strip first started with: a closed subpath's strip ends there, however
        /// often a join broke it on the way round.
        var first: (UInt32, UInt32)?

        mutating func start(_ p: Pair, into out: inout MeshBuilder) {
            guard out.room(2) else { return }
            last = (out.vertex(p.left, u: reach, v: reach), out.vertex(p.right, u: -reach, v: reach))
            if first == nil { first = last }
        }

        mutating func add(_ p: Pair, into out: inout MeshBuilder) {
            guard let (l0, r0) = last, out.room(2) else { return }
            let l1 = out.vertex(p.left, u: reach, v: reach), r1 = out.vertex(p.right, u: -reach, v: reach)
            out.triangle(l0, r0, r1)
            out.triangle(l0, r1, l1)
            last = (l1, r1)
        }

        /// The last pair joined back to the first (a closed subpath with a smooth first point).
        mutating func close(into out: inout MeshBuilder) {
            guard let (l0, r0) = last, let (l1, r1) = first, !out.overflowed else { return }
            out.triangle(l0, r0, r1)
            out.triangle(l0, r1, l1)
        }
    }

    /// The strip's edge points square to direction `t` at `p`.
    func squarePair(_ p: Vec, _ t: Vec) -> Pair {
        let n = t.perpendicular * outer
        return (p + n, p - n)
    }

    /// The strip's edge points at a smooth turn from `t0` to `t1`: along the bisector, pushed
    /// out so that both segments keep their full width.
    private func miterPair(_ p: Vec, _ t0: Vec, _ t1: Vec) -> Pair {
        let sum = t0.perpendicular + t1.perpendicular
        let c = sum.length / 2  // cos of half the turn
        let m = sum * (outer / (2 * c * c))  // unit bisector × outer / c
        return (p + m, p - m)
    }

    /// How far along direction `t` from `p` the pair's vertices lie.
    private func claim(_ pair: Pair, _ p: Vec, _ t: Vec) -> (left: Double, right: Double) {
        ((pair.left - p).dot(t), (pair.right - p).dot(t))
    }

    /// Whether a pair whose vertices lie `back` along a segment `length` long from its end
    /// (negative: before the end) lies at or ahead of the pair at its start, which lies `claim`
    /// along it from the start, on both sides. On a segment shorter than the two corners' inner
    /// sides need, the strip would fold over itself between them.
    private func fits(_ back: (left: Double, right: Double), _ length: Double, _ claim: (left: Double, right: Double)) -> Bool {
        let slack = pixel * 1e-6
        return length + back.left >= claim.left - slack && length + back.right >= claim.right - slack
    }

    /// The outer half of a miter pair's corner on the side of the segment coming in (direction
    /// `t0`), where that segment ends square at `p`: the triangle between the square end and
    /// the miter vertex, on the lines of that segment (exact coverage).
    private func halfMiter(_ p: Vec, _ t0: Vec, _ t1: Vec, _ pair: Pair, into out: inout MeshBuilder) {
        let turn = t0.cross(t1)
        guard abs(turn) > 1e-12, out.room(3) else { return }
        let side: Double = turn > 0 ? -1 : 1  // +1: the outer side is the strip's left
        let tip = side > 0 ? pair.left : pair.right
        out.triangle(out.vertex(p, v: reach), out.vertex(p + t0.perpendicular * (side * outer), u: reach, v: reach),
                     out.vertex(tip, u: reach, v: reach))
    }

    /// Whether the strip can go on through a turn from `t0` to `t1` (segments `l0` and `l1`
    /// long) as a miter, the join then looking as its kind says within the tolerance.
    private func continues(_ t0: Vec, _ t1: Vec, _ l0: Double, _ l1: Double) -> Bool {
        let cosTurn = t0.dot(t1)
        if cosTurn <= -0.999 { return false }
        let c = ((1 + cosTurn) / 2).squareRoot()  // cos of half the turn
        let sinHalf = ((1 - cosTurn) / 2).squareRoot()
        // The inner side's point lies outer × tan(turn / 2) back along each segment.
        if outer * sinHalf / c > min(l0, l1) { return false }
        switch style.join {
        case .miter, .miterClip: return 1 / c <= Double(style.miterLimit) || outer * (1 / c - c) <= tolerance
        case .round: return outer * (1 / c - 1) <= tolerance
        case .bevel: return outer * (1 / c - c) <= tolerance
        }
    }

    /// The strip through point `p` (coming in along `s0`, going on along `s1`): on as a
    /// miter, or broken with a join.
    private func corner(_ p: Vec, _ s0: Segment, _ s1: Segment, strip: inout Strip, into out: inout MeshBuilder) {
        let t0 = s0.t, t1 = s1.t
        out.alongSegment(s0)
        if continues(t0, t1, s0.length, s1.length), dash == nil || s1.smooth || dashContinues(t0, t1) {
            let pair = miterPair(p, t0, t1)
            if fits(claim(pair, p, t0), s0.length, strip.claim) {
                // On the dash route the pair, along the bisector, lies where the point does
                // along the pattern: across a quad the terms turn as a curve's normals do
                // (bent as the curve's where it goes on smoothly through the point).
                out.alongAt(s1.s, bend: dashBend(s0, s1))
                strip.add(pair, into: &out)
                strip.claim = claim(pair, p, t1)
                return
            }
        }
        let turn = t0.cross(t1), cosTurn = t0.dot(t1)
        // The dash route breaks square: near a sharp corner a pixel may lie in both segments'
        // strokes, at two places along the pattern, and each strip must say its own.
        if dash == nil, cosTurn > -0.999, abs(turn) > 1e-12 {
            // The inner sides meet where both segments' inner edges cross: when that point lies
            // within both segments, the strips end there and at their own outer corners, and two
            // triangles and the join fill the rest without overlapping.
            let c = ((1 + cosTurn) / 2).squareRoot(), sinHalf = ((1 - cosTurn) / 2).squareRoot()
            if outer * sinHalf / c <= min(s0.length, s1.length) {
                let side: Double = turn > 0 ? -1 : 1  // +1: the outer side is the strip's left
                let o0 = t0.perpendicular * side, o1 = t1.perpendicular * side
                let sum = o0 + o1
                let inner = p - sum * (outer / (2 * c * c))
                let outer0 = p + o0 * outer, outer1 = p + o1 * outer
                let end: Pair = side > 0 ? (outer0, inner) : (inner, outer0)
                let start: Pair = side > 0 ? (outer1, inner) : (inner, outer1)
                if fits(claim(end, p, t0), s0.length, strip.claim) {
                    strip.add(end, into: &out)
                    guard out.room(4) else { return }
                    let i = out.vertex(inner, u: -reach, v: reach), m = out.vertex(p, v: reach)
                    let e0 = out.vertex(outer0, u: reach, v: reach), e1 = out.vertex(outer1, u: reach, v: reach)
                    out.triangle(i, e0, m)
                    out.triangle(i, m, e1)
                    join(p, t0, t1, into: &out)
                    strip.start(start, into: &out)
                    strip.claim = claim(start, p, t1)
                    return
                }
            }
        }
        strip.add(squarePair(p, t0), into: &out)
        let pieces = dashCorner(at: s1.s)
        if pieces.endsBefore { dashExtension(p, s0, at: s1.s, forward: true, into: &out) }
        if pieces.startsAfter { dashExtension(p, s1, at: s1.s, forward: false, into: &out) }
        out.alongAt(s1.s, join: true)
        if pieces.join { join(p, t0, t1, into: &out) }
        out.alongSegment(s1)
        strip.start(squarePair(p, t1), into: &out)
        strip.claim = (0, 0)
    }
}
