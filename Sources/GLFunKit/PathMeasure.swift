import Foundation

/// Lengths along a path, measured as Skia's SkContourMeasure (and so tiny-skia and resvg)
/// measure them: each curve is halved until its control points are within `tolerance` of the
/// chord's thirds (a quadratic: its control point's midpoint offset), and its length is the sum
/// of those chords. A distance along a contour maps to the chord holding it and from there to
/// the curve's parameter, linearly within the chord; points and pieces are then taken on the
/// curve itself at that parameter. Dashing (`Path.dashed`) cuts its intervals so, and SVG's
/// textPath places glyphs by it (with a much finer tolerance: nearly the true arc length).
public struct PathMeasure: Sendable {
    /// Skia's tolerance, device units: curves flat within half a unit.
    public static let skiaTolerance = 0.5

    /// One subpath: from a `move` to the next, closed by `close` (a line back to its start).
    public struct Contour: Sendable {
        enum Kind: Sendable { case line, quad, cubic }
        /// One chord: the distance along the contour at its end, the segment it belongs to
        /// (the index of its first point in `points`) and the segment's parameter at its end.
        struct Chord: Sendable {
            var distance: Double
            var pointIndex: Int
            var t: Double
            var kind: Kind
        }
        var chords: [Chord] = []
        /// The segments' points: each segment's start is the one before its own.
        var points: [Vec] = []
        /// The contour's length, the sum of its chords.
        public internal(set) var length: Double = 0
        /// Whether the subpath ends with `close`.
        public internal(set) var isClosed = false
        /// Where the contour starts.
        public var start: Point { points.first?.point ?? .zero }

        /// The point `distance` along the contour (clamped to it) and the direction of travel
        /// there (radians, atan2 of the tangent); nil for a contour of no length.
        public func position(at distance: Double) -> (point: Point, angle: Double)? {
            guard let (i, t) = chord(at: distance) else { return nil }
            let c = chords[i]
            let (p, tangent) = Contour.evaluate(points, c.pointIndex, c.kind, t)
            return (p.point, atan2(tangent.y, tangent.x))
        }

        /// The distance along the contour to parameter `t` (clamped to 0...1) of its first
        /// segment: the inverse of `position(at:)` there, linear within a chord.
        public func distance(toParameter t: Double) -> Double {
            guard let first = chords.first else { return 0 }
            let t = min(max(t, 0), 1)
            var prevT = 0.0, prevD = 0.0
            for c in chords where c.pointIndex == first.pointIndex {
                if c.t >= t {
                    let span = c.t - prevT
                    return span > 0 ? prevD + (c.distance - prevD) * (t - prevT) / span : c.distance
                }
                prevT = c.t
                prevD = c.distance
            }
            return prevD
        }

        /// The chord holding `distance` (clamped to the contour) and the segment's parameter there.
        func chord(at distance: Double) -> (Int, Double)? {
            guard !chords.isEmpty else { return nil }
            let d = min(max(distance, 0), length)
            // The first chord whose end is at or past d.
            var lo = 0, hi = chords.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if chords[mid].distance < d { lo = mid + 1 } else { hi = mid }
            }
            let c = chords[lo]
            var startT = 0.0, startD = 0.0
            if lo > 0 {
                startD = chords[lo - 1].distance
                if chords[lo - 1].pointIndex == c.pointIndex { startT = chords[lo - 1].t }
            }
            let span = c.distance - startD
            let t = span > 0 ? startT + (c.t - startT) * (d - startD) / span : c.t
            return (lo, min(max(t, 0), 1))
        }

        /// Appends the piece between distances `from` and `to` (clamped) to `out`, starting
        /// with a `move` to its first point when `move` is set; a piece of no length is a line
        /// of no length (a dot for round and square caps).
        func append(from: Double, to: Double, move: Bool, into out: inout Path) {
            let s0 = max(from, 0), s1 = min(to, length)
            guard s0 <= s1, let (i0, t0) = chord(at: s0), let (i1, t1) = chord(at: s1) else { return }
            var seg = chords[i0].pointIndex
            let stopSeg = chords[i1].pointIndex
            if move { out.move(to: Contour.evaluate(points, seg, chords[i0].kind, t0).point.point) }
            if s0 == s1 {
                out.line(to: Contour.evaluate(points, seg, chords[i0].kind, t0).point.point)
                return
            }
            if seg == stopSeg {
                if t1 > t0 {
                    piece(seg, chords[i0].kind, t0, t1, into: &out)
                } else {
                    out.line(to: Contour.evaluate(points, seg, chords[i1].kind, t1).point.point)
                }
                return
            }
            var i = i0, startT = t0
            while true {
                if startT < 1 { piece(seg, chords[i].kind, startT, 1, into: &out) }
                while chords[i].pointIndex == seg { i += 1 }
                seg = chords[i].pointIndex
                startT = 0
                if seg >= stopSeg { break }
            }
            if t1 > 0 { piece(seg, chords[i].kind, 0, t1, into: &out) }
        }

        /// The segment at `index` between parameters t0 < t1, appended to `out`.
        private func piece(_ index: Int, _ kind: Kind, _ t0: Double, _ t1: Double, into out: inout Path) {
            switch kind {
            case .line:
                let a = points[index], b = points[index + 1]
                out.line(to: t1 >= 1 ? b.point : (a + (b - a) * t1).point)
            case .quad:
                var q = (points[index], points[index + 1], points[index + 2])
                if t1 < 1 { q = Contour.splitQuad(q, t1).0 }
                if t0 > 0 { q = Contour.splitQuad(q, t0 / t1).1 }
                out.quad(to: q.2.point, control: q.1.point)
            case .cubic:
                var c = (points[index], points[index + 1], points[index + 2], points[index + 3])
                if t1 < 1 { c = Contour.splitCubic(c, t1).0 }
                if t0 > 0 { c = Contour.splitCubic(c, t0 / t1).1 }
                out.cubic(to: c.3.point, control1: c.1.point, control2: c.2.point)
            }
        }

        static func evaluate(_ pts: [Vec], _ i: Int, _ kind: Kind, _ t: Double) -> (point: Vec, tangent: Vec) {
            let u = 1 - t
            switch kind {
            case .line:
                let a = pts[i], b = pts[i + 1]
                return (a + (b - a) * t, b - a)
            case .quad:
                let a = pts[i], b = pts[i + 1], c = pts[i + 2]
                var tan = (b - a) * u + (c - b) * t
                if tan.x == 0 && tan.y == 0 { tan = c - a }
                return (a * (u * u) + b * (2 * u * t) + c * (t * t), tan)
            case .cubic:
                let a = pts[i], b = pts[i + 1], c = pts[i + 2], d = pts[i + 3]
                var tan = (b - a) * (u * u) + (c - b) * (2 * u * t) + (d - c) * (t * t)
                if tan.x == 0 && tan.y == 0 { tan = t < 0.5 ? c - a : d - b }
                if tan.x == 0 && tan.y == 0 { tan = d - a }
                let p = a * (u * u * u) + b * (3 * u * u * t) + c * (3 * u * t * t) + d * (t * t * t)
                return (p, tan)
            }
        }

        typealias Quad = (Vec, Vec, Vec)
        typealias Cubic = (Vec, Vec, Vec, Vec)
        static func splitQuad(_ q: Quad, _ t: Double) -> (Quad, Quad) {
            let ab = q.0 + (q.1 - q.0) * t, bc = q.1 + (q.2 - q.1) * t, m = ab + (bc - ab) * t
            return ((q.0, ab, m), (m, bc, q.2))
        }
        static func splitCubic(_ c: Cubic, _ t: Double) -> (Cubic, Cubic) {
            func lerp(_ p: Vec, _ q: Vec) -> Vec { p + (q - p) * t }
            let ab = lerp(c.0, c.1), bc = lerp(c.1, c.2), cd = lerp(c.2, c.3)
            let abc = lerp(ab, bc), bcd = lerp(bc, cd), m = lerp(abc, bcd)
            return ((c.0, ab, abc, m), (m, bcd, cd, c.3))
        }
    }

    /// The path's contours, one per subpath (a lone `move` is a contour of no length).
    public let contours: [Contour]
    /// The sum of the contours' lengths.
    public var length: Double { contours.reduce(0) { $0 + $1.length } }

    /// Measures `path` with curves flat within `tolerance` (Skia: 0.5 divided by the
    /// resolution scale, the transform's largest row length).
    public init(_ path: Path, tolerance: Double = PathMeasure.skiaTolerance) {
        contours = PathMeasureBuilder(tolerance: tolerance > 0 && tolerance.isFinite ? tolerance : 0.5).build(path)
    }

    /// Skia's resolution scale of a transform (`SkMatrixPriv::ComputeResScaleForStroking`):
    /// the longer of its rows, 1 when that is not a positive finite number.
    public static func resolutionScale(of t: Transform) -> Double {
        let s = max((t.a * t.a + t.c * t.c).squareRoot(), (t.b * t.b + t.d * t.d).squareRoot())
        return s.isFinite && s > 0 ? s : 1
    }
}
