internal import CWayland
internal import CWaylandProtocols
import GLFunHost
import GLFunKit

/// The toplevel's side: configure (size, full screen, maximized), close, title, full screen,
/// maximize, cursor.
extension WaylandWindow {
    nonisolated(unsafe) static var xdgSurfaceListener = xdg_surface_listener(
        configure: { data, xdgSurface, serial in
            xdg_surface_ack_configure(xdgSurface, serial)
            WaylandWindow.from(data)?.applyConfigure()
        })

    nonisolated(unsafe) static var toplevelListener: xdg_toplevel_listener = {
        var l = xdg_toplevel_listener()
        l.configure = { data, _, width, height, states in
            guard let w = WaylandWindow.from(data) else { return }
            w.pendingSize = (width, height)
            var values: [UInt32] = []
            if let states, states.pointee.size > 0, let p = states.pointee.data {
                let n = states.pointee.size / MemoryLayout<UInt32>.size
                values = Array(UnsafeBufferPointer(start: p.assumingMemoryBound(to: UInt32.self), count: n))
            }
            w.pendingFullScreen = values.contains(XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue)
            w.pendingMaximized = values.contains(XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue)
        }
        l.close = { data, _ in WaylandWindow.from(data)?.queue.append(.close) }
        return l
    }()

    /// A configure sequence ended: take its size (0: keep ours), full-screen and maximized
    /// states, resize the EGL window, and tell the app (a resize) and the host (draw again).
    func applyConfigure() {
        let oldCanvas = canvas
        let covering = pendingFullScreen || pendingMaximized
        if covering && windowedSize == nil {
            windowedSize = (pointWidth, pointHeight)  // to go back to when full screen or maximized ends
        } else if !covering, let size = windowedSize {
            // A configure of 0 x 0 leaves the size to us: the one before full screen or maximized.
            windowedSize = nil
            (pointWidth, pointHeight) = size
        }
        // The configured height is the window's, our title bar included (outside full screen).
        let bar = titleBar != nil && !pendingFullScreen ? WaylandTitleBar.height : 0
        if pendingSize.width > 0 { pointWidth = Float(pendingSize.width) }
        if pendingSize.height > bar { pointHeight = Float(pendingSize.height - bar) }
        isFullScreen = pendingFullScreen
        isMaximized = pendingMaximized
        let first = !configured
        configured = true
        if first { return }  // the host sends the first resize itself
        sizeChanged(from: oldCanvas)
    }

    /// The canvas may have changed (a configure, a new scale): the EGL window follows, the app
    /// gets a resize if it did, and the next frame redraws everything.
    func sizeChanged(from old: Canvas) {
        resizeEGLWindow()
        let cv = canvas
        if cv.width != old.width || cv.height != old.height || cv.scale != old.scale {
            // One resize for what one read of the connection said: a new scale and the configure
            // that follows it (KWin sends both when an output's scale changes) are one change.
            queue.removeAll { if case let .input(e) = $0, case .resize = e.event { true } else { false } }
            queue.append(translation.resize(cv))
        }
        queue.append(.expose)
    }

    /// The wl_egl_window's size in pixels, and how the compositor maps them to the surface's
    /// points: a viewport (fractional scale) or the buffer scale (integer). Through the viewport
    /// the surface is the buffer's top-left points × scale pixels exactly (its source; 301 points
    /// at 1.25 are 376.25 of the 377 pixels), so a point is `scale` pixels everywhere and the
    /// compositor stretches nothing.
    func resizeEGLWindow() {
        if let eglWindow { wl_egl_window_resize(eglWindow, Int32(pixelWidth), Int32(pixelHeight), 0, 0) }
        let width = Int32(pointWidth.rounded())
        declareOpaque(width: width, height: Int32(pointHeight.rounded()))
        titleBar?.update(width: width, scale: Int32(max(1, scale.rounded(.up))), visible: !isFullScreen)
        resizeBorder?.update(width: width, height: Int32(pointHeight.rounded()), bar: WaylandTitleBar.height,
                             visible: !isFullScreen && !isMaximized)
        if let viewport {
            wl_surface_set_buffer_scale(surface, 1)
            let w = Double(pointWidth.rounded()), h = Double(pointHeight.rounded()), s = Double(scale)
            wp_viewport_set_source(viewport, 0, 0, glfun_wl_fixed_from_double(w * s), glfun_wl_fixed_from_double(h * s))
            wp_viewport_set_destination(viewport, Int32(w), Int32(h))
        } else {
            wl_surface_set_buffer_scale(surface, Int32(scale))
        }
    }

    /// Sets the window's title (xdg_toplevel.set_title).
    public func setTitle(_ title: String) {
        xdg_toplevel_set_title(toplevel, title)
        titleBar?.setTitle(title)
        wl_display_flush(display)
    }

    /// Maximized on or off (the title bar's button and double click): asks the compositor,
    /// whose configure then says the new size and state.
    func toggleMaximized() {
        if isMaximized { xdg_toplevel_unset_maximized(toplevel) } else { xdg_toplevel_set_maximized(toplevel) }
        wl_display_flush(display)
    }

    /// Full screen on or off: asks the compositor, whose configure then says the new size.
    public func setFullScreen(_ on: Bool) {
        guard on != isFullScreen else { return }
        isFullScreen = on
        if on { xdg_toplevel_set_fullscreen(toplevel, nil) } else { xdg_toplevel_unset_fullscreen(toplevel) }
        wl_display_flush(display)
    }

    /// Keeps the screen from blanking while the window is visible (an idle inhibitor on its
    /// surface, zwp_idle_inhibit_manager_v1), or lets it blank again. Nothing where the
    /// compositor offers no idle inhibit (mutter 43, weston 10).
    public func keepAwake(_ on: Bool) {
        if on, idleInhibitor == nil, let manager = globals.idleInhibitManager {
            idleInhibitor = zwp_idle_inhibit_manager_v1_create_inhibitor(manager, surface)
        } else if !on, let inhibitor = idleInhibitor {
            zwp_idle_inhibitor_v1_destroy(inhibitor)
            idleInhibitor = nil
        }
        wl_display_flush(display)
    }

    /// Whether the window holds an idle inhibitor now.
    public var isKeepingAwake: Bool { idleInhibitor != nil }

    /// The pointer's shape over the window (the cursor theme's, or none for `hidden`).
    public func setCursor(_ cursor: PointerShape) {
        input.setCursor(cursor)
        wl_display_flush(display)
    }
}

extension WaylandWindow {
    /// Tells the compositor that the whole surface is opaque (wl_surface.set_opaque_region, in
    /// surface points; applied with the next commit, the next frame's swap): whatever alpha the
    /// EGL buffer holds, the desktop is never blended through the picture, and the compositor
    /// may skip drawing what is under the window.
    func declareOpaque(width: Int32, height: Int32) {
        guard let compositor = globals.compositor, let region = wl_compositor_create_region(compositor) else { return }
        wl_region_add(region, 0, 0, width, height)
        wl_surface_set_opaque_region(surface, region)
        wl_region_destroy(region)
    }
}
