import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI
import GLFunSlideShowApp
import GLFunSoak
import XCTest

/// The soak driver on the slide show, briefly: slides change many times (the damaged picture
/// skipped with one warning), the GL objects are the same at every sample after warm-up (each
/// taken at rest, between transitions), and the script is the same for the same seed.
final class SlideShowSoakTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "/slideshow-soak-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try SoakPictures.make(in: folder, scale: 0.2)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testGLObjectsAreFlatAfterWarmUp() throws {
        let ctx = try GLFunSoakTests.context.get()
        try ctx.makeCurrent()
        let renderer = try Renderer(context: ctx)
        let script = try SlideShowSoakScript(canvas: Canvas(width: 192, height: 144), seed: 5, folder: folder)
        let runner = SoakRunner(script: script, renderer: renderer)
        let samples = try runner.run(frames: 1500, sampleEvery: 100)
        // One every 100 frames, but for those that fell due while zoomed in (the tiles' textures
        // are held then) and waited for the zoom's end, past the run's end.
        XCTAssertGreaterThanOrEqual(samples.count, 13)
        let afterWarmUp = samples.filter { $0.frame >= 300 }
        for s in afterWarmUp {
            XCTAssertEqual(s.gl, afterWarmUp[0].gl, "frame \(s.frame)")
        }
        XCTAssertGreaterThan(script.app.changes, 30, "slides changed")
        XCTAssertEqual(script.warnings, 1, "the damaged picture, once")
        let asan = dlsym(nil, "__asan_init") != nil
        XCTAssertEqual(try XCTUnwrap(SoakVerdict(samples, tolerance: asan ? 1 << 40 : 64 << 20)).flat, true)
    }

    func testTheScriptIsDeterministic() throws {
        let canvas = Canvas(width: 192, height: 144)
        let a = try SlideShowSoakScript(canvas: canvas, seed: 3, folder: folder)
        let b = try SlideShowSoakScript(canvas: canvas, seed: 3, folder: folder)
        var same = true
        for f in 0..<3000 {
            let t = Double(f) / 60
            for s in [a, b] {
                if let d = s.app.nextDeadline, d <= t { _ = s.app.handle(TimedEvent(t: t, .tick)) }
            }
            let ea = a.events(at: t), eb = b.events(at: t)
            for e in ea { _ = a.app.handle(TimedEvent(t: t, e)) }
            for e in eb { _ = b.app.handle(TimedEvent(t: t, e)) }
            same = same && ea == eb
        }
        XCTAssertTrue(same)
        XCTAssertEqual(a.app.changes, b.app.changes)
        XCTAssertEqual(a.app.current, b.app.current)
        XCTAssertGreaterThan(a.app.changes, 50)
    }
}
