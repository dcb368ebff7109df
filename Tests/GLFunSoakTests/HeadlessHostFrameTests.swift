import GLFunDrawingApp
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI
import XCTest

/// `HeadlessHost.drawFrame`: frames drawn one after another into one kept target (the app redraws
/// only what changed, as in a window) end with the pixels of a frame drawn from scratch.
final class HeadlessHostFrameTests: XCTestCase {
    func testKeptTargetFramesEqualAFreshFrame() throws {
        let ctx = try GLFunSoakTests.context.get()
        try ctx.makeCurrent()
        let renderer = try Renderer(context: ctx)
        let canvas = Canvas(width: 256, height: 192)
        let host = HeadlessHost(app: DrawingApp(canvas: canvas), renderer: renderer, canvas: canvas)
        XCTAssertNil(try host.lastFrame())
        host.feed(TimedEvent(t: 0, .resize(width: 256, height: 192, scale: 1)))
        host.feed(TimedEvent(t: 0, .key("e", [])))
        host.feed(TimedEvent(t: 0.1, .touch(phase: .began, id: 0, x: 40, y: 60)))
        var partial = 0
        for i in 1...20 {
            host.feed(TimedEvent(t: 0.1 + Double(i) / 60, .touch(phase: .moved, id: 0, x: 40 + Float(i) * 8, y: 60 + Float(i) * 3)))
            if try host.drawFrame().partial { partial += 1 }
        }
        XCTAssertGreaterThan(partial, 10, "the kept target lets the app redraw only the region that moved")
        let kept = try XCTUnwrap(try host.lastFrame())
        XCTAssertEqual(kept.pixels, try host.renderFrame().pixels)
        host.feed(TimedEvent(t: 1, .touch(phase: .ended, id: 0, x: 200, y: 120)))
        host.feed(TimedEvent(t: 1, .key("z", [.ctrl])))  // an effect other than a redraw: none here
        try host.drawFrame()
        XCTAssertEqual(try XCTUnwrap(try host.lastFrame()).pixels, try host.renderFrame().pixels)
        XCTAssertTrue(host.effects.isEmpty, "redraws are not kept")
        // A resize: a new target of the new size, drawn from scratch.
        host.feed(TimedEvent(t: 1.05, .resize(width: 230, height: 173, scale: 1)))
        try host.drawFrame()
        let resized = try XCTUnwrap(try host.lastFrame())
        XCTAssertEqual([resized.width, resized.height], [230, 173])
        XCTAssertEqual(resized.pixels, try host.renderFrame().pixels)
        host.feed(TimedEvent(t: 1.1, .key("s", [.ctrl])))
        XCTAssertEqual(host.effects, [.save])
    }

    /// A new scale that keeps the pixel size (Wayland: an output going from 1.5 to 1.25, whose
    /// 1200 pixels were 800 points and are 960): the drawing's cached layer is drawn again at the
    /// new scale, as a fresh app draws it (KWin showed the old layer kept, the lines at their old
    /// pixels).
    func testANewScaleOfTheSamePixelsDrawsTheLayerAgain() throws {
        let ctx = try GLFunSoakTests.context.get()
        try ctx.makeCurrent()
        let renderer = try Renderer(context: ctx)
        let events = [TimedEvent(t: 0, .resize(width: 200, height: 150, scale: 1.5)),
                      TimedEvent(t: 0.1, .touch(phase: .began, id: 0, x: 40, y: 60)),
                      TimedEvent(t: 0.2, .touch(phase: .moved, id: 0, x: 120, y: 90)),
                      TimedEvent(t: 0.3, .touch(phase: .ended, id: 0, x: 120, y: 90)),
                      TimedEvent(t: 0.4, .resize(width: 240, height: 180, scale: 1.25))]
        let canvas = Canvas(width: 200, height: 150, scale: 1.5)
        let window = HeadlessHost(app: DrawingApp(canvas: canvas), renderer: renderer, canvas: canvas)
        window.feed(Array(events.prefix(4)))
        try window.drawFrame()
        window.feed(events[4])
        try window.drawFrame()
        let kept = try XCTUnwrap(try window.lastFrame())
        let fresh = HeadlessHost(app: DrawingApp(canvas: canvas), renderer: renderer, canvas: canvas)
        fresh.feed(events)
        let image = try fresh.renderFrame()
        XCTAssertEqual([kept.width, kept.height, image.width, image.height], [300, 225, 300, 225])
        XCTAssertTrue(kept.pixels == image.pixels, "the kept target shows the layer drawn at 1.25")
    }
}
