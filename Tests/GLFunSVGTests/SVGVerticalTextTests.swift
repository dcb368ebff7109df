import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import XCTest

/// writing-mode tb and its kin: glyphs stacked down a column from (x, y), Latin on its side,
/// upright characters (Vertical_Orientation U) standing; dx across, dy along; underline to the left.
final class SVGVerticalTextTests: SVGTestCase {
    private func ink(_ img: Image, _ keep: ([Int]) -> Bool = { $0[3] > 128 }) -> (cols: [Int], rows: [Int]) {
        let cols = (0..<img.width).filter { x in (0..<img.height).contains { keep(rgba(img, x, $0)) } }
        let rows = (0..<img.height).filter { y in (0..<img.width).contains { keep(rgba(img, $0, y)) } }
        return (cols, rows)
    }

    private func text(_ attrs: String, _ content: String, size: Int = 20) -> String {
        ##"<text font-family="DejaVu Sans" font-size="\##(size)" "## + attrs + ">" + content + "</text>"
    }

    func testGlyphsStackDownAColumn() throws {
        for mode in ["tb", "tb-rl", "vertical-rl", "vertical-lr"] {
            let (img, warnings) = try render(##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">"##
                + text(##"x="50" y="10" writing-mode="\##(mode)""##, "HHHH") + "</svg>")
            XCTAssertEqual(warnings, [], mode)
            let (cols, rows) = ink(img)
            XCTAssertEqual(Double(rows.first ?? -1), 11, accuracy: 3, "\(mode): starts at y 10")
            XCTAssertGreaterThan(rows.count, 40, "\(mode): four H's down the page")
            XCTAssertLessThan(cols.count, 20, "\(mode): one glyph wide")
            XCTAssertTrue(cols.contains(50), "\(mode): the column is centred on x: \(cols)")
        }
    }

    func testInheritedFromAGroupAndNotFromATspan() throws {
        let grouped = ink(try picture(##"<g writing-mode="tb">"## + text(##"x="50" y="10""##, "HHHH") + "</g>"))
        XCTAssertGreaterThan(grouped.rows.count, 40)
        let tspan = ink(try picture(text(##"x="10" y="50""##, ##"<tspan writing-mode="tb">HHHH</tspan>"##)))
        XCTAssertGreaterThan(tspan.cols.count, 40, "writing-mode applies to the whole text only")
    }

    func testLatinLiesOnItsSideAndUprightCharactersStand() throws {
        let l = ink(try picture(text(##"x="50" y="20" writing-mode="tb""##, "l", size: 40)))
        XCTAssertGreaterThan(l.cols.count, l.rows.count * 2, "an l on its side")
        let script = ink(try picture(text(##"x="50" y="20" writing-mode="tb""##, "\u{2113}", size: 40)))
        XCTAssertGreaterThan(script.rows.count, script.cols.count, "an upright script l (U+2113) stands")
    }

    func testDxMovesAcrossAndDyAlong() throws {
        let plain = ink(try picture(text(##"x="50" y="10" writing-mode="tb""##, "HH")))
        let across = ink(try picture(text(##"x="50" y="10" dx="20" writing-mode="tb""##, "HH")))
        XCTAssertEqual(Double(across.cols.first! - plain.cols.first!), 20, accuracy: 1)
        let along = ink(try picture(text(##"x="50" y="10" dy="30" writing-mode="tb""##, "HH")))
        XCTAssertEqual(Double(along.rows.first! - plain.rows.first!), 30, accuracy: 1)
    }

    func testTextAnchorMiddleCentresTheColumnOnY() throws {
        let rows = ink(try picture(text(##"x="50" y="50" writing-mode="tb" text-anchor="middle""##, "HHHH"))).rows
        XCTAssertEqual(Double(rows.first! + rows.last!) / 2, 50, accuracy: 3)
    }

    func testUnderlineRunsDownTheLeftOfTheColumn() throws {
        let plain = ink(try picture(text(##"x="50" y="10" writing-mode="tb""##, "HHHH"))).cols
        let img = try picture(text(##"x="50" y="10" writing-mode="tb" text-decoration="underline""##, "HHHH"))
        let cols = ink(img).cols
        XCTAssertLessThan(cols.first!, plain.first! - 2, "a line left of the glyphs")
        let line = cols.first!
        XCTAssertGreaterThan((0..<100).filter { rgba(img, line, $0)[3] > 128 }.count, 45, "down the whole column")
    }
}
