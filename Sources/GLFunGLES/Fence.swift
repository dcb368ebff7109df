internal import CEGL

/// A point in the current context's command stream that the CPU can wait for: an EGL fence
/// sync (EGL_KHR_fence_sync). Made, it flushes the commands before it to the driver, which
/// starts on them; `wait()` returns once they have completed. What it is for: drawing a big
/// frame in chunks with one chunk drawn while the next is issued, instead of `GL.finish()`
/// after each (the CPU idle while the driver draws, and the driver's threads idle while the
/// CPU issues). Not a GL object of GLFun's counts: it belongs to the display, and is destroyed
/// when the value goes away (an unsignalled fence is deleted by EGL once it signals).
public final class Fence {
    private let display: EGLDisplay
    private let sync: EGLSyncKHR

    /// A fence after the commands issued so far in the current context; nil where there is no
    /// current display or it offers no fences (the caller finishes instead).
    public static func insert() -> Fence? {
        guard let display = eglGetCurrentDisplay(), let sync = glfun_egl_fence_create(display) else { return nil }
        return Fence(display: display, sync: sync)
    }

    private init(display: EGLDisplay, sync: EGLSyncKHR) {
        self.display = display
        self.sync = sync
    }

    /// Waits until every command before the fence has completed; if the wait fails, finishes.
    public func wait() {
        if glfun_egl_fence_wait(display, sync) == 0 { GL.finish() }
    }

    deinit { glfun_egl_fence_destroy(display, sync) }
}
