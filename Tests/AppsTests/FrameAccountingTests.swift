@testable import GLFunPlayerApp
import XCTest

/// `--stats`'s counting without a movie: stretches of playing, seeks, pauses, loops, and a host
/// that presents only some of the frames.
final class FrameAccountingTests: XCTestCase {
    /// 10 frames of 0.1 s; every draw shows a new frame: all shown, none dropped.
    func testEveryFramePresentedIsNoneDropped() {
        var a = FrameAccounting(frameDuration: 0.1, frameCount: 10)
        a.restart(at: 0, playing: true)
        for i in 0..<10 { a.presented(counter: i + 1, position: Double(i) * 0.1, playing: true) }
        a.restart(at: 1.0, playing: false)
        XCTAssertEqual(a.due, 10)
        XCTAssertEqual(a.shown, 10)
        XCTAssertEqual(a.dropped, 0)
    }

    /// A slow host draws every third frame's time: what it never presented is dropped, and
    /// shown + dropped is the clip.
    func testASlowHostsSkippedFramesAreDropped() {
        var a = FrameAccounting(frameDuration: 0.1, frameCount: 10)
        a.restart(at: 0, playing: true)
        var counter = 1
        for t in stride(from: 0.0, to: 1.0, by: 0.3) {
            a.presented(counter: counter, position: t, playing: true)
            counter += 1
        }
        a.restart(at: 1.0, playing: false)
        XCTAssertEqual(a.shown, 4)
        XCTAssertEqual(a.shown + a.dropped, 10)
    }

    /// A frame drawn again (the same counter) is not shown twice; paused draws count nothing.
    func testRedrawsAndPausedDrawsDoNotCount() {
        var a = FrameAccounting(frameDuration: 0.1, frameCount: 10)
        a.restart(at: 0, playing: true)
        a.presented(counter: 1, position: 0, playing: true)
        a.presented(counter: 1, position: 0.05, playing: true)
        a.restart(at: 0.05, playing: false)
        a.presented(counter: 2, position: 0.05, playing: false)
        XCTAssertEqual(a.shown, 1)
        XCTAssertEqual(a.due, 1)
    }

    /// A seek while playing: the frames jumped over are not due; a loop back to the start
    /// closes the stretch at the clip's end.
    func testSeeksSkipAndLoopsCountTheRestOfTheClip() {
        var a = FrameAccounting(frameDuration: 0.1, frameCount: 10)
        a.restart(at: 0, playing: true)
        a.presented(counter: 1, position: 0, playing: true)
        a.restart(at: 0.75, playing: true)  // frames 1...6 jumped over
        a.presented(counter: 2, position: 0.75, playing: true)
        XCTAssertEqual(a.due, 2, "frame 0, then frame 7")
        a.presented(counter: 3, position: 0.05, playing: true)  // looped
        XCTAssertEqual(a.due, 1 + 3 + 1, "0; 7, 8, 9; 0 again")
        XCTAssertEqual(a.shown, 3)
    }
}
