import Foundation
import GLFunGLES
@testable import GLFunImages
import GLFunKit
import GLFunSVG
import PixelAssertions
import TestFixtures
import XCTest

/// Font properties past family, size, weight and style: font-variation-settings and the axes
/// font-weight sets, COLRv0 colour glyphs (both with the fonts made at test time, TestFonts),
/// the `font` shorthand and font-kerning (DejaVu Sans).
final class SVGFontTests: SVGTestCase {
    private func dark(_ img: Image) -> Double { share(img) { $0[3] > 128 } }

    func testVariationSettingsAndWeightSetTheWeightAxis() throws {
        XCTAssertTrue(TextShaper.addFontFile(try TestFonts.make().variable))
        func text(_ attrs: String) throws -> Image {
            try picture(##"<text x="5" y="60" font-family="GLFun Test VF" font-size="40" "## + attrs + ">III</text>")
        }
        let thin = try text(#"style="font-variation-settings: 'wght' 100""#)
        let heavy = try text(#"style="font-variation-settings: 'wght' 900""#)
        XCTAssertGreaterThan(dark(heavy), dark(thin) * 2, "wght 900 has far more ink than wght 100")
        assertSameImage(try text(#"font-weight="900""#), heavy, tolerance: 1, "font-weight 900 sets the axis")
        assertSameImage(try text(#"font-weight="900" font-variation-settings="'wght' 100""#), thin, tolerance: 1,
                        "the settings win over font-weight")
    }

    func testFontShorthandSetsTheLonghandsAndResetsTheRest() throws {
        let long = try picture(##"<text x="5" y="60" font-family="DejaVu Sans" font-size="30" font-weight="bold">AVA</text>"##)
        let short = try picture(##"<g font-style="italic"><text x="5" y="60" style="font: bold 30px 'DejaVu Sans'">AVA</text></g>"##)
        assertSameImage(short, long, "bold 30px DejaVu Sans, and font-style back to normal")
        let attribute = try picture(##"<text x="5" y="60" font-family="DejaVu Sans" font-size="30" font="12px serif">AVA</text>"##)
        let plain = try picture(##"<text x="5" y="60" font-family="DejaVu Sans" font-size="30">AVA</text>"##)
        assertSameImage(attribute, plain, "the font attribute is ignored, as resvg does")
        let rule = try picture(##"<style>text { font: bold 30px 'DejaVu Sans' }</style><text x="5" y="60">AVA</text>"##)
        assertSameImage(rule, long, "a rule's shorthand over the attribute")
    }

    func testFontKerningNoneWidensKernedPairs() throws {
        func right(_ img: Image) -> Int { (0..<img.width).last { x in (0..<img.height).contains { rgba(img, x, $0)[3] > 128 } } ?? -1 }
        let kerned = try picture(##"<text x="5" y="60" font-family="DejaVu Sans" font-size="30">AVA</text>"##)
        let plain = try picture(##"<text x="5" y="60" font-family="DejaVu Sans" font-size="30" style="font-kerning: none">AVA</text>"##)
        let attribute = try picture(##"<text x="5" y="60" font-family="DejaVu Sans" font-size="30" font-kerning="none">AVA</text>"##)
        assertSameImage(attribute, kerned, "font-kerning as an attribute is ignored, as resvg does")
        let zero = try picture(##"<text x="5" y="60" font-family="DejaVu Sans" font-size="30" kerning="0">AVA</text>"##)
        XCTAssertGreaterThan(right(plain), right(kerned) + 1)
        assertSameImage(zero, plain, "kerning 0 is font-kerning none")
    }
}

extension SVGFontTests {
    func testPercentSpacingIsOfTheViewportDiagonal() throws {
        func right(_ img: Image) -> Int { (0..<img.width).last { x in (0..<img.height).contains { rgba(img, x, $0)[3] > 128 } } ?? -1 }
        // 100 x 100: the diagonal is 100, so 5% is 5 units per letter (not 5% of the font size).
        let percent = try picture(##"<text x="5" y="60" font-family="DejaVu Sans" font-size="20" letter-spacing="5%">iiii</text>"##)
        let units = try picture(##"<text x="5" y="60" font-family="DejaVu Sans" font-size="20" letter-spacing="5">iiii</text>"##)
        XCTAssertEqual(right(percent), right(units))
    }

    /// A COLRv0 font made at test time (TestFonts, so CI checks colour glyphs without resvg's
    /// suite): its "A" at 80 px from x 10 is a red square on [10, 50) and a blue one on [50, 90),
    /// 80 px tall up from the baseline at y 90, whatever the text's fill.
    func testAColourFontMadeHereDrawsItsPaletteColours() throws {
        XCTAssertTrue(TextShaper.addFontFile(try TestFonts.make().color))
        let img = try picture(##"<text x="10" y="90" font-family="GLFun Test COLR" font-size="80" fill="#008000">A</text>"##)
        XCTAssertEqual(rgba(img, 30, 50), red, "the first layer in palette colour 0")
        XCTAssertEqual(rgba(img, 70, 50), blue, "the second layer in palette colour 1")
        XCTAssertEqual(rgba(img, 95, 50)[3], 0, "nothing past the glyph")
    }

    /// "A" of colour font `family` at 80 px from x 10 on the baseline y 90, green and stroked
    /// black by the text: its picture of two halves, red on [10, 50) and blue on [50, 90), up to
    /// 80 px above the baseline, whatever the text's fill, and nothing past it.
    private func twoHalves(_ family: String, file: StaticString = #filePath, line: UInt = #line) throws -> Image {
        let img = try picture(##"<text x="10" y="90" font-family=""## + family
            + ##"" font-size="80" fill="#008000" stroke="black" stroke-width="4">A</text>"##)
        XCTAssertEqual(rgba(img, 30, 50), red, "the left half", file: file, line: line)
        XCTAssertEqual(rgba(img, 70, 50), blue, "the right half", file: file, line: line)
        XCTAssertEqual(rgba(img, 30, 15), red, "up to 80 px above the baseline", file: file, line: line)
        XCTAssertEqual(rgba(img, 95, 50)[3], 0, "nothing past it", file: file, line: line)
        return img
    }

    /// A bitmap colour font made at test time (sbix, as an emoji font's pictures): its "A" at
    /// 80 px from x 10 is its picture on [10, 90) x [10, 90) (20 pixels scaled 4 times, bicubic),
    /// red on the left, blue on the right, whatever the text's fill; no stroke goes round it.
    func testABitmapColourFontMadeHereDrawsItsPicture() throws {
        XCTAssertTrue(TextShaper.addFontFile(try TestFonts.makeBitmap()))
        let img = try twoHalves("GLFun Test Bitmap")
        XCTAssertEqual(rgba(img, 30, 6)[3], 0, "no stroke above it")
    }

    /// A bitmap glyph's picture is an image: it clips nothing in a clipPath (as usvg has it),
    /// and stands upright in vertical text.
    func testABitmapGlyphClipsNothingAndStandsInVerticalText() throws {
        XCTAssertTrue(TextShaper.addFontFile(try TestFonts.makeBitmap()))
        let clipped = try picture(##"<clipPath id="c"><text x="10" y="90" font-family="GLFun Test Bitmap" font-size="80">A</text></clipPath><rect width="100" height="100" fill="green" clip-path="url(#c)"/>"##)
        XCTAssertEqual(share(clipped) { $0[3] > 0 }, 0, "no clip from a picture")
        let vertical = try picture(##"<text x="50" y="10" writing-mode="tb" font-family="GLFun Test Bitmap" font-size="40">A</text>"##)
        XCTAssertGreaterThan(share(vertical) { $0 == red }, 0.02)
        XCTAssertGreaterThan(share(vertical) { $0 == blue }, 0.02)
    }

    /// An OT-SVG colour font made at test time (its "A" an SVG document's glyph, as Twitter Color
    /// Emoji's): drawn as SVG in the em above the baseline, red on [10, 50), blue on [50, 90),
    /// whatever the text's fill and stroke.
    func testAnSVGColourFontMadeHereDrawsItsGlyphsDocument() throws {
        XCTAssertTrue(TextShaper.addFontFile(try TestFonts.makeSVG()))
        let img = try twoHalves("GLFun Test SVG")
        XCTAssertEqual(rgba(img, 30, 6)[3], 0, "no stroke above it")
        XCTAssertEqual(rgba(img, 30, 95)[3], 0, "nothing under the baseline")
    }

    /// A COLRv1 font made at test time (its "A" a linear gradient from red at the left edge to
    /// blue at the right, its "F" glyph A with the text's own colour at half alpha over the left
    /// half): drawn as its paint graph, not stroked; the text's colour is the fill's.
    func testACOLRv1FontMadeHereDrawsItsPaintGraph() throws {
        XCTAssertTrue(TextShaper.addFontFile(try TestFonts.makeCOLRv1()))
        func glyph(_ letter: String) throws -> Image {
            try picture(##"<text x="10" y="90" font-family="GLFun Test COLRv1" font-size="80" fill="#008000" stroke="black" stroke-width="4">"##
                + letter + "</text>")
        }
        let a = try glyph("A")
        XCTAssertEqual(Double(rgba(a, 50, 50)[0]), 128, accuracy: 6, "half way from red to blue")
        XCTAssertEqual(Double(rgba(a, 50, 50)[2]), 127, accuracy: 6)
        XCTAssertEqual(rgba(a, 30, 6)[3], 0, "no stroke above it")
        let f = try glyph("F")
        for (got, want) in zip(rgba(f, 30, 50), [96, 64, 32, 255]) {
            XCTAssertEqual(Double(got), Double(want), accuracy: 6, "half the fill's green over A: \(rgba(f, 30, 50))")
        }
    }

    /// A page of SVG glyphs: every glyph drawn from its document, two rects each, in order
    /// (each glyph's drawer takes the context over and gives it back).
    func testEveryGlyphOfAPageIsDrawnFromItsDocument() throws {
        XCTAssertTrue(TextShaper.addFontFile(try TestFonts.makeSVG()))
        let line = String(repeating: "A", count: 100)
        let lines = (0..<40).map { ##"<text x="0" y="\##(10 + $0 * 2)" font-family="GLFun Test SVG" font-size="2">"## + line + "</text>" }
        let doc = try SVGDocument(bytes: Array((##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">"## + lines.joined() + "</svg>").utf8))
        let shapes = try doc.scene().shapes
        XCTAssertEqual(shapes.count, 8_000, "two rects a glyph")
        XCTAssertEqual(shapes.first?.color, Color(1, 0, 0, 1), "the red half first")
        XCTAssertEqual(shapes.last?.color, Color(0, 0, 1, 1), "the blue half last")
    }
}
