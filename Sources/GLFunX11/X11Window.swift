internal import CX11
import Foundation
import GLES
import GLFunApp

/// Why the window could not be opened or kept.
public enum WindowError: Error, CustomStringConvertible, Sendable {
    case noDisplay(String)
    case gl(String)
    public var description: String {
        switch self {
        case let .noDisplay(why):
            return "\(why); for headless use, run `glfun render SCENE.json --output OUT.png`"
        case let .gl(why): return "cannot draw in the window: \(why)"
        }
    }
}

/// An Xlib window titled "GLFun" with an EGL window surface: it opens the
/// window, turns X events into `InputEvent`s (points, top-left origin) and
/// presents frames. It knows nothing of what is drawn (GLFunApp does).
public final class X11Window {
    let display: OpaquePointer
    let window: UInt
    let wmDelete: Atom
    public let context: Context
    /// Pixels per point.
    public private(set) var scale: Float
    /// The window's size in pixels.
    public private(set) var pixelWidth: Int
    public private(set) var pixelHeight: Int
    /// X server time (ms) of the latest event seen.
    private var timeOrigin: UInt?
    private var lastTime: Double = 0
    private var dragging = false

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
    public init(width: Float, height: Float, scale requested: Float?, title: String = "GLFun") throws(WindowError) {
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
        XMapWindow(d, window)
        XSync(d, 0)
        do {
            context = try Context(x11Display: UnsafeMutableRawPointer(d), window: window,
                                  visualID: UInt(XVisualIDFromVisual(visual)))
        } catch {
            XDestroyWindow(d, window)
            XCloseDisplay(d)
            throw .gl("\(error)")
        }
        context.setSwapInterval(1)
    }

    deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// The canvas the window shows, in points.
    public var canvas: (width: Float, height: Float, scale: Float) {
        (Float(pixelWidth) / scale, Float(pixelHeight) / scale, scale)
    }

    /// Whether events are waiting (without blocking).
    public var hasPendingEvents: Bool { XPending(display) > 0 }

    /// Sends buffered requests to the server.
    public func flush() { XFlush(display) }

    /// What one X event means to the app.
    public enum Translated {
        case input(TimedEvent)
        case close
        case expose
        /// The X server time (ms) at which this input happened, for latency figures.
        case none
    }

    /// Seconds since the first event, from an event's X server time (ms,
    /// wrapping at 2^32). Synthetic events (time 0) and times that go back
    /// keep the last time, so the log's times never decrease.
    private func time(_ serverMs: UInt) -> Double {
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
            guard b.button == 1 else { return [] }
            lastServerTime = b.time
            let t = time(b.time)
            let x = Float(b.x) / scale, y = Float(b.y) / scale
            if ev.type == ButtonPress {
                dragging = true
                return [.input(TimedEvent(t: t, .touch(phase: .began, id: 0, x: x, y: y)))]
            }
            guard dragging else { return [] }
            dragging = false
            return [.input(TimedEvent(t: t, .touch(phase: .ended, id: 0, x: x, y: y)))]
        case MotionNotify:
            let m = ev.xmotion
            guard dragging, m.state & UInt32(Button1Mask) != 0 else { return [] }
            lastServerTime = m.time
            return [.input(TimedEvent(t: time(m.time), .touch(phase: .moved, id: 0, x: Float(m.x) / scale,
                                                                 y: Float(m.y) / scale)))]
        case FocusOut:
            // A lost grab or focus ends a drag without drawing it.
            guard dragging else { return [] }
            dragging = false
            return [.input(TimedEvent(t: lastTime, .touch(phase: .cancelled, id: 0, x: 0, y: 0)))]
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
            return [.input(TimedEvent(t: time(k.time), .key(name, mods)))]
        default:
            return []
        }
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
    }
}
