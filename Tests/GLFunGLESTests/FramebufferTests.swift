import GLFunGLES
import XCTest

final class FramebufferTests: GLTestCase {
    /// A red 1x1 texture drawn over clip y 1...0.5 (the top quarter of the target,
    /// in GL's own coordinates): readPixels must return it in rows 0..<h/4.
    func testReadPixelsHasATopLeftOrigin() throws {
        let w = 16, h = 8
        let fb = try Framebuffer(context: ctx, width: w, height: h, depth: false)
        XCTAssertEqual(fb.width, w)
        XCTAssertEqual(fb.height, h)
        fb.bind()
        GL.clear(red: 0, green: 0, blue: 1, alpha: 1, depth: false)
        let red = try Texture2D(context: ctx, rgba: [255, 0, 0, 255], width: 1, height: 1)
        let blitter = try Blitter(context: ctx)
        // Top 2 rows, left half.
        try blitter.draw(red, clip: (x0: -1, yTop: 1, x1: 0, yBottom: 0.5))
        let image = try fb.readPixels()
        XCTAssertEqual(image.width, w)
        XCTAssertEqual(image.height, h)
        for y in 0..<h {
            for x in 0..<w {
                let expected = (y < 2 && x < w / 2) ? [255, 0, 0, 255] : [0, 0, 255, 255]
                assertPixel(image, x, y, expected)
            }
        }
    }

    /// Rows in the image run top to bottom: a texture whose first row is green and
    /// the others black, blitted 1:1, comes back with row 0 green.
    func testTextureRowsRoundTripThroughTheFramebuffer() throws {
        var pixels = [UInt8](repeating: 0, count: 5 * 3 * 4)
        for x in 0..<5 { pixels[x * 4 + 1] = 255; pixels[x * 4 + 3] = 255 }
        for i in stride(from: 5 * 4, to: pixels.count, by: 4) { pixels[i + 3] = 255 }
        let t = try Texture2D(context: ctx, rgba: pixels, width: 5, height: 3)
        let back = try Blitter(context: ctx).readBack(t, context: ctx)
        XCTAssertEqual(back.pixels, pixels)
        assertPixel(back, 0, 0, [0, 255, 0, 255])
        assertPixel(back, 0, 2, [0, 0, 0, 255])
    }

    func testScissorUsesTopLeftOrigin() throws {
        let fb = try Framebuffer(context: ctx, width: 10, height: 10, depth: false)
        fb.bind()
        GL.clear(red: 0, green: 0, blue: 0, alpha: 1, depth: false)
        GL.setScissor(x: 2, y: 1, width: 3, height: 2, targetHeight: 10)
        GL.clear(red: 1, green: 1, blue: 1, alpha: 1, depth: false)
        GL.disableScissor()
        let image = try fb.readPixels()
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<5).contains(x) && (1..<3).contains(y)
                assertPixel(image, x, y, inside ? [255, 255, 255, 255] : [0, 0, 0, 255])
            }
        }
    }

    func testDepthAttachment() throws {
        let withDepth = try Framebuffer(context: ctx, width: 8, height: 8, depth: true)
        XCTAssertTrue(withDepth.hasDepth)
        XCTAssertEqual(withDepth.depthBits, ctx.extensions.contains("GL_OES_depth24") ? 24 : 16)
        XCTAssertEqual(withDepth.depthBits, 24, "llvmpipe offers GL_OES_depth24")
        let without = try Framebuffer(context: ctx, width: 8, height: 8, depth: false)
        XCTAssertFalse(without.hasDepth)
        XCTAssertEqual(without.depthBits, 0)
        XCTAssertEqual(without.texture.width, 8)
        XCTAssertNotEqual(withDepth.fbo, without.fbo)
    }

    func testClearAndReadBackExactValues() throws {
        let fb = try Framebuffer(context: ctx, width: 3, height: 2, depth: false)
        fb.bind()
        GL.clear(red: 0.76, green: 0.5, blue: 0, alpha: 1, depth: false)
        let image = try fb.readPixels()
        XCTAssertEqual(image.pixels.count, 3 * 2 * 4)
        for y in 0..<2 {
            for x in 0..<3 { assertPixel(image, x, y, [194, 128, 0, 255], tolerance: 1) }
        }
    }
}
