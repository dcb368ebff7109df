import GLFunGLES
import GLFunImages
@testable import GLFunKit
import PixelAssertions
import XCTest

/// `TextRunShapes`: a placed run's path shape (and so its coverage mesh) kept across frames,
/// made again when the run, the transform or the fill/stroke changes, and bounded.
final class TextRunCacheTests: RenderTestCase {
    private let font = FontDescription(family: "DejaVu Sans", size: 14)

    private func frame(_ text: String = "Kept text, drawn again", paint: Paint = .solid(.black),
                       transform: Transform = .identity) throws -> (image: Image, shape: PathShape?) {
        let run = try TextRun(text, font: font)
        var g = GraphicsContext()
        g.concatenate(transform)
        g.fill(run, at: Point(4, 30), paint: paint)
        var s = Scene(width: 200, height: 48, background: .white, shapes: g.shapes)
        s.antialias = true
        return (try render(s), g.shapes.first?.pathShape)
    }

    func testTheSecondFrameOfARunDrawsTheSamePixelsFromTheKeptShape() throws {
        TextRunShapes.removeAll()
        let first = try frame()
        XCTAssertEqual(TextRunShapes.count, 1)
        let second = try frame()
        XCTAssertEqual(TextRunShapes.count, 1, "the second frame adds no entry")
        XCTAssertIdentical(first.shape, second.shape)
        assertSameImage(first.image, second.image)
        // The kept shape draws what the run's path drawn afresh draws.
        let run = try TextRun("Kept text, drawn again", font: font)
        var g = GraphicsContext()
        g.fill(run.path(at: Point(4, 30)), paint: .solid(.black), rule: .nonzero)
        var s = Scene(width: 200, height: 48, background: .white, shapes: g.shapes)
        s.antialias = true
        assertSameImage(try render(s), first.image)
    }

    func testAChangedRunPaintOrTransformDrawsAnew() throws {
        TextRunShapes.removeAll()
        let base = try frame()
        let text = try frame("Kept text, drawn agaim")
        XCTAssertNotIdentical(text.shape, base.shape)
        assertImagesDiffer(text.image, base.image)
        let paint = try frame(paint: .solid(.red))
        XCTAssertIdentical(paint.shape, base.shape, "the paint is the shape's colour, not its geometry")
        assertImagesDiffer(paint.image, base.image)
        let moved = try frame(transform: .translation(0.5, 0))
        XCTAssertNotIdentical(moved.shape, base.shape)
        assertImagesDiffer(moved.image, base.image)
        let scaled = try frame(transform: .scale(1.25, nil))
        assertImagesDiffer(scaled.image, base.image)
        XCTAssertEqual(TextRunShapes.count, 4, "base, the other text, moved, scaled")
        // A stroke of the same run is its own entry.
        var g = GraphicsContext()
        g.stroke(try TextRun("Kept text, drawn again", font: font), at: Point(4, 30), paint: .solid(.black),
                 style: StrokeStyle(width: 1))
        XCTAssertEqual(TextRunShapes.count, 5)
        XCTAssertNotIdentical(g.shapes.first?.pathShape, base.shape)
    }

    func testTheKeptRunsAreBounded() throws {
        TextRunShapes.removeAll()
        let run = try TextRun("ab", font: font)
        var g = GraphicsContext()
        for i in 0..<(TextRunShapes.maxEntries + 40) {
            g.fill(run, at: Point(Float(i), 0))
            XCTAssertLessThanOrEqual(TextRunShapes.count, TextRunShapes.maxEntries)
        }
        XCTAssertGreaterThan(TextRunShapes.count, 0)
        // A run over the glyph bound is drawn, never kept.
        TextRunShapes.removeAll()
        let long = try TextRun(String(repeating: "x", count: TextRunShapes.maxGlyphs + 1), font: FontDescription(size: 1))
        g.fill(long)
        XCTAssertEqual(TextRunShapes.count, 0)
        XCTAssertFalse(try XCTUnwrap(g.shapes.last?.pathShape).path.isEmpty)
    }

    private func assertImagesDiffer(_ a: Image, _ b: Image, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNotEqual(a.pixels, b.pixels, "the pictures should differ", file: file, line: line)
    }
}
