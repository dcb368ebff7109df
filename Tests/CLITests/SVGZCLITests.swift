import Foundation
import GLFunGLES
import TestFixtures
import XCTest

/// `glfun render picture.svgz`: a gzip'd SVG read by its name; a damaged one is the one error line.
extension CLITests {
    func testRenderSVGZ() throws {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="10" height="10" fill="blue"/></svg>"##
        try Data(GzipBuilder.stored(Array(svg.utf8))).write(to: URL(fileURLWithPath: dir + "/pic.svgz"))
        let r = try glfun(["render", dir + "/pic.svgz", "-o", "pic.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try Image(contentsOfFile: dir + "/pic.png", color: .keepStored)
        XCTAssertEqual(image.width, 20)
        let left = image[5, 5], right = image[15, 5]
        XCTAssertEqual([left.r, left.g, left.b, left.a], [0, 0, 255, 255])
        XCTAssertEqual(right.a, 0)

        var damaged = GzipBuilder.stored(Array(svg.utf8))
        damaged[damaged.count - 8] ^= 0xFF
        try Data(damaged).write(to: URL(fileURLWithPath: dir + "/bad.svgz"))
        let bad = try glfun(["render", dir + "/bad.svgz", "-o", "bad.png"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.stderrLines.count, 1, bad.stderr)
        XCTAssertTrue(bad.stderr.hasPrefix("glfun: error: "), bad.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/bad.png"))
    }
}
