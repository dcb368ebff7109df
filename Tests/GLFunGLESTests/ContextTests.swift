import GLFunGLES
import XCTest

final class ContextTests: GLTestCase {
    func testHeadlessContextIsSurfacelessAndCurrent() throws {
        // On Mesa (llvmpipe, no GPU, no display server) the first platform tried works.
        XCTAssertEqual(ctx.platform, .surfaceless)
        XCTAssertEqual(ctx.failedAttempts, [])
        XCTAssertTrue(ctx.isCurrent)
        XCTAssertNil(ctx.surfaceSize, "a headless context has no window surface")
        XCTAssertNoThrow(try ctx.swapBuffers(), "swapBuffers on a headless context has nothing to present")
    }

    func testInfoNamesTheImplementation() throws {
        let info = Dictionary(ctx.info, uniquingKeysWith: { a, _ in a })
        for key in ["platform", "EGL_VENDOR", "EGL_VERSION", "GL_VENDOR", "GL_RENDERER", "GL_VERSION",
                    "GL_SHADING_LANGUAGE_VERSION", "GL_MAX_TEXTURE_SIZE"] {
            XCTAssertNotNil(info[key], "info lacks \(key)")
            XCTAssertNotEqual(info[key], "?", "\(key) could not be queried")
            XCTAssertFalse(info[key]?.isEmpty ?? true, "\(key) is empty")
        }
        XCTAssertEqual(info["platform"], "surfaceless")
        XCTAssertTrue(info["GL_VERSION"]!.hasPrefix("OpenGL ES"), "GL_VERSION is \(info["GL_VERSION"]!)")
        XCTAssertTrue(info["GL_RENDERER"]!.contains("llvmpipe"), "this machine renders with llvmpipe, got \(info["GL_RENDERER"]!)")
        XCTAssertEqual(Int(info["GL_MAX_TEXTURE_SIZE"]!), Context.maxTextureSize)
        XCTAssertGreaterThanOrEqual(Context.maxTextureSize, 2048)
        XCTAssertFalse(ctx.extensions.isEmpty)
    }

    func testSecondContextAndSwitchingBack() throws {
        do {
            let other = try Context.headless(platforms: [.surfaceless])
            XCTAssertTrue(other.isCurrent, "a new context is made current")
            XCTAssertFalse(ctx.isCurrent)
            try ctx.makeCurrent()
            XCTAssertTrue(ctx.isCurrent)
            XCTAssertFalse(other.isCurrent)
        }
        // `other` is gone; the shared context is still current and usable.
        XCTAssertTrue(ctx.isCurrent)
        let fb = try Framebuffer(context: ctx, width: 4, height: 4, depth: false)
        fb.bind()
        GL.clear(red: 0, green: 1, blue: 0, alpha: 1, depth: false)
        assertPixel(try fb.readPixels(), 2, 2, [0, 255, 0, 255])
    }

    func testNoPlatformsGivesNoHeadlessDisplay() {
        XCTAssertThrowsError(try Context.headless(platforms: [])) { error in
            guard case GLESError.noHeadlessDisplay(let attempts) = error else {
                return XCTFail("expected .noHeadlessDisplay, got \(error)")
            }
            XCTAssertEqual(attempts, [])
        }
    }

    /// EGL_EXT_platform_device: either it opens (then it says so), or it fails
    /// with .noHeadlessDisplay whose one attempt is named "device: ...".
    func testDevicePlatformAloneEitherOpensOrNamesItsAttempt() throws {
        defer { try? ctx.makeCurrent() }
        do {
            let c = try Context.headless(platforms: [.device])
            XCTAssertEqual(c.platform, .device)
            XCTAssertEqual(c.failedAttempts, [])
            XCTAssertTrue(c.isCurrent)
            // It renders: a framebuffer cleared to a color reads back as that color.
            let fb = try Framebuffer(context: c, width: 4, height: 4, depth: true)
            fb.bind()
            GL.clear(red: 1, green: 0, blue: 1, alpha: 1, depth: true)
            assertPixel(try fb.readPixels(), 1, 1, [255, 0, 255, 255])
        } catch {
            guard case .noHeadlessDisplay(let attempts) = error else {
                return XCTFail("expected .noHeadlessDisplay, got \(error)")
            }
            XCTAssertEqual(attempts.count, 1)
            XCTAssertTrue(attempts[0].hasPrefix("device: "), attempts[0])
            XCTAssertTrue(error.description.hasPrefix("no headless EGL display ("), error.description)
            XCTAssertTrue(error.description.contains(attempts[0]), error.description)
        }
    }

    func testNoHeadlessDisplayDescriptionNamesEachAttempt() {
        let e = GLESError.noHeadlessDisplay(attempts: [
            "surfaceless: EGL_MESA_platform_surfaceless failed: extension not offered",
            "device: eglQueryDevicesEXT failed: no devices",
            "default: eglInitialize failed: EGL_NOT_INITIALIZED",
        ])
        XCTAssertEqual(e.description, "no headless EGL display (surfaceless: EGL_MESA_platform_surfaceless failed: "
                       + "extension not offered; device: eglQueryDevicesEXT failed: no devices; "
                       + "default: eglInitialize failed: EGL_NOT_INITIALIZED)")
    }

    func testEGLErrorDescription() {
        XCTAssertEqual(GLESError.egl(step: "eglInitialize", code: "EGL_NOT_INITIALIZED").description,
                       "eglInitialize failed: EGL_NOT_INITIALIZED")
        XCTAssertEqual(GLESError.gl(call: "glTexImage2D", code: "GL_OUT_OF_MEMORY").description,
                       "glTexImage2D failed: GL_OUT_OF_MEMORY")
    }
}
