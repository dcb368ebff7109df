import GLFunHost
import GLFunKit
@testable import GLFunSlideShowApp
import XCTest

/// The screen kept awake while the show plays (issue 22, item 6): `.keepAwake` once per
/// change, from the session's start, play and pause (keys and two taps) and the show's end.
final class SlideShowKeepAwakeTests: SlideShowTestCase {
    func awakeEffects(_ effects: [HostEffect]) -> [HostEffect] {
        effects.filter { if case .keepAwake = $0 { true } else { false } }
    }

    func testAPlayingShowKeepsTheScreenAwakeUntilPaused() throws {
        let app = try makeApp { $0.start = true; $0.interval = 2; $0.duration = 0 }
        XCTAssertEqual(awakeEffects(startEffects), [.keepAwake(true)], "playing from the start")
        XCTAssertEqual(awakeEffects(run(app, from: 0, to: 5)), [], "slides change: nothing asked again")
        XCTAssertEqual(awakeEffects(app.handle(TimedEvent(t: 5, .key(" ", [])))), [.keepAwake(false)], "paused")
        XCTAssertEqual(awakeEffects(app.handle(TimedEvent(t: 5.5, .key("right", [])))), [])
        XCTAssertEqual(awakeEffects(app.handle(TimedEvent(t: 6, .key(" ", [])))), [.keepAwake(true)], "playing")
        var effects = tap(app, at: 7)
        effects += tap(app, at: 7.2)
        effects += run(app, from: 7.25, to: 8)
        XCTAssertFalse(app.playing)
        XCTAssertEqual(awakeEffects(effects), [.keepAwake(false)], "two taps pause")
    }

    func testAShowThatDoesNotPlayAsksNothingAndTheEndLetsGo() throws {
        let still = try makeApp { $0.start = false }
        XCTAssertEqual(awakeEffects(startEffects), [])
        XCTAssertEqual(awakeEffects(still.handle(TimedEvent(t: 1, .key("right", [])))), [])

        let app = try makeApp { $0.start = true; $0.loop = false; $0.interval = 1; $0.duration = 0 }
        XCTAssertEqual(awakeEffects(startEffects), [.keepAwake(true)])
        XCTAssertEqual(awakeEffects(run(app, from: 0, to: 10)), [.keepAwake(false)], "the end of a show that stops")
        XCTAssertFalse(app.playing)
    }
}
