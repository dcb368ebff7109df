import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import XCTest

/// linearGradient and radialGradient: units, href inheritance, transform, spread, stops.
final class SVGGradientTests: SVGTestCase {
    func testLinearGradientInTheBoundingBox() throws {
        let img = try picture(##"<linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient><rect x="0" y="0" width="100" height="100" fill="url(#g)"/>"##)
        assertPixel(img, 0, 50, [253, 0, 2, 255], tolerance: 4)
        assertPixel(img, 50, 50, [128, 0, 128, 255], tolerance: 4)
        assertPixel(img, 99, 50, [2, 0, 253, 255], tolerance: 4)
    }

    func testUserSpaceOnUseAndPadSpread() throws {
        let img = try picture(##"<linearGradient id="g" gradientUnits="userSpaceOnUse" x1="40" x2="60"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient><rect width="100" height="100" fill="url(#g)"/>"##)
        assertPixel(img, 10, 50, red)
        assertPixel(img, 90, 50, blue)
    }

    func testReflectAndRepeat() throws {
        let stops = ##"<stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/>"##
        let rep = try picture(##"<linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" x2="50" spreadMethod="repeat">\##(stops)</linearGradient><rect width="100" height="100" fill="url(#g)"/>"##)
        assertPixel(rep, 51, 50, [250, 0, 5, 255], tolerance: 6, "repeat starts again")
        let refl = try picture(##"<linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" x2="50" spreadMethod="reflect">\##(stops)</linearGradient><rect width="100" height="100" fill="url(#g)"/>"##)
        assertPixel(refl, 51, 50, [5, 0, 250, 255], tolerance: 6, "reflect comes back")
    }

    func testHrefInheritsStopsAndAttributes() throws {
        let img = try picture(##"<linearGradient id="base" gradientUnits="userSpaceOnUse" x1="0" x2="100"><stop offset="0.5" stop-color="red"/><stop offset="0.5" stop-color="blue"/></linearGradient><linearGradient id="g" href="#base" x1="0" x2="50"/><rect width="100" height="100" fill="url(#g)"/>"##)
        assertPixel(img, 20, 50, red)
        assertPixel(img, 30, 50, blue, "the inheriting gradient's own x2")
    }

    func testPlainHrefWinsOverXlinkHrefInEitherOrder() throws {
        let defs = ##"<linearGradient id="r"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="red"/></linearGradient><linearGradient id="b"><stop offset="0" stop-color="blue"/><stop offset="1" stop-color="blue"/></linearGradient>"##
        for use in [##"href="#b" xlink:href="#r""##, ##"xlink:href="#r" href="#b""##] {
            let (img, _) = try render(##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">"## + defs
                + ##"<linearGradient id="g" \##(use)/><rect width="100" height="100" fill="url(#g)"/></svg>"##)
            assertPixel(img, 50, 50, blue, use)
        }
    }

    func testGeometryIsInheritedOnlyFromGradientsOfTheSameKind() throws {
        // The radial's x2 (had it one) and y2 are not the linear's: x2 defaults to 100%, y2 to 0.
        let img = try picture(##"<radialGradient id="r" y2="1" spreadMethod="reflect"/><linearGradient id="g" href="#r"><stop offset="0.5" stop-color="red"/><stop offset="0.5" stop-color="blue"/></linearGradient><rect width="100" height="100" fill="url(#g)"/>"##)
        assertPixel(img, 20, 80, red, "horizontal: y2 not taken from the radial gradient")
        assertPixel(img, 80, 20, blue)
    }

    func testAFlatGradientTransformIsLeftOut() throws {
        let img = try picture(##"<linearGradient id="g" gradientTransform="matrix(0 0 0 0 0 0)"><stop offset="0.5" stop-color="red"/><stop offset="0.5" stop-color="blue"/></linearGradient><rect width="100" height="100" fill="url(#g)"/>"##)
        assertPixel(img, 20, 50, red)
        assertPixel(img, 80, 50, blue)
    }

    func testRadialGradientAndStopOpacity() throws {
        let img = try picture(##"<radialGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue" stop-opacity="0.5"/></radialGradient><rect width="100" height="100" fill="url(#g)"/>"##)
        assertPixel(img, 50, 50, red, tolerance: 6)
        assertPixel(img, 2, 2, [0, 0, 255, 128], tolerance: 3, "padded past the circle")
    }

    func testGradientTransform() throws {
        let img = try picture(##"<linearGradient id="g" gradientTransform="rotate(90 0.5 0.5)"><stop offset="0.5" stop-color="red"/><stop offset="0.5" stop-color="blue"/></linearGradient><rect width="100" height="100" fill="url(#g)"/>"##)
        assertPixel(img, 50, 20, red, "turned: top to bottom")
        assertPixel(img, 50, 80, blue)
    }

    func testMissingReferenceUsesTheFallback() throws {
        let img = try picture(##"<rect width="100" height="100" fill="url(#nothing) red"/><rect y="50" width="100" height="50" fill="url(#nothing)"/>"##)
        assertPixel(img, 50, 25, red)
        assertPixel(img, 50, 75, red, "no fallback: none (the rect below shows)")
    }

    func testStopColorCurrentColorIsTheColorWhereTheStopIs() throws {
        let img = try picture(##"<g color="blue"><linearGradient id="g"><stop offset="0" stop-color="currentColor"/><stop offset="1" stop-color="currentColor"/></linearGradient></g><rect width="100" height="100" fill="url(#g)"/>"##)
        assertPixel(img, 50, 50, blue)
    }

    func testGradientHrefCycleIsAnError() {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg"><linearGradient id="a" href="#b"/><linearGradient id="b" href="#a"/><rect width="10" height="10" fill="url(#a)"/></svg>"##
        XCTAssertEqual(error(svg), .referenceCycle(element: "linearGradient", id: "a"))
    }
}
