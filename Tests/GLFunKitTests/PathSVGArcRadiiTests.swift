import GLFunKit
import XCTest

/// SVG arcs whose radii are far too small to reach their end: scaled up per the SVG spec to
/// the ellipse of their proportions through both ends, however tiny (squaring 1e-200 would
/// overflow), and a straight line where the proportions themselves pass Double's range.
final class PathSVGArcRadiiTests: XCTestCase {
    func testTinyRadiiGiveTheHalfCircleThroughBothEnds() throws {
        let unit = try Path(svgData: "M0 0A1 1 0 0 1 10 0")
        for r in ["1e-200", "1e-300", "0.000001"] {
            let tiny = try Path(svgData: "M0 0A\(r) \(r) 0 0 1 10 0")
            XCTAssertEqual(tiny, unit, "radius \(r): the half circle of radius 5")
        }
        // The half circle reaches 5 above the chord (sweep 1 from (0,0) to (10,0), y down).
        guard case let .cubic(_, _, top)? = unit.elements.dropFirst().first else { return XCTFail("no cubic") }
        XCTAssertEqual(top.x, 5, accuracy: 1e-4)
        XCTAssertEqual(top.y, -5, accuracy: 1e-4)
    }

    func testTinyRadiiKeepTheirProportions() throws {
        let tiny = try Path(svgData: "M0 0A1e-200 2e-200 0 0 1 10 0")
        let plain = try Path(svgData: "M0 0A1 2 0 0 1 10 0")
        XCTAssertEqual(tiny, plain)
    }

    func testProportionsPastDoublesRangeAreALine() throws {
        for d in ["M0 0A1e-200 1 0 0 1 10 0", "M0 0A1000000 1e-300 45 0 1 10 0"] {
            let p = try Path(svgData: d)
            XCTAssertEqual(p.elements, [.move(Point(0, 0)), .line(Point(10, 0))], d)
        }
    }
}
