@testable import GLFunKit
import XCTest

/// An antialiased fill's subpaths swept in groups side by side (`PathTessellator.apart`), and a
/// mask's columns drawn in spans (`PathCoverage.spans`).
final class PathApartTests: XCTestCase {
    private func square(_ x: Double, _ w: Double = 10) -> FlatSubpath {
        FlatSubpath(points: [Vec(x, 0), Vec(x + w, 0), Vec(x + w, 10), Vec(x, 10)], closed: true)
    }

    func testSubpathsWhoseXRangesMeetAreOneGroup() {
        // 0-10 and 5-15 overlap; 15-25 only touches at x = 15; 40-50 inside 30-60.
        let groups = PathTessellator.apart([square(15), square(30, 30), square(0), square(5), square(40)])
        XCTAssertEqual(groups.map { $0.map { $0.points[0].x } }, [[0, 5], [15], [30, 40]])
        XCTAssertEqual(PathTessellator.apart([square(3)]).count, 1)
    }

    func testTheSweepInGroupsCoversWhatTheWholeSweepCovers() {
        // A line of "glyphs" (squares and a ring drawn by even-odd) on a grid a third of a pixel off.
        let path = Path(elements: [.move(Point(1.3, 1.3)), .line(Point(9.3, 1.3)), .line(Point(9.3, 9.3)), .close,
                                   .move(Point(12.3, 1.3)), .line(Point(20.3, 1.3)), .line(Point(20.3, 9.3)),
                                   .line(Point(12.3, 9.3)), .close, .move(Point(14.3, 3.3)), .line(Point(18.3, 3.3)),
                                   .line(Point(18.3, 7.3)), .line(Point(14.3, 7.3)), .close])
        guard let b = path.controlBounds, let key = CoverageKey(grid: PixelGrid(pixel: 1), bounds: b),
              let subpaths = path.flattened(tolerance: 1.0 / 64, limit: 1000) else { return XCTFail("no key") }
        for rule in [FillRule.nonzero, .evenOdd] {
            var whole = PathCoverage(key: key), apart = PathCoverage(key: key)
            PathFill.fill(subpaths, rule: rule, into: &whole)
            for g in PathTessellator.apart(subpaths) { PathFill.fill(g, rule: rule, into: &apart) }
            XCTAssertEqual(whole.emitMask()?.bytes, apart.emitMask()?.bytes, "\(rule)")
        }
    }

    func testMaskColumnsAreDrawnInSpansSplitAtWideGaps() {
        let used: [Bool] = [false, true, true, false, true, false, false, false, true, true, false]
        XCTAssertEqual(PathCoverage.spans(used, gap: 2), [1..<5, 8..<10])
        XCTAssertEqual(PathCoverage.spans(used, gap: 1), [1..<3, 4..<5, 8..<10])
        XCTAssertEqual(PathCoverage.spans(used, gap: 4), [1..<10])
        XCTAssertEqual(PathCoverage.spans([false, false], gap: 1), [])
    }
}
