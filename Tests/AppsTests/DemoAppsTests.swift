import GLFunHost
import GLFunKit
import GLFunSwipesApp
import GLFunTouchExplorerApp
import XCTest

/// The classic demos as apps of their own: driven by InputEvents alone.
final class DemoAppsTests: XCTestCase {
    let canvas = Canvas(width: 800, height: 600)

    func ev<A: InteractiveApp>(_ app: A, _ t: Double, _ phase: TouchPhase, _ id: Int, _ x: Float, _ y: Float) {
        _ = app.handle(TimedEvent(t: t, .touch(phase: phase, id: id, x: x, y: y)))
    }

    func testTouchesDemo() {
        let app = TouchExplorerApp(canvas: canvas)
        XCTAssertEqual(app.lines, [TouchExplorerApp.hint, "", ""], "a hint until the first touch, the counts empty")
        ev(app, 0.1, .began, 1, 300, 300)
        XCTAssertEqual(app.lines, ["Touches Began", "1 tap detected", "1 touch detected"])
        ev(app, 0.15, .ended, 1, 300, 300)
        XCTAssertEqual(app.lines[0], "Touches Stopped.")
        ev(app, 0.3, .began, 1, 302, 301)
        XCTAssertEqual(app.lines[1], "2 taps detected")
        ev(app, 0.35, .began, 2, 400, 300)
        XCTAssertEqual(app.lines[2], "2 touches detected")
        XCTAssertEqual(app.touchLocations.count, 2, "a dot under every touch")
        ev(app, 0.4, .moved, 2, 420, 300)
        XCTAssertEqual(app.lines[0], "Drag Detected")
        ev(app, 0.5, .cancelled, 2, 420, 300)
        XCTAssertEqual(app.lines[0], "Touches Cancelled")
        XCTAssertNil(app.documentForSaving, "demos draw nothing to save")
    }

    func testClassicSwipesDemoAndItsTwoSecondMessage() {
        let app = SwipesApp(canvas: canvas)
        ev(app, 1, .began, 1, 300, 300)
        ev(app, 1.05, .moved, 1, 325, 305)  // exactly 25 of travel, 5 of drift
        XCTAssertEqual(app.message, "Horizontal swipe detected")
        ev(app, 1.1, .ended, 1, 325, 305)
        XCTAssertEqual(app.nextDeadline ?? 0, 3.05, accuracy: 0.001)
        _ = app.handle(TimedEvent(t: 3.1, .tick))
        XCTAssertEqual(app.message, "", "erased after 2 s")
        ev(app, 4, .began, 1, 300, 300)
        ev(app, 4.05, .moved, 1, 306, 330)  // 6 of drift: not a swipe
        XCTAssertEqual(app.message, "")
    }

    func testRecognizerSwipesDemoCountsFingers() {
        let app = SwipesApp(canvas: canvas, recognizers: true)
        ev(app, 1, .began, 1, 200, 300)
        ev(app, 1.01, .began, 2, 200, 350)
        for i in 1...8 {
            ev(app, 1.01 + Double(i) * 0.02, .moved, 1, 200 + Float(i) * 20, 300)
            ev(app, 1.01 + Double(i) * 0.02, .moved, 2, 200 + Float(i) * 20, 350)
        }
        ev(app, 1.2, .ended, 1, 360, 300)
        ev(app, 1.2, .ended, 2, 360, 350)
        XCTAssertEqual(app.message, "2-finger horizontal swipe detected")
    }

    func testTheSessionLineMakesTheSameSwipesApp() {
        let app = SwipesApp(canvas: canvas, recognizers: true)
        let other = SwipesApp(canvas: canvas)
        _ = other.handle(TimedEvent(t: 0, .session(app.session)))
        XCTAssertTrue(other.usesRecognizers)
        XCTAssertEqual(app.session.app, "swipes")
    }

    func testEscAndCtrlQQuitTheDemos() {
        for app in [TouchExplorerApp(canvas: canvas)] {
            XCTAssertEqual(app.handle(TimedEvent(t: 0, .key("escape", []))), [.quit])
            XCTAssertEqual(app.handle(TimedEvent(t: 0, .key("q", [.ctrl]))), [.quit])
            XCTAssertEqual(app.handle(TimedEvent(t: 0, .key("f11", []))), [.toggleFullScreen])
        }
        let swipes = SwipesApp(canvas: canvas)
        XCTAssertEqual(swipes.handle(TimedEvent(t: 0, .key("escape", []))), [.quit])
    }
}
