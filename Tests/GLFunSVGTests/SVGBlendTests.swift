import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import XCTest

/// CSS compositing as resvg reads it (`SVGBlend`): mix-blend-mode only in CSS and only CSS's
/// names, isolation: isolate; and shape-rendering: crispEdges drawing without antialiasing.
final class SVGBlendTests: SVGTestCase {
    // Yellow over white in `multiply` stays yellow; over cyan it is green.
    private let under = ##"<rect width="100" height="100" fill="#00ffff"/>"##

    func testMixBlendModeAsAnAttributeIsIgnored() throws {
        let img = try picture(under + ##"<rect width="100" height="100" fill="#ffff00" mix-blend-mode="multiply"/>"##)
        assertPixel(img, 50, 50, [255, 255, 0, 255], tolerance: 1, "drawn normally")
    }

    func testPorterDuffNamesAreNotBlendModes() throws {
        let (img, warnings) = try render(##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">"## + under
            + ##"<rect width="100" height="100" fill="#ffff00" style="mix-blend-mode: xor"/></svg>"##)
        assertPixel(img, 50, 50, [255, 255, 0, 255], tolerance: 1, "xor is not allowed: source-over")
        XCTAssertEqual(warnings.map(\.feature), [.blendMode])
    }

    func testIsolatedGroupBlendsWithinItself() throws {
        let blended = ##"<rect width="100" height="100" fill="#ffff00" style="mix-blend-mode: multiply"/>"##
        let isolated = try picture(under + ##"<g style="isolation: isolate">"## + blended + "</g>")
        assertPixel(isolated, 50, 50, [255, 255, 0, 255], tolerance: 1, "multiplied with the group's transparency")
        let open = try picture(under + "<g>" + blended + "</g>")
        assertPixel(open, 50, 50, [0, 255, 0, 255], tolerance: 1, "multiplied with the cyan under the group")
    }

    func testCrispEdgesDrawsWithoutAntialiasing() throws {
        // A circle's edge pixels are wholly in or out: alpha 0 or 255 only.
        for (value, crisp) in [("crispEdges", true), ("optimizeSpeed", true), ("geometricPrecision", false)] {
            let img = try picture(##"<g shape-rendering="\##(value)"><circle cx="50" cy="50" r="37.3" fill="black"/></g>"##)
            var partial = 0
            for i in stride(from: 3, to: img.pixels.count, by: 4) where img.pixels[i] != 0 && img.pixels[i] != 255 {
                partial += 1
            }
            XCTAssertEqual(partial == 0, crisp, "\(value): \(partial) partly covered pixels")
        }
    }
}
