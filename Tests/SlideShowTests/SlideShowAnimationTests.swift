import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI
@testable import GLFunSlideShowApp
import TestFixtures
import XCTest

/// Animated GIF and WebP slides, headless: played on the show's clock with each frame's own
/// delay (0 ms shown for 100 ms), looping as the file says, the slide on screen for the
/// interval but at least one play, the same pixels drawn along or once at the end.
/// show.gif / show.webp: red 300 ms, green 200 ms, blue 500 ms, yellow 0 ms; 1.1 s, forever.
/// long.gif: red, green, blue 1.1 s each, played once.
final class SlideShowAnimationTests: SlideShowTestCase {
    var renderer: Renderer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        renderer = try Renderer(context: try Context.headless())
        let (made, _) = try TestPictures.make("animations")
        for name in ["show.gif", "show.webp", "long.gif", "many.gif", "hours.gif"] {
            try FileManager.default.copyItem(atPath: made + "/" + name, toPath: folder + "/" + name)
        }
    }

    func show(_ animation: String, interval: Double = 2) throws -> SlideShowApp {
        try makeApp(["img1.png", animation, "img2.png"]) {
            $0.start = true; $0.interval = interval; $0.duration = 0.5; $0.transition = .kind(.fade); $0.fullScreen = true
        }
    }

    func colour(_ app: SlideShowApp) throws -> [UInt8] {
        let p = try HeadlessHost(app: app, renderer: renderer, canvas: canvas).renderFrame()[160, 120]
        return [p.r, p.g, p.b]
    }

    static let red: [UInt8] = [200, 0, 0], green: [UInt8] = [0, 200, 0], blue: [UInt8] = [0, 0, 200]
    static let yellow: [UInt8] = [200, 200, 0]

    func testEachFrameForItsOwnDelayLoopingForTheInterval() throws {
        for name in ["show.gif", "show.webp"] {
            let app = try show(name)
            run(app, from: 0, to: 2.6)  // in at 2.5 s
            XCTAssertEqual(app.movie?.slide, 1, name)
            XCTAssertEqual(app.movie?.movie.animationPlays, 0, name)
            XCTAssertEqual(try XCTUnwrap(app.nextChangeAt), 4.5, accuracy: 1e-9, "\(name): the 2 s interval, over a 1.1 s play")
            for (t, c) in [(2.6, Self.red), (2.85, Self.green), (3.1, Self.blue), (3.55, Self.yellow),
                           (3.65, Self.red), (4.0, Self.green), (4.4, Self.blue)] {
                run(app, from: app.now, to: t)
                XCTAssertEqual(try colour(app), c, "\(name) at \(t) s")
            }
            run(app, from: app.now, to: 5.1)
            XCTAssertEqual(app.current, 2, "\(name): the show moved on")
        }
    }

    /// A play longer than the interval: the slide stays for the whole play; played once, the
    /// last frame is held.
    func testTheIntervalWaitsForOnePlay() throws {
        let app = try show("long.gif", interval: 1)
        run(app, from: 0, to: 1.6)  // in at 1.5 s
        XCTAssertEqual(app.movie?.movie.animationPlays, 1)
        XCTAssertEqual(try XCTUnwrap(app.nextChangeAt), 1.5 + 3.3, accuracy: 1e-9)
        for (t, c) in [(2.0, Self.red), (3.0, Self.green), (4.0, Self.blue), (4.75, Self.blue)] {
            run(app, from: app.now, to: t)
            XCTAssertEqual(try colour(app), c, "at \(t) s")
        }
    }

    /// A play longer than a minute (three frames of 655.35 s: the largest GIF delays) is cut to
    /// `MovieSlide.maxAnimationLength`, with one warning: a show does not hold the slide for
    /// hours, nor an export write 32,000 frames (issue 33, item 2).
    func testAnAnimationOfHoursPlaysItsFirstMinuteWithAWarning() throws {
        let app = try show("hours.gif", interval: 1)
        var warnings: [String] = []
        app.onWarning = { warnings.append($0) }
        run(app, from: 0, to: 1.6)  // in at 1.5 s
        XCTAssertEqual(app.movie?.movie.info.duration ?? 0, 3 * 655.35, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(app.nextChangeAt), 1.5 + MovieSlide.maxAnimationLength, accuracy: 1e-9)
        XCTAssertEqual(app.timeOnScreen(1), MovieSlide.maxAnimationLength + 0.5, accuracy: 1e-9)
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings.first?.contains("hours.gif: its animation lasts about 33 min") == true, "\(warnings)")
        run(app, from: app.now, to: 62.2)  // 1.5 + 60, then the next slide (its interval from 61.5)
        XCTAssertEqual(app.current, 2, "the show moved on after a minute")
        XCTAssertEqual(warnings.count, 1)
    }

    /// A window draws at every tick; a replay once at the end: the same pixels.
    func testFramesDrawnAlongGiveTheSamePixelsAsOneFrameAtTheEnd() throws {
        let along = try show("show.gif"), once = try show("show.gif")
        var t = 0.0
        while t < 4.3 {
            run(along, from: along.now, to: t)
            _ = try colour(along)
            t += 0.07
        }
        run(along, from: along.now, to: 4.3)
        run(once, from: 0, to: 4.3)
        let a = try HeadlessHost(app: along, renderer: renderer, canvas: canvas).renderFrame()
        let b = try HeadlessHost(app: once, renderer: renderer, canvas: canvas).renderFrame()
        XCTAssertEqual(a, b)
    }

    /// 200 frames of 40 ms: ticks come at every frame; the frames shown are the right ones.
    func testManyFrames() throws {
        let app = try show("many.gif")
        run(app, from: 0, to: 2.5)
        var ticks = 0
        while let d = app.nextDeadline, d < 3.0 {
            _ = app.handle(TimedEvent(t: d, .tick))
            ticks += 1
        }
        XCTAssertGreaterThanOrEqual(ticks, 12, "a tick at each 40 ms frame")
        XCTAssertEqual(try XCTUnwrap(app.nextChangeAt), 2.5 + 8, accuracy: 1e-9, "an 8 s play: the slide stays for it")
    }

    /// Memory bound: however long the animation, at most `AnimatedSlide.ahead` frames wait
    /// beyond the one shown, and the frames come out right after a loop back to the start.
    func testFramesDecodedAheadAreBounded() throws {
        let app = try show("many.gif")
        run(app, from: 0, to: 2.5)
        let context = try Context.headless()
        try context.makeCurrent()
        let slide = try XCTUnwrap(app.movie?.movie)
        let animation = try AnimatedSlide(slide, context: context, maxSide: 4096)
        for t in stride(from: 0.0, through: 9.0, by: 0.37) {
            _ = try animation.texture(at: t)
            usleep(20_000)  // the thread runs ahead as far as it may
            XCTAssertLessThanOrEqual(animation.framesHeld, AnimatedSlide.ahead + 1, "at \(t) s")
        }
        XCTAssertEqual(animation.frameSequence(at: 8.0 + 0.05), 200 + 1, "the second play's second frame")
        _ = try animation.texture(at: 0.1)  // back in time: decoded again from the start
        XCTAssertLessThanOrEqual(animation.framesHeld, AnimatedSlide.ahead + 1)
    }
}
