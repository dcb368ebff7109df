// What the GL suites share to look at pictures: a pixel as [r, g, b, a], colors as the
// renderer quantizes them, assertions on one pixel, on every pixel and on whole images, and a
// temporary folder. Test code only (a target the test targets depend on). The pixel and the
// one-pixel check GL or not needs are TestFixtures' (PictureChecks), re-exported here.
import Foundation
import GLFunGLES
import GLFunKit
@_exported import TestFixtures
import XCTest

/// 8-bit channels of a color, as the renderer quantizes them.
public func rgba8(_ c: Color) -> [Int] {
    [c.r, c.g, c.b, c.a].map { Int(($0 * 255).rounded()) }
}

public func assertPixel(_ image: Image, _ x: Int, _ y: Int, _ expected: Color, tolerance: Int = 1, _ message: String = "",
                        file: StaticString = #filePath, line: UInt = #line) {
    assertPixel(image, x, y, rgba8(expected), tolerance: tolerance, message, file: file, line: line)
}

/// Every pixel of `a` within `tolerance` of `expected(x, y)`; reports the count and the first that is not.
public func assertEveryPixel(_ a: Image, tolerance: Int, _ message: String = "", file: StaticString = #filePath,
                             line: UInt = #line, _ expected: (Int, Int) -> [Int]) {
    var count = 0
    var first: (Int, Int, [Int], [Int])? = nil
    for y in 0..<a.height {
        for x in 0..<a.width {
            let e = expected(x, y), got = rgba(a, x, y)
            if !close(got, e, tolerance) {
                count += 1
                if first == nil { first = (x, y, got, e) }
            }
        }
    }
    if let (x, y, got, e) = first {
        XCTFail("\(count) pixels off by more than \(tolerance) \(message); first (\(x), \(y)): \(got), expected \(e)",
                file: file, line: line)
    }
}

/// Within `tolerance` everywhere (0: equal), reporting how many pixels differ and the first.
public func assertSameImage(_ a: Image, _ b: Image, tolerance: Int = 0, _ message: String = "",
                            file: StaticString = #filePath, line: UInt = #line) {
    guard a.width == b.width, a.height == b.height else {
        return XCTFail("sizes differ: \(a.width)x\(a.height) vs \(b.width)x\(b.height) \(message)", file: file, line: line)
    }
    if tolerance == 0 && a.pixels == b.pixels { return }
    assertEveryPixel(a, tolerance: tolerance, message, file: file, line: line) { rgba(b, $0, $1) }
}

/// The share of pixels of `image` for which `test` holds.
public func share(_ image: Image, where test: ([Int]) -> Bool) -> Double {
    var n = 0
    for y in 0..<image.height {
        for x in 0..<image.width where test(rgba(image, x, y)) { n += 1 }
    }
    return Double(n) / Double(image.width * image.height)
}

/// Source-over of a straight-alpha color on an opaque background, 8-bit.
public func over(_ src: [Int], _ dst: [Int]) -> [Int] {
    let a = Double(src[3]) / 255
    return (0..<3).map { Int((Double(src[$0]) * a + Double(dst[$0]) * (1 - a)).rounded()) } + [255]
}
