import GLFunApp
import GLFunKit
import XCTest

/// GLFunApp driven by InputEvents alone: no window, no GL, no clock.
final class AppTests: XCTestCase {
    let canvas = Canvas(width: 640, height: 480)

    func makeApp(classic: Bool = false, seed: UInt64 = 1) -> App {
        App(canvas: canvas, config: App.Config(classic: classic, seed: seed))
    }

    func drag(_ app: App, from a: Point, to b: Point, id: Int = 0, t: Double = 0) {
        app.handle(TimedEvent(t: t, .touch(phase: .began, id: id, x: a.x, y: a.y)))
        app.handle(TimedEvent(t: t + 0.05, .touch(phase: .moved, id: id, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)))
        app.handle(TimedEvent(t: t + 0.1, .touch(phase: .ended, id: id, x: b.x, y: b.y)))
    }

    func key(_ app: App, _ k: String, _ mods: Modifiers = [], t: Double = 0) -> [Effect] {
        app.handle(TimedEvent(t: t, .key(k, mods)))
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
        XCTAssertEqual(app.document.shapes, [.image(App.spriteName, at: Point(300, 250))])
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
        let app = App(canvas: Canvas(width: 640, height: 480, scale: 2))
        let blue = app.toolbar.segments.first { $0.hit == .color(.blue) }!.frame
        drag(app, from: Point(blue.x + 3, blue.y + 3), to: Point(blue.x + 3, blue.y + 3))
        XCTAssertEqual(app.currentColor, .blue)
        XCTAssertEqual(app.toolbar, Toolbar(canvas: Canvas(width: 640, height: 480, scale: 1), color: .blue, shape: .line))
    }

    func testMultipleTouchesDrawTheirOwnShapes() {
        let app = makeApp()
        app.handle(TimedEvent(t: 0, .touch(phase: .began, id: 1, x: 100, y: 100)))
        app.handle(TimedEvent(t: 0.01, .touch(phase: .began, id: 2, x: 300, y: 100)))
        XCTAssertEqual(app.liveShapes.count, 2)
        app.handle(TimedEvent(t: 0.1, .touch(phase: .ended, id: 1, x: 150, y: 200)))
        app.handle(TimedEvent(t: 0.2, .touch(phase: .ended, id: 2, x: 350, y: 200)))
        XCTAssertEqual(app.document.shapes.count, 2)
    }

    func testSessionEventSetsSeedAndMode() {
        let app = makeApp()
        app.handle(TimedEvent(t: 0, .session(seed: 9, classic: true)))
        XCTAssertEqual(app.config.seed, 9)
        XCTAssertTrue(app.config.classic)
    }
}

final class EventLogTests: XCTestCase {
    func testRoundTrip() throws {
        let events = [
            TimedEvent(t: 0, .session(seed: 12345, classic: false)),
            TimedEvent(t: 0, .resize(width: 640, height: 480, scale: 2)),
            TimedEvent(t: 0.12, .touch(phase: .began, id: 1, x: 100.5, y: 80)),
            TimedEvent(t: 0.136, .touch(phase: .moved, id: 1, x: 140, y: 120)),
            TimedEvent(t: 0.3, .touch(phase: .ended, id: 1, x: 180, y: 160)),
            TimedEvent(t: 0.9, .key("e", [])),
            TimedEvent(t: 1.0, .key("z", [.ctrl, .shift])),
            TimedEvent(t: 1.5, .tick),
        ]
        let text = events.map(EventLog.line).joined(separator: "\n")
        XCTAssertEqual(try EventLog.parse(text), events)
    }

    func testDesignExampleParses() throws {
        let text = """
            {"t": 0.000, "type": "resize", "width": 640, "height": 480, "scale": 1}
            {"t": 0.120, "type": "touch", "phase": "began", "id": 1, "x": 100.5, "y": 80}
            {"t": 0.136, "type": "touch", "phase": "moved", "id": 1, "x": 140, "y": 120}
            {"t": 0.300, "type": "touch", "phase": "ended", "id": 1, "x": 180, "y": 160}
            {"t": 0.900, "type": "key", "key": "e", "modifiers": []}
            """
        XCTAssertEqual(try EventLog.parse(text).count, 5)
    }

    func testErrorsNameTheLine() {
        let cases: [(String, String)] = [
            ("{\"t\": 0, \"type\": \"resize\", \"width\": 640, \"height\": 480}\nnot json", "log:2: not a JSON object"),
            ("{\"t\": 0, \"type\": \"touch\", \"phase\": \"moving\", \"id\": 1, \"x\": 1, \"y\": 2}", "log:1: phase"),
            ("{\"t\": 0, \"type\": \"warp\"}", "log:1: type: unknown event type"),
            ("{\"t\": 1, \"type\": \"tick\"}\n{\"t\": 0.5, \"type\": \"tick\"}", "log:2: t goes back"),
            ("{\"t\": 0, \"type\": \"touch\", \"phase\": \"began\", \"id\": 1, \"x\": \"a\", \"y\": 2}", "log:1: x"),
            ("{\"t\": 0, \"type\": \"touch\", \"phase\": \"began\", \"id\": 1, \"x\": 1e300, \"y\": 2}", "log:1: x"),
            ("{\"t\": 0, \"type\": \"resize\", \"width\": 0, \"height\": 480}", "log:1: width"),
            ("{\"t\": 0, \"type\": \"key\", \"key\": \"a\", \"modifiers\": [\"hyper\"]}", "log:1: modifiers"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try EventLog.parse(text, file: "log"), text) { error in
                XCTAssertTrue("\(error)".hasPrefix(expected), "\(error) should start with \(expected)")
            }
        }
    }
}
