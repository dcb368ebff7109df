import DrawingApp
import GLES
import GLFunHost
import GLFunKit
import GLFunUI
import Soak
import XCTest

/// The soak driver on the drawing app, briefly: its GL objects are the same at every sample
/// after warm-up, the document stays bounded, and the script is the same for the same seed.
final class SoakTests: XCTestCase {
    nonisolated(unsafe) static let context: Result<Context, GLESError> = Result { () throws(GLESError) in
        try Context.headless()
    }

    func makeRenderer() throws -> Renderer {
        let ctx = try SoakTests.context.get()
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
        XCTAssertEqual(try XCTUnwrap(SoakVerdict(samples, tolerance: 64 << 20)).flat, true)
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

    /// A verdict: GL objects must not change after warm-up; memory may grow within the tolerance.
    func testVerdict() {
        func sample(_ frame: Int, mib: Int, textures: Int = 3) -> SoakSample {
            SoakSample(frame: frame, seconds: Double(frame), residentBytes: mib << 20,
                       gl: GLObjectCounts(textures: textures), figures: [])
        }
        let flat = [sample(1, mib: 10), sample(100, mib: 30), sample(500, mib: 31), sample(1000, mib: 32)]
        XCTAssertEqual(SoakVerdict(flat)?.flat, true)
        XCTAssertEqual(SoakVerdict(flat)?.warmup.frame, 100)
        let leaking = [sample(1, mib: 10), sample(100, mib: 30), sample(1000, mib: 40)]
        XCTAssertEqual(SoakVerdict(leaking)?.flat, false)
        XCTAssertTrue(SoakVerdict(leaking)?.summary.hasPrefix("growing: resident memory grew 10.00 MiB") ?? false)
        let textures = [sample(1, mib: 10), sample(100, mib: 30), sample(500, mib: 30, textures: 4), sample(1000, mib: 30)]
        XCTAssertEqual(SoakVerdict(textures)?.growth.count, 1, "a texture made and not deleted, even for a while")
        XCTAssertNil(SoakVerdict([sample(1, mib: 10)]))
    }
}
