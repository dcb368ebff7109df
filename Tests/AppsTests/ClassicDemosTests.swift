import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI
import GLFunSwipesApp
import GLFunTouchExplorerApp
import XCTest

/// `glfun touches --classic` and `glfun swipes --classic`: the original samples to the letter,
/// beside the default modes, driven by InputEvents alone; the labels' places on pixels.
final class ClassicDemosTests: XCTestCase {
    let canvas = Canvas(width: 400, height: 300)

    func ev<A: InteractiveApp>(_ app: A, _ t: Double, _ phase: TouchPhase, _ id: Int, _ x: Float, _ y: Float) {
        _ = app.handle(TimedEvent(t: t, .touch(phase: phase, id: id, x: x, y: y)))
    }

    func testClassicTouchExplorerSaysWhatTheOriginalSaid() {
        let app = TouchExplorerApp(canvas: canvas, classic: true)
        ev(app, 0.1, .began, 1, 100, 100)
        XCTAssertEqual(app.lines, ["Touches Began", "1 taps detected", "1 touches detected"])
        // A second finger lands while the first is down: that event holds one touch.
        ev(app, 0.2, .began, 2, 200, 100)
        XCTAssertEqual(app.lines[2], "1 touches detected", "the event's touches, not all that are down")
        // Both move in one event (one time, one phase): two touches in it.
        ev(app, 0.3, .moved, 1, 110, 100)
        ev(app, 0.3, .moved, 2, 210, 100)
        XCTAssertEqual(app.lines, ["Drag Detected", "1 taps detected", "2 touches detected"])
        // The default mode counts every touch down and reads as English.
        let today = TouchExplorerApp(canvas: canvas)
        ev(today, 0.1, .began, 1, 100, 100)
        ev(today, 0.2, .began, 2, 200, 100)
        XCTAssertEqual(today.lines, ["Touches Began", "1 tap detected", "2 touches detected"])
    }

    func testClassicTouchExplorersLabelsSitInTheOriginalsFrames() throws {
        let context = try Context.headless()
        let renderer = try Renderer(context: context)
        let app = TouchExplorerApp(canvas: canvas, classic: true)
        _ = app.handle(TimedEvent(t: 0, .resize(width: canvas.width, height: canvas.height, scale: 1)))
        ev(app, 0.1, .began, 1, 350, 250)
        ev(app, 0.2, .ended, 1, 350, 250)
        let image = try HeadlessHost(app: app, renderer: renderer, canvas: canvas).renderFrame()
        // Text is dark on the light background: every dark pixel lies in the three frames
        // (x 20...300, y 20...99), starting at their left edge; the rows between hold none.
        var dark: [(x: Int, y: Int)] = []
        for y in 0..<image.height {
            for x in 0..<image.width where Int(image[x, y].r) < 100 { dark.append((x, y)) }
        }
        XCTAssertFalse(dark.isEmpty)
        XCTAssertTrue(dark.allSatisfy { $0.x >= 20 && $0.x < 300 && $0.y >= 20 && $0.y < 99 }, "inside the frames")
        XCTAssertLessThanOrEqual(dark.map(\.x).min() ?? 0, 23, "left-aligned at x 20")
        for frame in TouchExplorerApp.classicLabelFrames {
            let rows = dark.filter { $0.y >= Int(frame.y) && $0.y < Int(frame.y + frame.height) }
            XCTAssertFalse(rows.isEmpty, "a line in the frame at y \(frame.y)")
        }
    }

    func testClassicSwipesChecksEveryMoveAgainstOneStartPoint() {
        let app = SwipesApp(canvas: canvas, classic: true)
        ev(app, 1, .began, 1, 100, 100)
        ev(app, 1.05, .moved, 1, 125, 100)
        XCTAssertEqual(app.message, "Horizontal swipe detected")
        XCTAssertEqual(app.nextDeadline ?? 0, 3.05, accuracy: 1e-9, "erased 2 s after the first passing move")
        // Every later passing move sets the label again and asks for another erasure; the first
        // still comes at 3.05.
        ev(app, 2.5, .moved, 1, 100, 130)
        XCTAssertEqual(app.message, "Vertical swipe detected")
        _ = app.handle(TimedEvent(t: 3.05, .tick))
        XCTAssertEqual(app.message, "", "the first erasure, though a swipe was shown 0.55 s before")
        XCTAssertEqual(app.nextDeadline ?? 0, 4.5, accuracy: 1e-9)
        // The start point is the view's, set by whichever touch began last: a second finger
        // beginning elsewhere moves it for the first finger too.
        ev(app, 5, .began, 2, 300, 200)
        ev(app, 5.1, .moved, 1, 300 + 30, 200)
        XCTAssertEqual(app.message, "Horizontal swipe detected")
        // The default mode: per touch, from its own start, once.
        let today = SwipesApp(canvas: canvas)
        ev(today, 1, .began, 1, 100, 100)
        ev(today, 1.05, .moved, 1, 125, 100)
        ev(today, 2.5, .moved, 1, 100, 130)
        XCTAssertEqual(today.message, "Horizontal swipe detected", "reported once per touch")
    }

    func testClassicSettingsTravelInTheSessionLine() throws {
        let app = SwipesApp(canvas: canvas, classic: true)
        XCTAssertEqual(try SwipesApp.settings(from: app.session), SwipesApp.Settings(classic: true))
        XCTAssertThrowsError(try SwipesApp.Settings(recognizers: true, classic: true).validated()) { error in
            XCTAssertEqual((error as? SessionOptionsError)?.key, "classic")
        }
        let touches = TouchExplorerApp(canvas: canvas, classic: true)
        XCTAssertEqual(try TouchExplorerApp.settings(from: touches.session), TouchExplorerApp.Settings(classic: true))
        // A recording made before the option: today's mode.
        XCTAssertEqual(try TouchExplorerApp.settings(from: Session(app: "touches", seed: 0, options: [:])),
                       TouchExplorerApp.Settings())
    }
}
