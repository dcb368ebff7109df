import Foundation
import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import TestFixtures
import XCTest

/// Odds and ends of the outermost svg and of paint servers (session 12's "svgmisc"): gzip'd
/// SVG (a document, an image), transform-origin on gradients and patterns, the root's
/// background-color and systemLanguage, a negative stroke-width, rgb() that mixes numbers
/// and percentages.
final class SVGMiscTests: SVGTestCase {
    private let half = ##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="10" fill="blue"/></svg>"##

    func testAGzippedDocumentReadsAsItsSVG() throws {
        let doc = try SVGDocument(bytes: GzipBuilder.stored(Array(half.utf8)))
        XCTAssertEqual(doc.width, 10)
        let image = try sceneRenderer.render(try doc.scene(), scale: 1)
        assertPixel(image, 2, 5, blue)
        assertPixel(image, 8, 5, clear)
    }

    func testADamagedGzipIsItsOwnError() {
        var bytes = GzipBuilder.stored(Array(half.utf8))
        bytes[bytes.count - 8] ^= 0xFF  // the CRC
        XCTAssertThrowsError(try SVGDocument(bytes: bytes)) { XCTAssertEqual($0 as? SVGError, .damagedGzip) }
        XCTAssertThrowsError(try SVGDocument(bytes: Array(GzipBuilder.stored(Array(half.utf8)).prefix(30)))) {
            XCTAssertEqual($0 as? SVGError, .damagedGzip, "cut short")
        }
    }

    func testAGzippedSVGImageIsDrawn() throws {
        let url = "data:image/svg+xml;base64," + Data(GzipBuilder.stored(Array(half.utf8))).base64EncodedString()
        let image = try picture(##"<image href="\##(url)" width="100" height="100"/>"##)
        assertPixel(image, 25, 50, blue)
        assertPixel(image, 75, 50, clear)
    }

    func testTransformOriginTurnsAGradientTransformAboutItsPoint() throws {
        // A hard step at x = 50 % of the box, scaled by 0.5 about the box's middle (user space
        // 50, the box being the whole picture): the step stays at 50, not at 25.
        let gradient = ##"""
            <linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" x2="100" gradientTransform="scale(0.5 1)" %@>
              <stop offset="0.5" stop-color="blue"/><stop offset="0.5" stop-color="red"/></linearGradient>
            <rect width="100" height="100" fill="url(#g)"/>
            """##
        let about = try picture(gradient.replacingOccurrences(of: "%@", with: ##"transform-origin="50 0""##))
        // Scaled about x = 50: user x maps to 50 + (x - 50) / 0.5 in the gradient, the step at 50.
        assertPixel(about, 45, 50, blue)
        assertPixel(about, 55, 50, red)
        let plain = try picture(gradient.replacingOccurrences(of: "%@", with: ""))
        assertPixel(plain, 20, 50, blue)
        assertPixel(plain, 30, 50, red, "without it the step is at 25")
    }

    func testTransformOriginOnAPattern() throws {
        // A 100 x 100 tile, blue on its left half, scaled 2x about the picture's centre: the
        // blue half covers x 0...100 from -50 (left of centre), so x 10 and x 40 are both blue.
        let body = ##"""
            <pattern id="p" patternUnits="userSpaceOnUse" width="100" height="100" patternTransform="scale(2)" %@>
              <rect width="50" height="100" fill="blue"/></pattern>
            <rect width="100" height="100" fill="url(#p)"/>
            """##
        let about = try picture(body.replacingOccurrences(of: "%@", with: ##"transform-origin="center""##))
        assertPixel(about, 40, 50, blue)
        assertPixel(about, 60, 50, clear)
        let plain = try picture(body.replacingOccurrences(of: "%@", with: ""))
        assertPixel(plain, 60, 50, blue, "scaled about 0: blue up to x 100")
    }

    func testTheRootsBackgroundColorFillsItsViewBox() throws {
        let (image, _) = try render(##"""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 50 50" style="background-color: blue">
              <rect x="10" y="10" width="10" height="10" fill="red"/></svg>
            """##)
        assertPixel(image, 50, 25, blue, "the viewBox, centred: x 25...75")
        assertPixel(image, 10, 25, clear)
        assertPixel(image, 40, 15, red, "the rect at (10, 10) in the viewBox: x 35...45")
    }

    func testARootOfAnotherLanguageDrawsNothing() throws {
        let (image, _) = try render(##"""
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" systemLanguage="ru-RU">
              <rect width="10" height="10"/></svg>
            """##)
        assertPixel(image, 5, 5, clear)
        let (english, _) = try render(##"""
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" systemLanguage="ru, en-GB">
              <rect width="10" height="10" fill="blue"/></svg>
            """##)
        assertPixel(english, 5, 5, blue)
    }

    func testANegativeStrokeWidthStrokesNothing() throws {
        let image = try picture(##"<rect x="20" y="20" width="60" height="60" fill="none" stroke="red" stroke-width="-20"/>"##)
        assertPixel(image, 20, 50, clear)
        assertPixel(image, 15, 50, clear)
    }

    func testRGBMixingNumbersAndPercentagesWithCommasIsNotAColour() throws {
        // Not a colour: the fill stays black (the initial value).
        let mixed = try picture(##"<rect width="100" height="100" fill="rgba(0, 50%, 0, 0.5)"/>"##)
        assertPixel(mixed, 50, 50, [0, 0, 0, 255])
        let percent = try picture(##"<rect width="100" height="100" fill="rgb(0%, 0%, 100%)"/>"##)
        assertPixel(percent, 50, 50, blue)
        let spaces = try picture(##"<rect width="100" height="100" fill="rgb(0 0 100%)"/>"##)
        assertPixel(spaces, 50, 50, blue, "the space syntax may mix them")
    }

    func testAURLFollowedByAnICCColourDropsTheValue() throws {
        let body = ##"""
            <linearGradient id="g"><stop offset="0" stop-color="blue"/><stop offset="1" stop-color="blue"/></linearGradient>
            <rect width="100" height="100" fill="url(#g) %@"/>
            """##
        let icc = try picture(body.replacingOccurrences(of: "%@", with: "green icc-color(acmecmyk, 0.11, 0.48, 0.83, 0.00)"))
        assertPixel(icc, 50, 50, [0, 0, 0, 255], "the value is dropped: the initial black")
        let fallback = try picture(body.replacingOccurrences(of: "%@", with: "green"))
        assertPixel(fallback, 50, 50, blue, "a plain colour fallback keeps the url")
    }

    func testAPatternInsideATileIsDrawnAtTheDevicesScale() throws {
        // An inner 2 x 2 checker (1-unit cells) inside an outer 10 x 10 tile, drawn at scale 4:
        // each inner cell 4 px, sharp (no blur from a tile drawn at the wrong resolution).
        let (image, _) = try render(##"""
            <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">
              <pattern id="inner" patternUnits="userSpaceOnUse" width="2" height="2">
                <rect width="1" height="1" fill="blue"/><rect x="1" y="1" width="1" height="1" fill="blue"/></pattern>
              <pattern id="outer" patternUnits="userSpaceOnUse" width="10" height="10">
                <rect width="10" height="10" fill="url(#inner)"/></pattern>
              <rect width="20" height="20" fill="url(#outer)"/></svg>
            """##, scale: 4)
        assertPixel(image, 2, 2, blue, tolerance: 8)
        assertPixel(image, 6, 2, clear, tolerance: 8)
        assertPixel(image, 5, 6, blue, tolerance: 8)
    }

    func testAUsesContextBoxIsEachLevelsBoxUnderItsTransform() throws {
        // A circle of radius 20 at (50, 50) turned 45 degrees: its box under the turn (usvg's
        // rule) is 50 +- 28.3, not the tight 50 +- 20; the gradient's step at a quarter of it
        // falls at x 35.9 (not 40, nor 38.6 for the control points turned).
        let image = try picture(##"""
            <linearGradient id="g"><stop offset="0.25" stop-color="blue"/><stop offset="0.25" stop-color="red"/></linearGradient>
            <defs><g id="shape"><circle cx="50" cy="50" r="20" transform="rotate(45 50 50)" fill="context-fill"/></g></defs>
            <use href="#shape" fill="url(#g)"/>
            """##)
        assertPixel(image, 33, 50, blue)
        assertPixel(image, 37, 50, red)
    }
}
