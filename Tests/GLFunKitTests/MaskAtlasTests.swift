@testable import GLFunKit
import GLFunGLES
import PixelAssertions
import XCTest

/// The mask atlas's pages (`MaskAtlas`): a frame whose masks fill more than one page keeps them
/// all from frame to frame (nothing copied after its first frame) and draws the quads'
/// pixels; a frame past the pages' bound starts the atlas again part way through and still
/// draws them; a frame drawn once fills one page.
final class MaskAtlasTests: RenderTestCase {
    override func tearDownWithError() throws {
        renderer.pathMasks = true
        renderer.maskPages = MaskAtlas.maxPages
        renderer.keepsPathMeshes = true
        try super.tearDownWithError()
    }

    /// 600 translucent discs 90 pixels across, each drawn from its mask (5 M pixels of masks:
    /// two pages).
    private func discs() -> Scene {
        var shapes: [Shape] = []
        for k in 0..<600 {
            let c = Point(46.3 + Float(k % 24) * 41.5, 46.6 + Float(k / 24) * 38.25)
            shapes.append(.path(.circle(center: c, radius: 44.6), fill: Color(Float(k % 3) / 2, Float(k % 5) / 4, 0.5, 0.3)))
        }
        var s = Scene(width: 1100, height: 1060, background: .background, shapes: shapes)
        s.antialias = true
        return s
    }

    private func quads(_ s: Scene) throws -> Image {
        renderer.pathMasks = false
        defer { renderer.pathMasks = true }
        return try render(s)
    }

    func testMasksOverSeveralPagesAreKeptFromFrameToFrame() throws {
        let s = discs(), reference = try quads(s)
        renderer.maskAtlas = nil
        assertSameImage(try render(s), reference, "first frame")
        XCTAssertEqual(renderer.stats.masksUploaded, 600)
        XCTAssertEqual(renderer.maskAtlas?.pageCount, 2)
        XCTAssertEqual(renderer.maskAtlas?.dense, false, "the pages suffice: one shelf at a time")
        for frame in 1...2 {
            assertSameImage(try render(s), reference, "frame \(frame)")
            XCTAssertEqual(renderer.stats.masksUploaded, 0, "frame \(frame): every mask where it was")
        }
    }

    func testPagesAreGivenBackWhenTheFramesDrawnLatelyNeedFewer() throws {
        let heavy = discs(), reference = try quads(heavy)
        var light = Scene(width: 120, height: 100, background: .background,
                          shapes: [.path(.circle(center: Point(60.3, 50.6), radius: 40.4), fill: Color(0.9, 0.2, 0.1, 0.6))])
        light.antialias = true
        let lightReference = try quads(light)
        renderer.maskAtlas = nil
        assertSameImage(try render(heavy), reference, "the heavy frame")
        XCTAssertEqual(renderer.maskAtlas?.pageCount, 2)
        // A watch's worth of light frames (the heavy one among them keeps both pages), then one more.
        for frame in 0..<MaskAtlas.watchedFrames {
            _ = try render(light)
            XCTAssertEqual(renderer.maskAtlas?.pageCount, 2, "light frame \(frame): the heavy frame was in this watch")
        }
        for frame in 0...MaskAtlas.watchedFrames {
            assertSameImage(try render(light), lightReference, "light frame \(frame) of the next watch")
        }
        XCTAssertEqual(renderer.maskAtlas?.pageCount, 1, "a page for the light frames")
        XCTAssertEqual(renderer.stats.masksUploaded, 0, "the light frame's mask placed again once, then kept")
        assertSameImage(try render(heavy), reference, "the heavy frame again")
        XCTAssertEqual(renderer.maskAtlas?.pageCount, 2)
    }

    func testPastThePagesBoundTheAtlasStartsAgainAndDrawsTheSamePicture() throws {
        let s = discs(), reference = try quads(s)
        renderer.maskAtlas = nil
        renderer.maskPages = 1
        for frame in 0...1 {
            assertSameImage(try render(s), reference, "frame \(frame)")
            XCTAssertGreaterThan(renderer.stats.masksUploaded, 100, "frame \(frame): the atlas filled and started again")
            XCTAssertEqual(renderer.maskAtlas?.pageCount, 1)
            XCTAssertEqual(renderer.maskAtlas?.dense, true, "frame \(frame): having filled, it packs by class of height")
        }
    }

    func testAFrameDrawnOnceFillsOnePage() throws {
        let s = discs(), reference = try quads(s)
        renderer.maskAtlas = nil
        renderer.keepsPathMeshes = false
        assertSameImage(try render(s), reference)
        XCTAssertEqual(renderer.maskAtlas?.pageCount, 1)
    }
}
