import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI
@testable import GLFunSlideShowApp
import XCTest

/// The next slide made ready at rest (uploaded and composed ahead), and the composed slides
/// kept through a change: timing for the window, never pixels.
final class SlideShowPrepareTests: SlideShowTestCase {
    func testTheNextSlideIsNamedAMomentAfterTheShowComesToRest() throws {
        let app = try makeApp { $0.duration = 1 }
        run(app, from: 0, to: 0.5)
        XCTAssertEqual(app.upcoming, 1)
        XCTAssertTrue(app.isSettled)
        _ = app.handle(TimedEvent(t: 1, .key("right", [])))
        XCTAssertNil(app.upcoming)
        XCTAssertFalse(app.isSettled)
        run(app, from: 1, to: 2.2)  // the change ends at 2; the next slide is named 0.3 s later
        XCTAssertNil(app.upcoming)
        XCTAssertFalse(app.isSettled)
        run(app, from: 2.2, to: 2.4)
        XCTAssertEqual(app.upcoming, 2)
        XCTAssertTrue(app.isSettled)
    }

    /// Frames drawn all along (as the window draws them: at rest, through a change, a turn
    /// during the next change) end on the same pixels as one frame drawn after the same events.
    func testFramesDrawnAlongGiveTheSamePixelsAsOneFrameAtTheEnd() throws {
        let context = try Context.headless()
        let renderer = try Renderer(context: context)
        var log: [TimedEvent] = []
        let live = try makeApp { $0.transition = .kind(.curlUp); $0.duration = 1 }
        let host = HeadlessHost(app: live, renderer: renderer, canvas: canvas)
        func feed(_ e: TimedEvent) throws {
            log.append(e)
            host.feed(e)
            try host.drawFrame()
        }
        var t = 0.0
        func until(_ end: Double) throws {
            while t < end {
                t += 1.0 / 60
                if let d = live.nextDeadline, d <= t { try feed(TimedEvent(t: t, .tick)) }
            }
        }
        try until(0.5)
        try feed(TimedEvent(t: t, .key("right", [])))
        try until(2)
        try feed(TimedEvent(t: t, .key("right", [])))
        try until(2.3)
        try feed(TimedEvent(t: t, .key("r", [])))  // a turn during the change: composed again
        try until(2.5)
        XCTAssertNotNil(live.transition, "mid-curl")
        let a = try XCTUnwrap(try host.lastFrame())

        let replayed = try makeApp { $0.transition = .kind(.curlUp); $0.duration = 1 }
        for e in log { _ = replayed.handle(e) }
        let b = try HeadlessHost(app: replayed, renderer: renderer, canvas: canvas).renderFrame()
        XCTAssertEqual(a, b)
    }
}
