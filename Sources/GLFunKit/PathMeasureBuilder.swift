import Foundation

/// Builds `PathMeasure`'s contours: Skia's rules (SkContourMeasureIter) for which chords a
/// curve becomes. A segment adds its points only when it adds length (a segment of no
/// length is dropped); a curve is halved, its parameter span held as a 30-bit integer, until
/// it is flat within the tolerance or the span is under 2^10 (so at most 20 halvings deep).
struct PathMeasureBuilder {
    let tolerance: Double
    static let maxT = 0x3FFF_FFFF

    func build(_ path: Path) -> [PathMeasure.Contour] {
        var result: [PathMeasure.Contour] = []
        var c = PathMeasure.Contour()
        var started = false
        var last = Vec(0, 0)
        func finish() {
            guard started else { return }
            if c.isClosed, let first = c.points.first {
                line(&c, c.points[c.points.count - 1], first)
            }
            result.append(c)
            c = PathMeasure.Contour()
            started = false
        }
        func begin() {
            if !started {
                c.points = [last]
                started = true
            }
        }
        for e in path.commands {
            switch e {
            case let .move(p):
                finish()
                last = Vec(p)
                begin()
            case let .line(p):
                begin()
                line(&c, c.points[c.points.count - 1], Vec(p))
                last = Vec(p)
            case let .quad(k, p):
                begin()
                let index = c.points.count - 1
                let before = c.length
                c.length = quad(&c, c.points[index], Vec(k), Vec(p), c.length, 0, Self.maxT, index)
                if c.length > before { c.points += [Vec(k), Vec(p)] }
                last = Vec(p)
            case let .cubic(k1, k2, p):
                begin()
                let index = c.points.count - 1
                let before = c.length
                c.length = cubic(&c, c.points[index], Vec(k1), Vec(k2), Vec(p), c.length, 0, Self.maxT, index)
                if c.length > before { c.points += [Vec(k1), Vec(k2), Vec(p)] }
                last = Vec(p)
            case .close:
                guard started else { continue }
                c.isClosed = true
                last = c.points[0]
                finish()
            }
        }
        finish()
        return result
    }

    private func line(_ c: inout PathMeasure.Contour, _ a: Vec, _ b: Vec) {
        let index = c.points.count - 1
        let d = c.length + (b - a).length
        guard d > c.length else { return }
        c.chords.append(.init(distance: d, pointIndex: index, t: 1, kind: .line))
        c.points.append(b)
        c.length = d
    }

    private func chord(_ c: inout PathMeasure.Contour, _ a: Vec, _ b: Vec, _ distance: Double, _ maxT: Int,
                       _ index: Int, _ kind: PathMeasure.Contour.Kind) -> Double {
        let d = distance + (b - a).length
        guard d > distance else { return distance }
        c.chords.append(.init(distance: d, pointIndex: index, t: Double(maxT) / Double(Self.maxT), kind: kind))
        return d
    }

    private func quad(_ c: inout PathMeasure.Contour, _ a: Vec, _ b: Vec, _ e: Vec, _ distance: Double,
                      _ minT: Int, _ maxT: Int, _ index: Int) -> Double {
        // Skia's test: the control point's offset from the chord's midpoint, halved.
        let dx = b.x / 2 - (a.x + e.x) / 4, dy = b.y / 2 - (a.y + e.y) / 4
        guard (maxT - minT) >> 10 != 0, max(abs(dx), abs(dy)) > tolerance else {
            return chord(&c, a, e, distance, maxT, index, .quad)
        }
        let half = (minT + maxT) >> 1
        let (l, r) = PathMeasure.Contour.splitQuad((a, b, e), 0.5)
        let d = quad(&c, l.0, l.1, l.2, distance, minT, half, index)
        return quad(&c, r.0, r.1, r.2, d, half, maxT, index)
    }

    private func cubic(_ c: inout PathMeasure.Contour, _ a: Vec, _ b: Vec, _ k: Vec, _ e: Vec, _ distance: Double,
                       _ minT: Int, _ maxT: Int, _ index: Int) -> Double {
        // Skia's test: each control point against the chord's third points (the larger axis).
        func far(_ p: Vec, _ q: Vec) -> Bool { max(abs(q.x - p.x), abs(q.y - p.y)) > tolerance }
        let curvy = far(b, a + (e - a) * (1.0 / 3)) || far(k, a + (e - a) * (2.0 / 3))
        guard (maxT - minT) >> 10 != 0, curvy else {
            return chord(&c, a, e, distance, maxT, index, .cubic)
        }
        let half = (minT + maxT) >> 1
        let (l, r) = PathMeasure.Contour.splitCubic((a, b, k, e), 0.5)
        let d = cubic(&c, l.0, l.1, l.2, l.3, distance, minT, half, index)
        return cubic(&c, r.0, r.1, r.2, r.3, d, half, maxT, index)
    }
}
