import Foundation
import GLFunHost
import GLFunKit
@testable import GLFunSlideShowApp
import TestFixtures
import XCTest

/// A movie among the slides, as a state machine on event time (no GL): it plays once for its
/// length (not the interval), the show moves on at its end, a paused show pauses it, a change
/// leaves it on the frame it showed, and one that cannot be played is skipped with a warning.
/// The clip is TestClips' counter: 3 s at 25 frames a second.
final class SlideShowMovieTests: SlideShowTestCase {
    /// The counter clip copied into the slides' folder as `name`.
    func addClip(_ name: String = "clip.mp4") throws {
        try FileManager.default.copyItem(atPath: try TestClips.counter(), toPath: folder + "/" + name)
    }

    /// A photo, the clip, a photo: playing, 2 s a photo, fades of 0.5 s.
    func playingShow(_ names: [String] = ["img1.png", "clip.mp4", "img2.png"]) throws -> SlideShowApp {
        try addClip()
        return try makeApp(names) { $0.start = true; $0.interval = 2; $0.duration = 0.5; $0.transition = .kind(.fade) }
    }

    func testTheMoviePlaysForItsLengthThenTheShowMovesOn() throws {
        let app = try playingShow()
        XCTAssertNil(app.movie)
        run(app, from: 0, to: 2.1)  // the change into the movie at 2 s
        XCTAssertEqual(app.transition?.to, 1)
        XCTAssertEqual(app.movie?.slide, 1)
        XCTAssertEqual(app.movieTime(1), 0, "its first frame while it comes in")
        XCTAssertEqual(try XCTUnwrap(app.nextChangeAt), 5.5, accuracy: 1e-9, "in at 2.5 s, 3 s long")
        run(app, from: 2.1, to: 3.5)
        XCTAssertTrue(app.moviePlaying)
        XCTAssertEqual(try XCTUnwrap(app.movieTime(1)), 1.0, accuracy: 1e-9)
        run(app, from: 3.5, to: 5.45)
        XCTAssertEqual(app.current, 1, "still the movie after more than the 2 s interval")
        run(app, from: 5.45, to: 5.6)
        XCTAssertEqual(app.current, 2, "the show moved on at its end")
        XCTAssertEqual(app.transition?.from, 1)
        XCTAssertEqual(try XCTUnwrap(app.transition?.fromFrame), 3, accuracy: 1e-9, "out of it on its last frame")
        XCTAssertEqual(try XCTUnwrap(app.movieTime(1)), 3, accuracy: 1e-9)
        XCTAssertNil(app.movie)
        XCTAssertEqual(try XCTUnwrap(app.nextChangeAt), 7.5, accuracy: 1e-9, "a photo: the interval again")
    }

    func testWhileItPlaysTheHostIsAskedForATickAtEveryFrame() throws {
        let app = try playingShow()
        run(app, from: 0, to: 2.6)
        var ticks: [Double] = []
        var t = 2.6
        while let d = app.nextDeadline, d < 5.5 {
            t = max(t, d)
            ticks.append(t)
            _ = app.handle(TimedEvent(t: t, .tick))
        }
        // From 2.6 s (frame 2) to the end: one tick at the start of each frame, 3 ... 74, and
        // one more when the next slide is made ready (0.3 s after the change ended).
        let frames = (3...74).map { 2.5 + Double($0) * 0.04 }
        for f in frames { XCTAssertTrue(ticks.contains { abs($0 - f) < 1e-9 }, "no tick at \(f)") }
        XCTAssertEqual(ticks.count, frames.count + 1, "\(ticks)")
        XCTAssertEqual(Int((try XCTUnwrap(app.movieTime(1)) * 25 + 1e-6).rounded(.down)), 74)
    }

    func testAPausedShowPausesTheMovieAndPlayingAgainGoesOnFromThere() throws {
        let app = try playingShow()
        run(app, from: 0, to: 3)
        _ = app.handle(TimedEvent(t: 3.5, .key(" ", [])))  // 1 s into the movie
        XCTAssertFalse(app.playing)
        XCTAssertNil(app.nextChangeAt)
        run(app, from: 3.5, to: 9)
        XCTAssertEqual(app.current, 1, "no change while paused")
        XCTAssertEqual(try XCTUnwrap(app.movieTime(1)), 1, accuracy: 1e-9, "the movie paused too")
        _ = app.handle(TimedEvent(t: 10, .key(" ", [])))
        XCTAssertEqual(try XCTUnwrap(app.nextChangeAt), 12, accuracy: 1e-9, "2 s left to play")
        run(app, from: 10, to: 11)
        XCTAssertEqual(try XCTUnwrap(app.movieTime(1)), 2, accuracy: 1e-9)
        run(app, from: 11, to: 12.1)
        XCTAssertEqual(app.current, 2)
    }

    func testAChangeDuringTheMovieLeavesItOnTheFrameItShowedAndComingBackStartsItOver() throws {
        let app = try playingShow()
        run(app, from: 0, to: 3)
        _ = app.handle(TimedEvent(t: 3.3, .key("right", [])))
        XCTAssertEqual(try XCTUnwrap(app.transition?.fromFrame), 0.8, accuracy: 1e-9)
        run(app, from: 3.3, to: 4)
        _ = app.handle(TimedEvent(t: 4, .key("left", [])))
        XCTAssertEqual(app.movie?.slide, 1)
        XCTAssertEqual(app.movieTime(1), 0, "from the start again")
        XCTAssertEqual(try XCTUnwrap(app.nextChangeAt), 7.5, accuracy: 1e-9)
    }

    func testAPausedShowShowsTheFirstFrameOfAMovieItGoesTo() throws {
        try addClip()
        let app = try makeApp(["img1.png", "clip.mp4"]) { $0.duration = 0 }
        _ = app.handle(TimedEvent(t: 1, .key("right", [])))
        XCTAssertEqual(app.movie?.slide, 1)
        XCTAssertFalse(app.moviePlaying)
        run(app, from: 1, to: 5)
        XCTAssertEqual(app.movieTime(1), 0)
        XCTAssertNil(app.nextDeadline, "nothing to wake for")
    }

    func testAMovieThatCannotBePlayedIsSkippedWithAWarning() throws {
        try Data("not a movie at all".utf8).write(to: URL(fileURLWithPath: folder + "/broken.mp4"))
        var warnings: [String] = []
        let app = try makeApp(["img1.png", "broken.mp4", "img2.png"]) { $0.duration = 0 }
        app.onWarning = { warnings.append($0) }
        _ = app.handle(TimedEvent(t: 1, .key("right", [])))
        XCTAssertEqual(app.current, 2, "skipped")
        XCTAssertNil(app.movie)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.contains("broken.mp4") ?? false, "\(warnings)")
        XCTAssertNotNil(app.message, "and said on screen")
    }

    func testAMovieWithAPictureExtensionIsTakenByItsBytes() throws {
        try addClip("holiday.png")
        var warnings: [String] = []
        let app = try makeApp(["img1.png", "holiday.png"]) { $0.duration = 0 }
        app.onWarning = { warnings.append($0) }
        _ = app.handle(TimedEvent(t: 1, .key("right", [])))
        XCTAssertEqual(app.current, 1)
        XCTAssertEqual(app.movie?.slide, 1)
        XCTAssertEqual(try XCTUnwrap(app.movie?.movie.info.duration), 3, accuracy: 0.05)
        XCTAssertEqual(warnings, [], "no picture decode tried, no warning")
    }

    func testALoopingShowOfOneMoviePlaysItAgain() throws {
        try addClip()
        let app = try makeApp(["clip.mp4"]) { $0.start = true; $0.duration = 0 }
        run(app, from: 0, to: 3.5)
        XCTAssertTrue(app.playing)
        XCTAssertEqual(try XCTUnwrap(app.movieTime(0)), 0.5, accuracy: 1e-9)
        let noLoop = try makeApp(["clip.mp4"]) { $0.start = true; $0.duration = 0; $0.loop = false }
        run(noLoop, from: 0, to: 3.5)
        XCTAssertFalse(noLoop.playing, "the end")
        XCTAssertEqual(try XCTUnwrap(noLoop.movieTime(0)), 3, accuracy: 1e-9, "on its last frame")
    }
}
