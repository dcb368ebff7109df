import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import XCTest

/// Text as a clip and as a paint target: a clipPath of text keeps only what lies in the
/// glyphs; a gradient in objectBoundingBox units spans the text's box; systemLanguage on a tspan.
final class SVGTextPaintTests: SVGTestCase {
    private let bar = ##"<text x="10" y="80" font-family="DejaVu Sans" font-size="80">I</text>"##

    /// The columns of row `y` whose pixel passes `keep`.
    private func cols(_ img: Image, _ y: Int, _ keep: ([Int]) -> Bool) -> [Int] {
        (0..<img.width).filter { keep(rgba(img, $0, y)) }
    }

    func testClipByTextLeavesPixelsOnlyInsideTheGlyphs() throws {
        let glyph = try picture(bar)
        let (img, warnings) = try render(##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><clipPath id="c">"##
            + bar + ##"</clipPath><rect width="100" height="100" fill="green" clip-path="url(#c)"/></svg>"##)
        XCTAssertEqual(warnings, [])
        let inside = cols(glyph, 50) { $0[3] == 255 }
        XCTAssertFalse(inside.isEmpty)
        for x in inside { assertPixel(img, x, 50, green, tolerance: 1) }
        assertPixel(img, 80, 50, clear)
        assertPixel(img, 50, 90, clear)
        XCTAssertEqual(cols(img, 50) { $0[3] > 0 }.count, cols(glyph, 50) { $0[3] > 0 }.count, "the glyph's own extent")
    }

    func testClipByTextWithATransformAndTspans() throws {
        let img = try picture(##"<clipPath id="c"><text font-family="DejaVu Sans" font-size="80" transform="translate(50 0)">"##
            + ##"<tspan x="0" y="80">I</tspan></text></clipPath><rect width="100" height="100" fill="green" clip-path="url(#c)"/>"##)
        let inked = cols(img, 50) { $0[3] == 255 }
        XCTAssertFalse(inked.isEmpty)
        XCTAssertTrue(inked.allSatisfy { $0 > 50 && $0 < 80 }, "moved by the text's transform: \(inked)")
    }

    func testGradientOnTextSpansTheTextsBox() throws {
        // Red at the box's left, blue at its right: the first inked column reddest, the last bluest.
        let img = try picture(##"<linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>"##
            + ##"<text x="5" y="70" font-family="DejaVu Sans" font-size="60" fill="url(#g)">HH</text>"##)
        let row = 40
        let inked = cols(img, row) { $0[3] == 255 }
        XCTAssertGreaterThan(inked.count, 10)
        let first = rgba(img, inked.first!, row), last = rgba(img, inked.last!, row)
        XCTAssertGreaterThan(first[0], 200, "red at the left: \(first)")
        XCTAssertGreaterThan(last[2], 200, "blue at the right: \(last)")
    }

    func testClipPathInObjectBoundingBoxUnitsOnText() throws {
        // The left half of the text's box: the first H kept, the second cut away.
        let img = try picture(##"<clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="0.5" height="1"/></clipPath>"##
            + ##"<text x="5" y="70" font-family="DejaVu Sans" font-size="40" fill="green" clip-path="url(#c)">HH</text>"##)
        let inked = cols(img, 55) { $0[3] > 0 }
        XCTAssertFalse(inked.isEmpty, "the text is drawn")
        XCTAssertLessThan(inked.last!, 36, "nothing past the box's middle: \(inked)")
    }

    func testSystemLanguageOnATspanDropsIt() throws {
        let img = try picture(##"<text x="10" y="60" font-family="DejaVu Sans" font-size="40"><tspan fill="green">I</tspan>"##
            + ##"<tspan x="10" fill="red" systemLanguage="ru-RU">I</tspan></text>"##)
        XCTAssertTrue(cols(img, 40) { $0 == red }.isEmpty, "the Russian tspan is not drawn")
        XCTAssertFalse(cols(img, 40) { $0 == green }.isEmpty)
    }

    func testEachSpansDecorationIsPaintedApart() throws {
        // Two tspans under one line-through: two bands, each filled and stroked in turn (usvg's
        // spans), so the second's stroke crosses the band where the first ends (5 + 2 l's: 38).
        let img = try picture(##"<text x="5" y="70" font-family="DejaVu Sans" font-size="60" fill="blue" stroke="yellow" stroke-width="0.5" text-decoration="line-through"><tspan>ll</tspan><tspan>ll</tspan></text>"##)
        // The band: the rows blue between the first two l's (x 34), well inside its stroke.
        let band = (0..<img.height).filter { let p = rgba(img, 34, $0); return p[2] > 150 && p[0] < 80 && p[3] == 255 }
        XCTAssertFalse(band.isEmpty, "a line-through at x 34")
        let mid = band[band.count / 2]
        XCTAssertTrue((36...40).contains { rgba(img, $0, mid)[0] > 100 }, "yellow across the band at the seam, row \(mid)")
    }
}
