import Foundation
import GLFunKit
import XCTest

/// The tessellator's triangles, on the CPU: areas, which points the core covers, where the
/// fringe is, strokes' caps and joins, and the limits on hostile paths. No GL.
final class PathTessellatorTests: XCTestCase {
    struct Triangle {
        var a: Point, b: Point, c: Point
        var area: Double {
            abs(Double(b.x - a.x) * Double(c.y - a.y) - Double(c.x - a.x) * Double(b.y - a.y)) / 2
        }
        func contains(_ p: Point) -> Bool {
            func s(_ u: Point, _ v: Point) -> Double {
                Double(v.x - u.x) * Double(p.y - u.y) - Double(v.y - u.y) * Double(p.x - u.x)
            }
            let d1 = s(a, b), d2 = s(b, c), d3 = s(c, a)
            let neg = d1 < 0 || d2 < 0 || d3 < 0, pos = d1 > 0 || d2 > 0 || d3 > 0
            return area > 0 && !(neg && pos)
        }
    }

    static func mesh(_ path: Path, _ paint: PathPaint, pixel: Float = 1, aa: Bool = false) -> PathMesh {
        PathShape(path, paint: paint).mesh(pixel: pixel, antialias: aa)
    }

    static func triangles(_ m: PathMesh, core: Bool = true) -> [Triangle] {
        let pos = m.positions
        let range = core ? m.fringeCount..<pos.count : 0..<m.fringeCount
        return stride(from: range.lowerBound, to: range.upperBound, by: 3).map {
            Triangle(a: pos[$0], b: pos[$0 + 1], c: pos[$0 + 2])
        }
    }

    static func area(_ m: PathMesh, core: Bool = true) -> Double { triangles(m, core: core).reduce(0) { $0 + $1.area } }

    static func covers(_ m: PathMesh, _ p: Point) -> Bool { triangles(m).contains { $0.contains(p) } }

    static let star = Path.polyline((0..<5).map { k -> Point in
        let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
        return Point(Float(50 + 40 * cos(a)), Float(50 + 40 * sin(a)))
    }, closed: true)

    // MARK: - Fills

    func testARectFillIsExactlyItsArea() {
        let rect = Path.polyline([Point(10, 10), Point(70, 10), Point(70, 40), Point(10, 40)], closed: true)
        for aa in [false, true] {
            let m = Self.mesh(rect, .fill(.nonzero), aa: aa)
            XCTAssertEqual(Self.area(m), 60 * 30, accuracy: 1e-3)
            XCTAssertTrue(m.coverage[m.fringeCount...].allSatisfy { $0 == 1 }, "the core is fully covered")
            XCTAssertEqual(m.indices.count % 3, 0)
            XCTAssertEqual(m.positions.count, m.coverage.count)
        }
        XCTAssertEqual(Self.mesh(rect, .fill(.nonzero)).fringeCount, 0, "aliased: no fringe")
    }

    func testACircleFillIsPiRSquaredAtEveryScale() {
        for pixel: Float in [1, 0.1, 4] {
            let m = Self.mesh(.circle(center: Point(50, 50), radius: 40), .fill(.nonzero), pixel: pixel)
            let exact = Double.pi * 1600
            XCTAssertEqual(Self.area(m), exact, accuracy: exact * 0.01 * Double(max(pixel, 1)), "pixel \(pixel)")
        }
        // Finer pixels give more triangles (the curve is flattened to a quarter pixel), within bounds.
        let coarse = Self.mesh(.circle(center: Point(50, 50), radius: 40), .fill(.nonzero), pixel: 1).vertexCount
        let fine = Self.mesh(.circle(center: Point(50, 50), radius: 40), .fill(.nonzero), pixel: 0.01).vertexCount
        XCTAssertGreaterThan(fine, coarse * 4)
        XCTAssertLessThan(fine, 4 * 4096 * 6 * 3)
    }

    func testNonzeroAndEvenOddOnAFivePointStar() {
        let nonzero = Self.mesh(Self.star, .fill(.nonzero)), evenOdd = Self.mesh(Self.star, .fill(.evenOdd))
        let center = Point(50, 50)
        XCTAssertTrue(Self.covers(nonzero, center), "nonzero fills the pentagon in the middle")
        XCTAssertFalse(Self.covers(evenOdd, center), "even-odd leaves it out")
        // A point of the star is in both.
        XCTAssertTrue(Self.covers(nonzero, Point(50, 15)))
        XCTAssertTrue(Self.covers(evenOdd, Point(50, 15)))
        XCTAssertFalse(Self.covers(nonzero, Point(5, 5)))
        // The middle pentagon's area is the difference.
        XCTAssertGreaterThan(Self.area(nonzero) - Self.area(evenOdd), 500)
    }

    func testAConcaveUShape() {
        let u = Path.polyline([Point(10, 10), Point(30, 10), Point(30, 60), Point(70, 60), Point(70, 10), Point(90, 10),
                               Point(90, 80), Point(10, 80)], closed: true)
        for rule in FillRule.allCases {
            let m = Self.mesh(u, .fill(rule))
            XCTAssertEqual(Self.area(m), 80 * 70 - 40 * 50, accuracy: 1e-3)
            XCTAssertTrue(Self.covers(m, Point(20, 20)), "left arm")
            XCTAssertTrue(Self.covers(m, Point(80, 20)), "right arm")
            XCTAssertTrue(Self.covers(m, Point(50, 70)), "bottom")
            XCTAssertFalse(Self.covers(m, Point(50, 30)), "the notch")
        }
    }

    func testOverlapsAreNotFilledTwice() {
        // Two squares overlapping, both clockwise: nonzero fills the union once.
        var p = Path.polyline([Point(0, 0), Point(40, 0), Point(40, 40), Point(0, 40)], closed: true)
        p.append(.polyline([Point(20, 20), Point(60, 20), Point(60, 60), Point(20, 60)], closed: true))
        for aa in [false, true] {
            let m = Self.mesh(p, .fill(.nonzero), aa: aa)
            XCTAssertEqual(Self.area(m), 1600 * 2 - 400, accuracy: 1e-3)
            // On whole pixels: no partial coverage, aliased or not.
            XCTAssertEqual(Self.area(m, core: false), 0)
            XCTAssertEqual(Self.triangles(m).filter { $0.contains(Point(30.3, 30.6)) }.count, 1)
            // Even-odd: the overlap is a hole.
            let e = Self.mesh(p, .fill(.evenOdd), aa: aa)
            XCTAssertEqual(Self.area(e), 1600 * 2 - 800, accuracy: 1e-3)
            XCTAssertFalse(Self.covers(e, Point(30.3, 30.6)))
        }
    }

    func testAnAntialiasedFillsEdgePixelsHaveTheirShareOfCoverage() {
        // Edges at 10.5 and 30.25 on pixels 2 points wide: columns 5 (from 10) and 15 (from 30)
        // are 3/4 and 1/8 covered, rows 5...9 whole; inside, full coverage.
        let rect = Path.polyline([Point(10.5, 10), Point(30.25, 10), Point(30.25, 20), Point(10.5, 20)], closed: true)
        let m = Self.mesh(rect, .fill(.nonzero), pixel: 2, aa: true)
        XCTAssertEqual(Set(m.coverage), [0.75, 1, 0.125])
        let pos = m.positions, cov = m.coverage
        for k in pos.indices {
            XCTAssertEqual(pos[k].x.truncatingRemainder(dividingBy: 2), 0, "corners on pixel boundaries")
            switch cov[k] {
            case 0.75: XCTAssertTrue(pos[k].x == 10 || pos[k].x == 12)
            case 0.125: XCTAssertTrue(pos[k].x == 30 || pos[k].x == 32)
            default: XCTAssertTrue(pos[k].x >= 12 && pos[k].x <= 30)
            }
        }
        XCTAssertEqual(m.vertexCount, 12, "three quads: two edge columns and the inside")
    }

    func testSelfIntersectingBowTie() {
        let bowTie = Path.polyline([Point(0, 0), Point(40, 40), Point(40, 0), Point(0, 40)], closed: true)
        for rule in FillRule.allCases {
            let m = Self.mesh(bowTie, .fill(rule))
            XCTAssertEqual(Self.area(m), 800, accuracy: 1e-3, "two triangles of 400")
            XCTAssertTrue(Self.covers(m, Point(5, 20)))
            XCTAssertFalse(Self.covers(m, Point(20, 5)))
        }
    }

    func testAPathOfNoAreaDrawsNothing() {
        // Out and back along the same lines: the winding is nonzero only on the lines.
        let hair = Path.polyline([Point(10, 10), Point(50, 40), Point(90, 10), Point(50, 40)], closed: true)
        for rule in FillRule.allCases {
            for aa in [false, true] {
                XCTAssertEqual(Self.mesh(hair, .fill(rule), aa: aa).vertexCount, 0, "\(rule) aa \(aa)")
            }
        }
    }
}
