import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import XCTest

/// The basic shapes, their geometry and units, in pixels.
final class SVGShapeTests: SVGTestCase {
    func testRectFillsItsBoxAndNothingElse() throws {
        let img = try picture(##"<rect x="10" y="20" width="30" height="40" fill="red"/>"##)
        assertPixel(img, 25, 40, red)
        assertPixel(img, 11, 21, red)
        assertPixel(img, 5, 40, clear)
        assertPixel(img, 45, 40, clear)
        assertPixel(img, 25, 65, clear)
    }

    func testRoundedRectCutsItsCornersAndOneRadiusServesBoth() throws {
        let img = try picture(##"<rect x="0" y="0" width="100" height="100" rx="40" fill="blue"/>"##)
        assertPixel(img, 2, 2, clear, "the corner is cut")
        assertPixel(img, 50, 2, blue)
        assertPixel(img, 2, 50, blue)
        assertPixel(img, 97, 97, clear)
    }

    func testCircleAndEllipse() throws {
        let img = try picture(##"<circle cx="30" cy="30" r="20" fill="red"/><ellipse cx="70" cy="80" rx="25" ry="10" fill="blue"/>"##)
        assertPixel(img, 30, 30, red)
        assertPixel(img, 30, 12, red)
        assertPixel(img, 13, 13, clear, "outside the circle, inside its box")
        assertPixel(img, 50, 80, blue)
        assertPixel(img, 70, 93, clear)
    }

    func testLinePolylineAndPolygon() throws {
        let img = try picture(##"<line x1="0" y1="10" x2="100" y2="10" stroke="red" stroke-width="4"/><polyline points="10,50 90,50" stroke="blue" stroke-width="6" fill="none"/><polygon points="10,70 90,70 90,95 10,95" fill="green"/>"##)
        assertPixel(img, 50, 10, red)
        assertPixel(img, 50, 15, clear)
        assertPixel(img, 50, 50, blue)
        assertPixel(img, 50, 80, green)
    }

    func testPathData() throws {
        let img = try picture(##"<path d="M10 10 H90 V40 H10 Z M10 60 l80 0 0 30 -80 0 z" fill="red"/>"##)
        assertPixel(img, 50, 25, red)
        assertPixel(img, 50, 75, red)
        assertPixel(img, 50, 50, clear)
    }

    func testPathDataIsDrawnUpToAnError() throws {
        let img = try picture(##"<path d="M10 10 H90 V40 H10 Z M 50 x" fill="red"/>"##)
        assertPixel(img, 50, 25, red)
    }

    func testUnitsAndPercentages() throws {
        // 1in = 96px, 10mm = 37.8px, 50% of the viewport's width.
        let img = try picture(##"<rect x="0" y="0" width="0.5in" height="10mm" fill="red"/><rect x="50%" y="50" width="25%" height="10pt" fill="blue"/>"##)
        assertPixel(img, 46, 36, red)
        assertPixel(img, 50, 39, clear)
        assertPixel(img, 60, 55, blue)
        assertPixel(img, 60, 65, clear, "10pt is 13.3px")
    }

    /// With no font-size anywhere an em is usvg's default, 12 (resvg's text/font-size tests with
    /// em, ex and % at the root); font-size sets it for what is inside.
    func testAnEmIsTwelveWhereNoFontSizeIsGiven() throws {
        let img = try picture(##"<rect width="2em" height="10" fill="red"/><g font-size="20"><rect y="20" width="2em" height="10" fill="blue"/></g>"##)
        assertPixel(img, 23, 5, red)
        assertPixel(img, 24, 5, clear, "2em is 24px")
        assertPixel(img, 39, 25, blue)
        assertPixel(img, 40, 25, clear, "under font-size 20, 2em is 40px")
    }

    func testViewBoxScalesAndScaleMultiplies() throws {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 10 5"><rect x="5" width="5" height="5" fill="red"/></svg>"##
        let (img, _) = try render(svg, scale: 2)
        XCTAssertEqual(img.width, 200)
        XCTAssertEqual(img.height, 100)
        assertPixel(img, 150, 50, red)
        assertPixel(img, 50, 50, clear)
    }

    func testPreserveAspectRatioMeetCentres() throws {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 10 10"><rect width="10" height="10" fill="red"/></svg>"##
        let (img, _) = try render(svg)
        assertPixel(img, 50, 25, red)
        assertPixel(img, 10, 25, clear, "xMidYMid meet: a 50 x 50 square in the middle")
        let none = svg.replacingOccurrences(of: "viewBox", with: ##"preserveAspectRatio="none" viewBox"##)
        let (stretched, _) = try render(none)
        assertPixel(stretched, 10, 25, red)
    }

    func testShapesTransformedPastTheCoordinateLimitsAreLeftOut() throws {
        let img = try picture(##"<g transform="scale(1e30)"><g transform="scale(1e30)"><rect width="10" height="10" stroke="red" stroke-width="3"/></g></g><path d="M0 0 L 1e38 1e38" stroke="blue" transform="scale(1e5)"/><rect width="10" height="10" fill="red"/>"##)
        assertPixel(img, 5, 5, red, "the shape within the limits is drawn")
        assertPixel(img, 50, 50, clear)
    }

    func testSizeFromTheViewBoxWhenWidthAndHeightAreMissing() throws {
        let doc = try SVGDocument(bytes: Array(##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"/>"##.utf8))
        XCTAssertEqual(doc.width, 40)
        XCTAssertEqual(doc.height, 30)
    }
}
