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

    func testAnOutlineGlyphHasNoPicture() throws {
        let shaped = try TextShaper.shape("A", font: FontDescription(family: "DejaVu Sans", size: 40))
        let g = try XCTUnwrap(shaped.lines.first?.glyphs.first)
        XCTAssertNil(TextShaper.colorBitmap(of: g.glyph, in: g.face))
    }
}
