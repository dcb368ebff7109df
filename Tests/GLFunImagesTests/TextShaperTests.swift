import GLFunImages
import XCTest

/// `TextShaper`: HarfBuzz's shaping (kerning, ligatures), right-to-left runs, fallback faces
/// per character, line breaking and glyph outlines, with the fonts installed here (DejaVu,
/// URW's Nimbus, Lohit Devanagari; scripts/setup installs fonts-dejavu-core and, for the tests,
/// fonts-lohit-deva).
final class TextShaperTests: XCTestCase {
    private let dejaVu = FontDescription(family: "DejaVu Sans", size: 100)

    private func shape(_ text: String, _ font: FontDescription? = nil, maxWidth: Float? = nil) throws -> ShapedText {
        try TextShaper.shape(text, font: font ?? dejaVu, maxWidth: maxWidth)
    }

    func testKerningPullsAVTogether() throws {
        let pair = try shape("AV").advance
        let apart = try shape("A").advance + shape("V").advance
        XCTAssertLessThan(pair, apart - 1, "DejaVu Sans kerns A and V")
        XCTAssertTrue(try shape("AV").usedFonts[0].hasSuffix("DejaVuSans.ttf"))
    }

    func testLigaturesTakeOneGlyph() throws {
        // DejaVu Sans's "liga" feature: f + f + l is one glyph, shorter than the three alone.
        let joined = try shape("ffl").lines[0]
        XCTAssertLessThan(joined.glyphs.count, 3)
        XCTAssertEqual(joined.glyphs.map(\.cluster).first, 0)
    }

    func testArabicRunsRightToLeft() throws {
        let line = try shape("مرحبا").lines[0]
        XCTAssertTrue(line.isRightToLeft)
        // Visual order: the first glyph on the left is the last character.
        let clusters = line.glyphs.map(\.cluster)
        XCTAssertEqual(clusters.first, 4)
        XCTAssertEqual(clusters.last, 0)
        XCTAssertEqual(clusters, clusters.sorted(by: >))
        // Joined forms: the initial meem is not the isolated one.
        let isolated = try shape("م").lines[0].glyphs[0].glyph
        XCTAssertNotEqual(line.glyphs.last?.glyph, isolated)
    }

    func testLatinThenArabicKeepsEachInItsOrder() throws {
        let line = try shape("ab שלום").lines[0]
        XCTAssertFalse(line.isRightToLeft, "the first strong character is Latin")
        let clusters = line.glyphs.map(\.cluster)
        XCTAssertEqual(Array(clusters.prefix(3)), [0, 1, 2])  // a, b, the space
        XCTAssertEqual(Array(clusters.suffix(4)), [6, 5, 4, 3])  // Hebrew, right to left
        let hebrewFirst = try shape("שלום ab").lines[0]
        XCTAssertTrue(hebrewFirst.isRightToLeft)
        XCTAssertEqual(Array(hebrewFirst.glyphs.map(\.cluster).prefix(2)), [5, 6], "ab on the left, in its order")
    }

    func testAParagraphsDirectionMayBeGiven() throws {
        // Left to right (as SVG lays text out): the Hebrew word reversed on the left, then the
        // space, a and b, and a full stop after Hebrew at the right end, not beside the word.
        let ltr = try TextShaper.shape("שלום ab", font: dejaVu, direction: .leftToRight).lines[0]
        XCTAssertFalse(ltr.isRightToLeft)
        XCTAssertEqual(ltr.glyphs.map(\.cluster), [3, 2, 1, 0, 4, 5, 6])
        let stop = try TextShaper.shape("ab שלום.", font: dejaVu, direction: .leftToRight).lines[0]
        XCTAssertEqual(stop.glyphs.last?.cluster, 7, "the stop at the paragraph's end")
        XCTAssertEqual(stop.glyphs.last?.glyph, try shape("a.").lines[0].glyphs.last?.glyph)
        // Right to left: Latin stays in its own order, on the left of the space.
        let rtl = try TextShaper.shape("ab", font: dejaVu, direction: .rightToLeft).lines[0]
        XCTAssertTrue(rtl.isRightToLeft)
        XCTAssertEqual(rtl.glyphs.map(\.cluster), [0, 1])
        XCTAssertTrue(try shape("שלום ab").lines[0].isRightToLeft, "auto: the first strong character's")
    }

    /// Devanagari (Lohit Devanagari, which scripts/setup installs for the tests, found by
    /// fallback from DejaVu Sans): ka, virama and ssa make one conjunct glyph, and the i sign
    /// (ि) is drawn before the consonant it follows in the text.
    func testDevanagariJoinsConjunctsAndPutsTheISignFirst() throws {
        let conjunct = try shape("\u{0915}\u{094D}\u{0937}").lines[0].glyphs
        XCTAssertTrue(conjunct.first?.face.path.contains("Lohit") == true, conjunct.first?.face.path ?? "no glyph")
        XCTAssertEqual(conjunct.count, 1, "क्ष is one glyph")
        XCTAssertFalse(conjunct.contains { $0.glyph == 0 }, "no notdef")
        let ka = try shape("\u{0915}").lines[0].glyphs[0].glyph
        let ki = try shape("\u{0915}\u{093F}").lines[0].glyphs
        XCTAssertEqual(ki.count, 2)
        XCTAssertNotEqual(ki[0].glyph, ka, "the i sign comes first")
        XCTAssertEqual(ki[1].glyph, ka)
        XCTAssertLessThan(ki[0].x, ki[1].x)
    }

    func testACharacterTheFontLacksComesFromAnotherFace() throws {
        // URW's Nimbus Sans has no Arabic: the alef comes from a face that has it.
        let nimbus = FontDescription(family: "Nimbus Sans", size: 40)
        let shaped = try shape("Aا", nimbus)
        XCTAssertEqual(shaped.usedFonts.count, 2, "\(shaped.usedFonts)")
        XCTAssertTrue(shaped.usedFonts[0].contains("NimbusSans"), shaped.usedFonts[0])
        let faces = shaped.lines[0].glyphs.map(\.face.path)
        XCTAssertEqual(Set(faces).count, 2)
        XCTAssertFalse(shaped.lines[0].glyphs.contains { $0.glyph == 0 }, "no notdef")
    }

    func testWeightAndStylePickTheFace() throws {
        let bold = try shape("a", FontDescription(family: "DejaVu Sans", size: 10, weight: 700))
        XCTAssertTrue(bold.usedFonts[0].hasSuffix("DejaVuSans-Bold.ttf"), bold.usedFonts[0])
        let oblique = try shape("a", FontDescription(family: "DejaVu Sans", size: 10, style: .italic))
        XCTAssertTrue(oblique.usedFonts[0].hasSuffix("DejaVuSans-Oblique.ttf"), oblique.usedFonts[0])
    }

    func testLinesBreakAtSpacesToFitTheWidth() throws {
        let one = try shape("aaa bbb ccc")
        XCTAssertEqual(one.lines.count, 1)
        let broken = try shape("aaa bbb ccc", maxWidth: try shape("aaa bbb").advance + 1)
        XCTAssertEqual(broken.lines.map(\.text), ["aaa bbb", "ccc"])
        XCTAssertEqual(try shape("a\nb", maxWidth: 1000).lines.map(\.text), ["a", "b"])
        XCTAssertEqual(try shape("aaaaaaaa b", maxWidth: 1).lines.map(\.text), ["aaaaaaaa", "b"], "a long word keeps its own line")
    }

    /// A hyphen or en dash between letters is a place to break (kept at the line's end), and
    /// so is either side of an em dash; not a hyphen before a digit or one that starts a word.
    func testLinesBreakAfterHyphensAndAtDashes() throws {
        let narrow = try shape("well-", maxWidth: nil).advance + 1
        XCTAssertEqual(try shape("well-known", maxWidth: narrow).lines.map(\.text), ["well-", "known"])
        XCTAssertEqual(try shape("well\u{2013}known", maxWidth: narrow).lines.map(\.text), ["well\u{2013}", "known"])
        XCTAssertEqual(try shape("well-known", maxWidth: 10_000).lines.map(\.text), ["well-known"], "it fits: one line")
        XCTAssertEqual(try shape("x-5 -x", maxWidth: 1).lines.map(\.text), ["x-5", "-x"], "no break before a digit, nor after a leading hyphen")
        XCTAssertEqual(try shape("a\u{2014}b", maxWidth: 1).lines.map(\.text), ["a", "\u{2014}", "b"])
        XCTAssertEqual(try shape("a\u{2014}\u{2014}b", maxWidth: 1).lines.map(\.text), ["a", "\u{2014}\u{2014}", "b"])
    }

    /// Chinese and Japanese run on without spaces: a paragraph wider than the width breaks
    /// between their characters (and between them and Latin words), never before closing
    /// punctuation, a small kana or the prolonged sound mark, nor after an opening bracket;
    /// nothing is dropped (Motoya L Cedar, fonts-motoya-l-cedar; Latin from fallback).
    func testCJKTextBreaksBetweenItsCharacters() throws {
        let font = FontDescription(family: "MotoyaLCedar", size: 20)
        let text = "日本語の文章は「空白」なしで続きます。ちょっとしたテストです。GLFun描画"
        XCTAssertEqual(try shape(text, font).lines.count, 1)
        let broken = try shape(text, font, maxWidth: 100)
        XCTAssertGreaterThan(broken.lines.count, 5)
        XCTAssertEqual(broken.lines.map(\.text).joined(), text, "nothing dropped")
        for line in broken.lines {
            XCTAssertLessThanOrEqual(line.advance, 100.01, line.text)
            XCTAssertFalse("。」ょっー".contains(line.text.first!), "no line starts with \(line.text.first!)")
            XCTAssertFalse(line.text.hasSuffix("「"), "no line ends with an opening bracket")
        }
        XCTAssertTrue(broken.lines.contains { $0.text.contains("GLFun") }, "a Latin word kept whole")
        // Spaces between words still break there, and are dropped.
        let spaced = try shape("日本語 文章", font, maxWidth: 70)
        XCTAssertEqual(spaced.lines.map(\.text), ["日本語", "文章"])
    }

    func testMetricsScaleWithTheSize() throws {
        let big = try shape("Hello"), small = try shape("Hello", FontDescription(family: "DejaVu Sans", size: 10))
        XCTAssertEqual(big.advance, small.advance * 10, accuracy: 0.01)
        XCTAssertEqual(big.ascent, small.ascent * 10, accuracy: 0.01)
        XCTAssertGreaterThan(big.ascent, 70)
        XCTAssertGreaterThan(big.descent, 15)
    }

    func testOutlinesAreClosedContoursInFontUnits() throws {
        let glyph = try shape("O").lines[0].glyphs[0]
        let outline = try TextShaper.outline(of: glyph.glyph, in: glyph.face)
        let moves = outline.segments.filter { if case .move = $0 { return true } else { return false } }.count
        let closes = outline.segments.filter { $0 == .close }.count
        XCTAssertEqual(moves, 2, "an O is two contours")
        XCTAssertEqual(closes, 2)
        XCTAssertEqual(glyph.face.unitsPerEm, 2048)
        let space = try shape(" ").lines[0].glyphs[0]
        XCTAssertEqual(try TextShaper.outline(of: space.glyph, in: space.face).segments, [])
    }

    func testBadSizesAndWeightsAreRefused() {
        XCTAssertThrowsError(try shape("a", FontDescription(size: 0))) {
            guard case .badTextSize = $0 as? FontError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try shape("a", FontDescription(size: .nan)))
        XCTAssertThrowsError(try shape("a", FontDescription(weight: 0))) {
            guard case .font = $0 as? FontError else { return XCTFail("\($0)") }
        }
    }
}
