import GLFunGLES
import XCTest

/// An `Image` holds straight alpha; a framebuffer holds premultiplied colour; readback
/// converts, and JPEG (no alpha) gets colour over black.
final class ReadbackAlphaTests: GLTestCase {
    /// The framebuffer holds premultiplied colour (cleared so here); readPixels returns straight.
    func testReadPixelsReturnsStraightAlpha() throws {
        let fb = try Framebuffer(context: ctx, width: 4, height: 2, depth: false)
        fb.bind()
        GL.clear(red: 30 / 255, green: 90 / 255, blue: 120 / 255, alpha: 120 / 255, depth: false)
        GL.setScissor(x: 2, y: 0, width: 2, height: 2, targetHeight: 2)
        GL.clear(red: 0.2, green: 0.3, blue: 0.4, alpha: 0, depth: false)
        GL.setScissor(x: 3, y: 1, width: 1, height: 1, targetHeight: 2)
        GL.clear(red: 0.2, green: 0.4, blue: 0.6, alpha: 1, depth: false)
        GL.disableScissor()
        let image = try fb.readPixels()
        assertPixel(image, 0, 0, [64, 191, 255, 120])
        assertPixel(image, 1, 1, [64, 191, 255, 120])
        assertPixel(image, 2, 0, [0, 0, 0, 0])
        assertPixel(image, 3, 1, [51, 102, 153, 255])
        // As stored: GL's bytes, for a target used to look at what a texture holds.
        let stored = try fb.readPixels(alpha: .asStored)
        assertPixel(stored, 0, 0, [30, 90, 120, 120])
        assertPixel(stored, 2, 0, [51, 77, 102, 0], tolerance: 1)
        assertPixel(stored, 3, 1, [51, 102, 153, 255])
    }

    /// JPEG has no alpha: a translucent pixel is encoded over black, a transparent one black.
    func testJPEGCompositesTranslucentPixelsOnBlack() throws {
        var pixels: [UInt8] = []
        for y in 0..<16 {
            for _ in 0..<16 { pixels += y < 8 ? [255, 0, 0, 128] : [200, 220, 240, 0] }
        }
        let image = try Image(width: 16, height: 16, pixels: pixels)
        let decoded = try Image(jpegData: try image.jpegData(quality: 100))
        assertPixel(decoded, 8, 2, [128, 0, 0, 255], tolerance: 4)
        assertPixel(decoded, 8, 13, [0, 0, 0, 255], tolerance: 4)
    }
}
