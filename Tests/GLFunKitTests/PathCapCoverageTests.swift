import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// A stroke's butt and square ends at their exact coverage (issue 29: they were drawn half a
/// pixel long, every pixel whose centre was inside the end fully painted and a fringe outside,
/// as fills were): against the exact area of the stroke's box, every pixel, ends and corners
/// included, within 1/255 for a stroke along a row or a column.
final class PathCapCoverageTests: RenderTestCase {
    typealias R = CoverageReference
    static let size = 64

    /// The worst difference in levels between the drawn stroke from a to b (ends `cap`) and
    /// the exact area of its box (the ends pushed out by half the width for square caps).
    private func worst(from a: (Double, Double), to b: (Double, Double), width: Double, cap: LineCap,
                       color: Color = .black) throws -> (error: Double, x: Int, y: Int) {
        var s = Scene(width: Self.size, height: Self.size, background: .white,
                      shapes: [.path(.polyline([Point(Float(a.0), Float(a.1)), Point(Float(b.0), Float(b.1))]),
                                     stroke: color, style: StrokeStyle(width: Float(width), cap: cap))])
        s.antialias = true
        let image = try renderAllWays(s)
        let len = hypot(b.0 - a.0, b.1 - a.1), d = ((b.0 - a.0) / len, (b.1 - a.1) / len)
        let e = cap == .square ? width / 2 : 0
        let a2 = (a.0 - d.0 * e, a.1 - d.1 * e), b2 = (b.0 + d.0 * e, b.1 + d.1 * e)
        let n = (-d.1 * width / 2, d.0 * width / 2)
        let box = [(a2.0 + n.0, a2.1 + n.1), (b2.0 + n.0, b2.1 + n.1), (b2.0 - n.0, b2.1 - n.1), (a2.0 - n.0, a2.1 - n.1)]
        let cov = R.coverage(width: Self.size, height: Self.size, inside: R.intervals([box], rule: .nonzero))
        let w = R.worst(image, cov, color: color)
        return (w.error, w.x, w.y)
    }

    func testAButtEndOnAQuarterPixelIsExact() throws {
        let w = try worst(from: (10.25, 20.3), to: (50.75, 20.3), width: 5.4, cap: .butt)
        XCTAssertLessThanOrEqual(w.error, 1, "along a row: worst at (\(w.x), \(w.y))")
        let v = try worst(from: (31.6, 8.75), to: (31.6, 55.25), width: 3.2, cap: .butt)
        XCTAssertLessThanOrEqual(v.error, 1, "along a column: worst at (\(v.x), \(v.y))")
    }

    func testASquareEndOnAQuarterPixelIsExact() throws {
        let w = try worst(from: (12.25, 30.6), to: (48.5, 30.6), width: 4.5, cap: .square)
        XCTAssertLessThanOrEqual(w.error, 1, "worst at (\(w.x), \(w.y))")
    }

    /// Translucent: the end band and the strip meet without overlap or gap (one layer).
    func testATranslucentButtEndIsOneLayerOfExactCoverage() throws {
        let w = try worst(from: (10.25, 20.3), to: (50.75, 20.3), width: 5.4, cap: .butt, color: Color(0, 0, 0, 0.5))
        XCTAssertLessThanOrEqual(w.error, 1.5, "worst at (\(w.x), \(w.y))")
    }

    /// At 45 degrees the ends keep the strip's stated tolerance (the box filter per axis of the
    /// stroke's own frame, as along its sides).
    func testADiagonalButtEndIsWithinTheStrokesTolerance() throws {
        let w = try worst(from: (12.2, 10.1), to: (50.2, 48.1), width: 5.4, cap: .butt)
        XCTAssertLessThanOrEqual(w.error, 12, "worst at (\(w.x), \(w.y))")
    }
}
