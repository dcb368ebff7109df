import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import XCTest

/// <text> and <tspan> basics: drawn as shaped glyph outlines at x/y (and dx/dy), placed by
/// text-anchor, in the font the font-* properties ask for, with their fill and stroke.
final class SVGTextTests: SVGTestCase {
    /// The columns and rows holding ink over half opaque (the picture is transparent elsewhere).
    private func ink(_ img: Image) -> (cols: [Int], rows: [Int]) {
        let cols = (0..<img.width).filter { x in (0..<img.height).contains { rgba(img, x, $0)[3] > 128 } }
        let rows = (0..<img.height).filter { y in (0..<img.width).contains { rgba(img, $0, y)[3] > 128 } }
        return (cols, rows)
    }

    func testTextIsDrawnAtItsBaselineInItsFill() throws {
        let img = try picture(##"<text x="10" y="60" font-family="DejaVu Sans" font-size="40" fill="blue">HH</text>"##)
        let (cols, rows) = ink(img)
        XCTAssertEqual(cols.first ?? -1, 13, accuracy: 2, "the H's side bearing past x")
        XCTAssertEqual(rows.last ?? -1, 59, accuracy: 1, "sitting on the baseline")
        XCTAssertEqual(rows.first ?? -1, 31, accuracy: 2, "an H is 0.73 em tall")
        XCTAssertTrue(cols.contains { x in rows.contains { y in rgba(img, x, y) == [0, 0, 255, 255] } }, "solid blue inside")
    }

    func testAnchorsAndTspansPlaceTheText() throws {
        let middle = ink(try picture(##"<text x="50" y="60" font-size="30" text-anchor="middle">mm</text>"##)).cols
        XCTAssertEqual(Double(middle.first! + middle.last!) / 2, 50, accuracy: 2)
        let end = ink(try picture(##"<text x="90" y="60" font-size="30" text-anchor="end">mm</text>"##)).cols
        XCTAssertEqual(end.last ?? -1, 88, accuracy: 3)
        let spans = ink(try picture(##"<text x="5" y="30" font-size="20">a<tspan x="5" dy="40">b</tspan></text>"##)).rows
        XCTAssertTrue(spans.contains(25) && spans.contains(65), "the tspan drawn 40 lower: \(spans)")
    }

    func testBoldAndStrokedText() throws {
        let regular = try picture(##"<text x="5" y="60" font-family="DejaVu Sans" font-size="40">l</text>"##)
        let bold = try picture(##"<text x="5" y="60" font-family="DejaVu Sans" font-size="40" font-weight="bold">l</text>"##)
        XCTAssertGreaterThan(ink(bold).cols.count, ink(regular).cols.count)
        let outlined = try picture(##"<text x="5" y="80" font-size="80" fill="none" stroke="red" stroke-width="2">O</text>"##)
        XCTAssertGreaterThan(share(outlined) { $0 == [255, 0, 0, 255] }, 0.005)
    }
}
