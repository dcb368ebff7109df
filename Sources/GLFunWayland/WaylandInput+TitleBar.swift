import GLFunKit

/// The pointer's places as the input code has them (`Point`), handed to the title bar, which
/// imports no GL module (scripts/check/layers: FILE_RULES).
extension WaylandTitleBar {
    /// The pointer's `button` (evdev code) pressed or released at `p` (the bar's points).
    func pointerButton(_ button: UInt32, pressed: Bool, at p: Point, serial: UInt32, ms: UInt32) {
        pointerButton(button, pressed: pressed, x: p.x, y: p.y, serial: serial, ms: ms)
    }

    /// The pointer moved to `p` over the bar.
    func pointerMoved(to p: Point) { pointerMoved(x: p.x, y: p.y) }
}
