import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunMovie
import GLFunUI
import PixelAssertions
import GLFunPlayerApp
import TestFixtures
import XCTest

/// The player's bar hides itself while the movie plays (`PlayerApp+BarHiding`): by the events'
/// clock, back on a key or a tap, kept while paused or held, and never for recordings older
/// than the option.
extension PlayerTests {
    /// A looping player (the clip is 3 s, the hiding delay too), its host at the session's start.
    func host(playing: Bool = true, hidesBar: Bool = true) throws -> (PlayerApp, HeadlessHost<PlayerApp>) {
        let app = makeApp(playing: playing, loop: true, hidesBar: hidesBar)
        return (app, try host(app))
    }

    /// The bar's middle row, left of its buttons' labels: the panel's dark grey over the movie
    /// while the bar shows.
    func barPixel(_ h: HeadlessHost<PlayerApp>) throws -> [Int] {
        rgba(try h.renderFrame(), 160, 240 - 4)
    }

    func testThreeSecondsAfterTheLastInputTheBarGoesAndTheFrameIsTheMovieAlone() throws {
        let (app, h) = try host()
        XCTAssertEqual(app.barHidesAt ?? -1, PlayerApp.barHideDelay, accuracy: 1e-9)
        let withBar = try barPixel(h)
        h.feed(TimedEvent(t: 2.96, .tick))
        XCTAssertTrue(app.barVisible)
        h.feed(TimedEvent(t: 3.0, .tick))
        XCTAssertFalse(app.barVisible)
        XCTAssertNil(app.barHidesAt)
        // Frame 75 (3.0 s, looped: the first frame again) without the bar, against frame 0 with it.
        let without = try barPixel(h)
        XCTAssertNotEqual(withBar, without)
        let (still, sh) = try host(playing: false, hidesBar: false)
        touch(sh, 0.1, .began, 100, 80)
        touch(sh, 0.15, .ended, 100, 80)
        sh.feed(TimedEvent(t: 0.6, .tick))
        XCTAssertFalse(still.barVisible, "a tap hid this one")
        XCTAssertEqual(without, try barPixel(sh), "the first frame, nothing over it")
    }

    func testAKeyBringsTheBarBackAndTheTimerStartsAgain() throws {
        let (app, h) = try host()
        h.feed(TimedEvent(t: 3.2, .tick))
        XCTAssertFalse(app.barVisible)
        h.feed(TimedEvent(t: 4.0, .key("m", [])))
        XCTAssertTrue(app.barVisible)
        XCTAssertEqual(app.nextDeadline ?? -1, min(4.0 + app.info.frameDuration, 7.0), accuracy: 1e-9)
        h.feed(TimedEvent(t: 6.9, .tick))
        XCTAssertTrue(app.barVisible)
        h.feed(TimedEvent(t: 7.0, .tick))
        XCTAssertFalse(app.barVisible)
    }

    func testATapShowsItAndATouchHeldOnTheSliderKeepsIt() throws {
        let (app, h) = try host()
        h.feed(TimedEvent(t: 3.1, .tick))
        touch(h, 3.5, .began, 100, 80)
        touch(h, 3.55, .ended, 100, 80)
        h.feed(TimedEvent(t: 4.0, .tick))
        XCTAssertTrue(app.barVisible, "one tap: the bar is back")
        let track = app.bar.track
        touch(h, 4.1, .began, track.x + 10, track.y + track.height / 2)
        h.feed(TimedEvent(t: 9.0, .tick))
        XCTAssertTrue(app.barVisible, "held on the slider")
        touch(h, 9.1, .ended, track.x + 10, track.y + track.height / 2)
        h.feed(TimedEvent(t: 12.0, .tick))
        XCTAssertTrue(app.barVisible, "3 s from the touch's end")
        h.feed(TimedEvent(t: 12.1, .tick))
        XCTAssertFalse(app.barVisible)
    }

    func testPausedTheBarStays() throws {
        let (app, h) = try host(playing: false)
        XCTAssertNil(app.barHidesAt)
        h.feed(TimedEvent(t: 10, .tick))
        XCTAssertTrue(app.barVisible)
    }

    func testRecordingsWithoutTheOptionKeepTheBar() throws {
        var line = SessionOptions.encode(PlayerApp.Settings(path: clip))
        XCTAssertEqual(line["hideBar"], "true", "new sessions record it")
        line["hideBar"] = nil
        let old = try PlayerApp.settings(from: Session(app: "play", seed: 0, options: line))
        XCTAssertFalse(old.hideBar)
        XCTAssertTrue(try PlayerApp.settings(from: PlayerApp(path: clip, info: info, canvas: canvas, clock: .byTime,
                                                             hidesBar: true).session).hideBar)
    }
}
