import Foundation
import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import XCTest

/// `<image>`: PNG data made at test time, from a data: URL and from a file beside the
/// document; its size, preserveAspectRatio (meet, slice), image-rendering, a nested SVG, and
/// paths that leave the document's folder refused with a warning.
final class SVGImageTests: SVGTestCase {
    /// 2 x 1 PNG: red, blue.
    private func png() throws -> [UInt8] {
        try Image(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255]).pngData()
    }

    private func dataURL(_ bytes: [UInt8], _ mime: String = "image/png") -> String {
        "data:\(mime);base64," + Data(bytes).base64EncodedString()
    }

    func testADataURLPNGFillsItsViewportMeetAndNearest() throws {
        // 100 x 50 from a 2 x 1 picture: each texel 50 x 50.
        let image = try picture(##"<image href="\##(try dataURL(png()))" width="100" height="100" image-rendering="pixelated"/>"##)
        assertPixel(image, 10, 40, red)       // meet: centred vertically, y 25...75
        assertPixel(image, 90, 60, blue)
        assertPixel(image, 50, 10, clear)
        assertPixel(image, 48, 50, red, "nearest: no blend near the texels' border")
    }

    func testSliceIsCutToTheViewportAndSizeDefaultsToThePictures() throws {
        let url = try dataURL(png())
        let slice = try picture(##"<image href="\##(url)" x="20" y="20" width="20" height="20" preserveAspectRatio="xMinYMin slice"/>"##)
        assertPixel(slice, 25, 30, red)
        // Bicubic (image-rendering auto): the blue texel past the viewport leaks in a little at its edge.
        assertPixel(slice, 29, 30, red, tolerance: 12, "the red texel spans the viewport; the blue one is past it")
        assertPixel(slice, 45, 30, clear)
        let natural = try picture(##"<image href="\##(url)" transform="scale(10)"/>"##)
        assertPixel(natural, 3, 5, red)
        assertPixel(natural, 17, 5, blue)
        assertPixel(natural, 5, 15, clear)
    }

    func testANestedSVGIsDrawn() throws {
        let inner = ##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="10" fill="blue"/></svg>"##
        let image = try picture(##"<image href="\##(dataURL(Array(inner.utf8), "image/svg+xml"))" width="100" height="100"/>"##)
        assertPixel(image, 25, 50, blue)
        assertPixel(image, 75, 50, clear)
    }

    func testRelativeFilesBesideTheDocumentAndRefusedPaths() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("svg-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("pics"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(try png()).write(to: dir.appendingPathComponent("pics/tile.png"))
        func draw(_ href: String) throws -> (Image, [SVGWarning]) {
            let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><image href="\##(href)" width="20" height="10"/></svg>"##
            var doc = try SVGDocument(bytes: Array(svg.utf8))
            doc.baseDirectory = dir.path
            let warnings = WarningList()
            let scene = try doc.scene { warnings.items.append($0) }
            return (try sceneRenderer.render(scene), warnings.items)
        }
        let (image, warnings) = try draw("pics/tile.png")
        XCTAssertEqual(warnings, [])
        assertPixel(image, 2, 5, red)
        assertPixel(image, 17, 5, blue)
        for href in ["../pics/tile.png", "/etc/passwd", "http://example.com/a.png", "pics/../pics/tile.png"] {
            let (refused, w) = try draw(href)
            assertPixel(refused, 2, 5, clear, href)
            XCTAssertEqual(w.map(\.feature), [.externalReference], href)
        }
        let (missing, w) = try draw("pics/none.png")
        assertPixel(missing, 2, 5, clear)
        XCTAssertEqual(w.map(\.feature), [.image])
    }
}
