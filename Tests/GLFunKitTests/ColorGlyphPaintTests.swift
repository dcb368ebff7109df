import Foundation
@testable import GLFunImages
import GLFunKit
import PixelAssertions
import TestFixtures
import XCTest

/// COLRv1 colour glyphs (the font made at test time, "GLFun Test COLRv1": TestFonts): the
/// graph read from the font's COLR table, and each paint drawn in scene text on the canvas. A
/// glyph drawn at 80 px from x 10 on the baseline y 90 covers [10, 90) x [10, 90); a point of
/// the em (u, v) in font units, y up, lies at (10 + u / 12.5, 90 - v / 12.5).
final class ColorGlyphPaintTests: RenderTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(TextShaper.addFontFile(try TestFonts.makeCOLRv1()))
    }

    private let font = FontDescription(family: "GLFun Test COLRv1", size: 80)

    private func graph(_ letter: String) throws -> ColorGlyphPaint? {
        let g = try XCTUnwrap(TextRun(letter, font: font).lines.first?.glyphs.first)
        XCTAssertEqual(g.face.path.hasSuffix("GLFunTestCOLRv1.ttf"), true)
        return TextShaper.colorPaint(of: g.glyph, in: g.face)
    }

    private func picture(_ letter: String) throws -> Image {
        let s = try SceneReaders.scene(##"{"type": "text", "text": ""## + letter
            + ##"", "at": [10, 90], "font": {"family": "GLFun Test COLRv1", "size": 80}, "fill": "#008000"}"##, size: 100)
        return try render(s)
    }

    func testTheGraphIsReadWholeFromTheTable() throws {
        guard case let .glyph(_, .linear(p0, p1, p2, line))? = try graph("A") else { return XCTFail("A: a glyph of a linear gradient") }
        XCTAssertEqual([p0, p1, p2], [SIMD2(0, 0), SIMD2(1000, 0), SIMD2(0, 1000)])
        XCTAssertEqual(line.stops.map(\.offset), [0, 1])
        XCTAssertEqual(line.stops.first?.color, ColorGlyphColor(rgba: SIMD4(1, 0, 0, 1), alpha: 1))
        guard case let .transform(m, .glyph)? = try graph("B") else { return XCTFail("B: a translated glyph") }
        XCTAssertEqual(m, ColorGlyphAffine(xx: 1, yx: 0, xy: 0, yy: 1, dx: 500, dy: 0))
        guard case let .composite(_, mode, _)? = try graph("C") else { return XCTFail("C: a composite") }
        XCTAssertEqual(mode, .srcIn)
        guard case let .glyph(_, .sweep(center, start, end, _))? = try graph("E") else { return XCTFail("E: a sweep") }
        XCTAssertEqual(center, SIMD2(500, 500))
        XCTAssertEqual(start, 0, accuracy: 0.05, "sweep angles are biased by one half turn")
        XCTAssertEqual(end, 360, accuracy: 0.05)
        guard case let .layers(layers)? = try graph("F"), layers.count == 2,
              case .glyph(_, .linear) = layers[0], case let .glyph(_, .solid(own)) = layers[1] else {
            return XCTFail("F: glyph A read in its place, then the text's colour")
        }
        XCTAssertEqual(own, ColorGlyphColor(rgba: nil, alpha: 0.5))
        XCTAssertTrue(try XCTUnwrap(graph("F")).usesForeground)
        XCTAssertNil(try graph("G"), "a glyph that names itself has no graph")
    }

    func testGradientsTransformsAndCompositesAreDrawn() throws {
        let a = try picture("A")
        assertPixel(a, 10, 50, [255, 0, 0, 255], tolerance: 6, "linear: red at the left edge")
        assertPixel(a, 50, 50, [128, 0, 127, 255], tolerance: 6, "half way")
        assertPixel(a, 89, 30, [0, 0, 255, 255], tolerance: 6, "blue at the right, the same up the glyph")
        XCTAssertEqual(share(a) { $0[1] > 100 && $0[0] < 100 && $0[2] < 100 }, 0, "no outline in the fill's green")

        let b = try picture("B")
        assertPixel(b, 30, 50, [255, 255, 255, 255], tolerance: 0, "the left half moved away")
        assertPixel(b, 70, 50, [0, 128, 0, 255], tolerance: 1, "to the right half, palette green")

        let c = try picture("C")
        assertPixel(c, 70, 30, [0, 0, 255, 255], tolerance: 1, "src-in: the source where both are")
        for (x, y) in [(30, 30), (30, 70), (70, 70)] {
            assertPixel(c, x, y, [255, 255, 255, 255], tolerance: 0, "nothing where either is missing (\(x), \(y))")
        }

        let d = try picture("D")
        assertPixel(d, 50, 50, [255, 0, 0, 255], tolerance: 8, "radial: red at the centre")
        let edge = rgba(d, 50, 12)
        XCTAssertTrue(edge[0] < 40 && edge[2] > 215, "blue near the end circle: \(edge)")

        let e = try picture("E")
        let above = rgba(e, 74, 46), below = rgba(e, 74, 54), left = rgba(e, 26, 50)
        XCTAssertTrue(above[0] > 240 && above[2] < 15, "sweep: red just past 0 degrees, counter-clockwise: \(above)")
        XCTAssertTrue(below[0] < 15 && below[2] > 240, "blue just before 360: \(below)")
        assertPixel(e, 26, 50, [128, 0, 127, 255], tolerance: 6, "half way round: \(left)")
    }

    /// F paints glyph A, then its left half in the text's own colour at half alpha: drawn with
    /// the fill of each scene (the colour is not kept with the shapes). G's graph is a cycle:
    /// its outline stands, in the fill.
    func testTheTextsOwnColourAndACycle() throws {
        let f = try picture("F")
        // At u = 250: A is red 0.75, blue 0.25; half green over it.
        assertPixel(f, 30, 50, [96, 64, 32, 255], tolerance: 6, "half the fill's green over A")
        assertPixel(f, 70, 50, [64, 0, 191, 255], tolerance: 6, "A alone on the right")
        let blue = try SceneReaders.scene(##"{"type": "text", "text": "F", "at": [10, 90], "font": {"family": "GLFun Test COLRv1", "size": 80}, "fill": "#0000ff"}"##, size: 100)
        assertPixel(try render(blue), 30, 50, [96, 0, 160, 255], tolerance: 6, "half the fill's blue over A")
        assertPixel(try picture("G"), 50, 50, [0, 128, 0, 255], tolerance: 1, "a cycle: the outline in the fill")
    }

    /// The table read with bytes changed at random: never a crash, never past the table, and
    /// every graph within the bounds (tables read, nesting).
    func testACorruptTableIsReadSafely() throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: try TestFonts.makeCOLRv1())))
        let table = try XCTUnwrap(Self.table("COLR", in: bytes))
        var rng = SystemRandomNumberGenerator()
        var read = 0
        for _ in 0..<3000 {
            var t = table
            for _ in 0..<Int.random(in: 1...4, using: &rng) { t[Int.random(in: 0..<t.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
            t.withUnsafeBytes { raw in
                for glyph in UInt32(0)..<14 {
                    var reader = ColorGlyphPaintReader(table: raw, palette: [SIMD4(1, 0, 0, 1)])
                    if reader.root(glyph) != nil { read += 1 }
                    XCTAssertGreaterThanOrEqual(reader.budget, 0)
                }
            }
        }
        XCTAssertGreaterThan(read, 0, "most changes leave some glyphs readable")
    }

    /// The bytes of table `tag` of an sfnt.
    static func table(_ tag: String, in font: [UInt8]) -> [UInt8]? {
        func u16(_ i: Int) -> Int { Int(font[i]) << 8 | Int(font[i + 1]) }
        func u32(_ i: Int) -> Int { u16(i) << 16 | u16(i + 2) }
        for r in 0..<u16(4) {
            let at = 12 + 16 * r
            if String(decoding: font[at..<at + 4], as: UTF8.self) == tag {
                return Array(font[u32(at + 8)..<u32(at + 8) + u32(at + 12)])
            }
        }
        return nil
    }
}
