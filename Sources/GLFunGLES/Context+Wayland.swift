internal import CEGL

/// A context on a Wayland window, and presenting with damage. GLES imports no Wayland header:
/// the window module passes its `wl_display *` and `wl_egl_window *` as opaque pointers.
extension Context {
    /// A context drawing into a Wayland surface through EGL_KHR_platform_wayland.
    /// - Parameters:
    ///   - waylandDisplay: the `struct wl_display *` of the connection.
    ///   - eglWindow: the `struct wl_egl_window *` made for the window's `wl_surface`.
    public convenience init(waylandDisplay: UnsafeMutableRawPointer, eglWindow: UnsafeMutableRawPointer) throws(GLESError) {
        let display = glfun_egl_get_platform_display(EGLenum(EGL_PLATFORM_WAYLAND_KHR), waylandDisplay, nil)
        guard let display, display != glfun_egl_no_display() else {
            throw .egl(step: "eglGetPlatformDisplay(Wayland)", code: eglErrorName(eglGetError()))
        }
        // Mesa takes the native window as a pointer passed in EGLNativeWindowType's bits.
        let parts = try Context.create(display: display, platform: .wayland, window: UInt(bitPattern: eglWindow))
        self.init(display: display, config: parts.config, context: parts.context, surface: parts.surface,
                  platform: .wayland, failedAttempts: [])
    }

    /// Whether presenting can say which pixels changed (EGL_KHR_swap_buffers_with_damage or
    /// its EXT twin): the compositor then copies only those.
    public var canSwapWithDamage: Bool { glfun_egl_swap_with_damage_available(display) != 0 }

    /// Presents the window surface, telling the compositor that only `damage` changed (pixels,
    /// top-left origin); a plain eglSwapBuffers where the driver cannot pass damage on.
    public func swapBuffers(damage: [PixelRect]) throws(GLESError) {
        guard let surface else { return }
        guard canSwapWithDamage, let size = surfaceSize else { return try swapBuffers() }
        // EGL's rectangles have their origin at the bottom left.
        var rects: [EGLint] = []
        for r in damage {
            rects += [EGLint(r.x), EGLint(size.height - r.y - r.height), EGLint(r.width), EGLint(r.height)]
        }
        guard glfun_egl_swap_buffers_with_damage(display, surface, rects, EGLint(damage.count)) == EGL_TRUE else {
            throw .egl(step: "eglSwapBuffersWithDamageKHR", code: eglErrorName(eglGetError()))
        }
    }
}
