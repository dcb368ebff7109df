import GLFunImages
import XCTest

/// `Image.pngData` writes an opaque picture as RGB (a quarter less to filter and deflate) and
/// one with any alpha below 255 as RGBA; both read back to the same pixels, in either compression.
final class PNGOpaqueTests: XCTestCase {
    /// The colour type byte of the PNG's IHDR (2: RGB, 6: RGBA).
    private func colourType(_ png: [UInt8]) -> UInt8 { png[25] }

    func testOpaquePicturesAreRGBAndTheOthersRGBA() throws {
        var pixels: [UInt8] = []
        for i in 0..<(37 * 23) { pixels += [UInt8(i % 251), UInt8(i * 7 % 256), UInt8(i * 13 % 256), 255] }
        let opaque = try Image(width: 37, height: 23, pixels: pixels)
        var seeThrough = pixels
        seeThrough[4 * 100 + 3] = 128
        let translucent = try Image(width: 37, height: 23, pixels: seeThrough)
        for compression in [PNGCompression.fast, .zlib(level: 6)] {
            let a = try opaque.pngData(compression: compression), b = try translucent.pngData(compression: compression)
            XCTAssertEqual(colourType(a), 2, "\(compression)")
            XCTAssertEqual(colourType(b), 6, "\(compression)")
            XCTAssertEqual(try Image(data: a).pixels, opaque.pixels, "\(compression)")
            XCTAssertEqual(try Image(data: b).pixels, translucent.pixels, "\(compression)")
        }
    }
}
