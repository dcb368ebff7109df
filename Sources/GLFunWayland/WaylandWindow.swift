internal import CWayland
internal import CWaylandProtocols
import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
@_exported import GLFunWindow

/// A native Wayland window: an xdg-shell toplevel (title, app id, configure-driven size, full
/// screen, maximize, minimum size, server-side decorations where the compositor offers
/// xdg-decoration, else a title bar and resize border of its own)
/// with an EGL surface on a `wl_egl_window`. It turns wl_pointer, wl_keyboard (xkbcommon),
/// wl_touch and pointer-gesture events into the same `InputEvent`s as GLFunX11's `X11Window`
/// (points, top-left origin), draws only when the compositor's frame callback asks (nothing
/// while hidden), passes damage on, and follows the output's scale: integer
/// (wl_output.scale, `wl_surface.set_buffer_scale`) or fractional (wp_fractional_scale_v1 with
/// wp_viewporter). `WindowHost` runs an app in it (`WindowSystemWindow`). It knows nothing of
/// what is drawn.
public final class WaylandWindow: WindowSystemWindow {
    let display: OpaquePointer
    let globals: WaylandGlobals
    let surface: OpaquePointer
    let xdgSurface: OpaquePointer
    let toplevel: OpaquePointer
    /// The EGL window, made at the first configure's size (its first buffer has that size).
    var eglWindow: OpaquePointer?
    var decoration: OpaquePointer?
    /// The idle inhibitor while an app keeps the screen awake (`keepAwake`).
    var idleInhibitor: OpaquePointer?
    /// Our own title bar, where the compositor draws no decorations.
    var titleBar: WaylandTitleBar?
    /// The invisible frame the pointer resizes the window by, with our own title bar.
    var resizeBorder: WaylandResizeBorder?
    var viewport: OpaquePointer?
    var fractionalScale: OpaquePointer?
    private var eglContext: Context?
    /// The EGL context of the window's surface (made once the compositor configured the window).
    public var context: Context { eglContext! }
    /// The window's size in points (surface-local coordinates: what input positions are in).
    public internal(set) var pointWidth: Float
    /// The window's height in points.
    public internal(set) var pointHeight: Float
    /// Pixels per point: the scale given, or the output's (integer, or fractional where offered).
    public internal(set) var scale: Float
    /// `--scale`: a fixed scale that the outputs' do not change.
    let fixedScale: Float?
    /// The fractional scale the compositor prefers (wp_fractional_scale_v1), once it says.
    var preferredFractionalScale: Float?
    /// The outputs the surface is on (wl_surface.enter / leave).
    var enteredOutputs = Set<OpaquePointer>()
    /// What the listeners made of the events read so far, for `nextEvent`.
    var queue: [WindowEvent] = []
    /// The app's clock, the left button's drag as touches, real fingers' ids.
    public let translation = InputTranslation()
    /// The frame callback of the last frame presented, until the compositor asks for the next.
    var frameCallback: OpaquePointer?
    /// Whether the first configure came (nothing may be drawn before it).
    var configured = false
    /// The toplevel's latest configure: size (0: ours to choose) and states.
    var pendingSize: (width: Int32, height: Int32) = (0, 0)
    var pendingFullScreen = false
    var pendingMaximized = false
    /// The size (points) the window had before it went full screen or maximized.
    var windowedSize: (width: Float, height: Float)?
    /// Whether the window covers the screen (the compositor's configure says).
    public internal(set) var isFullScreen = false
    /// Whether the compositor has maximized the window (its configure says).
    public internal(set) var isMaximized = false
    /// The seat's devices and their state (pointer, keyboard, touch, gestures).
    var input: WaylandInput!
    /// epoll over the connection and the key-repeat timer: the descriptor the host waits on.
    let waitFD: Int32

    /// The app id of a window whose program names none.
    public static let defaultAppID = "glfun"

    /// Opens the window: `width` x `height` points at `scale` (nil: the outputs' scale), its
    /// xdg app id `appID` (`glfun-draw` matches the desktop entry), and waits for the
    /// compositor's first configure.
    public init(width: Float, height: Float, scale requested: Float?, title: String = "GLFun",
                appID: String = WaylandWindow.defaultAppID, fullScreen: Bool = false) throws(WindowError) {
        let name = try WindowError.display("WAYLAND_DISPLAY", of: "Wayland")
        let (connection, said) = WaylandLog.capturing { () -> (OpaquePointer?, Int32) in (wl_display_connect(nil), errno) }
        guard let d = connection.0 else {
            // libwayland's own words when it has any (a bad XDG_RUNTIME_DIR), else the system's.
            let why = said.isEmpty ? String(cString: strerror(connection.1)) : said.joined(separator: "; ")
            throw .noDisplay("cannot connect to the Wayland display \"\(name)\" (\(why))")
        }
        display = d
        globals = WaylandGlobals(display: d)
        guard let compositor = globals.compositor, let wmBase = globals.wmBase else {
            wl_display_disconnect(d)
            throw .noDisplay("the Wayland compositor at \"\(name)\" offers no \(globals.compositor == nil ? "wl_compositor" : "xdg_wm_base")")
        }
        fixedScale = requested
        scale = requested ?? 1
        pointWidth = width
        pointHeight = height
        surface = wl_compositor_create_surface(compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        waitFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        let me = Unmanaged.passUnretained(self).toOpaque()
        wl_surface_add_listener(surface, &WaylandWindow.surfaceListener, me)
        xdg_surface_add_listener(xdgSurface, &WaylandWindow.xdgSurfaceListener, me)
        xdg_toplevel_add_listener(toplevel, &WaylandWindow.toplevelListener, me)
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, appID)
        if let manager = globals.decorationManager {
            decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)
            zxdg_toplevel_decoration_v1_set_mode(decoration, UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue))
        } else {
            titleBar = WaylandTitleBar(window: self, title: title)
            resizeBorder = titleBar != nil ? WaylandResizeBorder(window: self) : nil
        }
        xdg_toplevel_set_min_size(toplevel, 64, 64 + (titleBar != nil ? WaylandTitleBar.height : 0))
        setUpScaling(me)
        if fullScreen {
            xdg_toplevel_set_fullscreen(toplevel, nil)
            isFullScreen = true
        }
        input = WaylandInput(window: self)
        input.start()
        globals.onOutputChange = { [unowned self] in self.updateScale() }
        wl_surface_commit(surface)
        // The first configure says the size (or leaves it to us) before anything is drawn.
        while !configured {
            if wl_display_dispatch(d) < 0 {
                throw .noDisplay("the Wayland compositor at \"\(name)\" closed the connection before showing the window")
            }
        }
        let egl = wl_egl_window_create(surface, Int32(pixelWidth), Int32(pixelHeight))!
        eglWindow = egl
        resizeEGLWindow()
        do {
            eglContext = try Context(waylandDisplay: UnsafeMutableRawPointer(d), eglWindow: UnsafeMutableRawPointer(egl))
        } catch { throw .context(error) }
        // Frame callbacks pace the frames: a swap must never wait for one of its own.
        context.setSwapInterval(0)
        var ev = epoll_event()
        ev.events = EPOLLIN.rawValue
        ev.data.fd = wl_display_get_fd(d)
        epoll_ctl(waitFD, EPOLL_CTL_ADD, wl_display_get_fd(d), &ev)
        ev.data.fd = input.repeatTimer
        epoll_ctl(waitFD, EPOLL_CTL_ADD, input.repeatTimer, &ev)
    }

    deinit {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        globals.onSeatChange = nil
        globals.onOutputChange = nil
        if let idleInhibitor { zwp_idle_inhibitor_v1_destroy(idleInhibitor) }
        input = nil
        titleBar = nil
        resizeBorder = nil
        if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
        if let viewport { wp_viewport_destroy(viewport) }
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        eglContext = nil
        if let eglWindow { wl_egl_window_destroy(eglWindow) }
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
        wl_display_flush(display)
        close(waitFD)
        wl_display_disconnect(display)
    }

    /// "Wayland": the window system's name in the host's notices.
    public var systemName: String { "Wayland" }

    /// The window's width in pixels: its points times the scale, a part pixel counted whole
    /// (at a fractional scale the viewport's source leaves that part out; `resizeEGLWindow`).
    public var pixelWidth: Int { WaylandWindow.pixels(pointWidth, scale) }
    /// The window's height in pixels, as `pixelWidth`.
    public var pixelHeight: Int { WaylandWindow.pixels(pointHeight, scale) }

    /// `points` × `scale` pixels, rounded up: never fewer than the output shows (nothing
    /// stretched up). Within float noise of a whole number it is that number (200 × 1.1).
    static func pixels(_ points: Float, _ scale: Float) -> Int {
        let exact = points * scale, whole = exact.rounded()
        return max(1, Int(abs(exact - whole) < 1e-3 ? whole : exact.rounded(.up)))
    }

    /// The descriptor the host waits on: the connection and the key-repeat timer (epoll).
    public var connectionFD: Int32 { waitFD }

    /// Whether a frame drawn now would be shown: configured, and the last frame's callback came.
    public var readyToDraw: Bool { configured && frameCallback == nil }

    /// Whether events are waiting: sends what is buffered, reads what the connection has
    /// without blocking, and runs the listeners.
    public var hasPendingEvents: Bool {
        if !queue.isEmpty { return true }
        pump(timeout: 0)
        return !queue.isEmpty
    }

    /// The events read so far (blocks until there is one).
    public func nextEvent() -> [WindowEvent] {
        while queue.isEmpty { pump(timeout: -1) }
        defer { queue.removeAll(keepingCapacity: true) }
        return queue
    }

    /// The connection failed (the compositor died or closed us): the host saves, then exit 1.
    func connectionLost() -> Never { ConnectionLoss.report() }

    /// Reads and dispatches what the connection has, waiting up to `timeout` ms (-1: forever)
    /// for something; fires key repeats that are due.
    func pump(timeout: Int32) {
        input.fireRepeats()
        guard wl_display_dispatch_pending(display) >= 0 else { connectionLost() }
        if !queue.isEmpty { return }
        while wl_display_prepare_read(display) != 0 {
            guard wl_display_dispatch_pending(display) >= 0 else { connectionLost() }
        }
        if wl_display_flush(display) < 0 && errno != EAGAIN {
            wl_display_cancel_read(display)
            connectionLost()
        }
        var p = [pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0),
                 pollfd(fd: input.repeatTimer, events: Int16(POLLIN), revents: 0)]
        if poll(&p, 2, timeout) > 0, p[0].revents != 0 {
            guard wl_display_read_events(display) >= 0 else { connectionLost() }
        } else {
            wl_display_cancel_read(display)
        }
        input.fireRepeats()
        guard wl_display_dispatch_pending(display) >= 0 else { connectionLost() }
    }

    /// Presents the frame drawn into the window's surface, asking for a frame callback first
    /// (the next frame waits for it); `damage` in pixels, nil for all of it.
    public func present(damage: [PixelRect]?) throws(GLESError) {
        frameCallback = wl_surface_frame(surface)
        wl_callback_add_listener(frameCallback, &WaylandWindow.frameListener, Unmanaged.passUnretained(self).toOpaque())
        try context.swapBuffers(damage: damage ?? [PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)])
        wl_display_flush(display)
    }

    nonisolated(unsafe) static var frameListener = wl_callback_listener(
        done: { data, callback, _ in
            wl_callback_destroy(callback)
            guard let data else { return }
            Unmanaged<WaylandWindow>.fromOpaque(data).takeUnretainedValue().frameCallback = nil
        })

    /// The window reached from a listener's data pointer.
    static func from(_ data: UnsafeMutableRawPointer?) -> WaylandWindow? {
        data.map { Unmanaged<WaylandWindow>.fromOpaque($0).takeUnretainedValue() }
    }
}
