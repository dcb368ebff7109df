import Foundation
import GLFunGLES
import GLFunMovie
import TestFixtures
import XCTest

/// Movies cut before their first frame (their headers whole), and FIFOs named as movies:
/// refused as what they are, the same way every time, without waiting out a timeout.
final class BrokenMovieTests: XCTestCase {
    func testTheProbeRefusesAMovieCutBeforeItsFirstFrameEveryTime() throws {
        for clip in [try TestClips.cutMKV(), try TestClips.cutFaststartMP4()] {
            for _ in 0..<5 {
                let started = Date()
                XCTAssertThrowsError(try MovieProbe.info(clip)) { e in
                    XCTAssertEqual((e as? MovieError)?.kind, .cannotPlay, "\(e)")
                }
                XCTAssertLessThan(Date().timeIntervalSince(started), 10, "\(clip): refused at its end, not at a timeout")
            }
        }
        XCTAssertEqual(try MovieProbe.info(try TestClips.counter()).width, 320)
    }

    func testAMovieCutBeforeItsFirstFrameFailsAtItsEndAndStaysFailed() throws {
        let ctx = try Context.headless()
        try ctx.makeCurrent()
        for clip in [try TestClips.cutMKV(), try TestClips.cutFaststartMP4()] {
            let m = try Movie(path: clip, context: ctx, options: MovieOptions(sound: false, autoplay: false))
            let started = Date()
            XCTAssertThrowsError(try m.showFrame(at: 0)) { XCTAssertEqual(($0 as? MovieError)?.kind, .cannotPlay, "\($0)") }
            XCTAssertLessThan(Date().timeIntervalSince(started), 10)
            XCTAssertThrowsError(try m.waitUntilReady()) { XCTAssertEqual(($0 as? MovieError)?.kind, .cannotPlay) }
            m.close()
        }
    }

    func testAFrameAfterAFilesCutIsRefusedAtTheEndNotAtTheTimeout() throws {
        let ctx = try Context.headless()
        try ctx.makeCurrent()
        let m = try Movie(path: try TestClips.halfFaststartMP4(), context: ctx, options: MovieOptions(sound: false, autoplay: false))
        defer { m.close() }
        XCTAssertNoThrow(try m.showFrame(at: 0.2))
        let started = Date()
        XCTAssertThrowsError(try m.showFrame(at: 2.8)) { XCTAssertEqual(($0 as? MovieError)?.kind, .cannotPlay, "\($0)") }
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }

    func testAFIFOIsNotWaitedOn() throws {
        let fifo = TestClips.folder + "/pipe-\(UUID().uuidString).mp4"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        XCTAssertThrowsError(try MovieProbe.info(fifo)) { e in
            XCTAssertEqual((e as? MovieError)?.kind, .cannotRead)
            XCTAssertTrue("\(e)".contains("regular file"), "\(e)")
        }
    }
}
