import GLFunDrawingApp
import GLFunFileOutput
import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI
import XCTest

/// The drawing's file as the host saves it: JSON, PNG and sprite written as one (the PNG
/// never older than the JSON, no temporary file left), and what crash recovery takes from it.
final class DrawingFileTests: XCTestCase {
    let canvas = Canvas(width: 320, height: 240)  // the bars take 44 points at the top and bottom
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "/drawingfile-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: dir)
    }

    func drag(_ app: DrawingApp, _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) {
        app.handle(TimedEvent(t: 0, .touch(phase: .began, id: 0, x: x0, y: y0)))
        app.handle(TimedEvent(t: 0.1, .touch(phase: .ended, id: 0, x: x1, y: y1)))
    }

    func testASaveWritesJSONPNGAndSpriteTogetherThePNGNotOlder() throws {
        let app = DrawingApp(canvas: canvas)
        let host = HeadlessHost(app: app, renderer: try Renderer(context: try Context.headless()), canvas: canvas)
        host.feed(TimedEvent(t: 0, .key("r", [])))
        drag(app, 100, 100, 140, 130)
        host.feed(TimedEvent(t: 0.2, .key("i", [])))
        drag(app, 200, 150, 200, 150)  // the image tool: sprite.png beside the JSON
        _ = try host.renderFrame()  // the app's view exists: the save has a preview
        let pidMax = try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = FileManager.default.createFile(atPath: dir + "/.d.json.tmp-\(pidMax)-1", contents: Data(count: 1000))  // a kill -9 left it
        let written = try app.file.write(to: dir + "/d.json", preview: true)
        XCTAssertEqual(written.map { ($0 as NSString).lastPathComponent }, ["d.json", "d.png", "sprite.png"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["d.json", "d.png", "sprite.png"])
        let json = try FileManager.default.attributesOfItem(atPath: dir + "/d.json")[.modificationDate] as! Date
        let png = try FileManager.default.attributesOfItem(atPath: dir + "/d.png")[.modificationDate] as! Date
        XCTAssertGreaterThanOrEqual(png, json)
        XCTAssertEqual(try Scene(contentsOfFile: dir + "/d.json"), app.document)
        let picture = try Image(contentsOfFile: dir + "/d.png")
        XCTAssertEqual(picture[120, 115].r, 255, "the rectangle is in the PNG")
    }

    func testAFailedSaveWritesNothing() throws {
        let app = DrawingApp(canvas: canvas)
        let host = HeadlessHost(app: app, renderer: try Renderer(context: try Context.headless()), canvas: canvas)
        drag(app, 100, 100, 140, 130)
        _ = try host.renderFrame()
        try FileManager.default.createDirectory(atPath: dir + "/d.png", withIntermediateDirectories: false)
        XCTAssertThrowsError(try app.file.write(to: dir + "/d.json", preview: true)) { error in
            XCTAssertEqual((error as? FileWriteError)?.kind, .isDirectory)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["d.png"], "no JSON without its PNG")
    }

    func testRevisionMovesWithEveryChangeAndTheSnapshotIsACopy() throws {
        let app = DrawingApp(canvas: canvas)
        let file = try XCTUnwrap(app.documentForSaving)
        XCTAssertEqual(file.revision, 0)
        drag(app, 100, 100, 140, 130)
        XCTAssertTrue(file.hasUnsavedChanges)
        let r1 = file.revision
        XCTAssertGreaterThan(r1, 0)
        let snapshot = file.recoverySnapshot()
        app.undo()
        XCTAssertGreaterThan(file.revision, r1)
        drag(app, 105, 105, 120, 120)
        drag(app, 106, 106, 121, 121)
        let kept = try Scene(json: Data(snapshot()))
        XCTAssertEqual(kept.shapes.count, 1, "the bytes are those of the document when the snapshot was taken")
        file.markSaved()
        XCTAssertFalse(file.hasUnsavedChanges)
        app.markUnsaved()
        XCTAssertTrue(file.hasUnsavedChanges, "a recovered drawing is unsaved")
    }
}
