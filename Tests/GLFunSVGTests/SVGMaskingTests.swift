import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import XCTest

/// clip-path and mask through layers, and the viewport clips of nested svgs and symbols.
final class SVGMaskingTests: SVGTestCase {
    func testClipPathOfOneShape() throws {
        let (img, warnings) = try render(##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><clipPath id="c"><rect width="50" height="100"/></clipPath><rect width="100" height="100" fill="red" clip-path="url(#c)"/></svg>"##)
        XCTAssertEqual(warnings, [])
        assertPixel(img, 25, 50, red)
        assertPixel(img, 75, 50, clear)
    }

    func testClipPathUnitsObjectBoundingBoxAndItsTransform() throws {
        // The unit square's left half of the rect's box (20...80), moved 10 down by the clipPath's transform.
        let img = try picture(##"<clipPath id="c" clipPathUnits="objectBoundingBox" transform="translate(0 10)"><rect width="0.5" height="0.5"/></clipPath><rect x="20" y="20" width="60" height="60" fill="red" clip-path="url(#c)"/>"##)
        assertPixel(img, 30, 35, red)
        assertPixel(img, 30, 25, clear)
        assertPixel(img, 60, 35, clear)
    }

    func testClipRulePerChildAndInherited() throws {
        // An evenodd square with a hole (the rule from the clipPath) beside a plain nonzero one.
        let img = try picture(##"<clipPath id="c" clip-rule="evenodd"><path d="M0 0H50V100H0Z M10 40H40V60H10Z"/><rect x="50" width="50" height="100" clip-rule="nonzero"/></clipPath><rect width="100" height="100" fill="red" clip-path="url(#c)"/>"##)
        assertPixel(img, 5, 50, red)
        assertPixel(img, 25, 50, clear)
        assertPixel(img, 75, 50, red)
    }

    func testClipPathOnTheClipPathIntersects() throws {
        let img = try picture(##"<clipPath id="a"><rect width="60" height="100"/></clipPath><clipPath id="b" clip-path="url(#a)"><rect x="40" width="60" height="100"/></clipPath><rect width="100" height="100" fill="red" clip-path="url(#b)"/>"##)
        assertPixel(img, 50, 50, red)
        assertPixel(img, 20, 50, clear)
        assertPixel(img, 80, 50, clear)
    }

    func testClipPathOnAChild() throws {
        let img = try picture(##"<clipPath id="a"><rect width="100" height="50"/></clipPath><clipPath id="b"><rect width="50" height="100" clip-path="url(#a)"/><rect x="80" width="20" height="100"/></clipPath><rect width="100" height="100" fill="red" clip-path="url(#b)"/>"##)
        assertPixel(img, 25, 25, red)
        assertPixel(img, 25, 75, clear)
        assertPixel(img, 90, 75, red)
    }

    func testEmptyClipPathDrawsNothingAndAMissingOneIsIgnored() throws {
        let img = try picture(##"<clipPath id="e"/><rect width="50" height="100" fill="red" clip-path="url(#e)"/><rect x="50" width="50" height="100" fill="blue" clip-path="url(#missing)"/>"##)
        assertPixel(img, 25, 50, clear)
        assertPixel(img, 75, 50, blue)
    }

    func testAClipPathCycleIsDropped() throws {
        // b's clip-path leads back to a: ignored there, so the clip is a's rect clipped by b's.
        let img = try picture(##"<clipPath id="a" clip-path="url(#b)"><rect width="60" height="100"/></clipPath><clipPath id="b" clip-path="url(#a)"><rect x="40" width="60" height="100"/></clipPath><rect width="100" height="100" fill="red" clip-path="url(#a)"/>"##)
        assertPixel(img, 50, 50, red)
        assertPixel(img, 20, 50, clear)
        assertPixel(img, 80, 50, clear)
    }

    func testLuminanceMask() throws {
        let (img, warnings) = try render(##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><mask id="m" maskUnits="userSpaceOnUse" x="0" y="0" width="100" height="100"><rect width="50" height="100" fill="white"/><rect x="50" width="50" height="100" fill="black"/></mask><rect width="100" height="100" fill="red" mask="url(#m)"/></svg>"##)
        XCTAssertEqual(warnings, [])
        assertPixel(img, 25, 50, red)
        assertPixel(img, 75, 50, clear)
    }

    func testAlphaMaskAndMaskTypeInStyle() throws {
        // Black at half alpha: luminance 0, alpha 0.5.
        let img = try picture(##"<mask id="m" style="mask-type: alpha"><rect width="100" height="100" fill="black" fill-opacity="0.5"/></mask><rect width="100" height="100" fill="red" mask="url(#m)"/>"##)
        assertPixel(img, 50, 50, [255, 0, 0, 128], tolerance: 2)
    }

    func testMaskRegionInObjectBoundingBoxUnits() throws {
        // The region is the left half of the rect's box (20...50); the mask's white rect covers everything.
        let img = try picture(##"<mask id="m" x="0" y="0" width="50%" height="1"><rect width="100" height="100" fill="white"/></mask><rect x="20" y="20" width="60" height="60" fill="red" mask="url(#m)"/>"##)
        assertPixel(img, 30, 50, red)
        assertPixel(img, 70, 50, clear)
    }

    func testMaskContentUnitsObjectBoundingBox() throws {
        let img = try picture(##"<mask id="m" maskContentUnits="objectBoundingBox"><rect width="0.5" height="1" fill="white"/></mask><rect x="20" y="20" width="60" height="60" fill="red" mask="url(#m)"/>"##)
        assertPixel(img, 30, 50, red)
        assertPixel(img, 70, 50, clear)
    }

    func testMaskOnAMaskMultiplies() throws {
        let img = try picture(##"<mask id="a" maskUnits="userSpaceOnUse"><rect width="100" height="50" fill="white"/></mask><mask id="b" maskUnits="userSpaceOnUse" mask="url(#a)"><rect width="50" height="100" fill="white"/></mask><rect width="100" height="100" fill="red" mask="url(#b)"/>"##)
        assertPixel(img, 25, 25, red)
        assertPixel(img, 75, 25, clear)
        assertPixel(img, 25, 75, clear)
    }

    func testSelfReferencingMaskIsDroppedInside() throws {
        let img = try picture(##"<mask id="m"><rect width="100" height="100" fill="white" mask="url(#m)"/></mask><rect width="100" height="100" fill="red" mask="url(#m)"/>"##)
        assertPixel(img, 50, 50, red)
    }

    func testAMaskCycleDropsTheLinkThatLeadsBack() throws {
        // As resvg: a (first in the document) leads to b, whose mask leads back to a: b's link is
        // dropped, so the rect is masked by b alone (the top half).
        let img = try picture(##"<mask id="a" maskUnits="userSpaceOnUse" mask="url(#b)"><rect width="50" height="100" fill="white"/></mask><mask id="b" maskUnits="userSpaceOnUse" mask="url(#a)"><rect width="100" height="50" fill="white"/></mask><rect width="100" height="100" fill="red" mask="url(#b)"/>"##)
        assertPixel(img, 25, 25, red)
        assertPixel(img, 75, 25, red)
        assertPixel(img, 25, 75, clear)
    }

    func testMaskAndClipTogetherWithOpacity() throws {
        let img = try picture(##"<clipPath id="c"><rect width="50" height="100"/></clipPath><mask id="m" maskUnits="userSpaceOnUse"><rect width="100" height="50" fill="white"/></mask><g opacity="0.5" clip-path="url(#c)" mask="url(#m)"><rect width="100" height="100" fill="red"/></g>"##)
        assertPixel(img, 25, 25, [255, 0, 0, 128], tolerance: 2)
        assertPixel(img, 75, 25, clear)
        assertPixel(img, 25, 75, clear)
    }

    func testNestedSVGClipsToItsViewport() throws {
        let img = try picture(##"<svg x="10" y="10" width="40" height="40"><rect width="100" height="100" fill="red"/></svg><svg x="50" y="50" width="20" height="20" overflow="visible"><rect width="50" height="50" fill="blue"/></svg>"##)
        assertPixel(img, 30, 30, red)
        assertPixel(img, 5, 5, clear)
        assertPixel(img, 45, 45, red)
        assertPixel(img, 90, 90, blue)
    }

    func testSymbolClipsToTheUsesSize() throws {
        let img = try picture(##"<symbol id="s"><rect width="100" height="100" fill="red"/></symbol><use href="#s" x="10" y="10" width="30" height="30"/>"##)
        assertPixel(img, 20, 20, red)
        assertPixel(img, 60, 60, clear)
    }
}
