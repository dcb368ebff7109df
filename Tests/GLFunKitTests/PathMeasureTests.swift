import Foundation
import GLFunKit
import XCTest

/// `PathMeasure`: Skia's contour measure (curves as chords flat within the tolerance), its
/// lengths against the true ones, and dashes cut on it.
final class PathMeasureTests: XCTestCase {
    /// A circle of radius r as four cubics, from (r, 0) clockwise.
    private func circle(_ r: Float) -> Path { Path.ellipse(from: Point(-r, -r), to: Point(r, r)) }

    func testALineIsExactAndAClosedSubpathCountsItsClosingSide() {
        let m = PathMeasure(Path.polyline([Point(0, 0), Point(30, 40), Point(30, 0)], closed: true))
        XCTAssertEqual(m.contours.count, 1)
        XCTAssertTrue(m.contours[0].isClosed)
        XCTAssertEqual(m.length, 50 + 40 + 30, accuracy: 1e-9)
        let p = m.contours[0].position(at: 25)!
        XCTAssertEqual(p.point.x, 15, accuracy: 1e-5)
        XCTAssertEqual(p.point.y, 20, accuracy: 1e-5)
        XCTAssertEqual(p.angle, atan2(40, 30), accuracy: 1e-9)
    }

    func testACircleIsShortByTheChordsErrorWithinSkiasTolerance() {
        // Chords of an arc of angle θ are short by about θ²/24 of it; Skia halves a quarter
        // circle of radius 100 until its controls are within 0.5 (on the larger axis) of the
        // chord's thirds: pieces of π/16 to π/32, so the circle is short by 0.25 to 1.
        let fine = PathMeasure(circle(100), tolerance: 1e-4).length
        let skia = PathMeasure(circle(100)).length
        XCTAssertEqual(fine, 2 * Double.pi * 100, accuracy: 0.2, "the four cubics' own length")
        func short(_ theta: Double) -> Double { fine * theta * theta / 24 }
        XCTAssertGreaterThan(fine - skia, short(.pi / 32) - 0.01)
        XCTAssertLessThan(fine - skia, short(.pi / 16))
        // At twice the resolution (tolerance 0.25) the chords are shorter: closer to the curve.
        let twice = PathMeasure(circle(100), tolerance: 0.25).length
        XCTAssertLessThan(fine - twice, fine - skia)
        XCTAssertGreaterThan(fine - twice, short(.pi / 64) - 0.01)
    }

    func testAQuarterArcAndAnSCubicMeasureWithinTheirChordsError() {
        var arc = Path()
        arc.move(to: Point(50, 0))
        arc.cubic(to: Point(0, 50), control1: Point(50, 27.614), control2: Point(27.614, 50))
        var s = Path()
        s.move(to: Point(20, 100))
        s.cubic(to: Point(100, 100), control1: Point(35, 135), control2: Point(85, 135))
        var q = Path()
        q.move(to: Point(0, 0))
        q.quad(to: Point(100, 0), control: Point(50, 80))
        for p in [arc, s, q] {
            let fine = PathMeasure(p, tolerance: 1e-4).length
            let skia = PathMeasure(p).length
            XCTAssertLessThanOrEqual(skia, fine + 1e-9, "chords are never longer than the curve")
            XCTAssertLessThan(fine - skia, fine * 0.002, "within Skia's tolerance: \(fine) vs \(skia)")
        }
        XCTAssertEqual(PathMeasure(arc, tolerance: 1e-4).length, 25 * Double.pi, accuracy: 0.02)
    }

    func testDashEndsLieOnTheCurveWhereTheChordsPutThem() {
        // Each dash of [10, 20] on a circle starts where the measure puts 30 k, on the circle.
        let path = circle(60)
        let m = PathMeasure(path).contours[0]
        let dashed = path.dashed([10, 20])
        var starts: [Point] = []
        for case let .move(p) in dashed.elements { starts.append(p) }
        // 2π 60 ≈ 377: dashes at 30, 60, ..., 360, then the first (0-10) drawn last.
        XCTAssertEqual(starts.count, 13)
        for (k, p) in starts.dropLast().enumerated() {
            let want = m.position(at: Double(k + 1) * 30)!.point
            XCTAssertEqual(p.x, want.x, accuracy: 1e-3)
            XCTAssertEqual(p.y, want.y, accuracy: 1e-3)
            XCTAssertEqual(Double((p.x * p.x + p.y * p.y).squareRoot()), 60, accuracy: 0.02, "on the circle")
        }
        XCTAssertEqual(starts.last!, Point(60, 0))
        // Each dash measures 10 give or take the chords' error (measured alone, its chords differ).
        var one = Path()
        var lengths: [Double] = []
        for e in dashed.elements {
            if case .move = e, !one.isEmpty { lengths.append(PathMeasure(one).length); one = Path() }
            one.append(Path(elements: [e]))
        }
        lengths.append(PathMeasure(one).length)
        for l in lengths { XCTAssertEqual(l, 10, accuracy: 0.15) }
    }

    func testDistanceToAParameterInvertsPosition() {
        var s = Path()
        s.move(to: Point(0, 0))
        s.cubic(to: Point(100, 0), control1: Point(0, 100), control2: Point(100, 100))
        let c = PathMeasure(s, tolerance: 0.01).contours[0]
        XCTAssertEqual(c.distance(toParameter: 0), 0)
        XCTAssertEqual(c.distance(toParameter: 1), c.length, accuracy: 1e-9)
        // By symmetry the middle parameter is half the length.
        XCTAssertEqual(c.distance(toParameter: 0.5), c.length / 2, accuracy: 1e-6)
        let mid = c.position(at: c.length / 2)!
        XCTAssertEqual(mid.point.x, 50, accuracy: 1e-3)
        XCTAssertEqual(mid.point.y, 75, accuracy: 1e-3)
        XCTAssertEqual(mid.angle, 0, accuracy: 1e-6)
    }
}
