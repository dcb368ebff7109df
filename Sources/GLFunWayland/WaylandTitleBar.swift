internal import CWayland
internal import CWaylandProtocols
import Foundation

/// A minimal client-side title bar, for compositors that draw no decorations of their own (no
/// xdg-decoration: GNOME, weston): a bar `height` points tall above the window's content (a
/// subsurface with a wl_shm buffer), a close button at its right end; a press elsewhere on it
/// moves the window (xdg_toplevel.move). Hidden in full screen. It has no title text.
final class WaylandTitleBar {
    /// The bar's height in points.
    static let height: Int32 = 24
    unowned let window: WaylandWindow
    let surface: OpaquePointer
    let subsurface: OpaquePointer
    private var buffer: OpaquePointer?
    /// Whether the bar shows (not in full screen).
    private(set) var visible = false
    private var width: Int32 = 0

    init?(window: WaylandWindow) {
        guard let sub = window.globals.subcompositor, let compositor = window.globals.compositor,
              window.globals.shm != nil else { return nil }
        self.window = window
        surface = wl_compositor_create_surface(compositor)
        subsurface = wl_subcompositor_get_subsurface(sub, surface, window.surface)
        wl_subsurface_set_position(subsurface, 0, -WaylandTitleBar.height)
    }

    deinit {
        if let buffer { wl_buffer_destroy(buffer) }
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
    }

    /// Shows the bar over `width` points at `scale` (the window's, rounded up), or hides it; the
    /// window's geometry then includes it or not. Takes effect with the window's next commit.
    func update(width: Int32, scale: Int32, visible: Bool) {
        self.visible = visible
        self.width = width
        let h = WaylandTitleBar.height
        if visible {
            xdg_surface_set_window_geometry(window.xdgSurface, 0, -h, width, Int32(window.pointHeight.rounded()) + h)
        } else {
            xdg_surface_set_window_geometry(window.xdgSurface, 0, 0, width, Int32(window.pointHeight.rounded()))
        }
        let old = buffer
        buffer = visible ? draw(width: width * scale, height: h * scale, scale: scale) : nil
        wl_surface_set_buffer_scale(surface, scale)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, width, h)
        wl_surface_commit(surface)
        if let old { wl_buffer_destroy(old) }
    }

    /// The bar's pixels (dark grey, a light ✕ in the close box) in a wl_shm buffer.
    private func draw(width w: Int32, height h: Int32, scale: Int32) -> OpaquePointer? {
        guard w > 0, h > 0, let shm = window.globals.shm else { return nil }
        let stride = w * 4, size = Int(stride * h)
        let fd = glfun_memfd("glfun-title-bar")
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard ftruncate(fd, off_t(size)) == 0, let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
              map != MAP_FAILED else { return nil }
        defer { munmap(map, size) }
        let px = map.assumingMemoryBound(to: UInt32.self)
        let box = h  // the close box is square, at the right end
        for y in 0..<Int(h) {
            for x in 0..<Int(w) {
                var c: UInt32 = 0xFF30_3030
                let bx = x - Int(w - box), inset = Int(h) / 3
                if bx >= 0 {
                    c = 0xFF44_4444
                    let on1 = abs(bx - y) <= Int(scale) / 2, on2 = abs(bx - (Int(h) - 1 - y)) <= Int(scale) / 2
                    if (on1 || on2) && bx >= inset && bx < Int(h) - inset && y >= inset && y < Int(h) - inset {
                        c = 0xFFE0_E0E0
                    }
                }
                px[y * Int(w) + x] = c
            }
        }
        let pool = wl_shm_create_pool(shm, fd, Int32(size))
        defer { wl_shm_pool_destroy(pool) }
        return wl_shm_pool_create_buffer(pool, 0, w, h, stride, WL_SHM_FORMAT_ARGB8888.rawValue)
    }

    /// A button pressed on the bar at `x` points: the close box closes, elsewhere moves.
    func press(atX x: Float, serial: UInt32) {
        if x >= Float(width - WaylandTitleBar.height) {
            window.queue.append(.close)
        } else if let seat = window.globals.seat {
            xdg_toplevel_move(window.toplevel, seat, serial)
        }
    }
}
