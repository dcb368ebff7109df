import Foundation
import GLFunDrawingApp
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI
import GLFunSoak
import XCTest

/// The soak driver on the drawing app, briefly: its GL objects are the same at every sample
/// after warm-up, the document stays bounded, and the script is the same for the same seed.
final class GLFunSoakTests: XCTestCase {
    nonisolated(unsafe) static let context: Result<Context, GLESError> = Result { () throws(GLESError) in
        try Context.headless()
    }

    func makeRenderer() throws -> Renderer {
        let ctx = try GLFunSoakTests.context.get()
        try ctx.makeCurrent()
        return try Renderer(context: ctx)
    }

    func testGLObjectsAreFlatAfterWarmUp() throws {
        let renderer = try makeRenderer()
        let before = GLObjectCounts.live
        let script = DrawingSoakScript(canvas: Canvas(width: 256, height: 192), seed: 7, maxShapes: 40)
        let runner = SoakRunner(script: script, renderer: renderer)
        let samples = try runner.run(frames: 2000, sampleEvery: 100)
        XCTAssertEqual(samples.map(\.frame), [1] + Array(stride(from: 100, through: 2000, by: 100)))
        let afterWarmUp = samples.filter { $0.frame >= 500 }
        for s in afterWarmUp {
            XCTAssertEqual(s.gl, afterWarmUp[0].gl, "frame \(s.frame)")
        }
        let layerAndTarget = GLObjectCounts(textures: 2, framebuffers: 2, renderbuffers: 1)
        XCTAssertGreaterThanOrEqual(afterWarmUp[0].gl.framebuffers - before.framebuffers, layerAndTarget.framebuffers)
        // Under AddressSanitizer freed memory waits in its quarantine (256 MB), so resident
        // memory grows there by design: only the GL objects are judged then.
        let asan = dlsym(nil, "__asan_init") != nil
        XCTAssertEqual(try XCTUnwrap(SoakVerdict(samples, tolerance: asan ? 1 << 40 : 64 << 20)).flat, true)
        // The script did what it is for: shapes drawn and cleared, the history used.
        let shapes = samples.compactMap { $0.figures.first { $0.name == "shapes" }?.value }
        XCTAssertGreaterThan(shapes.max() ?? 0, 0)
        XCTAssertLessThanOrEqual(shapes.max() ?? 0, 41)
        XCTAssertGreaterThan(script.app.historyCount, 10)
    }

    /// The same seed gives the same events, so a soak that finds something can be run again.
    func testTheScriptIsDeterministic() {
        let canvas = Canvas(width: 256, height: 192)
        let a = DrawingSoakScript(canvas: canvas, seed: 3), b = DrawingSoakScript(canvas: canvas, seed: 3)
        let c = DrawingSoakScript(canvas: canvas, seed: 4)
        var same = true, differs = false
        for f in 0..<3000 {
            let t = Double(f) / 60
            let ea = a.events(at: t), eb = b.events(at: t), ec = c.events(at: t)
            for e in ea { _ = a.app.handle(TimedEvent(t: t, e)) }
            for e in eb { _ = b.app.handle(TimedEvent(t: t, e)) }
            for e in ec { _ = c.app.handle(TimedEvent(t: t, e)) }
            same = same && ea == eb
            differs = differs || ea != ec
        }
        XCTAssertTrue(same)
        XCTAssertTrue(differs)
        XCTAssertEqual(a.app.document, b.app.document)
    }

    /// The script does what it says: every shape and color drawn, the view moved by gestures and
    /// reset, the help shown, a resize, undo, redo and clear (the events alone, no frames drawn).
    func testTheScriptCoversTheApp() {
        let script = DrawingSoakScript(canvas: Canvas(width: 256, height: 192), seed: 11, maxShapes: 60)
        let app = script.app
        var kinds: Set<ShapeKind> = [], colors: Set<Color> = [], sizes: Set<Float> = []
        var viewMoved = 0, viewReset = 0, helpShown = 0, gesturing = 0, undos = 0, redos = 0, clears = 0, scaled = 0
        var last = (count: 0, view: app.view)
        for f in 0..<20_000 {
            let t = Double(f) / 60
            if let d = app.nextDeadline, d <= t { _ = app.handle(TimedEvent(t: t, .tick)) }
            for e in script.events(at: t) {
                let before = (count: app.document.shapes.count, last: app.document.shapes.last)
                _ = app.handle(TimedEvent(t: t, e))
                if case .key("z", let m) = e, m == [.ctrl], app.document.shapes.count < before.count { undos += 1 }
                if case .key("y", _) = e, app.document.shapes.count > before.count { redos += 1 }
                if case .key("backspace", _) = e, before.count > 0, app.document.shapes.isEmpty { clears += 1 }
                if app.document.shapes.count == before.count, before.count > 0, app.document.shapes.last != before.last {
                    scaled += 1
                }
            }
            app.document.shapes.forEach { kinds.insert($0.kind); colors.insert($0.color) }
            sizes.insert(app.canvas.width)
            if app.view != last.view { if app.view == .identity { viewReset += 1 } else { viewMoved += 1 } }
            if app.helpVisible { helpShown += 1 }
            if app.isGesturing { gesturing += 1 }
            last = (app.document.shapes.count, app.view)
        }
        XCTAssertEqual(kinds, Set(ShapeKind.allCases))
        XCTAssertGreaterThan(colors.count, 10, "the four colors and Random's")
        XCTAssertEqual(sizes.count, 2, "resized")
        for (name, n) in [("view moved", viewMoved), ("view reset", viewReset), ("help shown", helpShown),
                          ("gesturing", gesturing), ("undo", undos), ("redo", redos), ("clear", clears),
                          ("last shape scaled", scaled)] {
            XCTAssertGreaterThan(n, 0, name)
        }
    }

    /// A verdict: GL objects must not change after warm-up; memory in the last quarter may be at
    /// most the tolerance over warm-up's, and a spike that comes back down is no growth.
    func testVerdict() {
        func sample(_ frame: Int, mib: Double, textures: Int = 3) -> SoakSample {
            SoakSample(frame: frame, seconds: Double(frame), residentBytes: Int(mib * 1_048_576),
                       gl: GLObjectCounts(textures: textures), figures: [])
        }
        let flat = [sample(1, mib: 10), sample(100, mib: 30), sample(500, mib: 31), sample(800, mib: 45),
                    sample(1000, mib: 31.5)]
        let verdict = SoakVerdict(flat)
        XCTAssertEqual(verdict?.flat, true)
        XCTAssertEqual(verdict?.warmup.frame, 100)
        XCTAssertEqual(verdict?.summary, "flat: resident memory 30.00 MiB at frame 100, 31.50 MiB at frame 1000 "
                       + "(at most 45.00 MiB between; the last quarter's least 1.50 MiB over, tolerance 2.00 MiB); "
                       + "GL objects 3 at every sample after warm-up")
        let leaking = [sample(1, mib: 10), sample(100, mib: 30), sample(800, mib: 33), sample(1000, mib: 34)]
        XCTAssertEqual(SoakVerdict(leaking)?.flat, false)
        XCTAssertEqual(SoakVerdict(leaking)?.summary, "growing: resident memory grew 3.00 MiB: 30.00 MiB at frame 100, "
                       + "at least 33.00 MiB from frame 750 on (tolerance 2.00 MiB)")
        XCTAssertEqual(SoakVerdict(leaking, tolerance: 4 << 20)?.flat, true)
        let textures = [sample(1, mib: 10), sample(100, mib: 30), sample(500, mib: 30, textures: 4), sample(1000, mib: 30)]
        XCTAssertEqual(SoakVerdict(textures)?.growth, ["GL objects changed from frame 100 to 500: "
                       + "textures 3, buffers 0, programs 0, shaders 0, framebuffers 0, renderbuffers 0 -> "
                       + "textures 4, buffers 0, programs 0, shaders 0, framebuffers 0, renderbuffers 0"],
                       "a texture made and not deleted, even for a while")
        XCTAssertNil(SoakVerdict([sample(1, mib: 10)]))
        XCTAssertNil(SoakVerdict([sample(1, mib: 10), sample(100, mib: 10)]), "nothing after warm-up")
    }
}
