import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import XCTest

/// CSS beyond the basic cascade: !important, transform in a rule, transform-origin, hsl(),
/// and elements of another namespace left out.
final class SVGCSSTests: SVGTestCase {
    func testImportantBeatsTheStyleAttribute() throws {
        let img = try picture(##"<style>rect { fill: red !important }</style><rect width="100" height="100" style="fill: blue"/>"##)
        assertPixel(img, 50, 50, red)
    }

    func testCommentsInTheStyleAttribute() throws {
        let img = try picture(##"<rect width="100" height="100" style="/*x*/fill:red/*y*/"/>"##)
        assertPixel(img, 50, 50, red)
    }

    func testSwitchSkipsAChildItCannotDraw() throws {
        let img = try picture(##"<switch><random/><rect width="100" height="100" fill="red"/></switch>"##)
        assertPixel(img, 50, 50, red)
    }

    func testTransformInARule() throws {
        let img = try picture(##"<style>#r { transform: scale(2) }</style><rect id="r" x="10" y="10" width="20" height="20" fill="red"/>"##)
        assertPixel(img, 50, 50, red)
        assertPixel(img, 15, 15, clear)
    }

    func testTransformOriginTurnsAboutItsPoint() throws {
        // A half turn about the centre of the 100 x 100 viewport puts the top-left square bottom right.
        let img = try picture(##"<rect width="20" height="20" fill="red" transform="rotate(180)" transform-origin="center"/>"##)
        assertPixel(img, 90, 90, red)
        assertPixel(img, 10, 10, clear)
        let px = try picture(##"<rect width="20" height="20" fill="red" transform="rotate(180)" transform-origin="20px 20px"/>"##)
        assertPixel(px, 30, 30, red)
    }

    func testHSLColours() throws {
        let img = try picture(##"<rect width="50" height="100" fill="hsl(120, 100%, 25%)"/><rect x="50" width="50" height="100" fill="hsla(0, 100%, 50%, 0.5)"/>"##)
        assertPixel(img, 25, 50, [0, 128, 0, 255], tolerance: 1)
        assertPixel(img, 75, 50, [255, 0, 0, 128], tolerance: 1)
    }

    func testElementsOfAnotherNamespaceAreLeftOut() throws {
        let img = try picture(##"<g xmlns:x="http://example.org/x"><x:rect width="100" height="100" fill="red"/></g>"##)
        assertPixel(img, 50, 50, clear)
    }

    func testUseOfAnSVGTakesTheUsesSize() throws {
        let img = try picture(##"<defs><svg id="s" width="10" height="10" viewBox="0 0 1 1"><rect width="1" height="1" fill="red"/></svg></defs><use href="#s" width="100" height="100"/>"##)
        assertPixel(img, 80, 80, red)
    }
}
