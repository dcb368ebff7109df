import Foundation
import GLFunGLES
import GLFunImages
@testable import GLFunKit
import PixelAssertions
import XCTest

/// `TextRun` and `GraphicsContext.fill/stroke(_: TextRun)`: shaped text measured, then drawn as
/// glyph outlines with the paths' exact coverage at any transform, and cached per glyph.
final class TextRunTests: RenderTestCase {
    typealias R = CoverageReference

    private func draw(_ g: GraphicsContext, size: Int = 64) throws -> Image {
        var s = Scene(width: size, height: size, background: .white, shapes: g.shapes)
        s.antialias = true
        return try renderAllWays(s)
    }

    func testARunIsMeasuredBeforeItIsDrawn() throws {
        let font = FontDescription(family: "DejaVu Sans", size: 20)
        let run = try TextRun("Hello", font: font)
        XCTAssertEqual(run.advance, try TextShaper.shape("Hello", font: font).advance)
        XCTAssertGreaterThan(run.ascent, 14)
        XCTAssertGreaterThan(run.descent, 3)
        let b = try XCTUnwrap(run.bounds)
        XCTAssertLessThan(b.min.y, -13, "the H rises above the baseline")
        XCTAssertGreaterThan(b.max.y, -1)
        XCTAssertGreaterThan(b.max.x, run.advance * 0.8)
        let centred = try TextRun("Hello", font: font, align: .center, baseline: .top)
        let c = try XCTUnwrap(centred.bounds)
        XCTAssertEqual(c.min.x, b.min.x - run.advance / 2, accuracy: 0.01)
        XCTAssertEqual(c.min.y, b.min.y + run.ascent, accuracy: 0.01)
        let arabic = try TextRun("مرحبا", font: font)
        XCTAssertEqual(try XCTUnwrap(arabic.bounds).max.x, 0, accuracy: 3, "start is the right of a right-to-left line")
    }

    func testAnUprightRectangleGlyphIsExactlyCoveredWhenTurned() throws {
        // DejaVu Sans's capital I is one rectangle: turned 30°, every pixel is its exact area.
        let run = try TextRun("I", font: FontDescription(family: "DejaVu Sans", size: 40))
        var g = GraphicsContext()
        g.translate(30, 10)
        g.rotate(Double.pi / 6)
        g.fill(run, at: Point(0, 30), paint: .solid(.black))
        let turned = run.path(at: Point(0, 30)).applying(g.transform)
        var polygon: R.Polygon = []
        for e in turned.elements {
            switch e {
            case let .move(p), let .line(p): polygon.append((Double(p.x), Double(p.y)))
            case .close: break
            default: return XCTFail("the I is straight lines only: \(e)")
            }
        }
        XCTAssertEqual(Set(polygon.map { "\($0.0),\($0.1)" }).count, 4)
        let image = try draw(g)
        let cov = R.coverage(width: 64, height: 64, inside: R.intervals([polygon], rule: .nonzero))
        let w = R.worst(image, cov, color: .black)
        XCTAssertLessThanOrEqual(w.error, 1.0, "pixel (\(w.x), \(w.y)) is \(w.got), want \(w.want)")
        XCTAssertGreaterThan(cov.filter { $0 > 0.05 && $0 < 0.95 }.count, 20, "edges cut pixels")
    }

    func testTextTakesAnyPaintAndAStroke() throws {
        let run = try TextRun("H", font: FontDescription(family: "DejaVu Sans", size: 50), baseline: .middle)
        var g = GraphicsContext()
        let gradient = Gradient.linear(from: Point(0, 0), to: Point(64, 0),
                                       stops: [GradientStop(0, .red), GradientStop(1, .blue)])
        g.fill(run, at: Point(10, 32), paint: .gradient(gradient))
        g.stroke(run, at: Point(10, 32), paint: .solid(.black), style: StrokeStyle(width: 1))
        XCTAssertEqual(g.shapes.count, 2)
        let image = try draw(g)
        // The H's left stem near x 16, its middle: red-ish inside the stroke.
        let inkRows = (0..<64).filter { y in (0..<64).contains { x in rgba(image, x, y)[1] < 128 } }
        XCTAssertGreaterThan(inkRows.count, 30)
        XCTAssertEqual(Double(inkRows.first! + inkRows.last!) / 2, 32, accuracy: 5, "middle baseline centres the H")
    }

    func testATenThousandGlyphPageIsCheapAfterItsFirstFrame() throws {
        let words = ["shaping", "glyph", "outline", "HarfBuzz", "fontconfig", "coverage", "Path", "page", "text"]
        var text = ""
        var rng = SplitMix64(seed: 7)
        while text.unicodeScalars.count < 10_000 {
            text += words[Int(rng.next() % UInt64(words.count))]
            text += rng.next() % 12 == 0 ? "\n" : " "
        }
        let font = FontDescription(family: "DejaVu Serif", size: 9)
        func frame() throws -> (record: Double, draw: Double, glyphs: Int, image: Image, shape: PathShape?) {
            let start = Date()
            let run = try TextRun(text, font: font, maxWidth: 780)
            let shaped = Date()
            var g = GraphicsContext()
            g.fill(run, at: Point(10, 10), paint: .solid(.black))
            let record = Date().timeIntervalSince(start)
            print(String(format: "  shape %.1f ms, fill recorded (placed, or found kept) %.1f ms",
                         shaped.timeIntervalSince(start) * 1000, Date().timeIntervalSince(shaped) * 1000))
            var s = Scene(width: 800, height: 800, background: .white, shapes: g.shapes)
            s.antialias = true
            let drawStart = Date()
            let image = try render(s)
            return (record, Date().timeIntervalSince(drawStart), run.lines.reduce(0) { $0 + $1.glyphs.count }, image,
                    g.shapes.first?.pathShape)
        }
        let before = GlyphPaths.count
        let first = try frame()
        let made = GlyphPaths.count
        let second = try frame()
        XCTAssertEqual(GlyphPaths.count, made, "the second frame makes no outline")
        XCTAssertIdentical(first.shape, second.shape, "the second frame finds the placed run kept")
        XCTAssertGreaterThan(made, before)
        XCTAssertGreaterThan(first.glyphs, 8_000)
        assertSameImage(first.image, second.image)
        print(String(format: "10,000-glyph page (%d glyphs), 800x800: recorded in %.1f ms the first frame, %.1f ms the second; "
                     + "rendered in %.1f ms, %.1f ms", first.glyphs, first.record * 1000, second.record * 1000,
                     first.draw * 1000, second.draw * 1000))
    }
}
