import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI
@testable import GLFunSlideShowApp
import XCTest

/// The slide show's frames, headless, on pixels: a slide fitted in the view, a fade halfway,
/// and the same events giving the same pixels twice.
final class SlideShowRenderTests: SlideShowTestCase {
    var renderer: Renderer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        let context = try Context.headless()
        renderer = try Renderer(context: context)
    }

    func frame(_ app: SlideShowApp) throws -> Image {
        try HeadlessHost(app: app, renderer: renderer, canvas: canvas).renderFrame()
    }

    func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (Int, Int, Int), _ tol: Int = 3) -> Bool {
        abs(Int(p.r) - c.0) <= tol && abs(Int(p.g) - c.1) <= tol && abs(Int(p.b) - c.2) <= tol
    }

    func testASlideIsFittedAndLetterboxed() throws {
        let app = try makeApp()
        _ = app.setFullScreen(true)
        _ = app.handle(TimedEvent(t: 1, .tick))  // the bars gone
        let img = try frame(app)
        XCTAssertTrue(near(img[160, 120], (255, 0, 0)), "\(img[160, 120])")
        // 64x48 in 320x240: the same aspect, so it fills the view edge to edge.
        XCTAssertTrue(near(img[2, 120], (255, 0, 0)), "\(img[2, 120])")
        _ = app.handle(TimedEvent(t: 2, .key("r", [])))
        _ = app.handle(TimedEvent(t: 3, .tick))
        let turned = try frame(app)
        // Turned, the picture is 180x240: black bars at the sides.
        XCTAssertTrue(near(turned[10, 120], (0, 0, 0)), "\(turned[10, 120])")
        XCTAssertTrue(near(turned[160, 120], (255, 0, 0)), "\(turned[160, 120])")
    }

    func testAFadeHalfwayIsTheMeanOfBothSlides() throws {
        let app = try makeApp { $0.transition = .kind(.fade); $0.duration = 1 }
        _ = app.setFullScreen(true)
        _ = app.handle(TimedEvent(t: 1, .key("right", [])))
        _ = app.handle(TimedEvent(t: 1.5, .tick))
        let img = try frame(app)
        XCTAssertTrue(near(img[160, 120], (128, 127, 0), 3), "\(img[160, 120])")
    }

    func testTheSameEventsGiveTheSamePixels() throws {
        var log: [TimedEvent] = []
        func record(_ app: SlideShowApp, _ e: TimedEvent) { log.append(e); _ = app.handle(e) }
        let first = try makeApp { $0.transition = .kind(.curlUp) }
        for e in [TimedEvent(t: 1, .key("right", [])), TimedEvent(t: 1.3, .tick), TimedEvent(t: 1.45, .tick)] {
            record(first, e)
        }
        let a = try frame(first)
        let second = try makeApp { $0.transition = .kind(.curlUp) }
        for e in log { _ = second.handle(e) }
        XCTAssertEqual(try frame(second), a)
        XCTAssertNotNil(first.transition, "mid-curl")
    }
}
