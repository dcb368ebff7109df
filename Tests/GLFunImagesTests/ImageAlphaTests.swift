import GLFunImages
import XCTest

/// The one conversion from premultiplied to straight alpha (`Image.unpremultiply`) and the
/// way back for formats without alpha (`compositedOnBlack`).
final class ImageAlphaTests: XCTestCase {
    func testUnpremultiplyRoundsClampsAndClearsTransparentPixels() {
        var p: [UInt8] = [128, 0, 0, 128,   // 50% red: pure red again
                          30, 90, 120, 120,  // 63.75, 191.25, 255
                          1, 0, 0, 2,        // 127.5 rounds up
                          200, 10, 0, 100,   // more colour than alpha (written unblended): clamped
                          40, 50, 60, 0,     // transparent: its colour means nothing
                          7, 8, 9, 255]      // opaque: as it is
        Image.unpremultiply(&p)
        XCTAssertEqual(p, [255, 0, 0, 128,
                           64, 191, 255, 120,
                           128, 0, 0, 2,
                           255, 26, 0, 100,
                           0, 0, 0, 0,
                           7, 8, 9, 255])
    }

    func testOpaquePixelsAreLeftBitForBit() {
        var g = SystemRandomNumberGenerator()
        var p = [UInt8](repeating: 255, count: 4096 * 4)
        for i in p.indices where i % 4 != 3 { p[i] = UInt8.random(in: 0...255, using: &g) }
        let before = p
        Image.unpremultiply(&p)
        XCTAssertEqual(p, before)
    }

    /// For every alpha and every premultiplied colour it allows, compositing the straight
    /// pixel on black gives the premultiplied byte back: JPEGs of read-back pictures keep
    /// the bytes they had when readback returned premultiplied colour.
    func testCompositingOnBlackUndoesUnpremultiplyExactly() throws {
        var premultiplied: [UInt8] = []
        for a in 0...255 {
            for c in 0...a { premultiplied += [UInt8(c), UInt8(a - c), UInt8(c / 2), UInt8(a)] }
        }
        var straight = premultiplied
        Image.unpremultiply(&straight)
        let back = try Image(width: straight.count / 4, height: 1, pixels: straight).compositedOnBlack()
        for i in stride(from: 0, to: premultiplied.count, by: 4) {
            XCTAssertEqual(Array(back.pixels[i..<i + 3]), Array(premultiplied[i..<i + 3]),
                           "premultiplied \(Array(premultiplied[i..<i + 4])) via \(Array(straight[i..<i + 4]))")
            XCTAssertEqual(back.pixels[i + 3], 255)
        }
        let opaque = Image(width: 3, height: 2, fill: (9, 99, 199, 255))
        XCTAssertEqual(opaque.compositedOnBlack(), opaque)
    }
}
