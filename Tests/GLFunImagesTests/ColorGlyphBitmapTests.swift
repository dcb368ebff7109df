import Foundation
@testable import GLFunImages
import TestFixtures
import XCTest

/// Colour bitmap glyphs (`TextShaper.colorBitmap`: CBDT and sbix, an emoji font's pictures),
/// with the sbix font made at test time (TestFonts: its "A" a 20 x 20 picture at 20 pixels an
/// em, red left half, blue right half, its bottom-left corner on the glyph's origin).
final class ColorGlyphBitmapTests: XCTestCase {
    func testABitmapGlyphIsItsPictureInFontUnits() throws {
        XCTAssertTrue(TextShaper.addFontFile(try TestFonts.makeBitmap()))
        let shaped = try TextShaper.shape("A", font: FontDescription(family: "GLFun Test Bitmap", size: 40))
        let g = try XCTUnwrap(shaped.lines.first?.glyphs.first)
        XCTAssertTrue(g.face.path.hasSuffix("GLFunTestBitmap.ttf"))
        let b = try XCTUnwrap(TextShaper.colorBitmap(of: g.glyph, in: g.face))
        XCTAssertEqual(b.width, 20)
        XCTAssertEqual(b.height, 20)
        XCTAssertEqual(b.unitsPerPixel, 50, "1000 units an em over 20 pixels an em")
        XCTAssertEqual(b.left, 0)
        XCTAssertEqual(b.top, 1000, "its 20 rows above the baseline")
        XCTAssertEqual(Array(b.rgba[0..<4]), [255, 0, 0, 255], "top-left: red")
        XCTAssertEqual(Array(b.rgba[4 * (19 * 20 + 15)..<4 * (19 * 20 + 16)]), [0, 0, 255, 255], "bottom row, x 15: blue")
        XCTAssertFalse(try TextShaper.outline(of: g.glyph, in: g.face).segments.isEmpty, "an outline too (drawn instead by nothing)")
    }

    /// In a CFF font, an sbix picture's origin is its glyph outline box's lower left (Apple's
    /// sbix, as usvg places it; FreeType's CFF driver does not): 200 units lower here.
    func testACFFSbixPictureSitsOnItsOutlinesBox() throws {
        XCTAssertTrue(TextShaper.addFontFile(try TestFonts.makeBitmapCFF()))
        let shaped = try TextShaper.shape("A", font: FontDescription(family: "GLFun Test Bitmap CFF", size: 40))
        let g = try XCTUnwrap(shaped.lines.first?.glyphs.first)
        XCTAssertTrue(g.face.path.hasSuffix("GLFunTestBitmapCFF.otf"), g.face.path)
        let b = try XCTUnwrap(TextShaper.colorBitmap(of: g.glyph, in: g.face))
        XCTAssertEqual(b.left, 0)
        XCTAssertEqual(b.top, 800, "the picture's 1000 units up from the outline's bottom, 200 below the baseline")
    }

    func testAnOutlineGlyphHasNoPicture() throws {
        let shaped = try TextShaper.shape("A", font: FontDescription(family: "DejaVu Sans", size: 40))
        let g = try XCTUnwrap(shaped.lines.first?.glyphs.first)
        XCTAssertNil(TextShaper.colorBitmap(of: g.glyph, in: g.face))
    }

    /// An emoji (Emoji_Presentation, or any emoji before U+FE0F) is drawn from a colour font
    /// where one has it, as browsers draw it, even when the text's font has a black glyph for
    /// it (DejaVu Sans has 😀); U+FE0E asks for the text glyph, and a character that is text by
    /// default (☺) stays in the text's font.
    func testAnEmojiComesFromAColourFont() throws {
        XCTAssertTrue(TextShaper.addFontFile(try TestFonts.makeBitmap()))
        let font = FontDescription(family: "DejaVu Sans", size: 40)
        func face(_ text: String) throws -> ShapedGlyph {
            try XCTUnwrap(TextShaper.shape(text, font: font).lines.first?.glyphs.first)
        }
        let emoji = try face("\u{1F600}")
        XCTAssertNotNil(TextShaper.colorBitmap(of: emoji.glyph, in: emoji.face), "a colour font's picture: \(emoji.face.path)")
        // "1" before U+FE0F asks for the emoji: the selector stays in the colour font's item.
        let keycap = try TextShaper.shape("1\u{FE0F}", font: font).lines[0].glyphs
        XCTAssertEqual(Set(keycap.map(\.face)).count, 1, "one face: \(keycap.map(\.face.path))")
        XCTAssertNotNil(TextShaper.colorBitmap(of: keycap[0].glyph, in: keycap[0].face))
        for text in ["\u{1F600}\u{FE0E}", "\u{263A}", "1"] {
            let g = try face(text)
            XCTAssertTrue(g.face.path.contains("DejaVu"), "\(text.unicodeScalars.map { $0.value }): \(g.face.path)")
            XCTAssertNil(TextShaper.colorBitmap(of: g.glyph, in: g.face))
        }
    }
}

