import Foundation
import GLFunKit

/// Where a path's markers go and which way they point (SVG 2's "path vertices" and their
/// directions, read as resvg reads them so pictures match its suite): the path normalised
/// to moves, lines, cubics and closes, then each vertex's position and angle.
enum SVGMarkers {
    enum Kind { case start, mid, end }

    /// One segment of the normalised path (quads raised to cubics).
    enum Segment: Equatable {
        case move(Vec2)
        case line(Vec2)
        case cubic(Vec2, Vec2, Vec2)
        case close

        var end: Vec2? {
            switch self {
            case let .move(p), let .line(p), let .cubic(_, _, p): return p
            case .close: return nil
            }
        }
    }

    struct Vec2: Equatable {
        var x: Double, y: Double
        init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
        init(_ p: Point) { x = Double(p.x); y = Double(p.y) }
        static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
        /// Equal to a few float ulps (a control point on its end point).
        func same(_ o: Vec2) -> Bool {
            func eq(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 4 * Double(Float(max(abs(a), abs(b))).ulp) }
            return eq(x, o.x) && eq(y, o.y)
        }
    }

    /// The path as a path builder keeps it: a move after a move replaces it, a close after a
    /// close is dropped, drawing after a close starts at the subpath's start, a trailing move
    /// is dropped.
    static func segments(_ path: Path) -> [Segment] {
        var out: [Segment] = []
        var start = Vec2(0, 0), cur = Vec2(0, 0)
        var needMove = true
        func begin() {
            if needMove { out.append(.move(start)); needMove = false }
        }
        for e in path.elements {
            switch e {
            case let .move(p):
                if case .move = out.last { out.removeLast() }
                start = Vec2(p); cur = start
                out.append(.move(start)); needMove = false
            case let .line(p):
                begin(); cur = Vec2(p); out.append(.line(cur))
            case let .quad(c, p):
                begin()
                let q = Vec2(c), e = Vec2(p)
                out.append(.cubic(Vec2(cur.x + 2 * (q.x - cur.x) / 3, cur.y + 2 * (q.y - cur.y) / 3),
                                  Vec2(e.x + 2 * (q.x - e.x) / 3, e.y + 2 * (q.y - e.y) / 3), e))
                cur = e
            case let .cubic(c1, c2, p):
                begin(); cur = Vec2(p); out.append(.cubic(Vec2(c1), Vec2(c2), cur))
            case .close:
                if !out.isEmpty, out.last != .close { out.append(.close) }
                cur = start; needMove = true
            }
        }
        if case .move = out.last { out.removeLast() }
        return out
    }

    /// The vertices `kind` puts markers on: each one's position and its auto angle (degrees).
    static func vertices(_ s: [Segment], kind: Kind) -> [(at: Vec2, angle: Double)] {
        guard s.count > 1 else { return [] }
        switch kind {
        case .start:
            if case let .move(p) = s[0] { return [(p, angle(s, 0))] }
            return []
        case .mid:
            var out: [(Vec2, Double)] = []
            for i in 1..<(s.count - 1) { if let p = s[i].end { out.append((p, angle(s, i))) } }
            return out
        case .end:
            let i = s.count - 1
            switch s[i] {
            case let .line(p), let .cubic(_, _, p): return [(p, angle(s, i))]
            case .close: return [(subpathStart(s, i), angle(s, i))]
            case .move: return []
            }
        }
    }

    /// The start of the subpath segment `i` is in.
    static func subpathStart(_ s: [Segment], _ i: Int) -> Vec2 {
        for j in stride(from: i, through: 0, by: -1) { if case let .move(p) = s[j] { return p } }
        return Vec2(0, 0)
    }

    /// The vertex before segment `i`.
    static func previous(_ s: [Segment], _ i: Int) -> Vec2 {
        s[i - 1].end ?? subpathStart(s, i)
    }

    /// The angle (degrees) at the vertex segment `i` ends at: the direction of the one
    /// segment there at the path's ends, the bisector of the incoming and outgoing directions
    /// between (a curve's direction is its tangent: toward its nearest distinct control point).
    static func angle(_ s: [Segment], _ i: Int) -> Double {
        if i == 0 {
            switch (s[0], s[1]) {
            case let (.move(m), .line(p)): return direction(m, p)
            case let (.move(m), .cubic(c1, _, p)): return m.same(c1) ? direction(m, p) : direction(m, c1)
            default: return 0
            }
        }
        if i == s.count - 1 {
            switch (s[i - 1], s[i]) {
            case let (_, .line(p)): return direction(previous(s, i), p)
            case let (_, .cubic(c1, c2, p)): return c2.same(p) ? direction(c1, p) : direction(c2, p)
            case let (.line(p), .close): return direction(p, subpathStart(s, i))
            case let (.cubic(_, c2, p), .close):
                let n = subpathStart(s, i)
                return curves(previous(s, i), c2, p, n, n)
            default: return 0
            }
        }
        switch (s[i], s[i + 1]) {
        case let (.move(m), .line(p)): return direction(m, p)
        case let (.move(m), .cubic(c1, _, _)): return direction(m, c1)
        case let (.line(a), .line(b)): return bisect(previous(s, i), a, a, b)
        case let (.cubic(_, c2, p), .cubic(d1, _, q)): return curves(previous(s, i), c2, p, d1, q)
        case let (.line(a), .cubic(d1, _, q)):
            let prev = previous(s, i)
            return curves(prev, prev, a, d1, q)
        case let (.cubic(_, c2, p), .line(b)): return curves(previous(s, i), c2, p, b, b)
        case let (.line(p), .move): return direction(previous(s, i), p)
        case let (.cubic(_, c2, p), .move):
            return p.same(c2) ? direction(previous(s, i), p) : direction(c2, p)
        case let (.line(p), .close): return bisect(previous(s, i), p, p, subpathStart(s, i))
        case (_, .close): return direction(previous(s, i), subpathStart(s, i))
        default: return 0
        }
    }

    private static func direction(_ a: Vec2, _ b: Vec2) -> Double { bisect(a, b, a, b) }

    /// The bisector at vertex `v` between a curve coming from control `c1` (or the previous
    /// vertex `prev` where `c1` is on `v`) and one going to control `c2` (or `next`).
    private static func curves(_ prev: Vec2, _ c1: Vec2, _ v: Vec2, _ c2: Vec2, _ next: Vec2) -> Double {
        if c1.same(v) { return bisect(prev, v, v, c2) }
        if v.same(c2) { return bisect(c1, v, v, next) }
        return bisect(c1, v, v, c2)
    }

    /// The mean of the directions a0→a1 and b0→b1 (degrees, 0..<360; the acute mean).
    private static func bisect(_ a0: Vec2, _ a1: Vec2, _ b0: Vec2, _ b1: Vec2) -> Double {
        func norm(_ r: Double) -> Double {
            let v = r.truncatingRemainder(dividingBy: 2 * .pi)
            return v < 0 ? v + 2 * .pi : v
        }
        func heading(_ d: Vec2) -> Double { let r = atan2(d.y, d.x); return r.isNaN ? 0 : norm(r) }
        let into = heading(a1 - a0), out = heading(b1 - b0)
        let half = (out - into) / 2
        var a = into + half
        if abs(half) > .pi / 2 { a -= .pi }
        return norm(a) * 180 / .pi
    }
}

/// paint-order: fill, stroke and markers in the order drawn. Missing ones follow in that
/// order; `normal`, a duplicate, an unknown word or more than three words: the default.
enum SVGPaintPart: Equatable { case fill, stroke, markers }

extension SVGPaintPart {
    static let normal: [SVGPaintPart] = [.fill, .stroke, .markers]

    static func order(_ text: String) -> [SVGPaintPart] {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard !words.isEmpty, words.count <= 3 else { return normal }
        var out: [SVGPaintPart] = []
        for w in words {
            let part: SVGPaintPart
            switch w {
            case "fill": part = .fill
            case "stroke": part = .stroke
            case "markers": part = .markers
            default: return normal
            }
            guard !out.contains(part) else { return normal }
            out.append(part)
        }
        return out + normal.filter { !out.contains($0) }
    }
}
