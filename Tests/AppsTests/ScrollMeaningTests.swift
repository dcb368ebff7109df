import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunMovie
import GLFunUI
import GLFunDrawingApp
import GLFunHappinessApp
import GLFunPlayerApp
import GLFunSwipesApp
import TestFixtures
import GLFunTouchExplorerApp
import XCTest

/// What the wheel (`InputEvent.scroll`) means in each app: the drawing's view zooms about the
/// pointer, the player seeks 10 s a step, Happiness is Up and Down, the touch demos ignore it.
/// (The slide show's zoom is SlideShowScrollTests'.)
final class ScrollMeaningTests: XCTestCase {
    func scroll(_ x: Float, _ y: Float, dx: Float = 0, dy: Float, at t: Double) -> TimedEvent {
        TimedEvent(t: t, .scroll(x: x, y: y, dx: dx, dy: dy))
    }

    func testTheDrawingsWheelZoomsItsViewAboutThePointer() {
        let app = DrawingApp(canvas: Canvas(width: 400, height: 300), config: DrawingApp.Config(seed: 1))
        let p = Point(300, 100)
        XCTAssertEqual(app.handle(scroll(p.x, p.y, dy: -1, at: 1)), [.redraw])
        XCTAssertEqual(app.view.scale, 1.25, accuracy: 1e-6)
        let d = app.view.invert(p)
        XCTAssertEqual(d.x, p.x, accuracy: 1e-3, "the document point under the pointer stays under it")
        XCTAssertEqual(d.y, p.y, accuracy: 1e-3)
        app.handle(scroll(10, 20, dy: 1, at: 2))
        XCTAssertEqual(app.view.scale, 1, accuracy: 1e-6)
        XCTAssertEqual(app.handle(scroll(10, 20, dy: -1000, at: 3)), [.redraw])
        XCTAssertEqual(app.view.scale, 50, accuracy: 1e-3, "the pinch's limit")
        XCTAssertEqual(app.handle(scroll(10, 20, dy: -1, at: 4)), [], "at the limit: nothing changes")
        XCTAssertEqual(app.handle(scroll(10, 20, dx: 2, dy: 0, at: 5)), [], "sideways: nothing")
        // Not while a finger draws: the stroke keeps the view it began in.
        let drawing = DrawingApp(canvas: Canvas(width: 400, height: 300), config: DrawingApp.Config(seed: 1))
        drawing.handle(TimedEvent(t: 1, .touch(phase: .began, id: 0, x: 200, y: 200)))
        XCTAssertEqual(drawing.handle(scroll(200, 200, dy: -1, at: 1.1)), [])
        XCTAssertEqual(drawing.view, .identity)
    }

    func testThePlayersWheelSeeksTenSecondsAStep() throws {
        let clip = try TestClips.counter(seconds: 30, fps: 5, width: 160, height: 120)
        let app = PlayerApp(path: clip, info: try MovieProbe.info(clip), canvas: Canvas(width: 320, height: 240),
                            clock: .byTime, sound: false, playing: false)
        _ = app.handle(TimedEvent(t: 0, .session(app.session)))
        _ = app.handle(scroll(100, 100, dy: -1, at: 1))
        XCTAssertEqual(app.position, 10, accuracy: 1e-9, "up: forward")
        XCTAssertEqual(app.message?.text, "+10 s")
        _ = app.handle(scroll(100, 100, dx: 1, dy: 0.25, at: 2))
        XCTAssertEqual(app.position, 20, accuracy: 1e-9, "right: forward (the axis moved most)")
        _ = app.handle(scroll(100, 100, dy: 1, at: 3))
        XCTAssertEqual(app.position, 10, accuracy: 1e-9, "down: back")
        XCTAssertEqual(app.message?.text, "-10 s")
        // A touchpad's fractions wait until they make a step.
        for (i, t) in [4.0, 4.1, 4.2].enumerated() {
            XCTAssertEqual(app.handle(scroll(100, 100, dy: -0.3, at: t)), [], "fraction \(i)")
        }
        XCTAssertEqual(app.position, 10, accuracy: 1e-9)
        _ = app.handle(scroll(100, 100, dy: -0.3, at: 4.3))
        XCTAssertEqual(app.position, 20, accuracy: 1e-9)
        _ = app.handle(scroll(100, 100, dy: 5, at: 5))
        XCTAssertEqual(app.position, 0, accuracy: 1e-9, "not before the start")
    }

    func testHappinessWheelIsUpAndDown() {
        var printed: [String] = []
        let app = HappinessApp(canvas: Canvas(width: 400, height: 300), happiness: 50, scale: 0.9, gestures: .steps,
                               output: { printed.append($0) })
        XCTAssertEqual(app.handle(scroll(200, 150, dy: -1, at: 1)), [.redraw])
        XCTAssertEqual(app.happiness, 55, "a step up is happier by a key's step")
        _ = app.handle(scroll(200, 150, dy: 2, at: 2))
        XCTAssertEqual(app.happiness, 45)
        XCTAssertEqual(app.handle(scroll(200, 150, dy: -0.5, at: 3)), [], "half a step: not yet")
        _ = app.handle(scroll(200, 150, dy: -0.5, at: 3.1))
        XCTAssertEqual(app.happiness, 50)
        XCTAssertEqual(app.handle(scroll(200, 150, dx: 3, dy: 0, at: 4)), [], "sideways: nothing")
        XCTAssertEqual(printed, ["happiness = 55", "happiness = 45", "happiness = 50"])
    }

    func testTheTouchDemosIgnoreTheWheelToThePixel() throws {
        let canvas = Canvas(width: 320, height: 240)
        let renderer = try Renderer(context: try Context.headless())
        let explorer = TouchExplorerApp(canvas: canvas)
        let swipes = SwipesApp(canvas: canvas)
        for app in [explorer as any GLFunApp, swipes] {
            _ = app.handle(TimedEvent(t: 0, .resize(width: canvas.width, height: canvas.height, scale: 1)))
            _ = app.handle(TimedEvent(t: 0.1, .touch(phase: .began, id: 0, x: 100, y: 100)))
        }
        let before = try [HeadlessHost(app: explorer, renderer: renderer, canvas: canvas).renderFrame(),
                          HeadlessHost(app: swipes, renderer: renderer, canvas: canvas).renderFrame()]
        XCTAssertEqual(explorer.handle(scroll(100, 100, dy: -1, at: 0.2)), [])
        XCTAssertEqual(swipes.handle(scroll(100, 100, dx: 1, dy: 1, at: 0.2)), [])
        let after = try [HeadlessHost(app: explorer, renderer: renderer, canvas: canvas).renderFrame(),
                         HeadlessHost(app: swipes, renderer: renderer, canvas: canvas).renderFrame()]
        XCTAssertTrue(before == after, "the same pixels")
    }
}
