import Foundation

/// Dashing (SVG's stroke-dasharray and stroke-dashoffset) as a path operation: the dashes
/// become open subpaths, curves kept as curves (cut with de Casteljau at the parameter a
/// length table gives), so the result is stroked, and flattened in the target's pixels, as any
/// path is. The pattern runs on across a subpath's segments and corners and starts again, at
/// the offset, with each subpath (as SVG 2, resvg and the browsers do); on a closed subpath
/// whose pattern is "on" both where it starts and where it ends, the last dash runs on into
/// the first (one dash round the start, joined, not two butted ends).
extension Path {
    /// The dashes of this path: `pattern` lengths alternately on and off (an odd count is
    /// repeated to make it even, as SVG says), starting `offset` into the pattern (negative:
    /// before it). A pattern that is empty, has a negative or non-finite length, or sums to
    /// zero leaves the path as it is (SVG: a solid stroke).
    public func dashed(_ pattern: [Float], offset: Float = 0) -> Path {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }), offset.isFinite else { return self }
        let dashes = (pattern.count % 2 == 1 ? pattern + pattern : pattern).map(Double.init)
        let total = dashes.reduce(0, +)
        guard total > 0 else { return self }
        var out = Path()
        for sub in dashSubpaths() {
            sub.dash(dashes, total: total, offset: Double(offset), into: &out)
        }
        return out
    }

    /// The subpaths as cubic segments (lines as their own kind), with SVG's rules for a
    /// command after `close` and a path that starts without `move`.
    fileprivate func dashSubpaths() -> [DashSubpath] {
        var result: [DashSubpath] = []
        var current = DashSubpath(start: Vec(0, 0))
        var p = Vec(0, 0)
        var started = false
        func finish() {
            if started { result.append(current) }
            started = false
        }
        func begin() {
            if !started { current = DashSubpath(start: p); started = true }
        }
        for e in commands {
            switch e {
            case let .move(q):
                finish()
                p = Vec(q)
                begin()
            case let .line(q):
                begin()
                current.segments.append(DashSegment(line: p, Vec(q)))
                p = Vec(q)
            case let .quad(c, q):
                begin()
                let c0 = Vec(c), e0 = Vec(q)
                current.segments.append(DashSegment(p, p + (c0 - p) * (2.0 / 3), e0 + (c0 - e0) * (2.0 / 3), e0))
                p = e0
            case let .cubic(c1, c2, q):
                begin()
                current.segments.append(DashSegment(p, Vec(c1), Vec(c2), Vec(q)))
                p = Vec(q)
            case .close:
                guard started else { continue }
                if p != current.start { current.segments.append(DashSegment(line: p, current.start)) }
                current.closed = true
                p = current.start
                finish()
            }
        }
        finish()
        return result
    }
}

/// A line or a cubic, with the lengths along it at `DashSegment.samples` + 1 even steps of t.
private struct DashSegment {
    var p0: Vec, p1: Vec, p2: Vec, p3: Vec
    var isLine: Bool
    /// Cumulative length at t = i / samples (lines: just [0, length]).
    var lengths: [Double]
    static let samples = 64

    init(line a: Vec, _ b: Vec) {
        p0 = a; p1 = a; p2 = b; p3 = b
        isLine = true
        lengths = [0, (b - a).length]
    }

    init(_ a: Vec, _ b: Vec, _ c: Vec, _ d: Vec) {
        p0 = a; p1 = b; p2 = c; p3 = d
        isLine = false
        lengths = [0]
        var last = a, sum = 0.0
        for i in 1...DashSegment.samples {
            let q = DashSegment.point(a, b, c, d, Double(i) / Double(DashSegment.samples))
            sum += (q - last).length
            lengths.append(sum)
            last = q
        }
    }

    var length: Double { lengths[lengths.count - 1] }

    static func point(_ a: Vec, _ b: Vec, _ c: Vec, _ d: Vec, _ t: Double) -> Vec {
        let u = 1 - t
        return a * (u * u * u) + b * (3 * u * u * t) + c * (3 * u * t * t) + d * (t * t * t)
    }

    /// The parameter at length `s` along the segment.
    func parameter(at s: Double) -> Double {
        if s <= 0 { return 0 }
        if s >= length { return 1 }
        if isLine { return s / length }
        var lo = 0, hi = lengths.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if lengths[mid] < s { lo = mid } else { hi = mid }
        }
        let span = lengths[hi] - lengths[lo]
        let f = span > 0 ? (s - lengths[lo]) / span : 0
        return (Double(lo) + f) / Double(DashSegment.samples)
    }

    /// The piece between lengths s0 and s1, appended to `out` (whose current point is its start).
    func append(from s0: Double, to s1: Double, into out: inout Path) {
        let t0 = parameter(at: s0), t1 = parameter(at: s1)
        if isLine {
            out.line(to: (p0 + (p3 - p0) * t1).point)
            return
        }
        // [t0, t1] of the cubic: split at t1, then the first part at t0 / t1.
        let (a, b, c, d) = DashSegment.split(p0, p1, p2, p3, t1).first
        let (_, q1, q2, q3) = t1 > 0 ? DashSegment.split(a, b, c, d, t0 / t1).second : (a, a, a, a)
        out.cubic(to: q3.point, control1: q1.point, control2: q2.point)
    }

    func start(at s: Double) -> Vec {
        let t = parameter(at: s)
        return isLine ? p0 + (p3 - p0) * t : DashSegment.point(p0, p1, p2, p3, t)
    }

    typealias Cubic = (Vec, Vec, Vec, Vec)
    static func split(_ a: Vec, _ b: Vec, _ c: Vec, _ d: Vec, _ t: Double) -> (first: Cubic, second: Cubic) {
        func lerp(_ p: Vec, _ q: Vec) -> Vec { p + (q - p) * t }
        let ab = lerp(a, b), bc = lerp(b, c), cd = lerp(c, d)
        let abc = lerp(ab, bc), bcd = lerp(bc, cd), m = lerp(abc, bcd)
        return ((a, ab, abc, m), (m, bcd, cd, d))
    }
}

private struct DashSubpath {
    var start: Vec
    var segments: [DashSegment] = []
    var closed = false
    /// The most dashes one subpath makes (a short pattern on a long path stops there).
    static let maxDashes = 1_000_000

    /// Appends this subpath's dashes to `out`.
    func dash(_ dashes: [Double], total: Double, offset: Double, into out: inout Path) {
        let length = segments.reduce(0) { $0 + $1.length }
        // Where in the pattern the subpath starts: index and how much of that dash is left.
        var phase = offset.truncatingRemainder(dividingBy: total)
        if phase < 0 { phase += total }
        var index = 0
        while phase > dashes[index] || (phase == dashes[index] && dashes[index] > 0) {
            phase -= dashes[index]
            index = (index + 1) % dashes.count
        }
        let startsOn = index % 2 == 0
        var left = dashes[index] - phase
        var pieces: [(Double, Double)] = []
        var s = 0.0
        while pieces.count < DashSubpath.maxDashes {
            let e = s + left
            if index % 2 == 0 { pieces.append((s, min(e, length))) }
            if e >= length { break }
            s = e
            index = (index + 1) % dashes.count
            left = dashes[index]
        }
        if length == 0 {
            // A subpath of no length: a dot where the pattern is on (the caps draw it).
            if startsOn {
                out.move(to: start.point)
                out.line(to: start.point)
            }
            return
        }
        if closed, pieces.count >= 1, let first = pieces.first, first.0 == 0, startsOn {
            if pieces.count == 1 && first.1 >= length {
                // All on: the closed subpath itself.
                emit(0, length, into: &out, move: true)
                out.close()
                return
            }
            if let last = pieces.last, last.1 >= length {
                // The last dash runs on through the start into the first.
                emit(last.0, length, into: &out, move: true)
                emit(0, first.1, into: &out, move: false)
                for p in pieces.dropFirst().dropLast() { emit(p.0, p.1, into: &out, move: true) }
                return
            }
        }
        for p in pieces { emit(p.0, p.1, into: &out, move: true) }
    }

    /// The part of the subpath between lengths s0 and s1.
    private func emit(_ s0: Double, _ s1: Double, into out: inout Path, move: Bool) {
        var base = 0.0
        var moved = !move
        for seg in segments {
            let l = seg.length
            defer { base += l }
            if base + l < s0 || (base + l == s0 && l > 0) { continue }
            if base > s1 { break }
            let a = max(s0 - base, 0), b = min(s1 - base, l)
            if !moved {
                out.move(to: seg.start(at: a).point)
                moved = true
            }
            if b > a || (s0 == s1) { seg.append(from: a, to: b, into: &out) }
            if s0 == s1 { break }
        }
    }
}
