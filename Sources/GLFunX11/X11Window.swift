internal import CX11
import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
@_exported import GLFunWindow

/// An Xlib window with an EGL window surface: it opens the window, turns X events into
/// `InputEvent`s (points, top-left origin), presents frames, and carries out the window's
/// side of `HostEffect`s (title, EWMH full screen, cursor). It knows nothing of what is drawn.
/// `WindowHost` runs an app in it (`WindowSystemWindow`).
public final class X11Window: WindowSystemWindow {
    let display: OpaquePointer
    let window: UInt
    let wmDelete: Atom
    /// The EGL context of the window's surface.
    public var context: Context { eglContext! }
    /// Let go in `deinit` before the display closes: EGL frees its X resources (a GC) through
    /// the display when the surface goes, so after XCloseDisplay that is a use after close.
    private var eglContext: Context?
    /// Pixels per point.
    public private(set) var scale: Float
    /// The window's size in pixels.
    public private(set) var pixelWidth: Int
    /// The window's height in pixels.
    public private(set) var pixelHeight: Int
    /// The app's clock, the left button's drag as touches and the real touches (XI 2.2): while
    /// any is down, core pointer events are the server's emulation of one and are ignored.
    public let translation = InputTranslation()
    /// The XInput extension's opcode, when the server has XI 2.2 (touch events).
    public private(set) var xiOpcode: Int32?
    /// Whether the window covers the screen (`setFullScreen`).
    public internal(set) var isFullScreen = false
    /// The geometry to go back to when full screen ends without a window manager.
    var windowedGeometry: (x: Int32, y: Int32, width: UInt32, height: UInt32)?
    var cursors: [PointerShape: UInt] = [:]
    /// The hold on the screen saver while an app keeps the screen awake (`keepAwake`), or nil.
    var screenSaverHold: ScreenSaverHold?

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

    /// Opens the window: `width` x `height` points at `scale` (nil: from Xft.dpi). `appID` is
    /// its WM_CLASS (instance and class: `glfun-draw` matches the desktop entry's StartupWMClass).
    public init(width: Float, height: Float, scale requested: Float?, title: String = "GLFun",
                appID: String = "GLFun", fullScreen: Bool = false) throws(WindowError) {
        let name = try WindowError.display("DISPLAY", of: "X")
        guard let d = XOpenDisplay(nil) else {
            throw .noDisplay("cannot open X display \"\(name)\" (no server there, or it refused us)")
        }
        display = d
        // The connection lost: the host saves, then exit 1 (Xlib's handler must not return).
        XSetIOErrorHandler { _ in
            ConnectionLoss.report()
        }
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
        appID.withCString { n in
            appID.withCString { c in
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
            eglContext = try Context(x11Display: UnsafeMutableRawPointer(d), window: window,
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
        eglContext = nil  // the surface and context go while the display is open
        for c in cursors.values where c != 0 { XFreeCursor(display, c) }
        XDestroyWindow(display, window)
        XCloseDisplay(display)
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

    /// "X": the window system's name in the host's notices.
    public var systemName: String { "X" }

    /// Always: X has no frame callbacks (the swap interval paces frames).
    public var readyToDraw: Bool { true }

    /// Whether events are waiting (without blocking).
    public var hasPendingEvents: Bool { XPending(display) > 0 }

    /// Sends buffered requests to the server.
    public func flush() { XFlush(display) }

    /// Reads and translates the next event (blocks if none is pending).
    public func nextEvent() -> [WindowEvent] {
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
            return [translation.resize(canvas)]
        case ClientMessage:
            if UInt(ev.xclient.data.l.0) == wmDelete { return [.close] }
            return []
        case ButtonPress, ButtonRelease:
            let b = ev.xbutton
            if ev.type == ButtonPress, let step = X11Window.wheelStep(button: b.button) {
                // The position rounded as the log keeps it (at a fractional scale), as a replay reads it.
                let x = EventLog.recorded(Float(b.x) / scale), y = EventLog.recorded(Float(b.y) / scale)
                return [translation.event(.scroll(x: x, y: y, dx: step.dx, dy: step.dy), serverMs: b.time)]
            }
            guard b.button == 1 else { return [] }
            let p = Point(Float(b.x) / scale, Float(b.y) / scale)
            if ev.type == ButtonPress {
                return translation.buttonPressed(at: p, center: center, modifiers: X11Window.modifiers(b.state),
                                                 serverMs: b.time)
            }
            return translation.buttonReleased(at: p, center: center, serverMs: b.time)
        case MotionNotify:
            let m = ev.xmotion
            guard m.state & UInt32(Button1Mask) != 0 else { return [] }
            return translation.pointerMoved(to: Point(Float(m.x) / scale, Float(m.y) / scale), center: center,
                                            serverMs: m.time)
        case GenericEvent:
            return xiEvent(&ev)
        case FocusOut:
            // A lost grab or focus ends a drag without drawing it.
            return translation.dragCancelled(at: Point(0, 0), center: center)
        case KeyPress:
            var k = ev.xkey
            guard let name = X11Window.keyName(&k) else { return [] }
            let m = X11Window.modifiers(k.state)
            let e = KeyNaming.event(name, shift: m.contains(.shift), ctrl: m.contains(.ctrl), alt: m.contains(.alt))
            return [translation.event(e, serverMs: k.time)]
        default:
            return []
        }
    }

    /// The wheel as the core protocol reports it: each step a press (and a release, ignored) of
    /// button 4 (up), 5 (down), 6 (left) or 7 (right). A smooth device's scroll comes as these
    /// presses too (the server emulates them), and XI2's own scroll valuators are not selected,
    /// so nothing counts twice. nil for any other button.
    static func wheelStep(button: UInt32) -> (dx: Float, dy: Float)? {
        switch button {
        case 4: return (0, -1)
        case 5: return (0, 1)
        case 6: return (-1, 0)
        case 7: return (1, 0)
        default: return nil
        }
    }

    private var center: Point { Point(Float(pixelWidth) / scale / 2, Float(pixelHeight) / scale / 2) }

    /// Shift, Ctrl (Control) and Alt (Mod1) of an event's state.
    static func modifiers(_ state: UInt32) -> Modifiers {
        var m: Modifiers = []
        if state & UInt32(ShiftMask) != 0 { m.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { m.insert(.ctrl) }
        if state & UInt32(Mod1Mask) != 0 { m.insert(.alt) }
        return m
    }

    /// XI 2.2 touch events: stable ids from the touch's detail, window points.
    private func xiEvent(_ ev: inout XEvent) -> [WindowEvent] {
        guard let op = xiOpcode, ev.xcookie.extension == op, XGetEventData(display, &ev.xcookie) != 0 else { return [] }
        defer { XFreeEventData(display, &ev.xcookie) }
        guard let data = ev.xcookie.data else { return [] }
        let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        let phase: TouchPhase
        switch e.evtype {
        case XI_TouchBegin: phase = .began
        case XI_TouchUpdate: phase = .moved
        case XI_TouchEnd: phase = .ended
        default: return []
        }
        let p = Point(Float(e.event_x) / scale, Float(e.event_y) / scale)
        return [translation.touch(phase, id: UInt32(truncatingIfNeeded: e.detail), at: p, serverMs: e.time)]
    }

    /// A key's name as the app knows it: a letter ("z", whatever shift or
    /// ctrl say), a printable character ("?"), or a named key ("escape").
    static func keyName(_ k: inout XKeyEvent) -> String? {
        let base = XLookupKeysym(&k, 0)
        return KeyNaming.name(base: UInt32(truncatingIfNeeded: base)) {
            var buf = [CChar](repeating: 0, count: 8)
            var sym: KeySym = 0
            // Without Control, so that Ctrl+? still reads "?".
            var plain = k
            plain.state &= ~UInt32(ControlMask)
            let n = XLookupString(&plain, &buf, 7, &sym, nil)
            guard n > 0 else { return nil }
            return String(decoding: buf.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// Presents the frame drawn into the window's surface (all of it: X has no damage to pass on).
    public func present(damage: [PixelRect]?) throws(GLESError) {
        try context.swapBuffers()
        resetScreenSaverIfDue()
    }
}
