import Foundation
import GLFunKit
import XCTest

/// The fill's core against the fill rule itself: for random self-intersecting polygons, every
/// sampled point away from the outline is covered by exactly one core triangle if the rule
/// calls it inside (winding number counted here by crossings), by none if not. Catches
/// trapezoids twisted across a slab, overlaps, and holes. CPU only.
final class PathFillExactnessTests: XCTestCase {
    /// xorshift64: the same polygons on every run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        mutating func unit() -> Double { Double(next() % 1_000_003) / 1_000_003 }
    }

    typealias Polygon = [(x: Double, y: Double)]

    static func winding(_ polygons: [Polygon], _ px: Double, _ py: Double) -> Int {
        var w = 0
        for poly in polygons {
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                let side = (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x)
                if a.y <= py { if b.y > py && side > 0 { w += 1 } } else if b.y <= py && side < 0 { w -= 1 }
            }
        }
        return w
    }

    static func distanceToOutline(_ polygons: [Polygon], _ px: Double, _ py: Double) -> Double {
        var best = Double.infinity
        for poly in polygons {
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                let dx = b.x - a.x, dy = b.y - a.y, l = dx * dx + dy * dy
                let t = l > 0 ? max(0, min(1, ((px - a.x) * dx + (py - a.y) * dy) / l)) : 0
                best = min(best, hypot(px - a.x - dx * t, py - a.y - dy * t))
            }
        }
        return best
    }

    /// How many core triangles hold the point (degenerate ones hold nothing).
    static func coreCount(_ m: PathMesh, _ px: Double, _ py: Double) -> Int {
        var n = 0
        let pos = m.positions
        for k in stride(from: m.fringeCount, to: pos.count, by: 3) {
            let a = pos[k], b = pos[k + 1], c = pos[k + 2]
            func s(_ u: Point, _ v: Point) -> Double {
                (Double(v.x) - Double(u.x)) * (py - Double(u.y)) - (Double(v.y) - Double(u.y)) * (px - Double(u.x))
            }
            let d1 = s(a, b), d2 = s(b, c), d3 = s(c, a)
            if d1 == 0 && d2 == 0 && d3 == 0 { continue }
            if !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0)) { n += 1 }
        }
        return n
    }

    static func path(_ polygons: [Polygon]) -> Path {
        var p = Path()
        for poly in polygons {
            p.append(.polyline(poly.map { Point(Float($0.x), Float($0.y)) }, closed: true))
        }
        return p
    }

    /// Wrong and doubly covered samples of the polygons' fill by `rule`.
    /// (The sweep's trapezoids, as the aliased mesh draws them; the antialiased mesh's
    /// coverage of the same trapezoids is checked by PathCoverageMeshTests.)
    static func errors(_ polygons: [Polygon], _ rule: FillRule, samples: Int,
                       _ random: inout Random) -> (wrong: Int, double: Int) {
        let m = PathShape(path(polygons), paint: .fill(rule)).mesh(pixel: 1, antialias: false)
        var wrong = 0, double = 0
        for _ in 0..<samples {
            let px = random.unit() * 100, py = random.unit() * 100
            if distanceToOutline(polygons, px, py) < 1e-3 { continue }
            let w = winding(polygons, px, py)
            let inside = rule == .nonzero ? w != 0 : w & 1 != 0
            let n = coreCount(m, px, py)
            if n > 1 { double += 1 }
            if (n > 0) != inside { wrong += 1 }
        }
        return (wrong, double)
    }

    /// A polygon whose slab after a crossing (y 53.8 to 59) came out twisted: two edges met at
    /// the slab's top a rounding apart in the wrong order, and the trapezoids between them
    /// covered a wedge outside the polygon (and covered part of the inside twice).
    func testTheSlabBelowACrossingIsNotTwisted() {
        let poly: Polygon = [(32, 39), (64, 74), (83, 2), (96, 79), (25, 41), (6, 59), (90, 62)]
        do {
            let m = PathShape(Self.path([poly]), paint: .fill(.nonzero)).mesh(pixel: 1, antialias: false)
            XCTAssertEqual(Self.winding([poly], 73.7724, 57.3321), 0)
            XCTAssertEqual(Self.coreCount(m, 73.7724, 57.3321), 0, "outside the polygon")
            XCTAssertEqual(Self.coreCount(m, 75.6391, 56.8087), 0, "outside the polygon")
        }
    }

    func testRandomSelfIntersectingPolygonsAreFilledExactly() {
        var random = Random(state: 0x5EED_F111)
        var wrong = 0, double = 0
        for trial in 0..<300 {
            var polygons: [Polygon] = []
            for _ in 0..<(1 + Int(random.next() % 3)) {
                var poly: Polygon = []
                for _ in 0..<(3 + Int(random.next() % 12)) {
                    var x = Double(Float(random.unit() * 100)), y = Double(Float(random.unit() * 100))
                    if trial % 4 == 0 { x.round(); y.round() }  // shared y's, collinear and repeated points
                    poly.append((x, y))
                }
                polygons.append(poly)
            }
            for rule in FillRule.allCases {
                let e = Self.errors(polygons, rule, samples: 60, &random)
                wrong += e.wrong
                double += e.double
            }
        }
        XCTAssertEqual(wrong, 0, "samples the core gets wrong")
        XCTAssertEqual(double, 0, "samples the core covers twice")
    }
}
