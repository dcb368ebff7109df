import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import XCTest

/// Fills, strokes, colours, opacities, dashes, paint-order, visibility and display.
final class SVGPaintingTests: SVGTestCase {
    func testColourSyntaxes() throws {
        let img = try picture(##"<rect width="20" height="20" fill="#f00"/><rect x="20" width="20" height="20" fill="#0000ff"/><rect x="40" width="20" height="20" fill="rgb(0, 128, 0)"/><rect x="60" width="20" height="20" fill="rgb(100%, 0%, 0%)"/><rect x="80" width="20" height="20" fill="blue" color="red" style="fill: currentColor"/>"##)
        assertPixel(img, 10, 10, red)
        assertPixel(img, 30, 10, blue)
        assertPixel(img, 50, 10, green)
        assertPixel(img, 70, 10, red)
        assertPixel(img, 90, 10, red, "currentColor is the color property")
    }

    func testDefaultFillIsBlackAndStrokeNone() throws {
        let img = try picture(##"<rect x="10" y="10" width="80" height="80" stroke-width="10"/>"##)
        assertPixel(img, 50, 50, [0, 0, 0, 255])
        assertPixel(img, 7, 50, clear, "no stroke")
    }

    func testStrokeWidthCapsAndJoins() throws {
        let img = try picture(##"<path d="M20 50 H80" stroke="red" stroke-width="20" stroke-linecap="square" fill="none"/>"##)
        assertPixel(img, 12, 50, red, "the square cap reaches 10 past the end")
        assertPixel(img, 50, 42, red)
        assertPixel(img, 50, 35, clear)
        let butt = try picture(##"<path d="M20 50 H80" stroke="red" stroke-width="20" fill="none"/>"##)
        assertPixel(butt, 12, 50, clear, "butt: none past the end")
    }

    /// resvg's painting/stroke-linejoin/miter-clip at 1.5 pixels a unit: the curves meet at
    /// (187.5, 82.5) at a miter ratio of 3.9, past the limit 2: `miter` bevels there, `miter-clip`
    /// cuts the miter square to the bisector (0.966, -0.257) 2 half widths (12 px) out.
    func testMiterClipCutsAMiterPastItsLimitWhereMiterBevels() throws {
        func join(_ kind: String) throws -> Image {
            try picture(##"<g transform="scale(0.5)"><path fill="none" stroke="#008000" stroke-width="8" stroke-linejoin="\##(kind)" stroke-miterlimit="2" d="M 25 130 c 0 -40 50 -75 100 -75 c -35 20 -50 50 -50 75"/></g>"##, scale: 3)
        }
        let clip = try join("miter-clip"), miter = try join("miter")
        XCTAssertEqual(rgba(clip, 196, 80), green, "9 px out along the bisector")
        XCTAssertEqual(rgba(clip, 201, 78)[3], 0, "14 px out: past the clip line")
        XCTAssertEqual(rgba(miter, 196, 80)[3], 0, "a miter past its limit is bevelled")
    }

    func testOpacitiesMultiply() throws {
        let img = try picture(##"<rect width="50" height="100" fill="blue" fill-opacity="0.5"/><g opacity="0.5"><rect x="50" width="50" height="100" fill="blue" opacity="0.5"/></g>"##)
        assertPixel(img, 25, 50, [0, 0, 255, 128], tolerance: 2)
        assertPixel(img, 75, 50, [0, 0, 255, 64], tolerance: 2)
    }

    func testAShapesOpacityIsOneLayerOverItsFillAndStroke() throws {
        // A red stroke over a blue fill at opacity 0.5: where the stroke covers the fill, no blue shows through.
        let img = try picture(##"<rect x="20" y="20" width="60" height="60" fill="blue" stroke="red" stroke-width="20" opacity="0.5"/>"##)
        assertPixel(img, 20, 50, [255, 0, 0, 128], tolerance: 2, "the stroke over the fill's edge")
        assertPixel(img, 50, 50, [0, 0, 255, 128], tolerance: 2, "the fill alone")
    }

    func testGroupOpacityIsOneLayerOfPaint() throws {
        // Two overlapping opaque rects in a group at 0.5: the overlap no darker than the rest.
        let (img, warnings) = try render(##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><g opacity="0.5"><rect width="60" height="100" fill="blue"/><rect x="40" width="60" height="100" fill="blue"/></g></svg>"##)
        XCTAssertEqual(warnings, [])
        assertPixel(img, 20, 50, [0, 0, 255, 128], tolerance: 2)
        assertPixel(img, 50, 50, [0, 0, 255, 128], tolerance: 2, "the overlap")
        let (root, _) = try render(##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" opacity="0.5"><rect width="60" height="100" fill="blue"/><rect x="40" width="60" height="100" fill="blue"/></svg>"##)
        assertPixel(root, 50, 50, [0, 0, 255, 128], tolerance: 2, "the root's opacity: one layer too")
    }

    func testMixBlendModeMultipliesWithWhatIsUnder() throws {
        let (img, warnings) = try render(##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="#ffff00"/><rect width="100" height="100" fill="#00ffff" style="mix-blend-mode: multiply"/></svg>"##)
        XCTAssertEqual(warnings, [])
        assertPixel(img, 50, 50, [0, 255, 0, 255], tolerance: 2, "yellow times cyan is green")
    }

    func testDashes() throws {
        let img = try picture(##"<path d="M0 50 H100" stroke="red" stroke-width="10" stroke-dasharray="20 20" fill="none"/>"##)
        assertPixel(img, 10, 50, red)
        assertPixel(img, 30, 50, clear)
        assertPixel(img, 50, 50, red)
        let offset = try picture(##"<path d="M0 50 H100" stroke="red" stroke-width="10" stroke-dasharray="20" stroke-dashoffset="20" fill="none"/>"##)
        assertPixel(offset, 10, 50, clear)
        assertPixel(offset, 30, 50, red)
    }

    func testPaintOrderStrokeFirst() throws {
        let body = ##"<rect x="20" y="20" width="60" height="60" fill="blue" stroke="red" stroke-width="20"%@/>"##
        let normal = try picture(String(format: body, ""))
        assertPixel(normal, 25, 50, red, "the stroke over the fill")
        let strokeFirst = try picture(String(format: body, ##" paint-order="stroke""##))
        assertPixel(strokeFirst, 25, 50, blue, "the fill over the stroke")
        assertPixel(strokeFirst, 15, 50, red)
    }

    func testVisibilityAndDisplay() throws {
        let img = try picture(##"<g visibility="hidden"><rect width="50" height="50" fill="red"/><rect x="50" width="50" height="50" fill="blue" visibility="visible"/></g><g display="none"><rect y="50" width="100" height="50" fill="red"/></g>"##)
        assertPixel(img, 25, 25, clear)
        assertPixel(img, 75, 25, blue)
        assertPixel(img, 50, 75, clear)
    }

    func testFillRuleEvenOdd() throws {
        let d = "M10 10 H90 V90 H10 Z M30 30 H70 V70 H30 Z"
        let nonzero = try picture(##"<path d="\##(d)" fill="red"/>"##)
        assertPixel(nonzero, 50, 50, red)
        let evenodd = try picture(##"<path d="\##(d)" fill="red" fill-rule="evenodd"/>"##)
        assertPixel(evenodd, 50, 50, clear)
        assertPixel(evenodd, 20, 50, red)
    }

    func testATransformThatDoesNotReadIsIgnoredAndAFlatOneDrawsNothing() throws {
        let img = try picture(##"<rect width="50" height="100" fill="red" transform="qwe"/><rect x="50" width="50" height="100" fill="red" transform="scale(0)"/>"##)
        assertPixel(img, 25, 50, red)
        assertPixel(img, 75, 50, clear)
    }

    func testTransforms() throws {
        let img = try picture(##"<g transform="translate(50 0)"><rect width="10" height="10" fill="red" transform="scale(2)"/></g>"##)
        assertPixel(img, 65, 15, red)
        assertPixel(img, 45, 5, clear)
    }
}
