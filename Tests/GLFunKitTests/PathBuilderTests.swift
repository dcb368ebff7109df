import Foundation
import GLFunKit
import XCTest

/// Paths from shapes: arcs, circles, ellipses, rounded rects, polylines, SVG endpoint arcs.
/// No GL.
final class PathBuilderTests: XCTestCase {
    private func endPoints(_ p: Path) -> [Point] {
        p.elements.compactMap { e in
            switch e {
            case let .move(q), let .line(q), let .quad(_, q), let .cubic(_, _, q): return q
            case .close: return nil
            }
        }
    }

    /// The farthest any point of the path's cubics (sampled) is from the circle.
    private func worstDistance(_ p: Path, center: Point, radius: Double) -> Double {
        var worst = 0.0, current = Point.zero
        for e in p.elements {
            switch e {
            case let .move(q), let .line(q), let .quad(_, q): current = q
            case let .cubic(c1, c2, q):
                for k in 0...32 {
                    let t = Double(k) / 32, u = 1 - t
                    func b(_ a: Float, _ b1: Float, _ b2: Float, _ c: Float) -> Double {
                        u * u * u * Double(a) + 3 * u * u * t * Double(b1) + 3 * u * t * t * Double(b2) + t * t * t * Double(c)
                    }
                    let x = b(current.x, c1.x, c2.x, q.x), y = b(current.y, c1.y, c2.y, q.y)
                    worst = max(worst, abs(hypot(x - Double(center.x), y - Double(center.y)) - radius))
                }
                current = q
            case .close: break
            }
        }
        return worst
    }

    func testArcGoesClockwiseOnScreenWithGrowingAngles() {
        var p = Path()
        p.arc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        XCTAssertEqual(p.elements.count, 2, "a move and one quarter-turn cubic")
        XCTAssertEqual(p.elements.first, .move(Point(10, 0)))
        let end = endPoints(p).last!
        XCTAssertEqual(end.x, 0, accuracy: 1e-5)
        XCTAssertEqual(end.y, 10, accuracy: 1e-5)
        // The other way round: three quarter turns, through (0, -10).
        var q = Path()
        q.arc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(q.elements.count, 4)
        XCTAssertEqual(endPoints(q)[1].y, -10, accuracy: 1e-5)
        XCTAssertLessThan(worstDistance(q, center: .zero, radius: 10), 10 * 3e-4)
    }

    func testArcLinesToItsStartWhenASubpathIsOpen() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.arc(center: Point(50, 50), radius: 10, startAngle: .pi, endAngle: 0, clockwise: true)
        XCTAssertEqual(p.elements[1], .line(Point(40, 50)))
        p.close()
        p.arc(center: Point(0, 0), radius: 1, startAngle: 0, endAngle: 1, clockwise: true)
        guard case .move = p.elements[p.elements.count - 2] else { return XCTFail("after close, a move: \(p.elements)") }
        // A whole turn or more is one whole circle.
        var full = Path()
        full.arc(center: .zero, radius: 5, startAngle: 0, endAngle: 100, clockwise: true)
        XCTAssertEqual(full.elements.count, 5)
    }

    func testCircleAndEllipse() {
        let c = Path.circle(center: Point(50, 50), radius: 40)
        XCTAssertEqual(c.elements.count, 6, "move, four quarter turns, close")
        XCTAssertLessThan(worstDistance(c, center: Point(50, 50), radius: 40), 40 * 3e-4)
        let e = Path.ellipse(from: Point(30, 10), to: Point(10, 50))
        let b = e.controlBounds!
        XCTAssertEqual(b.min.x, 10, accuracy: 1e-4)
        XCTAssertEqual(b.max.x, 30, accuracy: 1e-4)
        XCTAssertEqual(b.min.y, 10, accuracy: 1e-4)
        XCTAssertEqual(b.max.y, 50, accuracy: 1e-4)
        // The end points touch the box's sides.
        let pts = endPoints(e)
        XCTAssertTrue(pts.contains { abs($0.y - 10) < 1e-4 && abs($0.x - 20) < 1e-4 })
    }

    func testRoundedRect() {
        let r = Path.roundedRect(from: Point(60, 40), to: Point(0, 0), radius: 10)
        let b = r.controlBounds!
        XCTAssertEqual(b.min, Point(0, 0))
        XCTAssertEqual(b.max, Point(60, 40))
        XCTAssertEqual(r.elements.first, .move(Point(10, 0)))
        XCTAssertEqual(r.elements.filter { if case .cubic = $0 { return true } else { return false } }.count, 4)
        // The radius is at most half the shorter side; 0 gives a plain rect.
        let pill = Path.roundedRect(from: .zero, to: Point(100, 20), radius: 50)
        XCTAssertEqual(pill.elements.first, .move(Point(10, 0)))
        XCTAssertEqual(Path.roundedRect(from: .zero, to: Point(4, 4), radius: 0).elements.count, 5)
    }

    func testPolyline() {
        XCTAssertTrue(Path.polyline([]).isEmpty)
        XCTAssertEqual(Path.polyline([Point(1, 2), Point(3, 4)], closed: true).elements,
                       [.move(Point(1, 2)), .line(Point(3, 4)), .close])
    }

    func testSVGArcScalesRadiiUpAndDrawsLinesForZeroRadii() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.svgArc(to: Point(100, 0), rx: 1, ry: 1, rotation: 0, largeArc: false, sweep: true)
        XCTAssertLessThan(worstDistance(p, center: Point(50, 0), radius: 50), 50 * 3e-4, "radius scaled to 50")
        var q = Path()
        q.move(to: Point(0, 0))
        q.svgArc(to: Point(10, 10), rx: 0, ry: 4, rotation: 0, largeArc: false, sweep: true)
        XCTAssertEqual(q.elements.last, .line(Point(10, 10)))
        // A turned ellipse still ends exactly at its end point.
        var t = Path()
        t.move(to: Point(3, 7))
        t.svgArc(to: Point(40, 21), rx: 30, ry: 10, rotation: 33, largeArc: true, sweep: false)
        XCTAssertEqual(endPoints(t).last, Point(40, 21))
    }
}
