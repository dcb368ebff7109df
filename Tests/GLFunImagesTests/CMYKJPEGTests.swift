import Foundation
import GLFunImages
import XCTest

/// CMYK and YCCK JPEGs (Photoshop's, with inverted inks) decode to their colors. The files
/// are written at test time by Fixtures/cmyk-jpeg.c through libjpeg itself.
final class CMYKJPEGTests: XCTestCase {
    func make(_ kind: String) throws -> [UInt8] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cmyk-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = JPEGTests.fixtures.appendingPathComponent("cmyk-jpeg.c").path
        let exe = dir.appendingPathComponent("cmyk-jpeg").path, out = dir.appendingPathComponent("\(kind).jpg").path
        for args in [["cc", source, "-o", exe, "-ljpeg"], [exe, kind, out]] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = args
            try p.run()
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0, args.joined(separator: " "))
        }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
    }

    func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (Int, Int, Int)) -> Bool {
        abs(Int(p.r) - c.0) <= 24 && abs(Int(p.g) - c.1) <= 24 && abs(Int(p.b) - c.2) <= 24 && p.a == 255
    }

    func testCMYKAndYCCKDecodeToTheirColors() throws {
        for kind in ["cmyk", "ycck"] {
            let img = try Image(jpegData: try make(kind))
            XCTAssertEqual(img.width, 16)
            XCTAssertTrue(near(img[2, 1], (255, 0, 0)), "\(kind) \(img[2, 1])")
            XCTAssertTrue(near(img[13, 1], (0, 255, 0)), "\(kind) \(img[13, 1])")
            XCTAssertTrue(near(img[2, 6], (0, 0, 255)), "\(kind) \(img[2, 6])")
            XCTAssertTrue(near(img[13, 6], (255, 255, 255)), "\(kind) \(img[13, 6])")
        }
    }
}
