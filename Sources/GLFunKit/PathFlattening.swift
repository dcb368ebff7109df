import Foundation

/// A point or vector in Double, for the tessellator's arithmetic (paths are stored in `Float`;
/// sums, crossings and normals are worked out in Double so that long, thin or nearly parallel
/// edges keep their precision).
struct Vec: Equatable {
    var x: Double
    var y: Double
    init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
    init(_ p: Point) {
        x = Double(p.x)
        y = Double(p.y)
    }
    static func + (a: Vec, b: Vec) -> Vec { Vec(a.x + b.x, a.y + b.y) }
    static func - (a: Vec, b: Vec) -> Vec { Vec(a.x - b.x, a.y - b.y) }
    static func * (a: Vec, s: Double) -> Vec { Vec(a.x * s, a.y * s) }
    static prefix func - (a: Vec) -> Vec { Vec(-a.x, -a.y) }
    var length: Double { (x * x + y * y).squareRoot() }
    /// The vector turned a quarter turn (x, y) -> (-y, x).
    var perpendicular: Vec { Vec(-y, x) }
    func dot(_ b: Vec) -> Double { x * b.x + y * b.y }
    func cross(_ b: Vec) -> Double { x * b.y - y * b.x }
    var point: Point { Point(Float(x), Float(y)) }
}

/// One subpath as line segments: its points in order, and whether it is closed (a closing
/// segment from the last point back to the first).
struct FlatSubpath {
    var points: [Vec] = []
    var closed = false
    /// Each point's distance along the subpath as `PathMeasure` puts it (the dash route,
    /// `PathMeasure.Contour.flattenedAlong`); empty otherwise.
    var along: [Double] = []
    /// The dash route: whether the path goes on smoothly through each point (within a curve,
    /// or where one segment meets the next along the same tangent); empty otherwise.
    var smooth: [Bool] = []
    /// The dash route: the path's direction at its first and at its last point where a curve
    /// starts or ends there (unit vectors); nil at a line's end.
    var startTangent: Vec?
    var endTangent: Vec?
}

extension Path {
    /// Most line segments one curve becomes, whatever its size and the tolerance.
    static let maxSegmentsPerCurve = 4096

    /// The subpaths as line segments, each curve within `tolerance` points of the true curve
    /// (Wang's bound on the segment count, at most `maxSegmentsPerCurve`); nil if a
    /// coordinate is not finite or the path would pass `limit` points in all.
    ///
    /// A command after `close` with no `move` starts a subpath at the closed one's first
    /// point (SVG's rule); a path that starts without `move` starts at the origin.
    ///
    /// `tangentEnds` (strokes): each curve also gets a point an eighth of its first and last
    /// chord's parameter from its ends, so that a join or cap there turns by the curve's
    /// tangent, as a stroker of curves (Skia's, tiny-skia's) does, not by the chord's (a miter
    /// near its limit would bevel, a dash's butt end would lean).
    func flattened(tolerance: Double, limit: Int, tangentEnds: Bool = false) -> [FlatSubpath]? {
        var result: [FlatSubpath] = []
        var current = FlatSubpath()
        var start = Vec(0, 0), p = Vec(0, 0)
        var total = 0
        func begin() {
            if current.points.isEmpty { current.points = [p] }
        }
        func finish() {
            if !current.points.isEmpty { result.append(current) }
            current = FlatSubpath()
        }
        // The verbs and their points read in place (no `Element` made a command).
        var next = 0
        func point() -> Point {
            next += 1
            return points[next - 1]
        }
        for verb in verbs {
            switch verb {
            case .move:
                finish()
                p = Vec(point()); start = p
                // Room for the points up to the next move, at most 4096 ahead (many short
                // subpaths must not each take room for all the rest).
                current.points.reserveCapacity(min(points.count - next + 1, 4096))
                current.points.append(p)
            case .line:
                begin()
                p = Vec(point())
                current.points.append(p)
            case .quad:
                begin()
                let c1 = Vec(point()), to = Vec(point())
                let n = Path.quadSegments(p, c1, to, tolerance)
                total += tangentEnds ? n + 2 : n
                if total > limit { return nil }
                func at(_ t: Double) -> Vec { let u = 1 - t; return p * (u * u) + c1 * (2 * u * t) + to * (t * t) }
                // A curve within the tolerance of its chord is stroked as that line (tiny-skia).
                let ends = tangentEnds && !Path.nearlyLine(p, [c1], to, tolerance)
                if ends { current.points.append(at(1 / (8 * Double(n)))) }
                for i in 1...n {
                    if ends && i == n { current.points.append(at(1 - 1 / (8 * Double(n)))) }
                    current.points.append(i == n ? to : at(Double(i) / Double(n)))
                }
                p = to
            case .cubic:
                begin()
                let c1 = Vec(point()), c2 = Vec(point()), to = Vec(point())
                let n = Path.cubicSegments(p, c1, c2, to, tolerance)
                total += tangentEnds ? n + 2 : n
                if total > limit { return nil }
                func at(_ t: Double) -> Vec {
                    let u = 1 - t
                    return p * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + to * (t * t * t)
                }
                // A curve within the tolerance of its chord is stroked as that line (tiny-skia).
                let ends = tangentEnds && !Path.nearlyLine(p, [c1], to, tolerance)
                if ends { current.points.append(at(1 / (8 * Double(n)))) }
                for i in 1...n {
                    if ends && i == n { current.points.append(at(1 - 1 / (8 * Double(n)))) }
                    current.points.append(i == n ? to : at(Double(i) / Double(n)))
                }
                p = to
            case .close:
                if !current.points.isEmpty {
                    current.closed = true
                    finish()
                }
                p = start
            }
            total += 1
            if total > limit { return nil }
        }
        finish()
        for s in result where !s.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) { return nil }
        return result
    }

    /// Whether every control point lies within `tolerance` of the line from `a` to `b` (a
    /// curve that is a line drawn slowly, whose end tangents say nothing).
    static func nearlyLine(_ a: Vec, _ controls: [Vec], _ b: Vec, _ tolerance: Double) -> Bool {
        let d = b - a, l = d.length
        guard l > 0 else { return controls.allSatisfy { ($0 - a).length <= tolerance } }
        return controls.allSatisfy { abs(d.cross($0 - a)) / l <= tolerance }
    }

    /// Wang's bound for a quadratic from `a` to `b` (control `c`): the segments that keep it
    /// within `tolerance` of its chords.
    static func quadSegments(_ a: Vec, _ c: Vec, _ b: Vec, _ tolerance: Double) -> Int {
        segmentCount((a - c * 2 + b).length * 0.25, tolerance)
    }

    /// Wang's bound for a cubic from `a` to `b` (controls `c1`, `c2`).
    static func cubicSegments(_ a: Vec, _ c1: Vec, _ c2: Vec, _ b: Vec, _ tolerance: Double) -> Int {
        segmentCount(max((a - c1 * 2 + c2).length, (c1 - c2 * 2 + b).length) * 0.75, tolerance)
    }

    /// Wang's formula: segments so that a curve whose second differences reach `m` (already
    /// scaled by d(d-1)/8) stays within `tolerance` of its chords.
    static func segmentCount(_ m: Double, _ tolerance: Double) -> Int {
        guard m.isFinite, tolerance > 0 else { return 1 }
        // Clamped in Double: at a tiny tolerance (a pixel of 1e-40 points) the count passes
        // Int's range, and Int(_:) would trap.
        let n = (m / tolerance).squareRoot().rounded(.up)
        return n.isFinite ? Int(max(1, min(Double(maxSegmentsPerCurve), n))) : maxSegmentsPerCurve
    }
}
