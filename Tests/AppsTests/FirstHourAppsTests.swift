import GLFunDrawingApp
import GLFunFileOutput
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunMovie
import GLFunUI
import GLFunPlayerApp
import GLFunSwipesApp
import TestFixtures
import GLFunTouchExplorerApp
import Foundation
import XCTest

/// The apps' first hour (issue 32, items 19, 20, 22): a window that says what to do before the
/// first touch, a save that failed shown in the window, a player started without sound.
final class FirstHourAppsTests: XCTestCase {
    let canvas = Canvas(width: 400, height: 300)

    /// The dark (text) pixels of a frame, on the demos' light background.
    func darkPixels(_ image: Image, rows: Range<Int>? = nil) -> Int {
        var n = 0
        for y in rows ?? 0..<image.height {
            for x in 0..<image.width where Int(image[x, y].r) < 100 { n += 1 }
        }
        return n
    }

    func firstFrame<A: GLFunApp>(_ app: A, touch: Bool = false) throws -> Image where A.Frame == FrameTarget {
        let host = HeadlessHost(app: app, renderer: try Renderer(context: try Context.headless()), canvas: canvas)
        host.feed(TimedEvent(t: 0, .resize(width: canvas.width, height: canvas.height, scale: 1)))
        if touch {
            host.feed(TimedEvent(t: 0.1, .touch(phase: .began, id: 0, x: 380, y: 280)))
            host.feed(TimedEvent(t: 0.2, .touch(phase: .ended, id: 0, x: 380, y: 280)))
        }
        return try host.renderFrame()
    }

    func testTheTouchesWindowSaysWhatToDoUntilTheFirstTouch() throws {
        let app = TouchExplorerApp(canvas: canvas)
        XCTAssertEqual(app.lines[0], TouchExplorerApp.hint)
        XCTAssertGreaterThan(darkPixels(try firstFrame(app)), 100, "one line of text, not plain grey")
        let touched = TouchExplorerApp(canvas: canvas)
        _ = try firstFrame(touched, touch: true)
        XCTAssertEqual(touched.lines[0], "Touches Stopped.", "the hint goes at the first touch")
        XCTAssertEqual(darkPixels(try firstFrame(TouchExplorerApp(canvas: canvas, classic: true))), 0,
                       "--classic opens plain grey, as the original")
    }

    func testTheSwipesWindowSaysWhatToDoUntilTheFirstTouch() throws {
        let app = SwipesApp(canvas: canvas)
        XCTAssertEqual(app.hint, "Swipe horizontally or vertically")
        XCTAssertGreaterThan(darkPixels(try firstFrame(app)), 100, "one line of text, not plain grey")
        XCTAssertEqual(SwipesApp(canvas: canvas, recognizers: true).hint, "Swipe with one, two or three fingers")
        let touched = SwipesApp(canvas: canvas)
        XCTAssertEqual(darkPixels(try firstFrame(touched, touch: true)), 0, "a touch that is no swipe: the hint is gone")
        XCTAssertNil(touched.hint)
        XCTAssertEqual(darkPixels(try firstFrame(SwipesApp(canvas: canvas, classic: true))), 0,
                       "--classic opens plain grey, as the original")
    }

    func testAFailedSaveShowsInTheDrawingWindowAndGoesAfterAWhile() throws {
        let app = DrawingApp(canvas: canvas)
        let host = HeadlessHost(app: app, renderer: try Renderer(context: try Context.headless()), canvas: canvas)
        host.feed(TimedEvent(t: 0, .resize(width: canvas.width, height: canvas.height, scale: 1)))
        let before = try host.renderFrame()
        // What the window host does when Ctrl+S fails: the write (its preview rendered first)
        // throws, the error goes to stderr and to the document.
        host.feed(TimedEvent(t: 1, .key("s", [.ctrl])))
        let dir = NSTemporaryDirectory() + "/glfun-first-hour-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir + "/d.png", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let doc = try XCTUnwrap(app.documentForSaving)
        XCTAssertThrowsError(try doc.write(to: dir + "/d.json", preview: true)) { doc.saveFailed($0) }
        let shown = try host.renderFrame()
        // The message box: dark, under the top bar (44 points), across the middle.
        let below = Int(app.toolbar.topBar.maxY) + 8
        func darkBox(_ image: Image) -> Int {
            var n = 0
            for y in 0..<image.height { for x in 0..<image.width where image[x, y].r < 60 && image[x, y].g < 60 { n += 1 } }
            return n
        }
        XCTAssertGreaterThan(darkBox(shown), 2000, "a dark box with the error")
        XCTAssertEqual(darkBox(before), 0)
        XCTAssertLessThan(shown[200, below + 2].r, 60, "the box, above its text")
        XCTAssertEqual(app.nextDeadline ?? 0, 1 + DrawingApp.saveFailureDuration, accuracy: 0.001, "a tick when it goes")
        host.feed(TimedEvent(t: 1 + DrawingApp.saveFailureDuration, .tick))
        let after = try host.renderFrame()
        XCTAssertEqual(after.pixels, before.pixels, "gone after \(DrawingApp.saveFailureDuration) s")
    }

    func testAPlayerStartedWithoutSoundSaysNoSound() throws {
        let clip = try TestClips.counter(seconds: 1)
        let start = AppStart(canvas: canvas, clock: .recorded)
        let quiet = try PlayerApp(settings: PlayerApp.Settings(path: clip, sound: false), seed: 0, start: start)
        XCTAssertEqual(quiet.bar.buttons[1].label, "No sound")
        quiet.toggleMute()
        quiet.changeVolume(by: 10)
        XCTAssertEqual(quiet.bar.buttons[1].label, "No sound", "nothing to unmute")
        XCTAssertEqual(quiet.volume, 100)
        // With sound asked for, a replay (no audio decoded by time) keeps its Unmute button, as before.
        let replayed = try PlayerApp(settings: PlayerApp.Settings(path: clip), seed: 0, start: start)
        XCTAssertEqual(replayed.bar.buttons[1].label, "Unmute")
    }

    func testSoundOutputsTryALSAOnlyWhereThereIsACard() {
        let none = "--- no soundcards ---\n"
        let one = " 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n                      HDA Intel PCH at 0xf7f10000 irq 33\n"
        XCTAssertEqual(SoundOutputs.drivers(environment: [:], exists: { _ in false }, soundCards: none), "null")
        XCTAssertEqual(SoundOutputs.drivers(environment: [:], exists: { _ in false }, soundCards: nil), "null")
        XCTAssertEqual(SoundOutputs.drivers(environment: [:], exists: { _ in false }, soundCards: one), "alsa,null")
        XCTAssertEqual(SoundOutputs.drivers(environment: ["XDG_RUNTIME_DIR": "/run/user/1"],
                                            exists: { $0 == "/run/user/1/pulse/native" }, soundCards: none), "pulse,null")
        XCTAssertEqual(SoundOutputs.drivers(environment: ["PULSE_SERVER": "tcp:host"], exists: { _ in false }, soundCards: one),
                       "pulse,alsa,null")
    }
}
