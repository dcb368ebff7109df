import Foundation
import GLFunKit
import XCTest

/// The fill sweep orders each slab's edges by an insertion sort (the order from the slab above
/// is nearly right), falling back to a full sort when many edges enter out of order, so that
/// no path within the data limit makes the fill quadratic.
final class PathFillSortTests: XCTestCase {
    /// 50,001 points (514 KB of path data) zigzagging right to left between y 0 and 1000: every
    /// edge enters the one slab at once, each left of all before it (the insertion sort alone
    /// took 11 s optimized, minutes in a debug build).
    func testAZigzagDrawnRightToLeftFillsQuicklyAndExactly() throws {
        let n = 50_000
        var d = "M\(n) 0"
        for i in stride(from: n - 1, through: 0, by: -1) { d += " L\(i) \(i % 2 == 0 ? 0 : 1000)" }
        let path = try Path(svgData: d)
        let start = Date()
        let mesh = PathShape(path, paint: .fill(.nonzero)).mesh(pixel: 1, antialias: false)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertLessThan(seconds, 5, "the fill took \(seconds) s")
        // A triangle of area 1000 under each peak (odd x), 25,000 of them.
        var area = 0.0
        let pos = mesh.positions
        for k in stride(from: 0, to: pos.count, by: 3) {
            let a = pos[k], b = pos[k + 1], c = pos[k + 2]
            area += abs(Double(b.x - a.x) * Double(c.y - a.y) - Double(c.x - a.x) * Double(b.y - a.y)) / 2
        }
        XCTAssertEqual(area, 25_000_000, accuracy: 25)
    }
}
