import GLFunDrawingApp
import GLFunHost
import GLFunKit
import XCTest

/// The drawing app's undo history is bounded, as editors bound theirs: `DrawingApp.undoLimit`
/// changes and `DrawingApp.undoShapeLimit` shapes held; the oldest changes go first.
final class HistoryLimitTests: XCTestCase {
    let canvas = Canvas(width: 640, height: 480)

    func draw(_ app: DrawingApp, _ i: Int) {
        let t = Double(i)
        let x = Float(100 + i % 300), y = Float(100 + i % 200)
        _ = app.handle(TimedEvent(t: t, .touch(phase: .began, id: 0, x: x, y: y)))
        _ = app.handle(TimedEvent(t: t + 0.1, .touch(phase: .ended, id: 0, x: x + 20, y: y + 15)))
    }

    func testUndoGoesBackAtMostUndoLimitChanges() {
        let app = DrawingApp(canvas: canvas)
        let extra = 5
        for i in 0..<(DrawingApp.undoLimit + extra) { draw(app, i) }
        XCTAssertEqual(app.document.shapes.count, DrawingApp.undoLimit + extra)
        XCTAssertEqual(app.historyCount, DrawingApp.undoLimit)
        while app.canUndo { app.undo() }
        XCTAssertEqual(app.document.shapes.count, extra, "the oldest changes were forgotten")
        XCTAssertEqual(app.historyCount, DrawingApp.undoLimit, "all of them can be redone")
        while app.canRedo { app.redo() }
        XCTAssertEqual(app.document.shapes.count, DrawingApp.undoLimit + extra)
    }

    /// Clearing a document of more shapes than the budget keeps that clear alone: it can be undone.
    func testAClearOfAHugeDocumentIsKeptAlone() {
        let shape = Shape.rect(Point(1, 1), Point(5, 5), color: .red)
        var scene = Scene(width: 640, height: 480)
        scene.shapes = Array(repeating: shape, count: DrawingApp.undoShapeLimit)
        let app = DrawingApp(canvas: canvas, document: scene)
        draw(app, 0)
        XCTAssertEqual(app.historyCount, 1)
        app.clear()
        XCTAssertEqual(app.historyCount, 1, "the earlier shape's change was forgotten for the clear's")
        app.undo()
        XCTAssertEqual(app.document.shapes.count, DrawingApp.undoShapeLimit + 1)
        XCTAssertFalse(app.canUndo)
    }
}
