internal import CWayland
internal import CWaylandProtocols
import GLFunKit

/// The invisible frame around a window with our own title bar (no xdg-decoration) by which the
/// pointer resizes it: a subsurface below the window's, `thickness` points wider on every side
/// than the window (bar included), with a fully transparent wl_shm buffer. The window's
/// geometry (xdg_surface.set_window_geometry, set by the title bar) leaves it out, so the
/// compositor places, tiles and maximizes the window without it; only input sees it. A press
/// on it is xdg_toplevel.resize with the edge or corner under the pointer, and the pointer
/// shows that edge's cursor. Absent in full screen and while maximized.
final class WaylandResizeBorder {
    /// How far (points) the frame reaches out from the window's edges.
    static let thickness: Int32 = 8
    /// How far (points) along an edge from a corner the corner's resize reaches.
    static let corner: Float = 20

    unowned let window: WaylandWindow
    let surface: OpaquePointer
    let subsurface: OpaquePointer
    private var buffer: OpaquePointer?
    /// The frame's size in points (the surface's), 0 while hidden.
    private var size: (width: Int32, height: Int32) = (0, 0)

    init?(window: WaylandWindow) {
        guard let sub = window.globals.subcompositor, let compositor = window.globals.compositor,
              window.globals.shm != nil else { return nil }
        self.window = window
        surface = wl_compositor_create_surface(compositor)
        subsurface = wl_subcompositor_get_subsurface(sub, surface, window.surface)
        wl_subsurface_place_below(subsurface, window.surface)
    }

    deinit {
        if let buffer { wl_buffer_destroy(buffer) }
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
    }

    /// Frames a window `width` x `height` points (its content and `bar` points of title bar
    /// above it), or hides the frame. Takes effect with the window's next commit.
    func update(width: Int32, height: Int32, bar: Int32, visible: Bool) {
        let b = WaylandResizeBorder.thickness
        let w = visible ? width + 2 * b : 0, h = visible ? height + bar + 2 * b : 0
        guard (w, h) != size else { return }
        size = (w, h)
        wl_subsurface_set_position(subsurface, -b, -bar - b)
        let old = buffer
        // Scale 1: the frame is transparent, so its pixels need not be fine.
        buffer = visible ? makeShmBuffer(window.globals.shm, width: w, height: h, name: "glfun-resize-border") {
            $0.update(repeating: 0, count: Int(w) * Int(h))
        } : nil
        wl_surface_set_buffer_scale(surface, 1)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, max(w, 1), max(h, 1))
        wl_surface_commit(surface)
        if let old { wl_buffer_destroy(old) }
    }

    /// The edge or corner (xdg_toplevel's resize_edge) at `p`, the frame's own points.
    func edge(at p: Point) -> xdg_toplevel_resize_edge {
        let w = Float(size.width), h = Float(size.height), c = WaylandResizeBorder.corner
        let left = p.x < c, right = p.x >= w - c, top = p.y < c, bottom = p.y >= h - c
        let b = Float(WaylandResizeBorder.thickness)
        let onLeft = p.x < b, onRight = p.x >= w - b, onTop = p.y < b, onBottom = p.y >= h - b
        switch true {
        case (onTop || onLeft) && top && left: return XDG_TOPLEVEL_RESIZE_EDGE_TOP_LEFT
        case (onTop || onRight) && top && right: return XDG_TOPLEVEL_RESIZE_EDGE_TOP_RIGHT
        case (onBottom || onLeft) && bottom && left: return XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_LEFT
        case (onBottom || onRight) && bottom && right: return XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT
        case onLeft: return XDG_TOPLEVEL_RESIZE_EDGE_LEFT
        case onRight: return XDG_TOPLEVEL_RESIZE_EDGE_RIGHT
        case onTop: return XDG_TOPLEVEL_RESIZE_EDGE_TOP
        default: return XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM
        }
    }

    /// The cursor theme's names for `edge`'s resize pointer, the X11 core names first.
    static func cursorNames(_ edge: xdg_toplevel_resize_edge) -> [String] {
        switch edge {
        case XDG_TOPLEVEL_RESIZE_EDGE_TOP_LEFT: ["top_left_corner", "nw-resize"]
        case XDG_TOPLEVEL_RESIZE_EDGE_TOP_RIGHT: ["top_right_corner", "ne-resize"]
        case XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_LEFT: ["bottom_left_corner", "sw-resize"]
        case XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT: ["bottom_right_corner", "se-resize"]
        case XDG_TOPLEVEL_RESIZE_EDGE_LEFT: ["left_side", "w-resize"]
        case XDG_TOPLEVEL_RESIZE_EDGE_RIGHT: ["right_side", "e-resize"]
        case XDG_TOPLEVEL_RESIZE_EDGE_TOP: ["top_side", "n-resize"]
        default: ["bottom_side", "s-resize"]
        }
    }

    /// The left button pressed at `p`: the compositor resizes the window by that edge until
    /// the button is released (configures with the new sizes).
    func press(at p: Point, serial: UInt32) {
        guard let seat = window.globals.seat else { return }
        xdg_toplevel_resize(window.toplevel, seat, serial, edge(at: p).rawValue)
    }
}
