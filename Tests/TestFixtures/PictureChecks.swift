// What every picture suite shares to look at an Image, GL or not: a pixel as [r, g, b, a], one
// pixel against an expectation, a file's bytes and a temporary folder. PixelAssertions adds the
// GL suites' own (colors as the renderer quantizes them, whole images) and re-exports these.
import Foundation
import GLFunImages
import XCTest

/// The RGBA of one pixel as Ints, for readable assertions.
public func rgba(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
    let p = image[x, y]
    return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
}

/// Whether `a` and `b` have as many channels and each within `tolerance`.
public func close(_ a: [Int], _ b: [Int], _ tolerance: Int) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

public func assertPixel(_ image: Image, _ x: Int, _ y: Int, _ expected: [Int], tolerance: Int = 0, _ message: String = "",
                        file: StaticString = #filePath, line: UInt = #line) {
    let got = rgba(image, x, y)
    XCTAssertTrue(close(got, expected, tolerance), "pixel (\(x), \(y)) is \(got), expected \(expected) ±\(tolerance) \(message)",
                  file: file, line: line)
}

/// A file's bytes.
public func readBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// A new empty folder under the temporary directory.
public func makeTemporaryDirectory(_ tag: String) throws -> String {
    let path = NSTemporaryDirectory() + "/\(tag)-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
