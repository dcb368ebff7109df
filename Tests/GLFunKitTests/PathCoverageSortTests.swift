@testable import GLFunKit
import XCTest

/// The cells of an antialiased fill are put in row and column order by a counting sort by row
/// and a stable sort of each row (`PathCoverage.sortCells`): the order a stable sort by (row,
/// column) gives, the cells of one pixel in the order they were made, so that their sums, and
/// every picture, are the same to the bit.
final class PathCoverageSortTests: XCTestCase {
    private func coverage(rows: Int) throws -> PathCoverage {
        let key = try XCTUnwrap(CoverageKey(grid: PixelGrid(pixel: 1), bounds: (Point(0, 0), Point(200, Float(rows)))))
        return PathCoverage(key: key)
    }

    func testCellsComeInTheOrderOfAStableSortByRowThenColumn() throws {
        var rng = SystemRandomNumberGenerator()
        for trial in 0..<20 {
            var c = try coverage(rows: 50)
            // Short rows, one long row (past the insertion sort's length), and runs of one pixel.
            let n = trial == 0 ? 1 : 400
            for k in 0..<n {
                let y = k % 7 == 0 ? 25 : Int.random(in: 0..<50, using: &rng)
                let x = Int.random(in: 0..<(k % 3 == 0 ? 4 : 200), using: &rng)
                c.cells.append(.init(y: y, x: x, area: Double(k), cover: 0))
            }
            let expected = c.cells.enumerated().sorted { a, b in
                (a.element.y, a.element.x, a.offset) < (b.element.y, b.element.x, b.offset)
            }.map(\.element.area)
            c.sortCells()
            let got = c.cells.map(\.area)
            XCTAssertEqual(got.count, expected.count)
            let first = got.indices.first { got[$0] != expected[$0] }
            XCTAssertNil(first, "trial \(trial): cell \(first ?? -1) out of order")
        }
    }

    func testAFillsMaskIsTheSameAsFromCellsSortedAtOnce() throws {
        // A star drawn even-odd over a third-of-a-pixel grid: rows of many cells out of order.
        var d = "M100.3 10.3"
        for k in 1..<9 { d += " L\(100.3 + 90 * sin(Double(k) * 0.8 * .pi)) \(100.3 - 90 * cos(Double(k) * 0.8 * .pi))" }
        let path = try Path(svgData: d + " Z")
        let b = try XCTUnwrap(path.controlBounds)
        let key = try XCTUnwrap(CoverageKey(grid: PixelGrid(pixel: 1), bounds: b))
        let subpaths = try XCTUnwrap(path.flattened(tolerance: 1.0 / 64, limit: 1000))
        var counted = PathCoverage(key: key), whole = PathCoverage(key: key)
        PathFill.fill(subpaths, rule: .evenOdd, into: &counted)
        PathFill.fill(subpaths, rule: .evenOdd, into: &whole)
        whole.cells.sort { $0.y != $1.y ? $0.y < $1.y : $0.x < $1.x }
        whole.sorted = true
        XCTAssertEqual(counted.emitMask()?.bytes, whole.emitMask()?.bytes)
        XCTAssertNotNil(counted.emitMask())
    }
}
