internal import CX11
import Foundation
import GLES
import GLFunHost
import GLFunKit

// The X I/O error handler is a C callback: it reaches the window's handler through this.
nonisolated(unsafe) private var connectionLostHandler: (() -> Void)?

/// An Xlib window with an EGL window surface: it opens the window, turns X events into
/// `InputEvent`s (points, top-left origin), presents frames, and carries out the window's
/// side of `HostEffect`s (title, EWMH full screen, cursor). It knows nothing of what is drawn.
public final class X11Window {
    let display: OpaquePointer
    let window: UInt
    let wmDelete: Atom
    /// The EGL context of the window's surface.
    public let context: Context
    /// Pixels per point.
    public private(set) var scale: Float
    /// The window's size in pixels.
    public private(set) var pixelWidth: Int
    /// The window's height in pixels.
    public private(set) var pixelHeight: Int
    /// X server time (ms) of the latest event seen.
    private var timeOrigin: UInt?
    private var lastTime: Double = 0
    private var dragging = false
    /// The XInput extension's opcode, when the server has XI 2.2 (touch events).
    public private(set) var xiOpcode: Int32?
    /// Real touches down (XI 2.2): while any is, core pointer events are the
    /// server's emulation of one of them and are ignored (never counted twice).
    private var realTouches = Set<UInt32>()
    /// Mouse-driven multitouch (the iOS Simulator's way): set at button press by the modifiers.
    private var emulation: Emulation?
    private var monotonicAtLastEvent = X11Window.monotonic()
    /// Whether the window covers the screen (`setFullScreen`).
    public internal(set) var isFullScreen = false
    /// The geometry to go back to when full screen ends without a window manager.
    var windowedGeometry: (x: Int32, y: Int32, width: UInt32, height: UInt32)?
    var cursors: [PointerShape: UInt] = [:]
    /// The hold on the screen saver while an app keeps the screen awake (`keepAwake`), or nil.
    var screenSaverHold: ScreenSaverHold?

    /// How an Alt-drag turns the pointer into several touches.
    enum Emulation {
        /// Alt: two touches mirrored about the window's center (pinch, rotate).
        case mirror
        /// Alt+Shift: two touches a fixed offset apart, moving together (two-finger pan).
        case pan(dx: Float, dy: Float)
        /// Ctrl+Alt: three touches 120° apart about the center (three-finger pinch).
        case three
    }

    /// The X server's file descriptor, to wait on with poll.
    public var connectionFD: Int32 { glfun_x_connection_number(display) }

    /// The scale the X resource Xft.dpi asks for (96 dpi = 1), or nil.
    static func resourceScale(_ display: OpaquePointer) -> Float? {
        guard let rms = XResourceManagerString(display) else { return nil }
        for line in String(cString: rms).split(separator: "\n") where line.hasPrefix("Xft.dpi:") {
            let v = line.dropFirst(8).trimmingCharacters(in: .whitespaces)
            if let dpi = Float(v), dpi > 0 { return max(0.25, min(8, dpi / 96)) }
        }
        return nil
    }

    /// Opens the window: `width` x `height` points at `scale` (nil: from Xft.dpi).
    public init(width: Float, height: Float, scale requested: Float?, title: String = "GLFun",
                fullScreen: Bool = false) throws(WindowError) {
        guard let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty else {
            throw .noDisplay("no X display (DISPLAY is not set)")
        }
        guard let d = XOpenDisplay(nil) else {
            throw .noDisplay("cannot open X display \"\(name)\" (no server there, or it refused us)")
        }
        display = d
        let s = requested ?? X11Window.resourceScale(d) ?? 1
        scale = s
        pixelWidth = max(1, Int((width * s).rounded()))
        pixelHeight = max(1, Int((height * s).rounded()))
        let screen = glfun_x_default_screen(d)
        let root = glfun_x_root_window(d, screen)
        let visual = XDefaultVisual(d, screen)
        var attrs = XSetWindowAttributes()
        attrs.event_mask = ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask | ButtonPressMask
            | ButtonReleaseMask | PointerMotionMask | FocusChangeMask
        attrs.background_pixmap = 0  // None: no flash of background on resize
        let win = XCreateWindow(d, root, 0, 0, UInt32(pixelWidth), UInt32(pixelHeight), 0,
                                XDefaultDepth(d, screen), UInt32(InputOutput), visual,
                                UInt(CWEventMask | CWBackPixmap), &attrs)
        window = win
        XStoreName(d, win, title)
        var hint = XClassHint()
        "glfun".withCString { n in
            "GLFun".withCString { c in
                hint.res_name = UnsafeMutablePointer(mutating: n)
                hint.res_class = UnsafeMutablePointer(mutating: c)
                XSetClassHint(d, win, &hint)
            }
        }
        var del = XInternAtom(d, "WM_DELETE_WINDOW", 0)
        wmDelete = del
        XSetWMProtocols(d, window, &del, 1)
        if fullScreen { X11Window.requestFullScreenBeforeMapping(d, win) }
        XMapWindow(d, win)
        XSync(d, 0)
        xiOpcode = X11Window.selectTouchEvents(d, win)
        do {
            context = try Context(x11Display: UnsafeMutableRawPointer(d), window: window,
                                  visualID: UInt(XVisualIDFromVisual(visual)))
        } catch {
            XDestroyWindow(d, window)
            XCloseDisplay(d)
            throw .context(error)
        }
        context.setSwapInterval(1)
        if fullScreen {
            // A window manager took the _NET_WM_STATE property at mapping; without one, cover the screen.
            if hasWindowManager { isFullScreen = true } else { setFullScreen(true) }
        }
    }

    deinit {
        for c in cursors.values where c != 0 { XFreeCursor(display, c) }
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// Called when the X connection is lost (the server died or closed us), just before the
    /// process exits with status 1: the last chance to save.
    public var onConnectionLost: (() -> Void)? {
        get { connectionLostHandler }
        set {
            connectionLostHandler = newValue
            XSetIOErrorHandler { _ in
                connectionLostHandler?()
                _exit(1)
            }
        }
    }

    /// Asks for XI 2.2 touch events on the window; nil where the server lacks XI 2.2
    /// (the mouse still works through core events).
    static func selectTouchEvents(_ d: OpaquePointer, _ w: UInt) -> Int32? {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(d, "XInputExtension", &opcode, &event, &error) != 0 else { return nil }
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(d, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2) else { return nil }
        var mask = [UInt8](repeating: 0, count: Int(glfun_xi_mask_len(XI_LASTEVENT)))
        glfun_xi_set_mask(&mask, XI_TouchBegin)
        glfun_xi_set_mask(&mask, XI_TouchUpdate)
        glfun_xi_set_mask(&mask, XI_TouchEnd)
        let ok = mask.withUnsafeMutableBufferPointer { buf -> Bool in
            var em = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buf.count), mask: buf.baseAddress)
            return XISelectEvents(d, w, &em, 1) == Success
        }
        return ok ? opcode : nil
    }

    /// CLOCK_MONOTONIC in seconds: the host's one clock (frame times, and the time between
    /// events that ticks are measured by).
    static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The app's time now: the last event's time plus the wall time since it.
    public var now: Double { lastTime + max(0, X11Window.monotonic() - monotonicAtLastEvent) }

    /// Records that the app was sent a tick at `t`, so later events never go back before it.
    public func noteTick(_ t: Double) {
        lastTime = max(lastTime, t)
        monotonicAtLastEvent = X11Window.monotonic()
    }

    /// The canvas the window shows, in points.
    public var canvas: Canvas {
        Canvas(width: Float(pixelWidth) / scale, height: Float(pixelHeight) / scale, scale: scale)
    }

    /// Whether events are waiting (without blocking).
    public var hasPendingEvents: Bool { XPending(display) > 0 }

    /// Sends buffered requests to the server.
    public func flush() { XFlush(display) }

    /// What one X event means to the app.
    public enum Translated {
        /// An input event for the app (its time from the X server's, `currentTime`).
        case input(TimedEvent)
        /// The window manager's close button.
        case close
        /// Part of the window must be drawn again.
        case expose
        /// An event that means nothing to the app (the host only notes that one came).
        case none
    }

    /// Seconds since the first event, from an event's X server time (ms,
    /// wrapping at 2^32). Synthetic events (time 0) and times that go back
    /// keep the last time, so the log's times never decrease.
    private func time(_ serverMs: UInt) -> Double {
        monotonicAtLastEvent = X11Window.monotonic()
        guard serverMs != 0 else { return lastTime }
        guard let last = timeOrigin else {
            timeOrigin = serverMs
            return lastTime
        }
        let delta = Int32(bitPattern: UInt32(truncatingIfNeeded: serverMs &- last))
        if delta > 0 {
            lastTime += Double(delta) / 1000
            timeOrigin = serverMs
        }
        return lastTime
    }

    /// The seconds since the first event that the last translated event carried.
    public var currentTime: Double { lastTime }

    /// The X server time (ms) of the last input event, for latency measurements.
    public private(set) var lastServerTime: UInt = 0

    /// Reads and translates the next event (blocks if none is pending).
    public func nextEvent() -> [Translated] {
        var ev = XEvent()
        XNextEvent(display, &ev)
        switch ev.type {
        case Expose:
            return [.expose]
        case ConfigureNotify:
            let c = ev.xconfigure
            guard Int(c.width) != pixelWidth || Int(c.height) != pixelHeight else { return [] }
            pixelWidth = Int(c.width)
            pixelHeight = Int(c.height)
            let cv = canvas
            return [.input(TimedEvent(t: lastTime, .resize(width: cv.width, height: cv.height, scale: cv.scale)))]
        case ClientMessage:
            if UInt(ev.xclient.data.l.0) == wmDelete { return [.close] }
            return []
        case ButtonPress, ButtonRelease:
            let b = ev.xbutton
            guard b.button == 1, realTouches.isEmpty else { return [] }
            lastServerTime = b.time
            let t = time(b.time)
            let p = Point(Float(b.x) / scale, Float(b.y) / scale)
            if ev.type == ButtonPress {
                dragging = true
                let alt = b.state & UInt32(Mod1Mask) != 0
                let shift = b.state & UInt32(ShiftMask) != 0, ctrl = b.state & UInt32(ControlMask) != 0
                if alt {
                    let c = center
                    emulation = ctrl ? .three : shift ? .pan(dx: 2 * (c.x - p.x), dy: 2 * (c.y - p.y)) : .mirror
                } else {
                    emulation = nil
                }
                return touches(.began, at: p, t: t)
            }
            guard dragging else { return [] }
            dragging = false
            defer { emulation = nil }
            return touches(.ended, at: p, t: t)
        case MotionNotify:
            let m = ev.xmotion
            guard dragging, realTouches.isEmpty, m.state & UInt32(Button1Mask) != 0 else { return [] }
            lastServerTime = m.time
            return touches(.moved, at: Point(Float(m.x) / scale, Float(m.y) / scale), t: time(m.time))
        case GenericEvent:
            return xiEvent(&ev)
        case FocusOut:
            // A lost grab or focus ends a drag without drawing it.
            guard dragging else { return [] }
            dragging = false
            defer { emulation = nil }
            return touches(.cancelled, at: Point(0, 0), t: lastTime)
        case KeyPress:
            var k = ev.xkey
            lastServerTime = k.time
            guard let name = X11Window.keyName(&k) else { return [] }
            var mods: Modifiers = []
            if k.state & UInt32(ShiftMask) != 0 { mods.insert(.shift) }
            if k.state & UInt32(ControlMask) != 0 { mods.insert(.ctrl) }
            if k.state & UInt32(Mod1Mask) != 0 { mods.insert(.alt) }
            // "?" already says shift; keep shift for letters and named keys only.
            if name.count == 1, !(name.first!.isLetter), mods.contains(.shift) { mods.remove(.shift) }
            return [.input(TimedEvent(t: time(k.time), .key(Key(name), mods)))]
        default:
            return []
        }
    }

    private var center: Point { Point(Float(pixelWidth) / scale / 2, Float(pixelHeight) / scale / 2) }

    /// The touches the pointer stands for: the mouse (id 0), or the emulated ones.
    private func touches(_ phase: TouchPhase, at p: Point, t: Double) -> [Translated] {
        let points: [(Int, Point)]
        let c = center
        switch emulation {
        case nil:
            points = [(0, p)]
        case .mirror?:
            points = [(TouchIDs.emulated.lowerBound, p), (TouchIDs.emulated.lowerBound + 1, Point(2 * c.x - p.x, 2 * c.y - p.y))]
        case let .pan(dx, dy)?:
            points = [(TouchIDs.emulated.lowerBound, p), (TouchIDs.emulated.lowerBound + 1, Point(p.x + dx, p.y + dy))]
        case .three?:
            let vx = p.x - c.x, vy = p.y - c.y
            let cs: Float = -0.5, sn: Float = 0.8660254
            points = [(TouchIDs.emulated.lowerBound, p),
                      (TouchIDs.emulated.lowerBound + 1, Point(c.x + cs * vx - sn * vy, c.y + sn * vx + cs * vy)),
                      (TouchIDs.emulated.lowerBound + 2, Point(c.x + cs * vx + sn * vy, c.y - sn * vx + cs * vy))]
        }
        return points.map { .input(TimedEvent(t: t, .touch(phase: phase, id: $0.0, x: $0.1.x, y: $0.1.y))) }
    }

    /// XI 2.2 touch events: stable ids from the touch's detail, window points.
    private func xiEvent(_ ev: inout XEvent) -> [Translated] {
        guard let op = xiOpcode, ev.xcookie.extension == op, XGetEventData(display, &ev.xcookie) != 0 else { return [] }
        defer { XFreeEventData(display, &ev.xcookie) }
        guard let data = ev.xcookie.data else { return [] }
        let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        let phase: TouchPhase
        switch e.evtype {
        case XI_TouchBegin:
            phase = .began
            realTouches.insert(UInt32(e.detail))
        case XI_TouchUpdate:
            phase = .moved
        case XI_TouchEnd:
            phase = .ended
            realTouches.remove(UInt32(e.detail))
        default:
            return []
        }
        lastServerTime = e.time
        let id = TouchIDs.real.lowerBound + Int(UInt32(e.detail) % UInt32(TouchIDs.real.count))
        return [.input(TimedEvent(t: time(e.time), .touch(phase: phase, id: id, x: Float(e.event_x) / scale,
                                                           y: Float(e.event_y) / scale)))]
    }

    /// A key's name as the app knows it: a letter ("z", whatever shift or
    /// ctrl say), a printable character ("?"), or a named key ("escape").
    static func keyName(_ k: inout XKeyEvent) -> String? {
        let base = XLookupKeysym(&k, 0)
        switch Int32(base) {
        case XK_Escape: return "escape"
        case XK_BackSpace: return "backspace"
        case XK_Delete: return "delete"
        case XK_Return, XK_KP_Enter: return "return"
        case XK_Tab: return "tab"
        case XK_F1: return "f1"
        case XK_F11: return "f11"
        case XK_Left: return "left"
        case XK_Right: return "right"
        case XK_Up: return "up"
        case XK_Down: return "down"
        case XK_Home: return "home"
        default: break
        }
        if base >= UInt(XK_a) && base <= UInt(XK_z) { return String(UnicodeScalar(UInt8(base))) }
        var buf = [CChar](repeating: 0, count: 8)
        var sym: KeySym = 0
        // Without Control, so that Ctrl+? still reads "?".
        var plain = k
        plain.state &= ~UInt32(ControlMask)
        let n = XLookupString(&plain, &buf, 7, &sym, nil)
        guard n > 0 else { return nil }
        let s = String(decoding: buf.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let c = s.unicodeScalars.first, c.value >= 0x20, c.value != 0x7f else { return nil }
        return s
    }

    /// Presents the frame drawn into the window's surface.
    public func present() throws(GLESError) {
        try context.swapBuffers()
        resetScreenSaverIfDue()
    }
}
