import Foundation
import GLFunKit
import GLFunSVG
import XCTest

/// Hostile and broken documents: each refused with its typed error, quickly, nothing read
/// from elsewhere.
final class SVGHostileTests: XCTestCase {
    private func error(_ svg: String) -> SVGError? {
        do {
            _ = try SVGDocument(bytes: Array(svg.utf8)).scene()
            return nil
        } catch { return error }
    }

    func testBillionLaughsIsRefused() {
        var dtd = ##"<!ENTITY lol "lol">"##
        var prev = "lol"
        for i in 1...9 {
            dtd += "<!ENTITY lol\(i) \"" + String(repeating: "&\(prev);", count: 10) + "\">"
            prev = "lol\(i)"
        }
        let svg = "<?xml version=\"1.0\"?><!DOCTYPE svg [\(dtd)]><svg xmlns=\"http://www.w3.org/2000/svg\"><text>&lol9;</text></svg>"
        let start = Date()
        XCTAssertEqual(error(svg), .entityExpansion(limit: SVGLimits.maxEntityExpansion))
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    func testAnExternalEntityIsNeverRead() throws {
        let svg = ##"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&xxe;</text><desc>&xxe;</desc></svg>"##
        XCTAssertEqual(error(svg), .externalEntity(name: "xxe"))
    }

    func testAnExternalDTDIsNotFetched() throws {
        let svg = ##"<?xml version="1.0"?><!DOCTYPE svg SYSTEM "file:///etc/passwd"><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"##
        let doc = try SVGDocument(bytes: Array(svg.utf8))
        XCTAssertEqual(doc.width, 10)
    }

    func testSmallInternalEntitiesAreExpanded() throws {
        let svg = ##"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY w "20">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&w;&w;</text></svg>"##
        XCTAssertNil(error(svg))
    }

    func testUseCycleIsAnError() {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg"><g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></svg>"##
        guard case .referenceCycle? = error(svg) else { return XCTFail("\(String(describing: error(svg)))") }
        let selfUse = ##"<svg xmlns="http://www.w3.org/2000/svg"><use id="u" href="#u"/></svg>"##
        XCTAssertEqual(error(selfUse), .referenceCycle(element: "use", id: "u"))
    }

    func testExponentialUsesAreBounded() {
        var body = ##"<rect id="u0" width="1" height="1"/>"##
        for i in 1...30 { body += ##"<g id="u\##(i)"><use href="#u\##(i - 1)"/><use href="#u\##(i - 1)"/></g>"## }
        XCTAssertEqual(error(##"<svg xmlns="http://www.w3.org/2000/svg">\##(body)</svg>"##), .tooManyInstances(limit: SVGLimits.maxInstances))
    }

    func testDashesTooFineForTheirPathAreAnError() {
        let d = (0..<50).map { "M0 \($0) H100000" }.joined(separator: " ")
        let start = Date()
        XCTAssertEqual(error(##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><path d="\##(d)" stroke="red" stroke-dasharray="0.01"/></svg>"##),
                       .tooManyDashes(element: "path", limit: SVGLimits.maxDashes))
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    func testStyleRulesTimesElementsAreBounded() {
        let rules = (0..<5_000).map { "g g g .c\($0) { fill: red }" }.joined(separator: "\n")
        let body = String(repeating: "<g/>", count: 5_000)
        XCTAssertEqual(error(##"<svg xmlns="http://www.w3.org/2000/svg"><style>\##(rules)</style>\##(body)</svg>"##),
                       .styleTooComplex(rules: 5_000, elements: 5_002, limit: SVGLimits.maxRuleMatches))
    }

    func testUsesOfLargeGroupsAreBoundedByTheShapesDrawn() {
        let group = "<g id=\"big\">" + String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 20_000) + "</g>"
        let uses = String(repeating: "<use href=\"#big\"/>", count: 15)
        XCTAssertEqual(error(##"<svg xmlns="http://www.w3.org/2000/svg"><defs>\##(group)</defs>\##(uses)</svg>"##),
                       .tooManyShapes(limit: SVGLimits.maxShapes))
    }

    func testAPatternTileFarPastTheLimitsIsDrawnSmaller() {
        // Found by the SVG fuzzer: a tile 20 units wide and 2.6e60 tall made a side of
        // billions of pixels once its pixels were scaled down to the limit (a crash converting
        // it to Int). Each side is cut to its own limit first.
        for height in ["1e30", "1e33", "2.6e60", "1e308"] {
            let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><pattern id="p" patternUnits="userSpaceOnUse" width="20" height="\##(height)"><rect width="10" height="\##(height)" fill="green"/></pattern><rect width="100" height="100" fill="url(#p)"/></svg>"##
            XCTAssertNil(error(svg), height)
        }
    }

    func testAChunkOfThousandsOfFontsIsShapedInLinearTime() {
        // A chunk is shaped once a font it uses (kerning across tspans): 3,000 tspans each in a
        // size of its own would be 3,000 shapings of the whole line (15 s), so past a bound the
        // chunk is shaped by runs.
        let spans = (0..<3_000).map { ##"<tspan font-size="\##(8 + Double($0) / 100)">ab</tspan>"## }.joined()
        let start = Date()
        XCTAssertNil(error(##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><text x="0" y="50">\##(spans)</text></svg>"##))
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testNestedSVGImagesOfNoSizeAreSizedInLinearTime() {
        // A document of no size is sized by drawing it once (SVGDocument.contentExtent); an
        // image's document is sized so too, so sizing opens no image: 16 data: URLs each holding
        // the next, none with a size, would be 2^16 draws (minutes).
        var svg = ##"<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>"##
        for _ in 0..<16 {
            let url = "data:image/svg+xml;base64," + Data(svg.utf8).base64EncodedString()
            svg = ##"<svg xmlns="http://www.w3.org/2000/svg"><image href="\##(url)" width="10" height="10"/><rect width="5" height="5"/></svg>"##
        }
        let start = Date()
        XCTAssertNil(error(svg))
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testDeepNestingIsAnError() {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg">"## + String(repeating: "<g>", count: 10_000)
            + String(repeating: "</g>", count: 10_000) + "</svg>"
        XCTAssertEqual(error(svg), .tooDeep(limit: SVGLimits.maxDepth))
    }

    func testNotXMLNotSVGAndNoSize() {
        guard case .xmlSyntax? = error("<svg") else { return XCTFail() }
        XCTAssertEqual(error(##"<html/>"##), .notSVG(root: "html"))
        XCTAssertEqual(error(##"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="10"/>"##), .noSize)
        guard case .invalidAttribute(element: "svg", attribute: "width", _, _)? = error(##"<svg xmlns="http://www.w3.org/2000/svg" width="1e300" height="10"/>"##) else {
            return XCTFail("a width past the limit")
        }
        guard case .invalidAttribute(element: "svg", attribute: "width", _, _)? = error(##"<svg width="wide"/>"##) else {
            return XCTFail()
        }
    }

    func testHugePathDataIsBoundedInTime() {
        let d = "M0 0" + String(repeating: " L1 1", count: 400_000)
        let start = Date()
        _ = error(##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><path d="\##(d)" stroke="red"/></svg>"##)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
    }

    /// Text of many pieces grows in place: 20,000 entity references in one text (each a piece
    /// of its character data), and a decorated line of 12,000 characters (each glyph's outline
    /// added to its piece's path, each underline band to its band's). Each append copied what
    /// was there before session 23: 2,000 references took 3.5 s, 8,000 took 57 s (release);
    /// the fuzzer found the glyph paths' copies.
    func testTextOfManyPiecesIsReadAndLaidOutInLinearTime() {
        let refs = String(repeating: "&amp;a", count: 20_000)
        let line = String(repeating: "ab ", count: 4_000)
        for text in [#"<text x="0" y="50" font-size="10">\#(refs)</text>"#,
                     #"<text x="0" y="50" font-size="10" text-decoration="underline">\#(line)</text>"#] {
            let start = Date()
            XCTAssertNil(error(#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">\#(text)</svg>"#))
            XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        }
    }
}
