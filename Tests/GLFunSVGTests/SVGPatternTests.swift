import Foundation
import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import XCTest

/// `<pattern>`: the tile drawn through the canvas at the device scale and repeated; units,
/// viewBox, patternTransform, href inheritance, nested patterns, and cycles refused.
final class SVGPatternTests: SVGTestCase {
    /// A 20 x 20 tile, red in its top-left 10 x 10, over a 100 x 100 rect.
    private let checker = ##"""
        <pattern id="p" patternUnits="userSpaceOnUse" width="20" height="20">
          <rect width="10" height="10" fill="red"/>
        </pattern>
        """##

    func testUserSpaceTileRepeats() throws {
        for scale: Float in [1, 2] {
            let image = try picture(checker + ##"<rect width="100" height="100" fill="url(#p)"/>"##, scale: scale)
            func at(_ x: Int, _ y: Int) -> (Int, Int) { (Int(Float(x) * scale), Int(Float(y) * scale)) }
            for (x, y, c) in [(5, 5, red), (45, 65, red), (15, 5, clear), (5, 15, clear), (95, 95, clear), (85, 85, red)] {
                let (px, py) = at(x, y)
                assertPixel(image, px, py, c, tolerance: 2, "scale \(scale) at (\(x), \(y))")
            }
        }
        let (_, warnings) = try render(##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">"## + checker
                                       + ##"<rect width="10" height="10" fill="url(#p)"/></svg>"##)
        XCTAssertFalse(warnings.contains { $0.feature == .pattern })
    }

    func testObjectBoundingBoxUnitsContentUnitsAndViewBox() throws {
        // Tiles of a quarter of the box (50 x 50 at 0, 0 for a 100 x 100 rect); content in box units.
        let bbox = try picture(##"""
            <pattern id="p" width="0.5" height="0.5" patternContentUnits="objectBoundingBox">
              <rect width="0.25" height="0.25" fill="blue"/>
            </pattern>
            <rect width="100" height="100" fill="url(#p)"/>
            """##)
        assertPixel(bbox, 10, 10, blue)
        assertPixel(bbox, 60, 60, blue)
        assertPixel(bbox, 30, 10, clear)
        // viewBox 0 0 2 2 onto a 20 x 20 tile: a 1 x 1 rect is 10 x 10.
        let vb = try picture(##"""
            <pattern id="p" patternUnits="userSpaceOnUse" width="20" height="20" viewBox="0 0 2 2">
              <rect width="1" height="1" fill="red"/>
            </pattern>
            <rect width="100" height="100" fill="url(#p)"/>
            """##)
        assertPixel(vb, 25, 25, red)
        assertPixel(vb, 35, 25, clear)
    }

    func testPatternTransformXYAndHrefInheritance() throws {
        // The tile moved by x = 10 (attributes and children from the pattern it refers to).
        let image = try picture(##"""
            <pattern id="base" patternUnits="userSpaceOnUse" width="20" height="20">
              <rect width="10" height="10" fill="red"/>
            </pattern>
            <pattern id="p" href="#base" x="10"/>
            <pattern id="t" href="#base" patternTransform="translate(0 5)"/>
            <rect width="100" height="50" fill="url(#p)"/>
            <rect y="50" width="100" height="50" fill="url(#t)"/>
            """##)
        assertPixel(image, 15, 5, red)
        assertPixel(image, 5, 5, clear)
        assertPixel(image, 5, 52, red)
        assertPixel(image, 5, 58, clear)
    }

    func testNestedPatternsAndOpacity() throws {
        let image = try picture(##"""
            <pattern id="inner" patternUnits="userSpaceOnUse" width="4" height="4">
              <rect width="4" height="4" fill="blue"/>
            </pattern>
            <pattern id="outer" patternUnits="userSpaceOnUse" width="20" height="20">
              <rect width="10" height="10" fill="url(#inner)"/>
            </pattern>
            <rect width="100" height="100" fill="url(#outer)"/>
            <rect x="50" width="50" height="50" fill="url(#inner)" fill-opacity="0.5"/>
            """##)
        assertPixel(image, 5, 5, blue)
        assertPixel(image, 15, 5, clear)
        assertPixel(image, 75, 25, [0, 0, 255, 128], tolerance: 1)
    }

    func testEmptyOrZeroSizedTilesDrawNothing() throws {
        let image = try picture(##"""
            <pattern id="a" patternUnits="userSpaceOnUse" width="0" height="20"><rect width="10" height="10"/></pattern>
            <pattern id="b" patternUnits="userSpaceOnUse" width="20" height="20"/>
            <rect width="50" height="100" fill="url(#a)"/>
            <rect x="50" width="50" height="100" fill="url(#b)"/>
            """##)
        assertPixel(image, 25, 50, clear)
        assertPixel(image, 75, 50, clear)
    }

    func testCyclesAreRefused() {
        let selfFill = ##"""
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
            <pattern id="p" patternUnits="userSpaceOnUse" width="5" height="5"><rect width="5" height="5" fill="url(#p)"/></pattern>
            <rect width="10" height="10" fill="url(#p)"/></svg>
            """##
        let hrefLoop = ##"""
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
            <pattern id="a" href="#b" width="5" height="5"/><pattern id="b" href="#a"/>
            <rect width="10" height="10" fill="url(#a)"/></svg>
            """##
        for svg in [selfFill, hrefLoop] {
            guard case .referenceCycle = error(svg) else { return XCTFail("no cycle error: \(svg)") }
        }
    }

    func testAPatternInsideAClippedOrTranslucentGroupIsDrawn() throws {
        // The tile is drawn before the frame, also when the shape it paints is inside a layer.
        let defs = ##"<clipPath id="c"><rect x="5" y="5" width="90" height="90"/></clipPath><pattern id="p" width="20" height="20" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="red"/></pattern>"##
        for group in [##"<g clip-path="url(#c)">"##, ##"<g opacity="0.5">"##, ##"<g clip-path="url(#c)"><g opacity="0.5">"##] {
            let close = String(repeating: "</g>", count: group.components(separatedBy: "<g").count - 1)
            let img = try picture(defs + group + ##"<rect width="100" height="100" fill="url(#p)"/>"## + close)
            let tile = img[25, 25], gap = img[35, 35]
            XCTAssertEqual(tile.r, 255, group)
            XCTAssertGreaterThan(tile.a, 100, group)
            XCTAssertEqual(gap.a, 0, group)
        }
    }
}
