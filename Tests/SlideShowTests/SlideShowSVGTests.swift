import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunPhotos
import GLFunSVG
import GLFunUI
@testable import GLFunSlideShowApp
import XCTest

/// SVG files as slides, made at test time: listed and sniffed as pictures are, rendered at the
/// view's size (fitted, the drawing's aspect kept), rendered again sharp when zoomed in, and a
/// broken or hostile one skipped with one warning, as a damaged picture is.
final class SlideShowSVGTests: SlideShowTestCase {
    var renderer: Renderer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        renderer = try Renderer(context: try Context.headless())
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    /// A 200 x 100 drawing: its left half red, its right half blue.
    static let halves = """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
          <rect width="100" height="100" fill="red"/><rect x="100" width="100" height="100" fill="#0000ff"/>
        </svg>
        """

    /// A 64 x 64 drawing: white, its left half red (the edge at the drawing's middle).
    static let edge = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
          <rect width="64" height="64" fill="white"/><rect width="32" height="64" fill="red"/>
        </svg>
        """

    func rgb(_ img: Image, _ x: Int, _ y: Int) -> [UInt8] {
        let p = img[x, y]
        return [p.r, p.g, p.b]
    }

    func frame(_ app: SlideShowApp) throws -> Image {
        try HeadlessHost(app: app, renderer: renderer, canvas: canvas).renderFrame()
    }

    func fullScreen(_ names: [String], configure: (inout SlideShowSettings) -> Void = { _ in }) throws -> SlideShowApp {
        let app = try makeApp(names, configure: configure)
        _ = app.setFullScreen(true)
        _ = app.handle(TimedEvent(t: 1, .tick))
        return app
    }

    func testAFoldersSVGFilesAreSlidesAndAnSVGIsSniffedWhateverItsName() throws {
        try write("drawing.svg", SlideShowSVGTests.halves)
        try write("drawing-named.txt", "<?xml version=\"1.0\"?>\n" + SlideShowSVGTests.halves)
        XCTAssertEqual(try SlideList(reading: [folder]).paths.map { ($0 as NSString).lastPathComponent },
                       ["drawing.svg", "img1.png", "img2.png", "img3.png", "img4.png"], "listed by its extension; the .txt is not")
        XCTAssertEqual(try SlideList(reading: [folder + "/drawing-named.txt"]).count, 1, "named, it is taken by its bytes")
        XCTAssertEqual(SlideKind(file: folder + "/drawing-named.txt"), .svg)
        XCTAssertEqual(SlideKind(file: folder + "/gone.SVG"), .svg, "missing: by its extension, any case")
        XCTAssertNil(SlideKind.sniff(Array("<html><body>no svg</body></html>".utf8)))
    }

    func testAnSVGSlideIsRenderedFittedInTheViewItsAspectKept() throws {
        try write("drawing.svg", SlideShowSVGTests.halves)
        let app = try fullScreen(["drawing.svg", "img1.png"])
        XCTAssertTrue(app.hasShowableSlide)
        let img = try frame(app)
        // 2:1 in a 320 x 240 view: 320 x 160, from y 40 to 200.
        XCTAssertEqual(rgb(img, 80, 120), [255, 0, 0], "the left half red")
        XCTAssertEqual(rgb(img, 240, 120), [0, 0, 255], "the right half blue")
        XCTAssertEqual(rgb(img, 80, 44), [255, 0, 0], "the drawing's top edge just inside")
        XCTAssertEqual(rgb(img, 160, 20), [0, 0, 0], "the background above it")
        XCTAssertEqual(rgb(img, 160, 220), [0, 0, 0], "and below it")
        // The next slide is the picture after it.
        _ = app.handle(TimedEvent(t: 2, .key("right", [])))
        XCTAssertEqual(app.current, 1)
    }

    /// Neighbouring pixels along the middle row whose red is neither the red side's nor the
    /// white side's green (an edge smeared across them).
    func smeared(_ img: Image) -> Int {
        (0..<img.width).filter { x in (30...225).contains(Int(img[x, 120].g)) }.count
    }

    func testZoomedInAnSVGSlideIsRenderedAgainSharpWhereTheFittedPictureIsMagnified() throws {
        try write("edge.svg", SlideShowSVGTests.edge)
        let sharp = try fullScreen(["edge.svg"])
        sharp.pinched(.began, 1)
        sharp.pinched(.changed, 8)
        XCTAssertEqual(sharp.zoom, 8)
        let zoomed = try frame(sharp)
        XCTAssertEqual(rgb(zoomed, 100, 120), [255, 0, 0], "left of the drawing's middle: red")
        XCTAssertEqual(rgb(zoomed, 220, 120), [255, 255, 255], "right of it: white")
        XCTAssertNotNil(sharp.view?.svgZoomScale, "rendered again for the zoom")
        XCTAssertLessThanOrEqual(smeared(zoomed), 2, "the edge is a pixel or two wide")
        // Without full resolution (a recording made before it), the fitted picture magnified.
        let blurred = try fullScreen(["edge.svg"]) { $0.fullResolution = false }
        blurred.pinched(.began, 1)
        blurred.pinched(.changed, 8)
        let magnified = try frame(blurred)
        XCTAssertNil(blurred.view?.svgZoomScale)
        XCTAssertGreaterThanOrEqual(smeared(magnified), 4, "the fitted picture's texel smeared over pixels")
        // Back to the fit, the zoomed render goes.
        sharp.pinched(.began, 1)
        sharp.pinched(.changed, 0.01)
        _ = try frame(sharp)
        XCTAssertNil(sharp.view?.svgZoomScale)
    }

    func testTheZoomedRenderStaysWithinItsPixelBudget() throws {
        let slide = SVGSlide(width: 10_000, height: 10_000, shapes: [], warnings: [])
        let fitted = slide.fittedScale(side: 1000, fill: false, maxSide: 16384)
        XCTAssertEqual(fitted, 0.1, accuracy: 1e-12)
        let s = try XCTUnwrap(slide.zoomedScale(onScreen: 8000, fitted: fitted, maxSide: 16384))
        XCTAssertLessThanOrEqual(Int(s * 10_000) * Int(s * 10_000), SVGSlide.zoomedPixelBudget)
        XCTAssertNil(slide.zoomedScale(onScreen: 1000, fitted: fitted, maxSide: 16384), "not zoomed: no render")
        XCTAssertEqual(try XCTUnwrap(slide.zoomedScale(onScreen: 1500, fitted: fitted, maxSide: 16384)), 0.2, accuracy: 1e-12,
                       "the next power of two")
    }

    func testABrokenOrHostileSVGIsSkippedWithOneWarning() throws {
        try write("broken.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect")
        try write("html.svg", "<html><body/></html>")
        let laughs = "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY a \"aaaaaaaaaa\">"
            + (1...9).map { i in
                let name = Character(UnicodeScalar(97 + i)!), inner = Character(UnicodeScalar(96 + i)!)
                return "<!ENTITY \(name) \"" + String(repeating: "&\(inner);", count: 10) + "\">"  // b = 10 a's, ... j = 10^10
            }.joined()
            + "]><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><text>&j;</text></svg>"
        try write("laughs.svg", laughs)
        var warnings: [String] = []
        let app = try makeApp(["img1.png", "broken.svg", "html.svg", "laughs.svg", "img2.png"]) { $0.duration = 0 }
        app.onWarning = { warnings.append($0) }
        _ = app.handle(TimedEvent(t: 1, .key("right", [])))
        XCTAssertEqual(app.current, 4, "the three SVG files are skipped")
        XCTAssertEqual(warnings.count, 3)
        func kind(_ i: Int) -> SVGSlideError.Kind? {
            guard case let .failure(e)? = app.source.svg(i) else { return nil }
            return (e as? SVGSlideError)?.kind
        }
        guard case .svg(.xmlSyntax)? = kind(1) else { return XCTFail("broken: \(String(describing: kind(1)))") }
        XCTAssertEqual(kind(2), .svg(.notSVG(root: "html")))
        guard case .svg(.entityExpansion)? = kind(3) else { return XCTFail("laughs: \(String(describing: kind(3)))") }
        _ = app.handle(TimedEvent(t: 2, .key("right", [])))
        XCTAssertEqual(app.current, 0, "around again, past them")
        XCTAssertEqual(warnings.count, 3, "each said once")
    }
}
