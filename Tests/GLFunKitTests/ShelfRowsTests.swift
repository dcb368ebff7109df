@testable import GLFunKit
import XCTest

/// The mask atlas's shelves by class of height (`ShelfRows`).
final class ShelfRowsTests: XCTestCase {
    func testAHeightIsRoundedUpByAtMostAQuarterUnder64RowsAndAHalfFrom64() {
        for h in 1...2048 {
            let c = ShelfRows.height(for: h)
            XCTAssertGreaterThanOrEqual(c, h)
            XCTAssertLessThanOrEqual(c - h, h < 64 ? h / 4 : h / 2, "\(h) -> \(c)")
            XCTAssertEqual(ShelfRows.height(for: c), c, "a class's height is its own class")
        }
    }

    /// How many pages of `side` rows 40 M pixels of masks of `lo` to `hi` pixels a side take,
    /// placed as the atlas places them (on the page being filled, else on a new page), and how
    /// many pixels of the first two pages were placed twice.
    private func pages(byClass: Bool, _ lo: Int, _ hi: Int, side: Int = 2048) -> (count: Int, twice: Int) {
        var random = SplitMix64(seed: UInt64(hi))
        var rows = ShelfRows(byClass: byClass), count = 1
        var taken = [Bool](repeating: false, count: side * side)
        var area = 0, twice = 0
        while area < 40_000_000 {
            let w = lo + Int(random.next() % UInt64(hi - lo + 1)), h = lo + Int(random.next() % UInt64(hi - lo + 1))
            var at = rows.place(width: w, height: h, side: side)
            if at == nil {
                rows = ShelfRows(byClass: byClass)
                count += 1
                if count <= 2 { for k in taken.indices { taken[k] = false } }
                at = rows.place(width: w, height: h, side: side)
            }
            guard let (x, y) = at else {
                XCTFail("\(w)x\(h) does not fit on a new page")
                return (count, twice)
            }
            XCTAssertTrue(x >= 0 && y >= 0 && x + w <= side && y + h <= side)
            area += w * h
            // Every pixel of the first two pages looked at (all of them take a while in a debug build).
            guard count <= 2 else { continue }
            for yy in y..<(y + h) {
                for xx in x..<(x + w) {
                    if taken[yy * side + xx] { twice += 1 }
                    taken[yy * side + xx] = true
                }
            }
        }
        return (count, twice)
    }

    func testShelvesByClassFillFewerPagesAndNoPixelTwice() {
        for (lo, hi, most) in [(8, 120, 14), (8, 40, 12), (60, 400, 16)] {
            let inTurn = pages(byClass: false, lo, hi), byClass = pages(byClass: true, lo, hi)
            XCTAssertEqual(inTurn.twice, 0, "\(lo)...\(hi), one shelf at a time: pixels placed twice")
            XCTAssertEqual(byClass.twice, 0, "\(lo)...\(hi), by class: pixels placed twice")
            XCTAssertLessThanOrEqual(byClass.count, most, "\(lo)...\(hi): 40 M pixels in pages of 4.2 M")
            XCTAssertLessThan(byClass.count, inTurn.count, "\(lo)...\(hi): one shelf at a time took \(inTurn.count)")
        }
    }
}
