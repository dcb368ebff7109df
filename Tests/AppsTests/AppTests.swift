import GLFunDrawingApp
import GLFunHost
import GLFunKit
import XCTest

/// The drawing app driven by InputEvents alone: no window, no GL, no clock.
final class AppTests: XCTestCase {
    let canvas = Canvas(width: 640, height: 480)

    func makeApp(classic: Bool = false, seed: UInt64 = 1) -> DrawingApp {
        DrawingApp(canvas: canvas, config: DrawingApp.Config(classic: classic, seed: seed))
    }

    func drag(_ app: DrawingApp, from a: Point, to b: Point, id: Int = 0, t: Double = 0) {
        app.handle(TimedEvent(t: t, .touch(phase: .began, id: id, x: a.x, y: a.y)))
        app.handle(TimedEvent(t: t + 0.05, .touch(phase: .moved, id: id, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)))
        app.handle(TimedEvent(t: t + 0.1, .touch(phase: .ended, id: id, x: b.x, y: b.y)))
    }

    /// What a key asks of the host besides a redraw.
    func key(_ app: DrawingApp, _ k: Key, _ mods: Modifiers = [], t: Double = 0) -> [HostEffect] {
        app.handle(TimedEvent(t: t, .key(k, mods))).filter { $0 != .redraw }
    }

    func testDefaultsAreTheSamplesRedLine() {
        let app = makeApp()
        XCTAssertEqual(app.currentColor, .red)
        XCTAssertEqual(app.currentShape, .line)
        XCTAssertEqual(app.document.background, Color.background)
        drag(app, from: Point(100, 100), to: Point(200, 150))
        XCTAssertEqual(app.document.shapes, [.line(Point(100, 100), Point(200, 150), color: .red)])
        XCTAssertTrue(app.isDirty)
    }

    func testLiveShapeFollowsEveryMoveThenCommits() {
        let app = makeApp()
        _ = key(app, "r")
        app.handle(TimedEvent(t: 0, .touch(phase: .began, id: 0, x: 100, y: 100)))
        app.handle(TimedEvent(t: 0.1, .touch(phase: .moved, id: 0, x: 150, y: 160)))
        XCTAssertEqual(app.liveShapes, [.rect(Point(100, 100), Point(150, 160), color: .red)])
        XCTAssertTrue(app.document.shapes.isEmpty)
        app.handle(TimedEvent(t: 0.2, .touch(phase: .moved, id: 0, x: 170, y: 190)))
        XCTAssertEqual(app.liveShapes.first?.to, Point(170, 190))
        app.handle(TimedEvent(t: 0.3, .touch(phase: .ended, id: 0, x: 180, y: 200)))
        XCTAssertTrue(app.liveShapes.isEmpty)
        XCTAssertEqual(app.document.shapes, [.rect(Point(100, 100), Point(180, 200), color: .red)])
    }

    func testCancelledTouchDrawsNothing() {
        let app = makeApp()
        app.handle(TimedEvent(t: 0, .touch(phase: .began, id: 0, x: 100, y: 100)))
        app.handle(TimedEvent(t: 0.1, .touch(phase: .moved, id: 0, x: 200, y: 200)))
        app.handle(TimedEvent(t: 0.2, .touch(phase: .cancelled, id: 0, x: 0, y: 0)))
        XCTAssertTrue(app.liveShapes.isEmpty)
        XCTAssertTrue(app.document.shapes.isEmpty)
        XCTAssertFalse(app.isDirty)
    }

    func testToolbarTapsChangeColorAndShapeAndDoNotDraw() {
        let app = makeApp()
        let bar = app.toolbar
        let blue = bar.segments.first { $0.hit == .color(.blue) }!.frame
        let ellipse = bar.segments.first { $0.hit == .shape(.ellipse) }!.frame
        drag(app, from: Point(blue.x + 5, blue.y + 5), to: Point(blue.x + 6, blue.y + 6))
        drag(app, from: Point(ellipse.x + 5, ellipse.y + 5), to: Point(ellipse.x + 6, ellipse.y + 6))
        XCTAssertEqual(app.currentColor, .blue)
        XCTAssertEqual(app.currentShape, .ellipse)
        XCTAssertTrue(app.document.shapes.isEmpty)
        XCTAssertTrue(app.toolbar.segments.first { $0.hit == .color(.blue) }!.selected)
        XCTAssertFalse(app.toolbar.segments.first { $0.hit == .color(.red) }!.selected)
        // A drag that starts on a bar between segments draws nothing either.
        drag(app, from: Point(2, 2), to: Point(300, 300))
        XCTAssertTrue(app.document.shapes.isEmpty)
    }

    func testKeyboardShortcutsForEveryChoice() {
        let app = makeApp()
        for c in ColorChoice.allCases {
            _ = key(app, c.key)
            XCTAssertEqual(app.currentColor, c)
        }
        for s in ShapeKind.allCases {
            _ = key(app, s.key)
            XCTAssertEqual(app.currentShape, s)
        }
    }

    func testRandomPicksANewColorAtEachTouchAndReplaysWithTheSeed() {
        func run(seed: UInt64) -> [Color] {
            let app = makeApp(seed: seed)
            _ = key(app, "5")
            _ = key(app, "r")
            for i in 0..<4 { drag(app, from: Point(100, 100 + Float(i) * 20), to: Point(200, 110 + Float(i) * 20)) }
            return app.document.shapes.map(\.color)
        }
        let a = run(seed: 42), b = run(seed: 42), c = run(seed: 43)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, c)
        XCTAssertEqual(Set(a.map(\.rgba8)).count, 4, "each touch gets its own color")
    }

    func testImageToolPlacesTheSpriteAtTheLastTouch() {
        let app = makeApp()
        _ = key(app, "i")
        drag(app, from: Point(100, 100), to: Point(300, 250))
        XCTAssertEqual(app.document.shapes, [.image(DrawingApp.spriteName, at: Point(300, 250))])
    }

    func testUndoRedoClear() {
        let app = makeApp()
        drag(app, from: Point(100, 100), to: Point(200, 150))
        drag(app, from: Point(100, 200), to: Point(200, 250))
        XCTAssertEqual(app.document.shapes.count, 2)
        let epoch = app.epoch
        _ = key(app, "z", [.ctrl])
        XCTAssertEqual(app.document.shapes.count, 1)
        XCTAssertGreaterThan(app.epoch, epoch, "undo changes the epoch so the layer redraws")
        _ = key(app, "z", [.ctrl, .shift])
        XCTAssertEqual(app.document.shapes.count, 2)
        _ = key(app, "z", [.ctrl])
        _ = key(app, "y", [.ctrl])
        XCTAssertEqual(app.document.shapes.count, 2)
        _ = key(app, "backspace", [.ctrl])
        XCTAssertTrue(app.document.shapes.isEmpty)
        _ = key(app, "z", [.ctrl])
        XCTAssertEqual(app.document.shapes.count, 2, "clear is undoable")
        // A new shape after an undo drops the redo history.
        _ = key(app, "z", [.ctrl])
        drag(app, from: Point(300, 300), to: Point(320, 330))
        XCTAssertFalse(app.canRedo)
    }

    func testClassicModeKeepsOneShape() {
        let app = makeApp(classic: true)
        drag(app, from: Point(100, 100), to: Point(200, 150))
        drag(app, from: Point(300, 100), to: Point(400, 150))
        XCTAssertEqual(app.document.shapes, [.line(Point(300, 100), Point(400, 150), color: .red)])
        _ = key(app, "z", [.ctrl])
        XCTAssertEqual(app.document.shapes, [.line(Point(100, 100), Point(200, 150), color: .red)])
    }

    func testQuitSaveAndHelp() {
        let app = makeApp()
        XCTAssertEqual(key(app, "q", [.ctrl]), [.quit])
        XCTAssertEqual(key(app, "s", [.ctrl]), [.save])
        XCTAssertEqual(key(app, "?"), [])
        XCTAssertTrue(app.helpVisible)
        XCTAssertEqual(key(app, "escape"), [], "Esc first closes the help")
        XCTAssertFalse(app.helpVisible)
        _ = key(app, "f1")
        XCTAssertTrue(app.helpVisible)
        _ = key(app, "f1")
        XCTAssertFalse(app.helpVisible)
        XCTAssertEqual(key(app, "escape"), [.quit])
        app.markSaved()
        XCTAssertFalse(app.isDirty)
    }

    func testResizeKeepsTheDrawingInPlace() {
        let app = makeApp()
        drag(app, from: Point(100, 100), to: Point(200, 150))
        app.handle(TimedEvent(t: 1, .resize(width: 900, height: 700, scale: 1)))
        XCTAssertEqual(app.canvas, Canvas(width: 900, height: 700, scale: 1))
        XCTAssertEqual(app.document.width, 900)
        XCTAssertEqual(app.document.shapes, [.line(Point(100, 100), Point(200, 150), color: .red)])
        // The bottom bar follows the new size.
        XCTAssertEqual(app.toolbar.bottomBar.maxY, 700)
    }

    func testHiDPIKeepsHitTestingInPoints() {
        let app = DrawingApp(canvas: Canvas(width: 640, height: 480, scale: 2))
        let blue = app.toolbar.segments.first { $0.hit == .color(.blue) }!.frame
        drag(app, from: Point(blue.x + 3, blue.y + 3), to: Point(blue.x + 3, blue.y + 3))
        XCTAssertEqual(app.currentColor, .blue)
        XCTAssertEqual(app.toolbar, Toolbar(canvas: Canvas(width: 640, height: 480, scale: 1), color: .blue, shape: .line))
    }

    func testMultipleTouchesDrawTheirOwnShapes() {
        let app = makeApp()
        app.handle(TimedEvent(t: 0, .touch(phase: .began, id: 1, x: 100, y: 100)))
        app.handle(TimedEvent(t: 0.2, .touch(phase: .began, id: 2, x: 300, y: 100)))  // later than 150 ms
        XCTAssertEqual(app.liveShapes.count, 2)
        app.handle(TimedEvent(t: 0.3, .touch(phase: .ended, id: 1, x: 150, y: 200)))
        app.handle(TimedEvent(t: 0.4, .touch(phase: .ended, id: 2, x: 350, y: 200)))
        XCTAssertEqual(app.document.shapes.count, 2)
    }

    func testSessionEventSetsSeedAndMode() {
        let app = makeApp()
        app.handle(TimedEvent(t: 0, .session(Session(app: "drawing", seed: 9, options: ["classic": "true"]))))
        XCTAssertEqual(app.config.seed, 9)
        XCTAssertTrue(app.config.classic)
    }
}

/// Multitouch on the canvas: multi-finger drawing, canvas gestures, demos.
final class CanvasGestureTests: XCTestCase {
    func makeApp() -> DrawingApp { DrawingApp(canvas: Canvas(width: 800, height: 600), config: DrawingApp.Config(seed: 3)) }

    func ev(_ app: DrawingApp, _ t: Double, _ phase: TouchPhase, _ id: Int, _ x: Float, _ y: Float) {
        app.handle(TimedEvent(t: t, .touch(phase: phase, id: id, x: x, y: y)))
    }

    func testFingersThatLandApartEachDraw() {
        let app = makeApp()
        ev(app, 0, .began, 1, 100, 100)
        ev(app, 0.1, .moved, 1, 150, 150)
        ev(app, 0.3, .began, 2, 400, 100)  // 300 ms later: a second drawing finger
        XCTAssertEqual(app.liveShapes.count, 2)
        XCTAssertFalse(app.isGesturing)
        ev(app, 0.4, .ended, 1, 200, 200)
        ev(app, 0.5, .ended, 2, 500, 200)
        XCTAssertEqual(app.document.shapes.count, 2)
    }

    func testTwoFingersTogetherPinchZoomTheViewNotTheDocument() {
        let app = makeApp()
        ev(app, 0, .began, 1, 300, 300)
        ev(app, 0.05, .began, 2, 500, 300)
        XCTAssertTrue(app.isGesturing)
        XCTAssertTrue(app.liveShapes.isEmpty, "the first finger's shape is dropped")
        for i in 1...10 {
            let d = Float(i) * 10
            ev(app, 0.05 + Double(i) * 0.02, .moved, 1, 300 - d, 300)
            ev(app, 0.05 + Double(i) * 0.02, .moved, 2, 500 + d, 300)
        }
        ev(app, 0.3, .ended, 1, 200, 300)
        ev(app, 0.3, .ended, 2, 600, 300)
        XCTAssertFalse(app.isGesturing)
        XCTAssertTrue(app.document.shapes.isEmpty)
        XCTAssertEqual(app.view.scale, 2, accuracy: 0.01)
        // The pinch's centre stays put on screen.
        let c = app.view.apply(Point(400, 300))
        XCTAssertEqual(c.x, 400, accuracy: 0.5)
        XCTAssertEqual(c.y, 300, accuracy: 0.5)
        // Drawing afterwards lands in document coordinates.
        ev(app, 1, .began, 3, 400, 300)
        ev(app, 1.1, .ended, 3, 500, 400)
        let line = app.document.shapes[0]
        XCTAssertEqual(line.from.x, 400, accuracy: 0.5)
        XCTAssertEqual(line.to.x, 450, accuracy: 0.5)
        XCTAssertEqual(line.to.y, 350, accuracy: 0.5)
        _ = app.handle(TimedEvent(t: 2, .key("0", [])))
        XCTAssertEqual(app.view, .identity)
    }

    func testTwoFingerRotationAndPan() {
        let app = makeApp()
        ev(app, 0, .began, 1, 300, 300)
        ev(app, 0.02, .began, 2, 500, 300)
        // Rotate a quarter turn about (400, 300), then move both 50 down.
        for i in 1...9 {
            let a = Float(i) * Float.pi / 18
            ev(app, 0.02 + Double(i) * 0.02, .moved, 1, 400 - 100 * cos(a), 300 - 100 * sin(a))
            ev(app, 0.02 + Double(i) * 0.02, .moved, 2, 400 + 100 * cos(a), 300 + 100 * sin(a))
        }
        ev(app, 0.3, .ended, 1, 400, 200)
        ev(app, 0.3, .ended, 2, 400, 400)
        XCTAssertEqual(app.view.rotation, Float.pi / 2, accuracy: 0.02)
        XCTAssertEqual(app.view.scale, 1, accuracy: 0.02)

        ev(app, 1, .began, 1, 300, 300)
        ev(app, 1.02, .began, 2, 500, 300)
        for i in 1...5 {
            ev(app, 1.02 + Double(i) * 0.02, .moved, 1, 300, 300 + Float(i) * 10)
            ev(app, 1.02 + Double(i) * 0.02, .moved, 2, 500, 300 + Float(i) * 10)
        }
        ev(app, 1.2, .ended, 1, 300, 350)
        ev(app, 1.2, .ended, 2, 500, 350)
        XCTAssertEqual(app.view.ty - 0, app.view.ty, accuracy: 0)  // sanity
        let c = app.view.apply(Point(400, 300))
        XCTAssertEqual(c.y, 350, accuracy: 1, "the pan moved the view down 50")
    }

    func testTwoFingerTapUndoesThreeFingerTapRedoes() {
        let app = makeApp()
        ev(app, 0, .began, 1, 100, 100)
        ev(app, 0.1, .ended, 1, 200, 200)
        XCTAssertEqual(app.document.shapes.count, 1)
        ev(app, 1, .began, 1, 300, 300)
        ev(app, 1.03, .began, 2, 360, 300)
        ev(app, 1.1, .ended, 1, 300, 300)
        ev(app, 1.11, .ended, 2, 360, 300)
        XCTAssertEqual(app.document.shapes.count, 0, "two-finger tap undoes")
        ev(app, 2, .began, 1, 300, 300)
        ev(app, 2.03, .began, 2, 360, 300)
        ev(app, 2.05, .began, 3, 330, 350)
        ev(app, 2.1, .ended, 1, 300, 300)
        ev(app, 2.11, .ended, 2, 360, 300)
        ev(app, 2.12, .ended, 3, 330, 350)
        XCTAssertEqual(app.document.shapes.count, 1, "three-finger tap redoes")
    }

    func testThreeFingerPinchScalesTheLastShape() {
        let app = makeApp()
        _ = app.handle(TimedEvent(t: 0, .key("r", [])))
        ev(app, 0, .began, 1, 300, 200)
        ev(app, 0.1, .ended, 1, 400, 300)
        let original = app.document.shapes[0]
        // Three fingers on a circle of radius 60 about (400, 400), spreading to radius 120.
        let angles: [Float] = [0, 2.094, 4.189]
        for (k, a) in angles.enumerated() {
            ev(app, 1 + Double(k) * 0.02, .began, 10 + k, 400 + 60 * cos(a), 400 + 60 * sin(a))
        }
        for i in 1...10 {
            let r = 60 + Float(i) * 6
            for (k, a) in angles.enumerated() {
                ev(app, 1.1 + Double(i) * 0.02, .moved, 10 + k, 400 + r * cos(a), 400 + r * sin(a))
            }
        }
        for (k, a) in angles.enumerated() {
            ev(app, 1.4, .ended, 10 + k, 400 + 120 * cos(a), 400 + 120 * sin(a))
        }
        let s = app.document.shapes[0]
        XCTAssertEqual(s.to.x - s.from.x, 2 * (original.to.x - original.from.x), accuracy: 1)
        XCTAssertEqual((s.from.x + s.to.x) / 2, 350, accuracy: 0.5, "scaled about its centre")
        XCTAssertEqual(app.view, .identity, "three fingers do not move the view")
        _ = app.handle(TimedEvent(t: 2, .key("z", [.ctrl])))
        XCTAssertEqual(app.document.shapes[0], original, "undoable")
    }
}
