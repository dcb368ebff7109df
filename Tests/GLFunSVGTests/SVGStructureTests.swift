import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import XCTest

/// Structure (use, symbol, switch, defs, nested svg) and the CSS cascade.
final class SVGStructureTests: SVGTestCase {
    func testUseDrawsItsTargetAtXYWithItsOwnStyleInherited() throws {
        let img = try picture(##"<defs><rect id="r" width="20" height="20"/></defs><use href="#r" x="10" y="10" fill="red"/><use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#r" x="60" y="60" fill="blue"/>"##)
        assertPixel(img, 20, 20, red)
        assertPixel(img, 70, 70, blue)
        assertPixel(img, 50, 50, clear, "defs draw nothing in place")
    }

    func testSymbolWithViewBoxFitsTheUsesSize() throws {
        let img = try picture(##"<symbol id="s" viewBox="0 0 10 10"><rect width="10" height="10" fill="red"/></symbol><use href="#s" x="50" y="50" width="40" height="40"/>"##)
        assertPixel(img, 70, 70, red)
        assertPixel(img, 95, 95, clear)
        assertPixel(img, 20, 20, clear, "a symbol draws nothing in place")
    }

    func testSwitchDrawsTheFirstChildThatPasses() throws {
        let img = try picture(##"<switch><rect width="100" height="100" fill="blue" requiredExtensions="http://example.org/x"/><rect width="100" height="100" fill="red" systemLanguage="en"/><rect width="100" height="100" fill="blue"/></switch>"##)
        assertPixel(img, 50, 50, red)
    }

    func testNestedSVGHasItsOwnViewport() throws {
        let img = try picture(##"<svg x="50" y="50" width="50" height="50" viewBox="0 0 1 1"><rect width="1" height="1" fill="red"/></svg>"##)
        assertPixel(img, 75, 75, red)
        assertPixel(img, 25, 25, clear)
    }

    func testStyleSheetSelectorsAndTheCascadeOrder() throws {
        let img = try picture(##"""
            <style type="text/css">
              rect { fill: red }
              .b { fill: blue }
              #g { fill: green }
              g rect.d { fill: blue }
              [data-x="y"] { fill: green }
            </style>
            <rect width="20" height="20"/>
            <rect x="20" width="20" height="20" class="b" fill="red"/>
            <rect x="40" width="20" height="20" id="g" class="b"/>
            <g><rect x="60" width="20" height="20" class="d"/></g>
            <rect x="80" width="20" height="20" data-x="y" style="fill: red"/>
            """##)
        assertPixel(img, 10, 10, red, "a type selector")
        assertPixel(img, 30, 10, blue, "a rule beats the presentation attribute")
        assertPixel(img, 50, 10, green, "#id beats .class")
        assertPixel(img, 70, 10, blue, "descendant")
        assertPixel(img, 90, 10, red, "the style attribute beats the sheet")
    }

    func testInheritanceAndInherit() throws {
        let img = try picture(##"<g fill="blue" stroke="red" stroke-width="10"><rect x="20" y="20" width="60" height="60"/></g>"##)
        assertPixel(img, 50, 50, blue)
        assertPixel(img, 20, 50, red)
    }

    func testUnsupportedFeaturesWarnOnceEachAndDrawTheRest() throws {
        let (img, warnings) = try render(##"""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
              <filter id="f"><feGaussianBlur stdDeviation="2"/></filter>
              <rect id="a" width="50" height="50" fill="red" filter="url(#f)"/>
              <rect width="50" height="50" fill="red" filter="url(#f)"/>
              <rect x="60" width="10" height="10" style="mix-blend-mode: no-such-mode"/>
            </svg>
            """##)
        assertPixel(img, 25, 25, red, "drawn without the filter")
        XCTAssertEqual(Set(warnings.map(\.feature)), [.filter, .blendMode])
        XCTAssertEqual(warnings.count, 2)
        XCTAssertEqual(warnings.first { $0.feature == .filter }?.element, ##"<rect id="a">"##)
    }

    func testSystemLanguageOutsideASwitchRemovesTheElement() throws {
        let img = try picture(##"<rect width="100" height="100" fill="blue"/><rect width="100" height="100" fill="red" systemLanguage="ru-RU"/><rect width="50" height="50" fill="lime" systemLanguage="en-US"/>"##)
        assertPixel(img, 75, 75, blue, "the Russian rect is not drawn")
        assertPixel(img, 25, 25, [0, 255, 0, 255], "the English one is")
    }

    func testADocumentOfNoSizeIsAsBigAsWhatItDraws() throws {
        // No width, height or viewBox: sized to the right and bottom of what it draws, a
        // stroke's half width in (usvg's), not to 100 x 100 (which would cut this rect off).
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg"><rect x="20" y="10" width="130" height="110" fill="green"/><path d="M 0 0 H 60" stroke="black" stroke-width="4"/></svg>"##
        let doc = try SVGDocument(bytes: Array(svg.utf8))
        XCTAssertEqual(doc.width, 150)
        XCTAssertEqual(doc.height, 120)
        let sized = try SVGDocument(bytes: Array(##"<svg xmlns="http://www.w3.org/2000/svg" width="80"><rect width="300" height="300"/></svg>"##.utf8))
        XCTAssertEqual(sized.width, 300, "a side missing: both from what it draws, as usvg")
        let boxed = try SVGDocument(bytes: Array(##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 50 40"><rect width="300" height="300"/></svg>"##.utf8))
        XCTAssertEqual(boxed.width, 50, "a viewBox says the size")
        let empty = try SVGDocument(bytes: Array(##"<svg xmlns="http://www.w3.org/2000/svg"/>"##.utf8))
        XCTAssertEqual(empty.width, 100, "nothing drawn: 100 x 100")
    }
}
