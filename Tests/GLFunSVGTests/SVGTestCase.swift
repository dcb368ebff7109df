import Foundation
import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import XCTest

/// The one headless context and scene renderer of this test process (EGL contexts are
/// current per thread; each test's setUp makes it current again).
enum SharedGL {
    nonisolated(unsafe) static let sceneRenderer: Result<SceneRenderer, GLESError> = Result { () throws(GLESError) in
        try SceneRenderer()
    }
}

/// Renders SVG written in the test with real GL (llvmpipe), never skipped.
class SVGTestCase: XCTestCase {
    var sceneRenderer: SceneRenderer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        sceneRenderer = try SharedGL.sceneRenderer.get()
        try sceneRenderer.context.makeCurrent()
    }

    /// The document's picture at `scale`, and its warnings.
    func render(_ svg: String, scale: Float = 1) throws -> (Image, [SVGWarning]) {
        let doc = try SVGDocument(bytes: Array(svg.utf8))
        let warnings = WarningList()
        let scene = try doc.scene(scale: scale) { warnings.items.append($0) }
        return (try sceneRenderer.render(scene, scale: scale), warnings.items)
    }

    /// The picture of a 100 x 100 document with `body` inside its svg element.
    func picture(_ body: String, scale: Float = 1, file: StaticString = #filePath, line: UInt = #line) throws -> Image {
        let (image, _) = try render(##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">"## + body + "</svg>", scale: scale)
        XCTAssertEqual(image.width, Int(100 * scale), file: file, line: line)
        return image
    }

    /// The error reading `svg` throws, if any.
    func error(_ svg: String) -> SVGError? {
        do {
            let doc = try SVGDocument(bytes: Array(svg.utf8))
            _ = try doc.scene()
            return nil
        } catch { return error }
    }
}

final class WarningList: @unchecked Sendable {
    var items: [SVGWarning] = []
}

let red = [255, 0, 0, 255], green = [0, 128, 0, 255], blue = [0, 0, 255, 255], clear = [0, 0, 0, 0]
