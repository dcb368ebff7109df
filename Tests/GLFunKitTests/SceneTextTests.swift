import Foundation
import GLFunGLES
@testable import GLFunImages
import GLFunKit
import PixelAssertions
import TestFixtures
import XCTest

/// The scene format's "text" objects: what they draw (the same as `TextRun` through a
/// `GraphicsContext`), both readers alike, and their errors by kind and key path.
final class SceneTextTests: RenderTestCase {
    private func scene(_ shapes: String) throws -> Scene { try SceneReaders.scene(shapes, size: 100) }
    private func error(_ shapes: String) -> SceneError? { SceneReaders.error(shapes, size: 100) }

    func testATextIsItsRunFilledAtTheAnchor() throws {
        let s = try scene(#"{"type": "text", "text": "Hi", "at": [50, 60], "font": {"family": "DejaVu Sans", "size": 40, "weight": 700}, "fill": "red", "align": "center"}"#)
        let run = try TextRun("Hi", font: FontDescription(family: "DejaVu Sans", size: 40, weight: 700), align: .center)
        var g = GraphicsContext()
        g.fill(run, at: Point(50, 60), paint: .solid(.red))
        XCTAssertEqual(s.shapes, g.shapes)
        let image = try renderAllWays(s)
        let red = share(image) { $0[0] > 200 && $0[1] < 60 }
        XCTAssertGreaterThan(red, 0.05)
        // Nothing below the baseline's descent, nothing above the top.
        for x in 0..<100 { assertPixel(image, x, 75, [255, 255, 255, 255]) }
    }

    func testDefaultsAndStroke() throws {
        let plain = try scene(#"{"type": "text", "text": "x", "at": [10, 50]}"#)
        XCTAssertEqual(plain.shapes.count, 1, "black fill by default")
        let both = try scene(#"{"type": "text", "text": "x", "at": [10, 50], "fill": "blue", "stroke": "black", "width": 2, "baseline": "middle", "maxWidth": 80, "font": {"style": "italic"}}"#)
        XCTAssertEqual(both.shapes.count, 2)
        let empty = try scene(#"{"type": "text", "text": " ", "at": [10, 50]}"#)
        XCTAssertEqual(empty.shapes.count, 0, "a space has no ink")
    }

    func testADirectionOrdersTheParagraph() throws {
        // "ab שלום" left to right: ab on the left; right to left: the Hebrew word on the left.
        let font = #""font": {"family": "DejaVu Sans", "size": 20}"#
        for (direction, first) in [("ltr", "ab"), ("rtl", "שלום"), ("auto", "ab")] {
            let s = try scene(#"{"type": "text", "text": "ab שלום", "at": [5, 50], "direction": "\#(direction)", \#(font)}"#)
            let run = try TextRun("ab שלום", font: FontDescription(family: "DejaVu Sans", size: 20),
                                  direction: TextDirection(rawValue: direction)!)
            var g = GraphicsContext()
            g.fill(run, at: Point(5, 50), paint: .solid(.black))
            XCTAssertEqual(s.shapes, g.shapes, direction)
            let leftmost = try XCTUnwrap(run.lines.first?.glyphs.first?.cluster)
            XCTAssertEqual(first == "ab" ? leftmost < 2 : leftmost >= 3, true, "\(direction): \(leftmost)")
        }
        let rtl = try scene(#"{"type": "text", "text": "ab שלום", "at": [5, 50], "direction": "rtl", \#(font)}"#)
        let ltr = try scene(#"{"type": "text", "text": "ab שלום", "at": [5, 50], \#(font)}"#)
        XCTAssertNotEqual(rtl.shapes, ltr.shapes)
    }

    func testATurnedGroupTurnsTheText() throws {
        let turned = try scene(#"{"type": "group", "transform": "rotate(90 50 50)", "children": [{"type": "text", "text": "T", "at": [50, 50], "font": {"size": 60}, "baseline": "middle", "align": "center"}]}"#)
        let image = try renderAllWays(turned)
        XCTAssertGreaterThan(share(image) { $0[0] < 100 }, 0.01)
        // Turned a quarter: the T's bar is upright, its stem across: wider than it is tall.
        let rows = (0..<100).filter { y in (0..<100).contains { rgba(image, $0, y)[0] < 100 } }.count
        let cols = (0..<100).filter { x in (0..<100).contains { rgba(image, x, $0)[0] < 100 } }.count
        XCTAssertGreaterThan(cols, rows)
        XCTAssertEqual(try Scene(json: turned.jsonData()), turned, "written back as paths")
    }

    func testBadValuesNameTheirKey() {
        let cases: [(String, String)] = [
            (#"{"type": "text", "at": [1, 2]}"#, "shapes[0].text"),
            (#"{"type": "text", "text": 5, "at": [1, 2]}"#, "shapes[0].text"),
            (#"{"type": "text", "text": "a"}"#, "shapes[0].at"),
            (#"{"type": "text", "text": "a", "at": [1]}"#, "shapes[0].at"),
            (#"{"type": "text", "text": "a", "at": [1, 2], "font": 3}"#, "shapes[0].font"),
            (#"{"type": "text", "text": "a", "at": [1, 2], "font": {"size": 0}}"#, "shapes[0].font.size"),
            (#"{"type": "text", "text": "a", "at": [1, 2], "font": {"size": 1001}}"#, "shapes[0].font.size"),
            (#"{"type": "text", "text": "a", "at": [1, 2], "font": {"weight": 1200}}"#, "shapes[0].font.weight"),
            (#"{"type": "text", "text": "a", "at": [1, 2], "font": {"style": "slanted"}}"#, "shapes[0].font.style"),
            (#"{"type": "text", "text": "a", "at": [1, 2], "font": {"family": ""}}"#, "shapes[0].font.family"),
            (#"{"type": "text", "text": "a", "at": [1, 2], "align": "middle"}"#, "shapes[0].align"),
            (#"{"type": "text", "text": "a", "at": [1, 2], "baseline": "hanging"}"#, "shapes[0].baseline"),
            (#"{"type": "text", "text": "a", "at": [1, 2], "maxWidth": -3}"#, "shapes[0].maxWidth"),
            (#"{"type": "text", "text": "a", "at": [1, 2], "direction": "rtl-ish"}"#, "shapes[0].direction"),
            (#"{"type": "text", "text": "a", "at": [1, 2], "direction": 1}"#, "shapes[0].direction"),
            (#"{"type": "text", "text": "a", "at": [1, 2], "fill": "nocolour"}"#, "shapes[0].fill"),
            (#"{"type": "text", "text": "a", "at": [1, 2], "color": "red"}"#, "shapes[0].color"),
            (#"{"type": "text", "text": "a", "at": [1, 2], "stroke": "red", "width": 0}"#, "shapes[0].width"),
            (#"{"type": "group", "children": [{"type": "text", "text": "a", "at": [1, 2], "font": {"weight": "bold"}}]}"#,
             "shapes[0].children[0].font.weight"),
        ]
        for (json, path) in cases {
            let e = error(json)
            XCTAssertEqual(e?.path, path, json)
            XCTAssertEqual(e?.kind, .invalidValue, json)
        }
    }

    /// A colour bitmap glyph (the sbix font made at test time: its "A" a 20 x 20 picture, red
    /// left, blue right) is its picture scaled to the size, in its own colours, at the fill's
    /// opacity; drawn again, the same shapes (its picture's pattern kept, so its texture is).
    func testABitmapColourGlyphIsItsPictureAtTheFillsOpacity() throws {
        XCTAssertTrue(TextShaper.addFontFile(try TestFonts.makeBitmap()))
        let s = try scene(##"{"type": "text", "text": "A", "at": [10, 90], "font": {"family": "GLFun Test Bitmap", "size": 80}, "fill": "#008000"}, {"type": "text", "text": "AA", "at": [0, 99], "font": {"family": "GLFun Test Bitmap", "size": 8}, "fill": "#00800080"}"##)
        XCTAssertEqual(s.shapes.count, 3, "one picture a glyph, no outline")
        XCTAssertEqual(s.shapes, try scene(##"{"type": "text", "text": "A", "at": [10, 90], "font": {"family": "GLFun Test Bitmap", "size": 80}, "fill": "#008000"}, {"type": "text", "text": "AA", "at": [0, 99], "font": {"family": "GLFun Test Bitmap", "size": 8}, "fill": "#00800080"}"##).shapes)
        XCTAssertTrue(s.shapes[0].pattern != nil)
        let image = try renderAllWays(s)
        assertPixel(image, 30, 50, [255, 0, 0, 255])
        assertPixel(image, 70, 50, [0, 0, 255, 255])
        assertPixel(image, 95, 50, [255, 255, 255, 255])
        assertPixel(image, 50, 95, [255, 255, 255, 255], "below the picture: nothing")
        XCTAssertEqual(share(image) { $0[1] > 100 && $0[0] < 100 && $0[2] < 100 }, 0, "no outline in the fill's green")
        // At half opacity over white: red (255, 128, 128) within a level.
        let half = rgba(image, 1, 95)
        XCTAssertEqual(half[0], 255)
        XCTAssertEqual(Double(half[1]), 127.5, accuracy: 1.5)
    }

    /// A COLRv0 glyph (the font made at test time: its "A" a red layer on the left half, a blue
    /// one on the right) is its layers in their palette colours, as SVG text draws it, not its
    /// outline in the fill's colour.
    func testAColourLayeredGlyphIsItsLayersInTheirColours() throws {
        XCTAssertTrue(TextShaper.addFontFile(try TestFonts.make().color))
        let s = try scene(##"{"type": "text", "text": "A", "at": [10, 90], "font": {"family": "GLFun Test COLR", "size": 80}, "fill": "#008000"}"##)
        XCTAssertEqual(s.shapes.count, 2, "two layers, no outline")
        let image = try renderAllWays(s)
        assertPixel(image, 30, 50, [255, 0, 0, 255])
        assertPixel(image, 70, 50, [0, 0, 255, 255])
        assertPixel(image, 95, 50, [255, 255, 255, 255])
        XCTAssertEqual(share(image) { $0[1] > 100 && $0[0] < 100 && $0[2] < 100 }, 0, "no outline in the fill's green")
    }
}

