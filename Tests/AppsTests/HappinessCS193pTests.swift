import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI
import GLFunHappinessApp
import XCTest

/// Happiness as CS193p wrote it (`GestureRules.cs193p`, the default): recorded touches in, the
/// happiness the course's code gives out (worked out here step by step from the touches'
/// numbers), and the face's pixels equal to a face started at that happiness.
final class HappinessCS193pTests: XCTestCase {
    let canvas = Canvas(width: 400, height: 300)
    var printed: [String] = []

    func makeApp(happiness: Int = 50, scale: Float = 0.9) -> HappinessApp {
        HappinessApp(canvas: canvas, happiness: happiness, scale: scale, output: { [unowned self] in printed.append($0) })
    }

    func touch(_ app: HappinessApp, _ t: Double, _ phase: TouchPhase, _ id: Int, _ x: Float, _ y: Float) {
        _ = app.handle(TimedEvent(t: t, .touch(phase: phase, id: id, x: x, y: y)))
    }

    /// One finger up from y0 in `moves` moves of `step` points, 20 ms apart, lifted where it is.
    func dragUp(_ app: HappinessApp, from y0: Float, moves: Int, step: Float, t: Double = 1) {
        touch(app, t, .began, 0, 200, y0)
        for i in 1...moves { touch(app, t + 0.02 * Double(i), .moved, 0, 200, y0 - step * Float(i)) }
        touch(app, t + 0.02 * Double(moves + 1), .ended, 0, 200, y0 - step * Float(moves))
    }

    func render(_ app: HappinessApp) throws -> Image {
        let host = HeadlessHost(app: app, renderer: try Renderer(context: try Context.headless()), canvas: canvas)
        host.feed(TimedEvent(t: 99, .resize(width: canvas.width, height: canvas.height, scale: 1)))
        return try host.renderFrame()
    }

    func testAPanLosesWhatIsLeftAtEachStepAndTheFaceShowsIt() throws {
        let app = makeApp()
        // 12 moves of 6 points up. The pan begins at the 2nd move (12 points: its hysteresis is
        // 10), and CS193p's code does nothing as it begins, so the 3rd move's change sees 18
        // points: 4 steps, translation to 0. Every later move is 6 points: 1 step, 2 points lost
        // each time (9 moves). The end adds nothing (the finger did not move). 50 + 4 + 9 = 63.
        dragUp(app, from: 250, moves: 12, step: 6)
        XCTAssertEqual(app.happiness, 63)
        XCTAssertEqual(printed, ["happiness = 54"] + (55...63).map { "happiness = \($0)" })
        // Whole steps would have given 72 / 4 = 18 steps: 68.
        let steps = HappinessApp(canvas: canvas, gestures: .steps, output: { _ in })
        dragUp(steps, from: 250, moves: 12, step: 6)
        XCTAssertEqual(steps.happiness, 68)
        // The face's pixels are those of a face started at 63.
        XCTAssertEqual(try render(app).pixels, try render(makeApp(happiness: 63)).pixels)
        XCTAssertNotEqual(try render(app).pixels, try render(makeApp(happiness: 68)).pixels)
    }

    func testAPinchActsOnItsChangesOnly() throws {
        // Two fingers 80 apart spreading to 240 in 10 moves, then the first lifted 10 points
        // further out (the lift's own move: 250 apart). CS193p's code acts on .changed only:
        // 240 / 80 = 3 times. Whole steps apply the lift's move too: 250 / 80 = 3.125 times.
        func pinch(_ app: HappinessApp) {
            touch(app, 1, .began, 1000, 240, 150)
            touch(app, 1, .began, 1001, 160, 150)
            for i in 1...10 {
                let d = Float(40 + 8 * i), t = 1 + 0.02 * Double(i)
                touch(app, t, .moved, 1000, 200 + d, 150)
                touch(app, t, .moved, 1001, 200 - d, 150)
            }
            touch(app, 1.3, .ended, 1000, 330, 150)
            touch(app, 1.3, .ended, 1001, 80, 150)
        }
        let app = makeApp()
        pinch(app)
        XCTAssertEqual(app.face.scale, 0.9 * 3, accuracy: 1e-4)
        let steps = HappinessApp(canvas: canvas, gestures: .steps, output: { _ in })
        pinch(steps)
        XCTAssertEqual(steps.face.scale, 0.9 * 3.125, accuracy: 1e-4)
        XCTAssertEqual(try render(app).pixels, try render(makeApp(scale: app.face.scale)).pixels)
    }

    func testEverySetPrintsChangedOrNot() {
        let app = makeApp(happiness: 100)
        app.happiness = 100
        app.happiness = 120
        app.happiness = 99
        XCTAssertEqual(printed, ["happiness = 100", "happiness = 100", "happiness = 99"])
    }
}
