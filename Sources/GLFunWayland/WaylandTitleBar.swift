internal import CWayland
internal import CWaylandProtocols
import Foundation
import GLFunImages

/// The window's own title bar, for compositors that draw no decorations (no xdg-decoration:
/// GNOME, weston): a wl_shm subsurface `height` points tall above the content, drawn at the
/// window's buffer scale (WaylandTitleBar+Drawing): the title, and at the right end minimize,
/// maximize and close. A drag on it moves the window (xdg_toplevel.move), a double click
/// toggles maximized, the right button opens the compositor's window menu. Hidden in full
/// screen. It is not the resize border (WaylandResizeBorder) and draws nothing of the app's.
final class WaylandTitleBar {
    /// The bar's height in points; each button is a square this wide.
    static let height: Int32 = 24
    /// Two presses this close in time (ms) and space (points) are a double click.
    static let doubleClickMs: UInt32 = 400, doubleClickSlop: Float = 4
    /// How far (points) a press must move before it moves the window.
    static let dragSlop: Float = 3

    /// The bar's buttons, right to left from the bar's right end.
    enum Button: Int, CaseIterable {
        case close, maximize, minimize
    }

    unowned let window: WaylandWindow
    let surface: OpaquePointer
    let subsurface: OpaquePointer
    private var buffer: OpaquePointer?
    /// Whether the bar shows (not in full screen).
    private(set) var visible = false
    private(set) var width: Int32 = 0
    /// The title shown (xdg_toplevel.set_title's).
    var title: String
    /// The title's raster, kept while the title and scale stay (a resize draws the bar again).
    var titleRaster: (title: String, scale: Int32, image: TextImage?)?
    /// The left button's press on the bar that may become a move: its serial and place.
    private var press: (serial: UInt32, at: BarPoint)?
    /// The last left press on the bar's free part (ms, place), for double clicks.
    private var lastClick: (ms: UInt32, at: BarPoint)?

    init?(window: WaylandWindow, title: String) {
        guard let sub = window.globals.subcompositor, let compositor = window.globals.compositor,
              window.globals.shm != nil else { return nil }
        self.window = window
        self.title = title
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

    /// Shows `title` (drawn at the next update; the window commits it with its next frame).
    func setTitle(_ title: String) {
        guard title != self.title else { return }
        self.title = title
        guard visible else { return }
        update(width: width, scale: Int32(max(1, window.scale.rounded(.up))), visible: true)
        window.queue.append(.expose)  // the window's commit shows the bar's new buffer
    }

    /// The button at `x` points, or nil on the bar's free part (the title's).
    func button(atX x: Float) -> Button? {
        // Box i from the right covers width - (i + 1) * height ..< width - i * height.
        let fromRight = Int(((Float(width) - x) / Float(WaylandTitleBar.height)).rounded(.up)) - 1
        return x < Float(width) ? Button(rawValue: fromRight) : nil
    }

    /// The pointer's `button` (evdev code) pressed or released at (`x`, `y`) (the bar's points).
    func pointerButton(_ button: UInt32, pressed: Bool, x: Float, y: Float, serial: UInt32, ms: UInt32) {
        let p: BarPoint = (x, y)
        guard let seat = window.globals.seat else { return }
        if button == UInt32(BTN_RIGHT), pressed {
            xdg_toplevel_show_window_menu(window.toplevel, seat, serial, Int32(p.x), Int32(p.y) - WaylandTitleBar.height)
            return
        }
        guard button == UInt32(BTN_LEFT) else { return }
        guard pressed else { press = nil; return }
        if let b = self.button(atX: p.x) {
            lastClick = nil
            switch b {
            case .close: window.queue.append(.close)
            case .maximize: window.toggleMaximized()
            case .minimize: xdg_toplevel_set_minimized(window.toplevel)
            }
            return
        }
        if let last = lastClick, ms &- last.ms <= WaylandTitleBar.doubleClickMs,
           abs(p.x - last.at.x) <= WaylandTitleBar.doubleClickSlop, abs(p.y - last.at.y) <= WaylandTitleBar.doubleClickSlop {
            lastClick = nil
            press = nil
            window.toggleMaximized()
            return
        }
        lastClick = (ms, p)
        press = (serial, p)
    }

    /// The pointer moved to `p` over the bar: a press held past `dragSlop` moves the window (the
    /// compositor takes the pointer until the button is released).
    func pointerMoved(x: Float, y: Float) {
        let p: BarPoint = (x, y)
        guard let press, let seat = window.globals.seat,
              abs(p.x - press.at.x) > WaylandTitleBar.dragSlop || abs(p.y - press.at.y) > WaylandTitleBar.dragSlop
        else { return }
        self.press = nil
        lastClick = nil
        xdg_toplevel_move(window.toplevel, seat, press.serial)
    }

    /// The pointer left the bar: a press there is over.
    func pointerLeft() { press = nil }
}

/// A place on the bar, in its points (the title bar imports no GLFunKit: no GL; WaylandInput+TitleBar
/// hands it GLFunKit's `Point`s).
typealias BarPoint = (x: Float, y: Float)
