import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// A path with an embedded NUL (a Swift String may hold one; a JSON string may say \u0000) is
/// refused by every reader, never cut at the NUL to read another file that happens to exist.
final class NulPathTests: RenderTestCase {
    func testAnImagePathWithANulIsRefusedNotCut() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Image(width: 2, height: 2, fill: (0, 0, 255, 255)).writePNG(to: dir + "/sprite.png")
        let name = "sprite.png\0.txt"  // cut at the NUL, this would be the file above
        XCTAssertThrowsError(try Image(contentsOfFile: dir + "/" + name)) { error in
            XCTAssertEqual(error as? ImageError, .io(path: dir + "/" + name, problem: .nulInPath))
        }
        let scene = Scene(width: 16, height: 16, shapes: [.image(name, at: Point(8, 8))])
        XCTAssertThrowsError(try sceneRenderer.loadImages(for: scene, relativeTo: dir)) { error in
            guard case RenderError.image(_, .image(.io(_, .nulInPath))) = error else { return XCTFail("got \(error)") }
            XCTAssertFalse("\(error)".contains("\0"), "the error line shows the NUL escaped")
        }
    }

    func testASceneFilePathWithANulIsRefusedNotCut() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Scene(width: 16, height: 16).jsonData()).write(to: URL(fileURLWithPath: dir + "/scene.json"))
        XCTAssertThrowsError(try Scene(contentsOfFile: dir + "/scene.json\0.bak")) { error in
            XCTAssertFalse("\(error)".contains("\0"), "\(error)")
        }
    }
}

/// A path-data error names the character it found; a control character is shown by its code
/// point, never written raw to the terminal.
final class PathDataNulMessageTests: XCTestCase {
    func testAControlCharacterInPathDataIsShownEscaped() {
        for bad in ["M 0 0 L 1\u{0} 2", "M 0 0 \u{0}", "M 0 0 L\u{1B}[31m 1 2", "\u{7}M 0 0"] {
            XCTAssertThrowsError(try Path(svgData: bad)) { error in
                let line = "\(error)"
                XCTAssertFalse(line.unicodeScalars.contains { $0.properties.generalCategory == .control }, line)
                XCTAssertTrue(line.contains("U+00"), line)
            }
        }
        XCTAssertThrowsError(try Path(svgData: "M 0 0 x")) { XCTAssertTrue("\($0)".contains("'x'")) }
    }
}
