import Foundation
import GLFunImages
import XCTest

/// JPEG through libjpeg: color, gray and progressive files, truncation and huge headers.
final class JPEGTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: JPEGTests.fixtures.appendingPathComponent(name)))
    }

    func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (Int, Int, Int), _ tol: Int = 40) -> Bool {
        abs(Int(p.r) - c.0) <= tol && abs(Int(p.g) - c.1) <= tol && abs(Int(p.b) - c.2) <= tol && p.a == 255
    }

    func testQuadrantsDecodeToTheirColors() throws {
        let img = try Image(jpegData: try bytes("quadrants.jpg"))
        XCTAssertEqual(img.width, 16)
        XCTAssertEqual(img.height, 8)
        XCTAssertTrue(near(img[2, 1], (255, 0, 0)), "\(img[2, 1])")
        XCTAssertTrue(near(img[13, 1], (0, 255, 0)), "\(img[13, 1])")
        XCTAssertTrue(near(img[2, 6], (0, 0, 255)), "\(img[2, 6])")
        XCTAssertTrue(near(img[13, 6], (255, 255, 255)), "\(img[13, 6])")
    }

    func testGrayAndProgressive() throws {
        let g = try Image(jpegData: try bytes("gray.jpg"))
        let p = g[13, 6]
        XCTAssertEqual(p.r, p.g)
        XCTAssertEqual(p.g, p.b)
        let prog = try Image(jpegData: try bytes("progressive.jpg"))
        XCTAssertEqual(prog.width, 40)
        XCTAssertTrue(near(prog[20, 15], (10, 200, 30), 8))
    }

    func testSignatureSniffingAndFiles() throws {
        let path = JPEGTests.fixtures.appendingPathComponent("quadrants.jpg").path
        let img = try Image(contentsOfFile: path)
        XCTAssertEqual(img.width, 16)
        XCTAssertThrowsError(try Image(data: [1, 2, 3, 4, 5, 6, 7, 8, 9])) { e in
            XCTAssertEqual(e as? ImageError, .badSignature(expected: nil))
        }
    }

    func testTruncatedJPEGIsRefused() throws {
        let data = try bytes("quadrants.jpg")
        // Cut inside the headers: refused, whatever libjpeg calls it.
        XCTAssertThrowsError(try Image(jpegData: Array(data.prefix(data.count / 2)))) { e in
            guard case .decode(.jpeg, _) = e as? ImageError else { return XCTFail("\(e)") }
        }
        // Cut inside the scan: libjpeg would pad with gray; we refuse it as truncated.
        XCTAssertThrowsError(try Image(jpegData: Array(data.prefix(data.count - 40)))) { e in
            guard case let .decode(.jpeg, reason) = e as? ImageError else { return XCTFail("\(e)") }
            XCTAssertEqual(reason, "file is truncated")
        }
    }

    func testHugeHeaderIsRefusedBeforeDecoding() throws {
        var data = try bytes("quadrants.jpg")
        // Find the start-of-frame marker (FFC0 baseline) and claim 60000x60000.
        guard let sof = (0..<(data.count - 9)).first(where: { data[$0] == 0xFF && data[$0 + 1] == 0xC0 }) else {
            return XCTFail("no SOF0 marker")
        }
        data[sof + 5] = 0xEA; data[sof + 6] = 0x60  // height 60000
        data[sof + 7] = 0xEA; data[sof + 8] = 0x60  // width 60000
        let start = Date()
        XCTAssertThrowsError(try Image(jpegData: data)) { e in
            XCTAssertEqual(e as? ImageError, .imageTooLarge(width: 60000, height: 60000, limit: .side(16384)))
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
    }
}
