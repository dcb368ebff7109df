import GLFunImages
import XCTest

/// `Image.jpegData`: what libjpeg writes, GLES reads back at the same size and nearly the same colors.
final class JPEGEncodeTests: XCTestCase {
    func testARoundTripKeepsSizeAndColors() throws {
        var pixels = [UInt8](repeating: 255, count: 64 * 48 * 4)
        for y in 0..<48 {
            for x in 0..<64 where x >= 32 {
                let i = (y * 64 + x) * 4
                pixels[i] = 20; pixels[i + 1] = 120; pixels[i + 2] = 220
            }
        }
        let image = try Image(width: 64, height: 48, pixels: pixels)
        let data = try image.jpegData(quality: 95)
        XCTAssertEqual(Array(data.prefix(3)), [0xFF, 0xD8, 0xFF])
        let back = try Image(jpegData: data)
        XCTAssertEqual(back.width, 64)
        XCTAssertEqual(back.height, 48)
        let white = back[8, 24], blue = back[56, 24]
        for (got, want) in [(white.r, 255), (white.g, 255), (white.b, 255), (blue.r, 20), (blue.g, 120), (blue.b, 220)] {
            XCTAssertEqual(Double(got), Double(want), accuracy: 8)
        }
        XCTAssertEqual(back[56, 24].a, 255)
    }

    func testQualityChangesTheSize() throws {
        var rng = SystemRandomNumberGenerator()
        let noisy = try Image(width: 96, height: 96, pixels: (0..<96 * 96 * 4).map { _ in UInt8.random(in: 0...255, using: &rng) })
        XCTAssertLessThan(try noisy.jpegData(quality: 20).count, try noisy.jpegData(quality: 95).count)
    }
}
