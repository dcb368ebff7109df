import Dispatch
import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunTransitions
import GLFunUI
import GLFunSlideShowApp

/// Runs a slide show headless for `glfun bench-slideshow` as the window does (ticks at the
/// app's deadlines, 60 frames a second of event time, one frame drawn and finished per
/// step), and times what it is asked to.
final class BenchShowDriver {
    let app: SlideShowApp
    let host: HeadlessHost<SlideShowApp>
    let source: any SlideSource
    private(set) var t = 0.0

    init(source: any SlideSource, settings: SlideShowSettings, canvas: Canvas, renderer: Renderer) throws {
        self.source = source
        app = SlideShowApp(canvas: canvas, settings: settings, source: source, seed: 1)
        host = HeadlessHost(app: app, renderer: renderer, canvas: canvas)
        host.feed(TimedEvent(t: 0, .session(app.session)))
        host.feed(TimedEvent(t: 0, .resize(width: canvas.width, height: canvas.height, scale: canvas.scale)))
        _ = try frame()
    }

    static func ms(since t0: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6 }

    /// One step: 1/60 s of event time, a tick if the app asked for one, a frame drawn and
    /// finished. Returns the frame's ms.
    func frame() throws -> Double {
        let t0 = DispatchTime.now().uptimeNanoseconds
        if let d = app.nextDeadline, d <= t { host.feed(TimedEvent(t: t, .tick)) }
        try host.drawFrame()
        GL.finish()
        t += 1.0 / 60
        return BenchShowDriver.ms(since: t0)
    }

    /// A key pressed now; returns the ms from feeding it to the end of the frame that answers it.
    func press(_ key: Key) throws -> Double {
        let t0 = DispatchTime.now().uptimeNanoseconds
        host.feed(TimedEvent(t: t, .key(key, [])))
        try host.drawFrame()
        GL.finish()
        t += 1.0 / 60
        return BenchShowDriver.ms(since: t0)
    }

    /// Frames until no transition is under way; their ms.
    @discardableResult
    func finishTransition() throws -> [Double] {
        var ms: [Double] = []
        while app.transition != nil { ms.append(try frame()) }
        return ms
    }

    /// `seconds` of event time at rest, as the window spends them: a frame only when the app
    /// asked for a tick (a message to erase, the next slide to make ready). Returns those frames' ms.
    @discardableResult
    func rest(seconds: Double) throws -> [Double] {
        var ms: [Double] = []
        let end = t + seconds
        while t < end {
            if let d = app.nextDeadline, d <= t {
                ms.append(try frame())
            } else {
                t += 1.0 / 60
            }
        }
        return ms
    }

    /// Waits (the window idle, as between a show's slides) until `slides` are decoded.
    func waitUntilDecoded(_ slides: [Int], isReady: (Int) -> Bool) {
        while !slides.allSatisfy(isReady) { usleep(1000) }
    }
}

/// A slide source that never decodes ahead when asked: a "next" it did not foresee.
/// (`PhotoLoader` still keeps the window around a slide it was asked for.)
final class UnforeseeingSource: SlideSource {
    let base: PhotoSlideSource
    init(_ base: PhotoSlideSource) { self.base = base }
    var count: Int { base.count }
    func name(_ index: Int) -> String { base.name(index) }
    func image(_ index: Int) -> Result<Image, any Error> { base.image(index) }
    func movie(_ index: Int) -> Result<MovieSlide, any Error>? { base.movie(index) }
    func svg(_ index: Int) -> Result<SVGSlide, any Error>? { base.svg(index) }
    func prefetch(around index: Int) {}
    func viewResized(pixels: (width: Int, height: Int), contentMode: SlideContentMode) {
        base.viewResized(pixels: pixels, contentMode: contentMode)
    }
}
