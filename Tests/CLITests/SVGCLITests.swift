import Foundation
import GLFunGLES
import XCTest

/// `glfun render picture.svg`: the picture's size times --scale, a batch taking SVG files
/// like scenes, a warning line per kind not drawn, and one error line (no file) for a bad SVG.
extension CLITests {
    func testRenderSVGAtAScale() throws {
        let svg = try write(##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="20" height="30" fill="red"/><rect x="20" width="20" height="30" fill="blue" filter="url(#f)"/></svg>"##, to: "pic.svg")
        let r = try glfun(["render", svg, "-o", "pic.png", "--scale", "2"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderrLines.count, 1)
        XCTAssertTrue(r.stderr.hasPrefix("glfun: warning: "), r.stderr)
        let image = try Image(contentsOfFile: dir + "/pic.png", color: .keepStored)
        XCTAssertEqual(image.width, 80)
        XCTAssertEqual(image.height, 60)
        let left = image[20, 30], right = image[60, 30]
        XCTAssertEqual([left.r, left.g, left.b, left.a], [255, 0, 0, 255])
        XCTAssertEqual([right.r, right.g, right.b, right.a], [0, 0, 255, 255])
    }

    func testRenderSVGInABatchAndBySniffing() throws {
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        let a = try write(##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"##, to: "in/a.svg")
        let b = try write(##"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="12" height="10"/>"##, to: "in/b.drawing")
        let r = try glfun(["render", a, b, "--output-dir", "out"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try Image(contentsOfFile: dir + "/out/a.png", color: .keepStored).width, 10)
        XCTAssertEqual(try Image(contentsOfFile: dir + "/out/b.drawing.png", color: .keepStored).width, 12)
    }

    func testBadSVGIsOneErrorLineAndNoFile() throws {
        for (name, text) in [("cut.svg", "<svg width=\"10\""), ("cycle.svg", ##"<svg xmlns="http://www.w3.org/2000/svg"><use id="u" href="#u"/></svg>"##),
                             ("xxe.svg", ##"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>"##)] {
            let svg = try write(text, to: name)
            let r = try glfun(["render", svg, "-o", "bad.png"])
            XCTAssertEqual(r.status, 1, name)
            XCTAssertEqual(r.stderrLines.count, 1, r.stderr)
            XCTAssertTrue(r.stderr.hasPrefix("glfun: error: "), r.stderr)
            XCTAssertFalse(r.stderr.contains("root:"), "nothing of /etc/passwd")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/bad.png"), name)
        }
    }

    func testAnImageOutsideTheSVGsFolderIsReadOnlyInsideTheFolderTheUserNames() throws {
        for sub in ["root/assets", "root/svg"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true)
        }
        try Image(width: 4, height: 4, fill: (255, 0, 0, 255)).writePNG(to: dir + "/root/assets/red.png")
        let svg = try write(##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><image href="../assets/red.png" width="20" height="20"/></svg>"##,
                            to: "root/svg/a.svg")
        func center(_ extra: [String]) throws -> (status: Int32, warned: Bool, pixel: [UInt8]) {
            let r = try glfun(["render", svg, "-o", "a.png"] + extra)
            let p = try Image(contentsOfFile: dir + "/a.png", color: .keepStored)[10, 10]
            return (r.status, r.stderr.hasPrefix("glfun: warning: "), [p.r, p.g, p.b, p.a])
        }
        let plain = try center([])
        XCTAssertEqual(plain.status, 0)
        XCTAssertTrue(plain.warned, "a step out of the SVG's folder is warned")
        XCTAssertEqual(plain.pixel[3], 0, "and not drawn")
        let named = try center(["--svg-files", dir + "/root"])
        XCTAssertEqual(named.status, 0)
        XCTAssertFalse(named.warned)
        XCTAssertEqual(named.pixel, [255, 0, 0, 255], "inside the folder named: drawn")
        let narrower = try center(["--svg-files", dir + "/root/svg"])
        XCTAssertEqual(narrower.pixel[3], 0, "outside the folder named: not drawn")
    }
}
