import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI
@testable import GLFunSlideShowApp
import TestFixtures
import XCTest

/// A movie slide's pixels, headless: the counter clip (3 s, 25 frames a second, 320x240, its
/// frame number in its colors) between two photos, shown full screen in a 320x240 view: the
/// right frame at each event time, its first frame in the change into it and its last in the
/// change out, the same pixels drawn along or once at the end, its GL objects gone after it.
final class SlideShowMovieRenderTests: SlideShowTestCase {
    var renderer: Renderer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        renderer = try Renderer(context: try Context.headless())
        try FileManager.default.copyItem(atPath: try TestClips.counter(), toPath: folder + "/clip.mp4")
    }

    func show(_ names: [String] = ["img1.png", "clip.mp4", "img2.png"], interval: Double = 2) throws -> SlideShowApp {
        try makeApp(names) {
            $0.start = true; $0.interval = interval; $0.duration = 0.5; $0.transition = .kind(.fade); $0.fullScreen = true
        }
    }

    func frame(_ app: SlideShowApp) throws -> Image {
        try HeadlessHost(app: app, renderer: renderer, canvas: canvas).renderFrame()
    }

    func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (Double, Double, Double), _ tol: Double = 4) -> Bool {
        abs(Double(p.r) - c.0) <= tol && abs(Double(p.g) - c.1) <= tol && abs(Double(p.b) - c.2) <= tol
    }

    /// The counter clip's frame `n` (top half, bottom half), as RGB.
    func counter(_ n: Int) -> (top: (Double, Double, Double), bottom: (Double, Double, Double)) {
        let r = Double((n % 16) * 16 + 8), g = Double((n / 16) * 32 + 16)
        return ((r, g, 255), (r, g, 0))
    }

    func mean(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> (Double, Double, Double) {
        ((a.0 + b.0) / 2, (a.1 + b.1) / 2, (a.2 + b.2) / 2)
    }

    func testTheMoviesFramesAtKnownTimesAndItsFirstAndLastFramesInTheChanges() throws {
        let app = try show()
        run(app, from: 0, to: 1)
        var img = try frame(app)
        XCTAssertTrue(near(img[160, 120], (255, 0, 0)), "the photo first: \(img[160, 120])")
        run(app, from: 1, to: 2.25)  // half-way through the fade into the movie: its first frame
        img = try frame(app)
        XCTAssertTrue(near(img[160, 60], mean((255, 0, 0), counter(0).top)), "\(img[160, 60])")
        XCTAssertTrue(near(img[160, 180], mean((255, 0, 0), counter(0).bottom)), "\(img[160, 180])")
        // In at 2.5 s: frame n shows from 2.5 + n / 25.
        for (t, n) in [(2.5, 0), (3.5, 25), (4.02, 38), (4.5599, 51), (5.46, 74)] {
            run(app, from: app.now, to: t)
            img = try frame(app)
            XCTAssertEqual(TestClips.frameNumber(img, x: 160, y: 60), n, "at \(t) s")
            XCTAssertEqual(TestClips.frameNumber(img, x: 40, y: 200), n, "at \(t) s")
            XCTAssertGreaterThan(img[160, 60].b, 240, "the right way up")
            XCTAssertLessThan(img[160, 180].b, 10)
        }
        run(app, from: app.now, to: 5.75)  // half-way out: its last frame
        img = try frame(app)
        XCTAssertTrue(near(img[160, 60], mean(counter(74).top, (0, 255, 0))), "\(img[160, 60])")
        XCTAssertTrue(near(img[160, 180], mean(counter(74).bottom, (0, 255, 0))), "\(img[160, 180])")
        run(app, from: 5.75, to: 6.1)
        XCTAssertTrue(near(try frame(app)[160, 120], (0, 255, 0)), "the next photo")
    }

    /// A window draws at every tick; a replay once at the end: the same pixels, mid-movie and
    /// half-way out of it.
    func testFramesDrawnAlongGiveTheSamePixelsAsOneFrameAtTheEnd() throws {
        for end in [4.03, 5.7] {
            var log: [TimedEvent] = []
            let live = try show()
            let host = HeadlessHost(app: live, renderer: renderer, canvas: canvas)
            var t = 0.0
            while t < end {
                t = min(end, t + 1.0 / 60)
                if let d = live.nextDeadline, d <= t {
                    let e = TimedEvent(t: t, .tick)
                    log.append(e)
                    host.feed(e)
                    try host.drawFrame()
                }
            }
            let a = try XCTUnwrap(try host.lastFrame())
            let replayed = try show()
            for e in log { _ = replayed.handle(e) }
            XCTAssertEqual(try frame(replayed), a, "at \(end) s")
        }
    }

    func testTheMoviesGLObjectsAreFreedWhenItLeaves() throws {
        // Photos around the movie, so that the show is in the same state before and after it:
        // at rest on a photo, the next photo made ready, a fade drawn.
        let app = try show(["img1.png", "img2.png", "img3.png", "clip.mp4", "img4.png", "img1.png"], interval: 1)
        let host = HeadlessHost(app: app, renderer: renderer, canvas: canvas)
        var samples: [Double: GLObjectCounts] = [:]
        var t = 0.0
        while t < 7.5 {
            t += 1.0 / 60
            if let d = app.nextDeadline, d <= t {
                host.feed(TimedEvent(t: t, .tick))
                try host.drawFrame()
            }
            for at in [1.9, 5.0, 7.45] where samples[at] == nil && t >= at {
                samples[at] = GLObjectCounts.live
            }
        }
        // img2 at rest (img3 ready) at 1.9 s; the movie from 3.5 s to 6.5 s; img4 at rest (img1 ready) at 7.45 s.
        let before = try XCTUnwrap(samples[1.9]), during = try XCTUnwrap(samples[5.0]), after = try XCTUnwrap(samples[7.45])
        XCTAssertEqual(app.current, 4)
        XCTAssertEqual(app.upcoming, 5)
        XCTAssertGreaterThan(during.framebuffers, before.framebuffers, "the movie's frame: \(before) \(during)")
        XCTAssertEqual(after, before)
    }
}
