import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import XCTest

/// marker (start, mid, end; units, ref point, orient, viewBox, overflow, cycles), paint-order
/// with markers, and context-fill / context-stroke.
final class SVGMarkerTests: SVGTestCase {
    /// A 10 x 10 marker of colour `c`, centred on its vertex, in user units.
    private func square(_ id: String, _ c: String, extra: String = "") -> String {
        ##"<marker id="\##(id)" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" refX="5" refY="5" \##(extra)><rect width="10" height="10" fill="\##(c)"/></marker>"##
    }

    func testStartMidAndEndMarkersSitOnTheVertices() throws {
        let (img, warnings) = try render(##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">"## + square("s", "red") + square("m", "green") + square("e", "blue")
            + ##"<polyline points="10,50 50,50 90,50" fill="none" marker-start="url(#s)" marker-mid="url(#m)" marker-end="url(#e)"/></svg>"##)
        XCTAssertEqual(warnings, [], "markers are drawn, not warned")
        assertPixel(img, 10, 50, red)
        assertPixel(img, 50, 50, green)
        assertPixel(img, 90, 50, blue)
        assertPixel(img, 30, 50, clear)
    }

    func testMarkersOnEverySubpathAndAtAClose() throws {
        let img = try picture(square("m", "green") + square("e", "blue")
            + ##"<path d="M10 10 H30 M60 60 H90 V90 Z" fill="none" marker-mid="url(#m)" marker-end="url(#e)"/>"##)
        assertPixel(img, 30, 10, green, "the end of the first subpath is a mid vertex")
        assertPixel(img, 60, 60, blue, "the path ends at its close: back at the subpath's start")
        assertPixel(img, 90, 60, green)
    }

    func testOrientAutoTurnsTheMarkerAlongThePath() throws {
        let arrow = ##"<marker id="a" markerUnits="userSpaceOnUse" markerWidth="20" markerHeight="4" refY="2" orient="ORIENT"><rect width="20" height="4" fill="blue"/></marker>"##
        let path = ##"<path d="M50 10 V60" fill="none" marker-end="url(#a)"/>"##
        let auto = try picture(arrow.replacingOccurrences(of: "ORIENT", with: "auto") + path)
        assertPixel(auto, 50, 70, blue, "pointing down the line")
        assertPixel(auto, 65, 60, clear)
        let fixed = try picture(arrow.replacingOccurrences(of: "ORIENT", with: "0") + path)
        assertPixel(fixed, 65, 60, blue, "a fixed angle: along +x")
        assertPixel(fixed, 50, 70, clear)
        let turn = try picture(arrow.replacingOccurrences(of: "ORIENT", with: "0.5turn") + path)
        assertPixel(turn, 35, 60, blue, "half a turn: along -x")
        let reverse = try picture(arrow.replacingOccurrences(of: "ORIENT", with: "auto-start-reverse")
            + ##"<path d="M50 40 V90" fill="none" marker-start="url(#a)"/>"##)
        assertPixel(reverse, 50, 30, blue, "the start marker turned back")
    }

    func testMidMarkerOnACornerBisectsIt() throws {
        let arrow = ##"<marker id="a" markerUnits="userSpaceOnUse" markerWidth="30" markerHeight="8" refY="4" orient="auto"><rect width="30" height="8" fill="blue"/></marker>"##
        let img = try picture(arrow + ##"<path d="M10 50 H50 V10" fill="none" marker-mid="url(#a)"/>"##)
        assertPixel(img, 60, 40, blue, "east then north: the marker points north-east")
    }

    func testMarkerIsClippedToItsBoxUnlessOverflowIsVisible() throws {
        let big = ##"<rect x="-20" y="-20" width="50" height="50" fill="green"/>"##
        let clipped = try picture(##"<marker id="m" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10">"## + big
            + ##"</marker><path d="M50 50 H90" fill="none" marker-start="url(#m)"/>"##)
        assertPixel(clipped, 55, 55, green)
        assertPixel(clipped, 45, 45, clear, "outside the marker's box")
        assertPixel(clipped, 65, 55, clear)
        let visible = try picture(##"<marker id="m" overflow="visible" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10">"## + big
            + ##"</marker><path d="M50 50 H90" fill="none" marker-start="url(#m)"/>"##)
        assertPixel(visible, 45, 45, green)
        assertPixel(visible, 70, 70, green)
    }

    func testStrokeWidthUnitsScaleTheMarker() throws {
        // markerUnits strokeWidth (the default): 3 x 3 (the default size) times stroke-width 10.
        let img = try picture(##"<marker id="m"><rect width="3" height="3" fill="green"/></marker><path d="M20 20 H90" stroke="none" stroke-width="10" fill="none" marker-start="url(#m)"/>"##)
        assertPixel(img, 45, 45, green)
        assertPixel(img, 55, 45, clear)
        let none = try picture(##"<marker id="m"><rect width="3" height="3" fill="green"/></marker><path d="M20 20 H90" stroke-width="0" fill="none" marker-start="url(#m)"/>"##)
        assertPixel(none, 21, 21, clear, "a zero stroke width: no marker")
    }

    func testViewBoxScalesTheContent() throws {
        let img = try picture(##"<marker id="m" markerUnits="userSpaceOnUse" markerWidth="40" markerHeight="40" viewBox="0 0 4 4"><rect width="2" height="2" fill="green"/></marker><path d="M20 20 H90" fill="none" marker-start="url(#m)"/>"##)
        assertPixel(img, 38, 38, green, "2 of 4 viewBox units: 20 of 40")
        assertPixel(img, 42, 42, clear)
    }

    func testAMarkerThatReachesItselfIsLeftOutThere() throws {
        let (img, _) = try render(##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><marker id="m" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" overflow="visible"><path d="M0 0 H10 V10 H0 Z" fill="green" marker-start="url(#m)"/></marker><path d="M50 50 H90" fill="none" marker-start="url(#m)"/></svg>"##)
        assertPixel(img, 55, 55, green, "drawn once; the marker inside it is dropped, not an error")
    }

    func testTheMarkerShorthandIsReadFromCSSOnly() throws {
        let css = try picture(##"<style>path { marker: url(#m) }</style>"## + square("m", "green") + ##"<path d="M10 50 H50 H90" fill="none"/>"##)
        assertPixel(css, 10, 50, green)
        assertPixel(css, 50, 50, green)
        assertPixel(css, 90, 50, green)
        let attribute = try picture(square("m", "green") + ##"<path d="M10 50 H90" fill="none" marker="url(#m)"/>"##)
        assertPixel(attribute, 10, 50, clear, "not a presentation attribute")
    }

    func testPaintOrderPutsMarkersUnderOrOverTheFill() throws {
        let body = square("m", "green") + ##"<path d="M50 50 H90 V90 H50 Z" fill="blue" marker-start="url(#m)" ORDER/>"##
        let normal = try picture(body.replacingOccurrences(of: "ORDER", with: ""))
        assertPixel(normal, 52, 52, green, "markers last")
        let first = try picture(body.replacingOccurrences(of: "ORDER", with: ##"paint-order="markers""##))
        assertPixel(first, 52, 52, blue, "markers first: the fill over them")
        assertPixel(first, 47, 47, green)
        let bad = try picture(body.replacingOccurrences(of: "ORDER", with: ##"paint-order="markers markers""##))
        assertPixel(bad, 52, 52, green, "a duplicate: the default order")
    }

    func testContextFillAndStrokeInAMarker() throws {
        let img = try picture(##"<marker id="m" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" refX="5" refY="5"><rect width="5" height="10" fill="context-fill"/><rect x="5" width="5" height="10" fill="context-stroke"/></marker><path d="M50 50 H90" fill="blue" stroke="green" stroke-width="0.1" marker-start="url(#m)"/>"##)
        assertPixel(img, 47, 50, blue)
        assertPixel(img, 53, 52, green)
    }

    func testContextFillAndStrokeInAUse() throws {
        let (img, warnings) = try render(##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><defs><rect id="r" width="50" height="50" fill="context-stroke" stroke="context-fill" stroke-width="10"/></defs><use href="#r" x="25" y="25" fill="blue" stroke="green"/><rect x="80" y="80" width="10" height="10" fill="context-fill"/></svg>"##)
        XCTAssertEqual(warnings, [])
        assertPixel(img, 50, 50, green, "the use's stroke fills")
        assertPixel(img, 25, 50, blue, "the use's fill strokes")
        assertPixel(img, 85, 85, clear, "no context element: none")
    }

    func testAContextGradientKeepsItsPlaceInTheShapesSpace() throws {
        // The line fills nothing; its markers take the gradient where they stand on it.
        let img = try picture(##"<linearGradient id="g" gradientUnits="userSpaceOnUse" x2="100"><stop offset="0.5" stop-color="red"/><stop offset="0.5" stop-color="blue"/></linearGradient><marker id="m" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" refX="5" refY="5" orient="auto"><rect width="10" height="10" fill="context-fill"/></marker><path d="M10 50 H50 H90" fill="url(#g)" marker-start="url(#m)" marker-end="url(#m)"/>"##)
        assertPixel(img, 10, 50, red)
        assertPixel(img, 90, 50, blue)
    }
}
