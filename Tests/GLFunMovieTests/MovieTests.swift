import Foundation
import GLFunGLES
import GLFunMovie
import TestFixtures
import XCTest

enum SharedGL {
    nonisolated(unsafe) static let context: Result<Context, GLESError> = Result { () throws(GLESError) in
        try Context.headless()
    }
}

/// libmpv for real, on clips ffmpeg makes at test time, drawn by Mesa's llvmpipe.
final class MovieTests: XCTestCase {
    var ctx: Context!

    override func setUpWithError() throws {
        ctx = try SharedGL.context.get()
        try ctx.makeCurrent()
    }

    func movie(_ path: String) throws -> Movie {
        try Movie(path: path, context: ctx, options: MovieOptions(sound: false, autoplay: false))
    }

    func testReadyGivesSizeLengthAndRate() throws {
        let m = try movie(try TestClips.counter())
        let info = try m.waitUntilReady()
        XCTAssertEqual(info.width, 320)
        XCTAssertEqual(info.height, 240)
        XCTAssertEqual(info.duration, 3, accuracy: 0.05)
        XCTAssertEqual(info.frameRate, 25, accuracy: 0.01)
        XCTAssertNotNil(m.texture)
    }

    func testAKnownFrameAtAKnownTimeHasTheExpectedColors() throws {
        let m = try movie(try TestClips.counter())
        try m.showFrame(at: 1.5)  // frame 37 (1.48 ... 1.52)
        let image = try XCTUnwrap(try m.readFrame())
        XCTAssertEqual(TestClips.frameNumber(image, x: 160, y: 60), 37)
        XCTAssertEqual(TestClips.frameNumber(image, x: 160, y: 180), 37)
        // Top half blue, bottom half not: the frame is the right way up.
        XCTAssertGreaterThan(TestClips.pixel(image, x: 10, y: 10)[2], 200)
        XCTAssertLessThan(TestClips.pixel(image, x: 10, y: 230)[2], 50)
    }

    func testSeeksLandOnTheRightFrameForwardAndBack() throws {
        let m = try movie(try TestClips.counter())
        for (t, n) in [(0.0, 0), (2.0, 50), (0.52, 13), (2.999, 74), (9.0, 74), (1.0, 25), (0.039, 0), (0.04, 1)] {
            try m.showFrame(at: t)
            let image = try XCTUnwrap(try m.readFrame())
            XCTAssertEqual(TestClips.frameNumber(image, x: 100, y: 100), n, "at \(t) s")
        }
    }

    func testAMissingFileIsCannotRead() throws {
        XCTAssertThrowsError(try movie(TestClips.folder + "/nothing-here.mp4")) { e in
            XCTAssertEqual((e as? MovieError)?.kind, .cannotRead)
        }
    }

    func testATextFileIsCannotPlay() throws {
        let path = try TestClips.file("notes.mp4", bytes: Array("these are not the frames you are looking for\n".utf8))
        let m = try movie(path)
        XCTAssertThrowsError(try m.waitUntilReady()) { e in
            XCTAssertEqual((e as? MovieError)?.kind, .cannotPlay, "\(e)")
        }
        XCTAssertThrowsError(try MovieProbe.info(path)) { e in
            XCTAssertEqual((e as? MovieError)?.kind, .cannotPlay, "\(e)")
        }
    }

    func testATruncatedClipIsCannotPlay() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: try TestClips.counter()))
        let path = try TestClips.file("cut.mp4", bytes: Array(whole.prefix(whole.count / 3)))
        // Cut before its index (at the end): nothing says where the frames are.
        let m = try movie(path)
        XCTAssertThrowsError(try m.showFrame(at: 0.5)) { e in
            XCTAssertEqual((e as? MovieError)?.kind, .cannotPlay, "\(e)")
        }
    }

    func testASoundFileIsNoVideo() throws {
        let path = try TestClips.soundOnly()
        XCTAssertThrowsError(try MovieProbe.info(path)) { e in
            XCTAssertEqual((e as? MovieError)?.kind, .noVideo, "\(e)")
        }
        let m = try movie(path)
        XCTAssertThrowsError(try m.waitUntilReady()) { e in
            XCTAssertEqual((e as? MovieError)?.kind, .noVideo, "\(e)")
        }
    }

    func testProbeKnowsTheClip() throws {
        let info = try MovieProbe.info(try TestClips.counter())
        XCTAssertEqual(info.width, 320)
        XCTAssertEqual(info.height, 240)
        XCTAssertEqual(info.duration, 3, accuracy: 0.05)
    }

    func testDrawingAFrameLeavesTheCallersGLStateAsItWas() throws {
        let m = try movie(try TestClips.counter())
        try m.waitUntilReady()
        let target = try Framebuffer(context: ctx, width: 8, height: 8, depth: false)
        target.bind()
        GL.setBlending(true)
        GL.setScissor(x: 1, y: 1, width: 3, height: 3, targetHeight: 8)
        let before = GLStateSnapshot.take(units: 4)
        try m.showFrame(at: 2.2)
        _ = try m.readFrame()
        XCTAssertEqual(GLStateSnapshot.take(units: 4), before)
    }
}

extension MovieTests {
    func testFramesAskedForOneAfterAnotherAreEachTheRightOne() throws {
        let m = try movie(try TestClips.counter())
        var seen: [Int] = []
        // Every 40 ms (each frame), then every 100 ms (steps of 2 and 3), then a jump and back.
        var times: [Double] = (0..<30).map { (i: Int) -> Double in Double(i) * 0.04 }
        times += (12..<20).map { (i: Int) -> Double in Double(i) * 0.1 }
        times += [2.9, 0.2, 0.28]
        for t in times {
            try m.showFrame(at: t)
            seen.append(TestClips.frameNumber(try XCTUnwrap(try m.readFrame()), x: 50, y: 50))
        }
        let expected = times.map { (t: Double) -> Int in Int((t * 25 + 1e-6).rounded(.down)) }
        XCTAssertEqual(seen, expected)
    }
}

extension MovieTests {
    /// Frames by time are drawn as soon as they are decoded (libmpv's `untimed`: a step no
    /// longer waits out a frame's 40 ms; how fast is a benchmark's business, README), and
    /// playing afterwards is on the clock again: half a second of playing is not the whole clip.
    func testPlayingAfterFramesByTimeIsOnTheClockAgain() throws {
        let m = try movie(try TestClips.counter())
        for k in 0...25 { try m.showFrame(at: Double(k) * 0.04) }
        m.play()
        let played = Date()
        while Date().timeIntervalSince(played) < 0.5 || m.position <= 1.0 {
            m.update()
            usleep(5000)
            if Date().timeIntervalSince(played) > 10 { break }
        }
        XCTAssertGreaterThan(m.position, 1.0, "it plays")
        XCTAssertLessThan(m.position, 2.5, "on the clock: untimed, it would be at the end at once")
    }
}
