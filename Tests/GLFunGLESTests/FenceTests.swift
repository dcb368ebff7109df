import GLFunGLES
import XCTest

/// `Fence`: made after draws (Mesa's EGL offers EGL_KHR_fence_sync wherever the driver has
/// fences, llvmpipe included), waited for, and dropped unsignalled, many times over.
final class FenceTests: GLTestCase {
    func testAFenceAfterDrawsIsWaitedForAndFencesDroppedUnwaitedAreFreed() throws {
        let fb = try Framebuffer(context: ctx, width: 64, height: 64, depth: false)
        fb.bind()
        GL.clear(red: 0, green: 0, blue: 0, alpha: 1, depth: false)
        let fence = try XCTUnwrap(Fence.insert(), "llvmpipe offers fences")
        fence.wait()
        for _ in 0..<500 {
            GL.clear(red: 0.5, green: 0, blue: 0, alpha: 1, depth: false)
            _ = Fence.insert()
        }
        GL.clear(red: 0, green: 1, blue: 0, alpha: 1, depth: false)
        try XCTUnwrap(Fence.insert()).wait()
        let image = try fb.readPixels()
        XCTAssertEqual(image[10, 10].g, 255)
        XCTAssertEqual(image[10, 10].r, 0)
    }
}
