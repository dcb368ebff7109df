import GLFunGLES
@testable import GLFunKit
import PixelAssertions
import XCTest

/// The renderer keeps its layer targets from frame to frame (`LayerCache`): a kept target gives
/// the picture a fresh one gives, a canvas of another size gets targets of its size, a frame
/// without layers gives them back; and a composite reading the backdrop with framebuffer fetch
/// gives (within 1/255) the picture of one reading a copy.
final class LayerCacheTests: LayerTestCase {
    /// Layers of every kind the composite is compiled for: opacity alone, a clip, both masks, a
    /// Porter-Duff mode, a separable and a non-separable one, nested.
    func layered(size: Float) -> [Shape] {
        var g = GraphicsContext()
        let s = size / 20
        func r(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) -> Path {
            rect(Double(x0 * s), Double(y0 * s), Double(x1 * s), Double(y1 * s))
        }
        g.fill(r(0, 0, 20, 12), paint: .solid(Color(0.2, 0.5, 0.9)))
        g.beginLayer(opacity: 0.6)
        g.fill(r(1, 1, 12, 12), paint: .solid(.red))
        g.fill(r(6, 6, 18, 18), paint: .solid(Color(0, 0.8, 0.3, 0.7)))
        g.endLayer()
        g.beginLayer(clip: .circle(center: Point(10 * s, 10 * s), radius: 6 * s))
        g.fill(r(2, 2, 19, 19), paint: .solid(Color(1, 0.9, 0.1, 0.8)))
        g.endLayer()
        let alpha = g.mask(.alpha) { $0.fill(r(0, 0, 10, 20), paint: .solid(Color(1, 1, 1, 0.5))) }
        g.beginLayer(opacity: 0.9, blend: .xor, mask: alpha)
        g.fill(r(4, 8, 16, 16), paint: .solid(.blue))
        g.endLayer()
        let luminance = g.mask(.luminance) { $0.fill(r(5, 0, 20, 20), paint: .solid(Color(0.7, 0.7, 0.7))) }
        g.beginLayer(opacity: 0.8, blend: .multiply, clip: r(3, 3, 17, 17), mask: luminance)
        g.fill(r(0, 0, 20, 20), paint: .solid(Color(0.9, 0.3, 0.6)))
        g.beginLayer(blend: .hue)
        g.fill(r(8, 2, 14, 18), paint: .solid(Color(0.1, 0.9, 0.9, 0.9)))
        g.endLayer()
        g.endLayer()
        return g.shapes
    }

    /// `shapes` drawn by a renderer of its own (fresh targets), premultiplied.
    func fresh(_ shapes: [Shape], size: Int, fetch: Bool? = nil) throws -> Image {
        let r = try Renderer(context: ctx)
        r.antialias = true
        r.layers.fetch = fetch
        let fb = try Framebuffer(context: ctx, width: size, height: size, depth: true)
        fb.bind()
        try r.draw(shapes, canvas: Canvas(width: Float(size), height: Float(size), scale: 1), background: .white,
                   targetHasDepth: true)
        return try fb.readPixels(alpha: .asStored)
    }

    func testKeptTargetsGiveTheFreshPictures() throws {
        let shapes = layered(size: 40)
        let first = try premultiplied(shapes, size: 40, background: .white)
        let made = renderer.layers.targetsMade
        for _ in 0..<3 {
            assertSameImage(try premultiplied(shapes, size: 40, background: .white), first, "a frame on kept targets")
        }
        XCTAssertEqual(renderer.layers.targetsMade, made, "no target made again")
        assertSameImage(try fresh(shapes, size: 40), first, "a renderer's first frame")
    }

    func testACanvasOfAnotherSizeGetsTargetsOfItsSize() throws {
        let small = layered(size: 24), big = layered(size: 48)
        _ = try premultiplied(small, size: 24, background: .white)
        let resized = try premultiplied(big, size: 48, background: .white)
        assertSameImage(resized, try fresh(big, size: 48), "after a frame at 24 x 24")
        assertSameImage(try premultiplied(small, size: 24, background: .white), try fresh(small, size: 24),
                        "back at 24 x 24")
    }

    func testAFrameWithoutLayersGivesTheTargetsBack() throws {
        _ = try premultiplied([.rect(Point(1, 1), Point(5, 5), color: .red)])
        let before = GLObjectCounts.live
        _ = try premultiplied(layered(size: 20))
        XCTAssertGreaterThan(GLObjectCounts.live.framebuffers, before.framebuffers, "targets kept after the frame")
        _ = try premultiplied([.rect(Point(1, 1), Point(5, 5), color: .red)])
        XCTAssertEqual(GLObjectCounts.live.framebuffers, before.framebuffers)
        XCTAssertEqual(GLObjectCounts.live.renderbuffers, before.renderbuffers)
        XCTAssertEqual(GLObjectCounts.live.textures, before.textures)
    }

    /// Framebuffer fetch and a copy of the backdrop read the same bytes; the composite's float
    /// arithmetic, compiled apart, may round its last bit differently.
    func testFetchAndCopyGiveTheSamePictureWithinOneStep() throws {
        let fetched = try fresh(layered(size: 40), size: 40)
        let copied = try fresh(layered(size: 40), size: 40, fetch: false)
        assertSameImage(fetched, copied, tolerance: 1, "framebuffer fetch against the copy")
        XCTAssertTrue(ctx.extensions.contains("GL_EXT_shader_framebuffer_fetch"), "llvmpipe has it: both were tested")
    }
}

extension LayerCacheTests {
    /// A clipped layer drawn again (the same `Layer`) draws the clip's kept shape: its path's
    /// triangles are made once.
    func testAClipIsKeptFromFrameToFrame() throws {
        let shapes = layered(size: 20)
        _ = try premultiplied(shapes)
        let clipped = try XCTUnwrap(shapes.compactMap(\.layer).first { $0.clip != nil })
        let kept = renderer.layers.clipShape(clipped, clipped.clip!).pathShape
        _ = try premultiplied(shapes)
        XCTAssertTrue(renderer.layers.clipShape(clipped, clipped.clip!).pathShape === kept)
    }
}
