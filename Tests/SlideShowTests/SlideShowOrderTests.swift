import GLFunHost
import GLFunKit
import GLFunPhotos
import GLFunUI
import Foundation
@testable import GLFunSlideShowApp
import XCTest

/// The original Slide's Order / Shuffle control (the bar's two segments and `S`) and its
/// `--classic` timing and look, driven by events alone.
final class SlideShowOrderTests: SlideShowTestCase {
    func key(_ app: SlideShowApp, _ k: Key, at t: Double) {
        _ = app.handle(TimedEvent(t: t, .key(k, [])))
    }

    func press(_ app: SlideShowApp, _ r: Rect, at t: Double) {
        let x = r.x + r.width / 2, y = r.y + r.height / 2
        _ = app.handle(TimedEvent(t: t, .touch(phase: .began, id: 7, x: x, y: y)))
        _ = app.handle(TimedEvent(t: t + 0.05, .touch(phase: .ended, id: 7, x: x, y: y)))
    }

    func testShuffleIsANewSeededOrderEachTimeAndOrderIsTheLists() throws {
        let app = try makeApp((1...4).map { "img\($0).png" } + (1...4).map { "img\($0).png" })
        XCTAssertEqual(app.order, Array(0..<8))
        key(app, "right", at: 1)
        let shown = app.current
        key(app, "s", at: 2)
        XCTAssertTrue(app.shuffled)
        var g = SplitMix64(seed: 1 &+ 1)
        XCTAssertEqual(app.order, SlideList.permutation(count: 8, using: &g), "drawn from the seed and the count")
        XCTAssertEqual(app.current, shown, "the slide shown stays")
        let first = app.order
        key(app, "s", at: 3)
        XCTAssertEqual(app.order, Array(0..<8), "Order: the list's")
        XCTAssertEqual(app.current, shown)
        key(app, "s", at: 4)
        XCTAssertNotEqual(app.order, first, "shuffled anew")
        // The same events give the same orders (a replay).
        let again = try makeApp((1...4).map { "img\($0).png" } + (1...4).map { "img\($0).png" })
        for (k, t) in [("right", 1.0), ("s", 2), ("s", 3), ("s", 4)] { key(again, Key(k), at: t) }
        XCTAssertEqual(again.order, app.order)
    }

    func testTheBarsSegmentsChooseOnAWideView() throws {
        let app = try makeApp()
        XCTAssertNil(app.bar.buttons.first { $0.control == .shuffle }, "320 points: no room, S still works")
        _ = app.handle(TimedEvent(t: 0.5, .resize(width: 800, height: 600, scale: 1)))
        let shuffle = try XCTUnwrap(app.bar.buttons.first { $0.control == .shuffle })
        let order = try XCTUnwrap(app.bar.buttons.first { $0.control == .inOrder })
        XCTAssertTrue(shuffle.dimmed)
        XCTAssertFalse(order.dimmed)
        press(app, shuffle.frame, at: 1)
        XCTAssertTrue(app.shuffled)
        XCTAssertFalse(app.bar.buttons.first { $0.control == .shuffle }!.dimmed)
        press(app, order.frame, at: 2)
        XCTAssertFalse(app.shuffled)
        XCTAssertEqual(app.order, [0, 1, 2, 3])
    }

    func testARecordingFromBeforeTheControlHasNeitherControlNorKey() throws {
        let app = try makeApp { $0.orderControl = false }
        _ = app.handle(TimedEvent(t: 0.5, .resize(width: 800, height: 600, scale: 1)))
        XCTAssertNil(app.bar.buttons.first { $0.control == .shuffle })
        key(app, "s", at: 1)
        XCTAssertFalse(app.shuffled)
        XCTAssertEqual(try SlideShowApp.settings(from: Session(app: "slideshow", seed: 0, options: ["paths": "/a.png"])).orderControl,
                       false, "a line without the option: before the control existed")
    }

    func testOrderOfAShowStartedShuffledIsTheListAsNamed() throws {
        var settings = SlideShowSettings(paths: (1...4).map { folder + "/img\($0).png" })
        settings.shuffle = true
        let setup = try SlideShowSetup(settings: settings, seed: 5)
        let named = (1...4).map { "img\($0).png" }
        XCTAssertEqual(setup.listOrder.map { (setup.list.paths[$0] as NSString).lastPathComponent }, named)
    }

    func testClassicSliderSetsTheWholeShowAndTheAnimationsTakeAFifth() throws {
        let app = try makeApp { $0.classic = true }
        let track = app.bar.track
        let y = track.y + 2
        _ = app.handle(TimedEvent(t: 1, .touch(phase: .began, id: 0, x: track.x, y: y)))
        XCTAssertEqual(app.interval, 5.0 / 4, accuracy: 0.01, "the slider's start: a 5 s show")
        _ = app.handle(TimedEvent(t: 1.05, .touch(phase: .moved, id: 0, x: track.maxX, y: y)))
        _ = app.handle(TimedEvent(t: 1.1, .touch(phase: .ended, id: 0, x: track.maxX, y: y)))
        XCTAssertEqual(app.interval, 300.0 / 4, accuracy: 0.01, "the show's 300 s over 4 slides")
        XCTAssertEqual(app.bar.durationLabel, "Total 300 s")
        XCTAssertEqual(app.message?.text, "300 s in all, 75 s a slide")
        // Full screen: the bar slides away and fades in 0.2 s.
        _ = app.handle(TimedEvent(t: 2, .key("f", [])))
        _ = app.handle(TimedEvent(t: 2.1, .tick))
        XCTAssertEqual(app.barOpacity, 0.5, accuracy: 0.2, "half way, half faded (eased)")
        _ = app.handle(TimedEvent(t: 2.2, .tick))
        XCTAssertFalse(app.barVisible, "gone after 0.2 s")
        _ = app.handle(TimedEvent(t: 3, .key("r", [])))
        _ = app.handle(TimedEvent(t: 3.2, .tick))
        XCTAssertFalse(app.isAnimating, "the quarter turn took 0.2 s")
        // Without --classic: 0.3 s and no fade.
        let today = try makeApp()
        _ = today.handle(TimedEvent(t: 2, .key("f", [])))
        _ = today.handle(TimedEvent(t: 2.2, .tick))
        XCTAssertTrue(today.barVisible)
        XCTAssertEqual(today.barOpacity, 1)
    }
}
