import Foundation
@testable import GLFunImages
import TestFixtures
import XCTest

/// Variable fonts (`FontDescription.variations`, weight, stretch, style and size setting their
/// axes) and OpenType features, with the variable font made at test time (TestFonts: wght, wdth,
/// slnt and opsz axes; its "I" widens with wght and narrows with wdth) and, for features,
/// DejaVu Sans.
final class TextShaperVariationTests: XCTestCase {
    private func testVF(_ size: Float = 40, weight: Int = 400, variations: [FontVariation] = [],
                        stretch: Float = 100, style: FontStyle = .normal) throws -> FontDescription {
        XCTAssertTrue(TextShaper.addFontFile(try TestFonts.make().variable))
        return FontDescription(family: "GLFun Test VF", size: size, weight: weight, style: style, stretch: stretch,
                               variations: variations)
    }

    private func v(_ tag: String, _ value: Float) -> FontVariation { FontVariation(tag: tag, value: value)! }

    func testWeightAxisWidensTheText() throws {
        let thin = try TextShaper.shape("I", font: testVF(variations: [v("wght", 100)]))
        let bold = try TextShaper.shape("I", font: testVF(variations: [v("wght", 700)]))
        XCTAssertGreaterThan(bold.advance, thin.advance + 1, "wght 700 is wider than wght 100")
        let glyphThin = thin.lines[0].glyphs[0], glyphBold = bold.lines[0].glyphs[0]
        XCTAssertEqual(glyphThin.glyph, glyphBold.glyph)
        XCTAssertEqual(glyphBold.face.variations, [v("opsz", 40), v("wght", 700)], "opsz from the size")
        XCTAssertNotEqual(try TextShaper.outline(of: glyphThin.glyph, in: glyphThin.face),
                          try TextShaper.outline(of: glyphBold.glyph, in: glyphBold.face), "the outlines vary too")
    }

    func testFontWeightSetsTheAxisUnlessExplicit() throws {
        let byWeight = try TextShaper.shape("I", font: testVF(weight: 700))
        let byAxis = try TextShaper.shape("I", font: testVF(variations: [v("wght", 700)]))
        XCTAssertEqual(byWeight.advance, byAxis.advance, accuracy: 0.01)
        let overridden = try TextShaper.shape("I", font: testVF(weight: 700, variations: [v("wght", 100)]))
        let thin = try TextShaper.shape("I", font: testVF(variations: [v("wght", 100)]))
        XCTAssertEqual(overridden.advance, thin.advance, accuracy: 0.01, "font-variation-settings wins over font-weight")
    }

    func testStretchStyleAndSizeSetTheirAxes() throws {
        let face = try TextShaper.shape("I", font: testVF(stretch: 75, style: .oblique)).lines[0].glyphs[0].face
        let tags = Dictionary(uniqueKeysWithValues: face.variations.map { ($0.tag, $0.value) })
        XCTAssertEqual(tags["wdth"], 75)
        XCTAssertEqual(tags["slnt"], -12)
        XCTAssertEqual(tags["opsz"], 40, "optical size follows the font size")
        XCTAssertEqual(tags["wght"], 400)
        let narrow = try TextShaper.shape("IIIII", font: testVF(stretch: 75)).advance
        XCTAssertLessThan(narrow, try TextShaper.shape("IIIII", font: testVF()).advance - 1)
    }

    func testAFaceWithoutAxesIsUnchanged() throws {
        let font = FontDescription(family: "DejaVu Sans", size: 40, variations: [v("wght", 900)])
        let glyph = try TextShaper.shape("A", font: font).lines[0].glyphs[0]
        XCTAssertEqual(glyph.face.variations, [])
        XCTAssertNil(FontVariation(tag: "wghtx", value: 1))
        XCTAssertNil(FontVariation(tag: "wght", value: .nan))
    }

    func testKerningCanBeTurnedOff() throws {
        let kerned = try TextShaper.shape("AVA", font: FontDescription(family: "DejaVu Sans", size: 100)).advance
        let plain = try TextShaper.shape("AVA", font: FontDescription(family: "DejaVu Sans", size: 100, features: ["-kern"]))
        XCTAssertGreaterThan(plain.advance, kerned + 1)
    }

    /// A variable font made at test time (TestFonts, so CI checks the axes without resvg's
    /// suite): wght 900 moves the "I"'s right side and its advance 400 units on (at 40 px, 16 px),
    /// font-weight sets the axis, and the outline follows it.
    func testAVariableFontMadeHereFollowsItsWeightAxis() throws {
        XCTAssertTrue(TextShaper.addFontFile(try TestFonts.make().variable))
        func shaped(_ weight: Int) throws -> ShapedText {
            try TextShaper.shape("I", font: FontDescription(family: "GLFun Test VF", size: 40, weight: weight))
        }
        let regular = try shaped(400), heavy = try shaped(900)
        let face = heavy.lines[0].glyphs[0].face
        XCTAssertTrue(face.path.hasSuffix("GLFunTestVF.ttf"), "fontconfig gave \(face.path)")
        XCTAssertEqual(face.variations.first { $0.tag == "wght" }?.value, 900)
        XCTAssertEqual(regular.advance, 8, accuracy: 0.01, "200 units at 40 px")
        XCTAssertEqual(heavy.advance, 24, accuracy: 0.01, "600 units at wght 900")
        let xs = try TextShaper.outline(of: heavy.lines[0].glyphs[0].glyph, in: face).segments.compactMap { s -> Float? in
            switch s {
            case let .move(x, _), let .line(x, _): return x
            default: return nil
            }
        }
        XCTAssertEqual((xs.max() ?? 0) - (xs.min() ?? 0), 500, accuracy: 0.5, "the bar is 500 units wide (font units)")
    }
}
