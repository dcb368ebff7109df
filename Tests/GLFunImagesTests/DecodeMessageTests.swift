import Foundation
import GLFunImages
import TestFixtures
import XCTest

/// A damaged file is described in plain words first; the library's words follow in parentheses.
final class DecodeMessageTests: XCTestCase {
    func decodeError(_ bytes: [UInt8]) -> (ImageError, String)? {
        do { _ = try Image(data: bytes); return nil } catch {
            guard case let .decode(_, reason) = error else { return nil }
            return (error, reason)
        }
    }

    func testAPNGWithABadChecksumSaysSoInPlainWords() throws {
        var png = PNGBuilder.rgba(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))
        png[29] ^= 0xFF  // the IHDR chunk's CRC
        let (error, raw) = try XCTUnwrap(decodeError(png))
        XCTAssertTrue(raw.contains("CRC"), raw)  // libpng's words
        XCTAssertTrue(error.description.hasPrefix("the PNG file is damaged"), error.description)
        XCTAssertTrue(error.description.contains("(libpng: "), error.description)
    }

    func testAJPEGWithABogusMarkerSaysSoInPlainWords() throws {
        // SOI, then a DQT marker whose length (1) is shorter than the length field itself.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00]
        let (error, _) = try XCTUnwrap(decodeError(jpeg))
        XCTAssertTrue(error.description.hasPrefix("the JPEG file is damaged (libjpeg: "), error.description)
    }
}
