import GLFunImages
import TestFixtures
import XCTest

/// Animated GIF and WebP decoded a frame at a time: every frame as an independent decoder
/// (PIL) composes it, each frame's delay (0-10 ms shown for 100 ms), the plays, rewinding.
final class AnimationDecoderTests: XCTestCase {
    func expectedFrame(_ folder: String, _ name: String, _ n: Int) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name).\(n).rgba")))
    }

    /// Equal where visible; a fully transparent pixel only needs alpha 0 (its colour is not shown).
    func assertSameVisible(_ image: Image, _ expected: [UInt8], _ what: String) {
        XCTAssertEqual(image.pixels.count, expected.count, what)
        var differing = 0
        for i in stride(from: 0, to: min(image.pixels.count, expected.count), by: 4) {
            let a = image.pixels[i + 3], e = expected[i + 3]
            if a == 0 && e == 0 { continue }
            if image.pixels[i..<(i + 4)] != expected[i..<(i + 4)] { differing += 1 }
        }
        XCTAssertEqual(differing, 0, "\(what): pixels differ from PIL's")
    }

    func testGIFFramesDelaysDisposalAndPlays() throws {
        let (folder, manifest) = try TestPictures.make("animations")
        let anim = try AnimationDecoder(contentsOfFile: folder + "/anim.gif")
        XCTAssertEqual(anim.format, .gif)
        XCTAssertEqual(anim.width, 40)
        XCTAssertEqual(anim.height, 30)
        // 0 and 10 ms are shown for 100 ms; 50, 200, 70 as written.
        XCTAssertEqual(anim.delays, [0.1, 0.05, 0.2, 0.1, 0.07])
        XCTAssertEqual(anim.plays, 2, "NETSCAPE2.0 loop 1: one repeat after the first play")
        let count = try XCTUnwrap((manifest["frames"] as? [String: Int])?["anim.gif"])
        XCTAssertEqual(count, 5)
        for pass in 0..<2 {
            for n in 0..<count {
                let frame = try XCTUnwrap(try anim.nextFrame(), "frame \(n)")
                XCTAssertEqual(frame.index, n)
                assertSameVisible(frame.image, try expectedFrame(folder, "anim.gif", n), "anim.gif frame \(n), pass \(pass)")
            }
            XCTAssertNil(try anim.nextFrame(), "one play ends")
            try anim.rewind()
        }
    }

    func testWebPFramesDelaysAndPlays() throws {
        let (folder, _) = try TestPictures.make("animations")
        let anim = try AnimationDecoder(contentsOfFile: folder + "/anim.webp")
        XCTAssertEqual(anim.format, .webp)
        XCTAssertEqual(anim.delays, [0.03, 0.1, 0.12, 0.06], "5 ms is shown for 100 ms")
        XCTAssertEqual(anim.plays, 3)
        for n in 0..<4 {
            let frame = try XCTUnwrap(try anim.nextFrame())
            assertSameVisible(frame.image, try expectedFrame(folder, "anim.webp", n), "anim.webp frame \(n)")
        }
        XCTAssertNil(try anim.nextFrame())
        XCTAssertTrue(AnimationDecoder.isAnimated(try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/anim.webp")))))
    }

    /// 200 frames: the delays known at once, frames decoded one at a time (one canvas held).
    func testManyFramesAreDecodedOneAtATime() throws {
        let (folder, _) = try TestPictures.make("animations")
        let anim = try AnimationDecoder(contentsOfFile: folder + "/many.gif")
        XCTAssertEqual(anim.frameCount, 200)
        XCTAssertEqual(anim.loopDuration, 8.0, accuracy: 1e-9)
        XCTAssertEqual(anim.plays, 0, "loop 0: forever")
        var n = 0
        while let frame = try anim.nextFrame() {
            XCTAssertEqual(frame.image.width * frame.image.height, 1000)
            n += 1
        }
        XCTAssertEqual(n, 200)
    }

    /// A GIF cut after its first frames plays the frames before the cut; cut in its header, an error.
    func testCutShortGIFs() throws {
        let (folder, _) = try TestPictures.make("animations")
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/many.gif")))
        let anim = try AnimationDecoder(data: Array(data.prefix(data.count / 2)))
        XCTAssertGreaterThan(anim.frameCount, 10)
        XCTAssertLessThan(anim.frameCount, 200)
        var n = 0
        while try anim.nextFrame() != nil { n += 1 }
        XCTAssertEqual(n, anim.frameCount)
        XCTAssertThrowsError(try AnimationDecoder(data: Array(data.prefix(12))))
        XCTAssertThrowsError(try Image(data: Array(data.prefix(40))))
    }
}
