import Foundation
import GLFunImages
import XCTest

// What the picture suites share (no GL: GLFunGLESTests keeps its own GL helpers).

func readBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// A fresh empty directory under the system temporary directory.
func makeTemporaryDirectory(_ tag: String = "glfunimagestests") throws -> String {
    let path = NSTemporaryDirectory() + "/\(tag)-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The RGBA of one pixel as Ints, for readable assertions.
func rgba(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
    let p = image[x, y]
    return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
}

func assertPixel(_ image: Image, _ x: Int, _ y: Int, _ expected: [Int], tolerance: Int = 0,
                 _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let got = rgba(image, x, y)
    let ok = zip(got, expected).allSatisfy { abs($0 - $1) <= tolerance }
    XCTAssertTrue(ok, "pixel (\(x), \(y)) is \(got), expected \(expected) ±\(tolerance) \(message)", file: file, line: line)
}
