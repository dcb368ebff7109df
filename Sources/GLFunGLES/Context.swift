internal import CEGL
import Foundation

/// How a `Context` reached its EGL display.
public enum ContextPlatform: String, Sendable {
    /// EGL_MESA_platform_surfaceless: no display server, no GPU needed (Mesa llvmpipe).
    case surfaceless
    /// EGL_EXT_platform_device: a GPU's device, the way NVIDIA's driver runs headless.
    case device
    /// eglGetDisplay(EGL_DEFAULT_DISPLAY) with a pbuffer surface.
    case defaultDisplay = "default"
    /// An X11 window (EGL_KHR_platform_x11), made by GLFunX11.
    case x11
    /// A Wayland window (EGL_KHR_platform_wayland, a wl_egl_window), made by GLFunWayland.
    case wayland
}

/// An OpenGL ES 2 context, current on the thread that made it.
///
/// `Context.headless()` works with no display server and no GPU; rendering
/// then goes to a `Framebuffer` of any size. `Context(x11Display:window:)` and
/// `Context(waylandDisplay:eglWindow:)` draw into a window's surface. This type does not
/// create windows or read input: GLFunX11 and GLFunWayland do. The corresponding C calls are eglGetPlatformDisplay,
/// eglInitialize, eglChooseConfig, eglCreateContext and eglMakeCurrent.
public final class Context {
    /// Address space asked for before a context is made (`Memory.require`): llvmpipe needs more
    /// than this (its context, then LLVM compiling the renderer's programs, which prints its own
    /// `std::bad_alloc` line when it runs out), so a process that has less fails cleanly there
    /// (see `create`).
    static let contextHeadroom = 64 << 20
    let display: EGLDisplay
    let config: EGLConfig
    let context: EGLContext
    private(set) var surface: EGLSurface?
    /// Where the display came from.
    public let platform: ContextPlatform
    /// Each attempt made before this platform worked, with the reason it failed.
    public let failedAttempts: [String]

    init(display: EGLDisplay, config: EGLConfig, context: EGLContext, surface: EGLSurface?,
                 platform: ContextPlatform, failedAttempts: [String]) {
        self.display = display
        self.config = config
        self.context = context
        self.surface = surface
        self.platform = platform
        self.failedAttempts = failedAttempts
    }

    deinit {
        if eglGetCurrentContext() == context {
            eglMakeCurrent(display, glfun_egl_no_surface(), glfun_egl_no_surface(), glfun_egl_no_context())
        }
        if let surface { eglDestroySurface(display, surface) }
        eglDestroyContext(display, context)
    }

    /// Opens a headless ES 2 context and makes it current: EGL surfaceless
    /// first, then EGL device, then the default display with a pbuffer.
    /// - Parameter platforms: the order to try; the default is all three.
    public static func headless(platforms: [ContextPlatform] = [.surfaceless, .device, .defaultDisplay]) throws(GLESError) -> Context {
        var failures: [String] = []
        for platform in platforms {
            do {
                let ctx = try open(platform, failures: failures)
                GLESLog.logger.debug("headless EGL context: \(platform.rawValue)",
                                     metadata: ["tried first": .string(failures.joined(separator: "; "))])
                return ctx
            } catch {
                GLESLog.logger.debug("EGL \(platform.rawValue) failed, trying the next: \(error)")
                failures.append("\(platform.rawValue): \(error)")
            }
        }
        throw .noHeadlessDisplay(attempts: failures)
    }

    private static func clientExtensions() -> Set<Substring> {
        guard let s = eglQueryString(glfun_egl_no_display(), EGL_EXTENSIONS) else { return [] }
        return Set(String(cString: s).split(separator: " "))
    }

    private static func open(_ platform: ContextPlatform, failures: [String]) throws(GLESError) -> Context {
        let ext = clientExtensions()
        var display: EGLDisplay?
        switch platform {
        case .surfaceless:
            guard ext.contains("EGL_MESA_platform_surfaceless") else {
                throw .egl(step: "EGL_MESA_platform_surfaceless", code: "extension not offered")
            }
            display = glfun_egl_get_platform_display(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)
        case .device:
            guard ext.contains("EGL_EXT_platform_device") else {
                throw .egl(step: "EGL_EXT_platform_device", code: "extension not offered")
            }
            var devices = [EGLDeviceEXT?](repeating: nil, count: 16)
            var count: EGLint = 0
            guard glfun_egl_query_devices(16, &devices, &count) == EGL_TRUE, count > 0 else {
                throw .egl(step: "eglQueryDevicesEXT", code: count == 0 ? "no devices" : eglErrorName(eglGetError()))
            }
            // Prefer a device that is not Mesa's software one: that is what this path is for.
            for i in 0..<Int(count) {
                let d = glfun_egl_get_platform_display(EGLenum(EGL_PLATFORM_DEVICE_EXT), devices[i], nil)
                if d != nil { display = d; break }
            }
        case .defaultDisplay:
            display = eglGetDisplay(nil)
        case .x11, .wayland:
            preconditionFailure("Context.headless: .\(platform) is not headless; use a window's initializer")
        }
        guard let display, display != glfun_egl_no_display() else {
            throw .egl(step: platform == .defaultDisplay ? "eglGetDisplay" : "eglGetPlatformDisplay",
                       code: eglErrorName(eglGetError()))
        }
        let parts = try create(display: display, platform: platform, window: nil)
        return Context(display: display, config: parts.config, context: parts.context, surface: parts.surface,
                       platform: platform, failedAttempts: failures)
    }

    /// A context drawing into an X11 window through EGL_KHR_platform_x11.
    /// - Parameters:
    ///   - x11Display: the Xlib `Display *`.
    ///   - window: the X window id.
    ///   - visualID: the window's X visual; the EGL config is chosen to match it.
    public convenience init(x11Display: UnsafeMutableRawPointer, window: UInt, visualID: UInt? = nil) throws(GLESError) {
        let display = glfun_egl_get_platform_display(EGLenum(EGL_PLATFORM_X11_KHR), x11Display, nil)
        guard let display, display != glfun_egl_no_display() else {
            throw .egl(step: "eglGetPlatformDisplay(X11)", code: eglErrorName(eglGetError()))
        }
        let parts = try Context.create(display: display, platform: .x11, window: window, visualID: visualID)
        self.init(display: display, config: parts.config, context: parts.context, surface: parts.surface,
                  platform: .x11, failedAttempts: [])
    }

    static func create(display: EGLDisplay, platform: ContextPlatform, window: UInt?, visualID: UInt? = nil)
        throws(GLESError) -> (config: EGLConfig, context: EGLContext, surface: EGLSurface?) {
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else {
            throw .egl(step: "eglInitialize", code: eglErrorName(eglGetError()))
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            throw .egl(step: "eglBindAPI(EGL_OPENGL_ES_API)", code: eglErrorName(eglGetError()))
        }
        let surfaceBit = window != nil ? EGL_WINDOW_BIT : EGL_PBUFFER_BIT
        var attrs: [EGLint] = [
            EGL_SURFACE_TYPE, surfaceBit, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, window != nil ? 0 : 8,
            EGL_NONE,
        ]
        if platform == .surfaceless || platform == .device { attrs[1] = EGL_PBUFFER_BIT }
        var configs = [EGLConfig?](repeating: nil, count: 64)
        var n: EGLint = 0
        guard eglChooseConfig(display, &attrs, &configs, 64, &n) == EGL_TRUE, n > 0 else {
            let code = eglGetError()
            throw .egl(step: "eglChooseConfig(OpenGL ES 2, RGBA8)",
                       code: code == EGL_SUCCESS ? "no matching config" : eglErrorName(code))
        }
        var chosen = configs[0]
        if let visualID {
            // A window surface needs the config whose native visual is the window's.
            // Among those, prefer one that can keep the back buffer across swaps
            // (EGL_SWAP_BEHAVIOR_PRESERVED_BIT): the window then redraws only what changed.
            chosen = nil
            var chosenPreserves = false
            for c in configs.prefix(Int(n)) {
                var v: EGLint = 0, types: EGLint = 0
                if eglGetConfigAttrib(display, c, EGL_NATIVE_VISUAL_ID, &v) == EGL_TRUE, UInt(v) == visualID {
                    eglGetConfigAttrib(display, c, EGL_SURFACE_TYPE, &types)
                    let preserves = types & EGL_SWAP_BEHAVIOR_PRESERVED_BIT != 0
                    if chosen == nil || (preserves && !chosenPreserves) {
                        chosen = c
                        chosenPreserves = preserves
                    }
                }
            }
            if chosen == nil {
                throw .egl(step: "eglChooseConfig", code: "no ES 2 config for X visual 0x" + String(visualID, radix: 16))
            }
        }
        if window != nil, visualID == nil {
            // A Wayland window: eglChooseConfig puts deeper configs first (10-bit XRGB2101010),
            // which a compositor may not show; take exactly 8 bits a channel with alpha
            // (ARGB8888), and among those one that can keep its back buffer. Alpha, because an
            // XRGB buffer's X byte is not opaque: llvmpipe's blending writes the fragment's
            // alpha there, a compositor may copy it (weston's screenshots showed 192-237 under
            // text), and no colour mask reaches it; with alpha, the window host sets it to 1
            // before each swap (`GL.fillAlpha`) and the surface declares itself opaque.
            chosen = nil
            var chosenPreserves = false
            for c in configs.prefix(Int(n)) {
                func attribute(_ a: Int32) -> EGLint {
                    var v: EGLint = 0
                    eglGetConfigAttrib(display, c, a, &v)
                    return v
                }
                guard attribute(EGL_RED_SIZE) == 8, attribute(EGL_GREEN_SIZE) == 8, attribute(EGL_BLUE_SIZE) == 8,
                      attribute(EGL_ALPHA_SIZE) == 8 else { continue }
                let preserves = attribute(EGL_SURFACE_TYPE) & EGL_SWAP_BEHAVIOR_PRESERVED_BIT != 0
                if chosen == nil || (preserves && !chosenPreserves) {
                    chosen = c
                    chosenPreserves = preserves
                }
            }
            if chosen == nil { chosen = configs[0] }
        }
        guard let config = chosen else { throw .egl(step: "eglChooseConfig", code: "no matching config") }
        var ctxAttrs: [EGLint] = [EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE]
        // llvmpipe's context takes tens of MiB of address space at once, and Mesa 22.3 frees a
        // block twice when one of those allocations fails (glibc then aborts with its own line):
        // under a tight `ulimit -v`, too little room is a clean `.outOfMemory` before it starts.
        try requireMemory(Context.contextHeadroom, for: "a GL context")
        guard let context = eglCreateContext(display, config, glfun_egl_no_context(), &ctxAttrs),
              context != glfun_egl_no_context() else {
            throw .egl(step: "eglCreateContext(ES 2)", code: eglErrorName(eglGetError()))
        }
        var surface: EGLSurface? = nil
        if let window {
            surface = glfun_egl_create_window_surface(display, config, window)
            if surface == nil || surface == glfun_egl_no_surface() {
                let code = eglErrorName(eglGetError())
                eglDestroyContext(display, context)
                throw .egl(step: "eglCreateWindowSurface", code: code)
            }
        } else {
            let displayExt = String(cString: eglQueryString(display, EGL_EXTENSIONS))
            if !displayExt.contains("EGL_KHR_surfaceless_context") {
                var pb: [EGLint] = [EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE]
                surface = eglCreatePbufferSurface(display, config, &pb)
                if surface == nil || surface == glfun_egl_no_surface() {
                    let code = eglErrorName(eglGetError())
                    eglDestroyContext(display, context)
                    throw .egl(step: "eglCreatePbufferSurface", code: code)
                }
            }
        }
        let s = surface ?? glfun_egl_no_surface()
        guard eglMakeCurrent(display, s, s, context) == EGL_TRUE else {
            let code = eglErrorName(eglGetError())
            if let surface { eglDestroySurface(display, surface) }
            eglDestroyContext(display, context)
            throw .egl(step: "eglMakeCurrent", code: code)
        }
        return (config, context, surface)
    }

    /// Asks the window surface to keep its back buffer across swaps
    /// (eglSurfaceAttrib EGL_SWAP_BEHAVIOR = EGL_BUFFER_PRESERVED). Returns
    /// whether it does: then a frame may redraw only the pixels that changed.
    public func preserveBackBuffer() -> Bool {
        guard let surface else { return false }
        guard eglSurfaceAttrib(display, surface, EGL_SWAP_BEHAVIOR, EGL_BUFFER_PRESERVED) == EGL_TRUE else {
            _ = eglGetError()
            return false
        }
        var v: EGLint = 0
        eglQuerySurface(display, surface, EGL_SWAP_BEHAVIOR, &v)
        return v == EGL_BUFFER_PRESERVED
    }

    /// Whether this context is current on the calling thread.
    public var isCurrent: Bool { eglGetCurrentContext() == context }

    /// Makes this context current on the calling thread (eglMakeCurrent).
    public func makeCurrent() throws(GLESError) {
        let s = surface ?? glfun_egl_no_surface()
        guard eglMakeCurrent(display, s, s, context) == EGL_TRUE else {
            throw .egl(step: "eglMakeCurrent", code: eglErrorName(eglGetError()))
        }
    }

    /// Runs `body` with this context current, restoring the previous one after.
    func withCurrent(_ body: () -> Void) {
        if isCurrent { body(); return }
        let prevDisplay = eglGetCurrentDisplay(), prevContext = eglGetCurrentContext()
        let prevDraw = eglGetCurrentSurface(EGL_DRAW), prevRead = eglGetCurrentSurface(EGL_READ)
        let s = surface ?? glfun_egl_no_surface()
        guard eglMakeCurrent(display, s, s, context) == EGL_TRUE else { return }
        body()
        if let prevDisplay, prevDisplay != glfun_egl_no_display() {
            eglMakeCurrent(prevDisplay, prevDraw, prevRead, prevContext)
        } else {
            eglMakeCurrent(display, glfun_egl_no_surface(), glfun_egl_no_surface(), glfun_egl_no_context())
        }
    }

    /// Presents the window surface (eglSwapBuffers). Headless contexts have nothing to present.
    public func swapBuffers() throws(GLESError) {
        guard let surface else { return }
        guard eglSwapBuffers(display, surface) == EGL_TRUE else {
            throw .egl(step: "eglSwapBuffers", code: eglErrorName(eglGetError()))
        }
    }

    /// Sets how many vertical blanks a swap waits for (eglSwapInterval): 1 is vsync, 0 is none.
    public func setSwapInterval(_ interval: Int) {
        eglSwapInterval(display, EGLint(interval))
    }

    /// The window surface's size in pixels (eglQuerySurface), or nil when headless.
    public var surfaceSize: (width: Int, height: Int)? {
        guard let surface else { return nil }
        var w: EGLint = 0, h: EGLint = 0
        eglQuerySurface(display, surface, EGL_WIDTH, &w)
        eglQuerySurface(display, surface, EGL_HEIGHT, &h)
        return (Int(w), Int(h))
    }

    /// A precondition for GL calls: this context must be current.
    public func requireCurrent(_ what: @autoclosure () -> String) {
        precondition(isCurrent, "\(what()) needs its GLES Context to be current on this thread; call makeCurrent() first.")
    }

    /// Facts about the implementation, for `glfun info`.
    public var info: [(key: String, value: String)] {
        requireCurrent("Context.info")
        func gl(_ e: Int32) -> String {
            guard let p = glGetString(GLenum(e)) else { return "?" }
            return String(cString: p)
        }
        func egl(_ e: Int32) -> String {
            guard let p = eglQueryString(display, e) else { return "?" }
            return String(cString: p)
        }
        return [
            ("platform", platform.rawValue),
            ("EGL_VENDOR", egl(EGL_VENDOR)),
            ("EGL_VERSION", egl(EGL_VERSION)),
            ("GL_VENDOR", gl(GL_VENDOR)),
            ("GL_RENDERER", gl(GL_RENDERER)),
            ("GL_VERSION", gl(GL_VERSION)),
            ("GL_SHADING_LANGUAGE_VERSION", gl(GL_SHADING_LANGUAGE_VERSION)),
            ("GL_MAX_TEXTURE_SIZE", String(Context.maxTextureSize)),
        ]
    }

    /// The GL extensions string, split.
    public var extensions: Set<String> {
        requireCurrent("Context.extensions")
        guard let p = glGetString(GLenum(GL_EXTENSIONS)) else { return [] }
        return Set(String(cString: p).split(separator: " ").map(String.init))
    }

    /// GL_MAX_VERTEX_ATTRIBS of the current context: attribute locations are 0 up to it.
    public static var maxVertexAttributes: Int {
        var v: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_VERTEX_ATTRIBS), &v)
        return Int(v)
    }

    /// GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS of the current context: texture units are 0 up to it.
    public static var maxTextureUnits: Int {
        var v: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS), &v)
        return Int(v)
    }

    /// GL_MAX_TEXTURE_SIZE of the current context.
    public static var maxTextureSize: Int {
        var v: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &v)
        return Int(v)
    }
}
