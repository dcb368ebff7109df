internal import CX11
import GLFunHost

/// The window's side of the host effects: title, full screen, cursor.
extension X11Window {
    /// Sets the window's title (WM_NAME, and _NET_WM_NAME in UTF-8 for EWMH window managers).
    public func setTitle(_ title: String) {
        XStoreName(display, window, title)
        let utf8 = XInternAtom(display, "UTF8_STRING", 0)
        let netName = XInternAtom(display, "_NET_WM_NAME", 0)
        let bytes = Array(title.utf8)
        bytes.withUnsafeBufferPointer { b in
            _ = XChangeProperty(display, window, netName, utf8, 8, PropModeReplace, b.baseAddress, Int32(b.count))
        }
        XFlush(display)
    }

    /// Whether an EWMH window manager runs (`_NET_SUPPORTING_WM_CHECK` on the root window).
    var hasWindowManager: Bool {
        let root = glfun_x_root_window(display, glfun_x_default_screen(display))
        let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 1)
        guard check != 0 else { return false }
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let ok = XGetWindowProperty(display, root, check, 0, 1, 0, XA_WINDOW, &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        return ok == Success && count == 1
    }

    /// Asks for full screen before the window is mapped (`_NET_WM_STATE` property).
    static func requestFullScreenBeforeMapping(_ display: OpaquePointer, _ window: UInt) {
        let state = XInternAtom(display, "_NET_WM_STATE", 0)
        var full = XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0)
        withUnsafeBytes(of: &full) { b in
            _ = XChangeProperty(display, window, state, XA_ATOM, 32, PropModeReplace,
                                b.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    /// Full screen on or off: the EWMH `_NET_WM_STATE_FULLSCREEN` request to the window
    /// manager; with none, the window itself is moved over the whole screen and back.
    public func setFullScreen(_ on: Bool) {
        guard on != isFullScreen else { return }
        isFullScreen = on
        let screen = glfun_x_default_screen(display)
        let root = glfun_x_root_window(display, screen)
        if hasWindowManager {
            var ev = XEvent()
            ev.xclient.type = ClientMessage
            ev.xclient.window = window
            ev.xclient.message_type = XInternAtom(display, "_NET_WM_STATE", 0)
            ev.xclient.format = 32
            ev.xclient.data.l.0 = on ? 1 : 0  // _NET_WM_STATE_ADD / _REMOVE
            ev.xclient.data.l.1 = Int(XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0))
            ev.xclient.data.l.2 = 0
            ev.xclient.data.l.3 = 1  // a normal application asks
            XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &ev)
        } else if on {
            var attrs = XWindowAttributes()
            XGetWindowAttributes(display, window, &attrs)
            windowedGeometry = (attrs.x, attrs.y, UInt32(attrs.width), UInt32(attrs.height))
            XMoveResizeWindow(display, window, 0, 0, UInt32(XDisplayWidth(display, screen)),
                              UInt32(XDisplayHeight(display, screen)))
            XRaiseWindow(display, window)
        } else if let g = windowedGeometry {
            XMoveResizeWindow(display, window, g.x, g.y, g.width, g.height)
            windowedGeometry = nil
        }
        XFlush(display)
    }

    /// The pointer's shape over the window (X's cursor font; `hidden` is an empty bitmap).
    public func setCursor(_ cursor: PointerShape) {
        if cursors[cursor] == nil {
            switch cursor {
            case .arrow: cursors[cursor] = XCreateFontCursor(display, UInt32(XC_left_ptr))
            case .crosshair: cursors[cursor] = XCreateFontCursor(display, UInt32(XC_crosshair))
            case .hand: cursors[cursor] = XCreateFontCursor(display, UInt32(XC_hand2))
            case .hidden:
                var bits: [CChar] = [0]
                let pixmap = XCreateBitmapFromData(display, window, &bits, 1, 1)
                var fg = XColor(), bg = XColor()
                cursors[cursor] = XCreatePixmapCursor(display, pixmap, pixmap, &fg, &bg, 0, 0)
                XFreePixmap(display, pixmap)
            }
        }
        XDefineCursor(display, window, cursors[cursor]!)
        XFlush(display)
    }
}
