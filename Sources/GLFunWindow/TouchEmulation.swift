import GLFunHost
import GLFunKit

/// Mouse-driven multitouch (the iOS Simulator's way), the same on every window system: a drag
/// with Alt (and Shift or Ctrl) held is two or three touches; a plain drag is the mouse's one.
public enum TouchEmulation: Equatable, Sendable {
    /// Alt: two touches mirrored about the window's center (pinch, rotate).
    case mirror
    /// Alt+Shift: two touches a fixed offset apart, moving together (two-finger pan).
    case pan(dx: Float, dy: Float)
    /// Ctrl+Alt: three touches 120° apart about the center (three-finger pinch).
    case three

    /// What a button press at `p` with these modifiers starts: nil without Alt (the mouse alone).
    public static func start(at p: Point, center c: Point, alt: Bool, shift: Bool, ctrl: Bool) -> TouchEmulation? {
        guard alt else { return nil }
        return ctrl ? .three : shift ? .pan(dx: 2 * (c.x - p.x), dy: 2 * (c.y - p.y)) : .mirror
    }

    /// The touches the pointer at `p` stands for: the mouse (id 0) when `emulation` is nil,
    /// else the emulated ones (`TouchIDs.emulated`), as input events at `t`.
    public static func touches(_ emulation: TouchEmulation?, _ phase: TouchPhase, at p: Point, center c: Point,
                               t: Double) -> [TimedEvent] {
        let first = TouchIDs.emulated.lowerBound
        let points: [(Int, Point)]
        switch emulation {
        case nil:
            points = [(TouchIDs.mouse, p)]
        case .mirror?:
            points = [(first, p), (first + 1, Point(2 * c.x - p.x, 2 * c.y - p.y))]
        case let .pan(dx, dy)?:
            points = [(first, p), (first + 1, Point(p.x + dx, p.y + dy))]
        case .three?:
            let vx = p.x - c.x, vy = p.y - c.y
            let cs: Float = -0.5, sn: Float = 0.8660254
            points = [(first, p),
                      (first + 1, Point(c.x + cs * vx - sn * vy, c.y + sn * vx + cs * vy)),
                      (first + 2, Point(c.x + cs * vx + sn * vy, c.y - sn * vx + cs * vy))]
        }
        return points.map { TimedEvent(t: t, .touch(phase: phase, id: $0.0, x: $0.1.x, y: $0.1.y)) }
    }
}
