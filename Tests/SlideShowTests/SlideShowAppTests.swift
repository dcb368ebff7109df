import Foundation
import GLFunHost
import GLFunKit
@testable import GLFunSlideShowApp
import XCTest

/// The slide show as a state machine driven by events: the timer, taps, swipes, keys, skips.
final class SlideShowAppTests: SlideShowTestCase {
    func testTheTimerChangesSlidesWithATransition() throws {
        let app = try makeApp { $0.start = true; $0.interval = 2; $0.duration = 1 }
        XCTAssertTrue(app.playing)
        XCTAssertEqual(app.current, 0)
        run(app, from: 0, to: 1.9)
        XCTAssertNil(app.transition)
        run(app, from: 1.9, to: 2.5)
        XCTAssertEqual(app.transition?.from, 0)
        XCTAssertEqual(app.transition?.to, 1)
        XCTAssertEqual(app.transition?.kind, .curlUp)
        run(app, from: 2.5, to: 3.1)
        XCTAssertNil(app.transition)
        XCTAssertEqual(app.current, 1)
        run(app, from: 3.1, to: 8.1)  // 4 s, 6 s, 8 s: around and back to the first
        XCTAssertEqual(app.current, 0)
    }

    func testOneTapIsFullScreenAfterTheTapDelayTwoPlayThreeTurn() throws {
        let app = try makeApp()
        var effects = tap(app, at: 1)
        XCTAssertFalse(app.fullScreen, "one tap waits for a second one")
        effects += run(app, from: 1.05, to: 1.5)
        XCTAssertTrue(app.fullScreen)
        XCTAssertTrue(effects.contains(.setFullScreen(true)))

        tap(app, at: 3)
        tap(app, at: 3.2)
        run(app, from: 3.25, to: 4)
        XCTAssertTrue(app.playing, "two taps play")
        XCTAssertTrue(app.fullScreen, "and do not also toggle full screen")

        tap(app, at: 5)
        tap(app, at: 5.2)
        tap(app, at: 5.4)
        run(app, from: 5.45, to: 6.2)
        XCTAssertEqual(app.quarterTurns, 1, "three taps turn the view")
        XCTAssertTrue(app.playing, "and only the triple fires")
        XCTAssertTrue(app.fullScreen)
    }

    func testSwipesAndKeysMoveThroughTheShow() throws {
        let app = try makeApp { $0.duration = 0 }
        for (t, x) in [(1.0, 200), (1.05, 150), (1.1, 90)] as [(Double, Float)] {
            _ = app.handle(TimedEvent(t: t, .touch(phase: t == 1 ? .began : .moved, id: 0, x: x, y: 100)))
        }
        _ = app.handle(TimedEvent(t: 1.15, .touch(phase: .ended, id: 0, x: 90, y: 100)))
        XCTAssertEqual(app.current, 1, "a swipe to the left is the next slide")
        _ = app.handle(TimedEvent(t: 2, .key("left", [])))
        _ = app.handle(TimedEvent(t: 2.1, .key("left", [])))
        XCTAssertEqual(app.current, 3, "back around the end")
        _ = app.handle(TimedEvent(t: 3, .key(" ", [])))
        XCTAssertTrue(app.playing)
        _ = app.handle(TimedEvent(t: 3.1, .key("t", [])))
        XCTAssertEqual(app.kindName, "curl-down")
        let before = app.interval
        _ = app.handle(TimedEvent(t: 3.2, .key("+", [])))
        XCTAssertEqual(app.interval, before + 1)
        XCTAssertEqual(app.handle(TimedEvent(t: 4, .key("f", []))).contains(.setFullScreen(true)), true)
        XCTAssertTrue(app.handle(TimedEvent(t: 4.1, .key("escape", []))).contains(.setFullScreen(false)))
        XCTAssertTrue(app.handle(TimedEvent(t: 4.2, .key("escape", []))).contains(.quit))
    }

    func testAMissingOrDamagedSlideIsSkippedWithAWarning() throws {
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/bad.png"))
        try FileManager.default.copyItem(atPath: folder + "/img3.png", toPath: folder + "/gone.png")
        var warnings: [String] = []
        let app = try makeApp(["img1.png", "bad.png", "img2.png", "img3.png", "gone.png", "img4.png"]) { $0.duration = 0 }
        try FileManager.default.removeItem(atPath: folder + "/gone.png")  // the folder changed during the show
        app.onWarning = { warnings.append($0) }
        _ = app.handle(TimedEvent(t: 1, .key("right", [])))
        XCTAssertEqual(app.current, 2, "bad.png is skipped")
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.contains("bad.png") ?? false)
        XCTAssertNotNil(app.message, "and said on screen")
        _ = app.handle(TimedEvent(t: 2, .key("right", [])))
        _ = app.handle(TimedEvent(t: 3, .key("right", [])))
        XCTAssertEqual(app.current, 5, "gone.png is skipped, and the show goes on")
        XCTAssertEqual(warnings.count, 2)
        _ = app.handle(TimedEvent(t: 4, .key("right", [])))
        _ = app.handle(TimedEvent(t: 5, .key("right", [])))
        XCTAssertEqual(app.current, 2, "around again")
        XCTAssertEqual(warnings.count, 2, "each slide is warned about once")
    }

    func testTheSliderSetsTheShowsTotalDuration() throws {
        let app = try makeApp()
        let track = app.bar.track
        let y = track.y + 2
        _ = app.handle(TimedEvent(t: 1, .touch(phase: .began, id: 0, x: track.x, y: y)))
        XCTAssertEqual(app.interval, 1, accuracy: 0.01)
        _ = app.handle(TimedEvent(t: 1.1, .touch(phase: .moved, id: 0, x: track.maxX, y: y)))
        _ = app.handle(TimedEvent(t: 1.2, .touch(phase: .ended, id: 0, x: track.maxX, y: y)))
        XCTAssertEqual(app.interval, 30, accuracy: 0.01)
        XCTAssertEqual(app.bar.durationLabel, "120 s", "the total: the interval times the count")
        XCTAssertFalse(app.fullScreen, "a touch on the bar is not a tap on the picture")
    }

    func testNoLoopStopsAtTheEnd() throws {
        let app = try makeApp { $0.start = true; $0.loop = false; $0.interval = 1; $0.duration = 0 }
        run(app, from: 0, to: 10)
        XCTAssertEqual(app.current, 3)
        XCTAssertFalse(app.playing)
    }
}
