import GLFunImages
import XCTest

/// Area averaging: each output pixel is the mean of the area it covers, alpha-weighted.
final class ImageReduceTests: XCTestCase {
    func image(_ w: Int, _ h: Int, _ f: (Int, Int) -> [UInt8]) throws -> Image {
        try Image(width: w, height: h, pixels: (0..<h).flatMap { y in (0..<w).flatMap { x in f(x, y) } })
    }

    func testHalvingAveragesEachTwoByTwoBlock() throws {
        let img = try image(4, 2) { x, y in [UInt8(x * 40 + y * 20), 100, 0, 255] }
        let r = try img.reduced(toWidth: 2, height: 1)
        XCTAssertEqual(r.width, 2)
        XCTAssertEqual(rgba(r, 0, 0), [30, 100, 0, 255])   // (0 + 40 + 20 + 60) / 4
        XCTAssertEqual(rgba(r, 1, 0), [110, 100, 0, 255])  // (80 + 120 + 100 + 140) / 4
    }

    func testFractionalCoverage() throws {
        // 3 columns into 2: the middle column is split half and half.
        let img = try image(3, 1) { x, _ in [[0, 90, 180][x], 0, 0, 255] }
        let r = try img.reduced(toWidth: 2, height: 1)
        XCTAssertEqual(rgba(r, 0, 0)[0], 30)   // (0 * 1 + 90 * 0.5) / 1.5
        XCTAssertEqual(rgba(r, 1, 0)[0], 150)  // (90 * 0.5 + 180 * 1) / 1.5
    }

    func testTransparentColorDoesNotBleed() throws {
        // An invisible red pixel beside an opaque blue one: blue at half alpha, no red.
        let img = try image(2, 1) { x, _ in x == 0 ? [255, 0, 0, 0] : [0, 0, 255, 255] }
        XCTAssertEqual(rgba(try img.reduced(toWidth: 1, height: 1), 0, 0), [0, 0, 255, 128])
    }

    func testUniformStaysUniformAtOddRatios() throws {
        let img = Image(width: 97, height: 61, fill: (10, 200, 30, 255))
        let r = try img.reduced(toWidth: 13, height: 7)
        for y in 0..<7 { for x in 0..<13 { XCTAssertEqual(rgba(r, x, y), [10, 200, 30, 255]) } }
    }

    func testEnlargingIsRefused() {
        let img = Image(width: 4, height: 4, fill: (0, 0, 0, 255))
        XCTAssertThrowsError(try img.reduced(toWidth: 5, height: 4)) { e in
            guard case .badPixels = e as? ImageError else { return XCTFail("\(e)") }
        }
        XCTAssertEqual(try img.reduced(toWidth: 4, height: 4), img)
    }
}
