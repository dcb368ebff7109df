import GLFunHost
import GLFunKit

/// What every window does the same with the events it translates, so that `X11Window` and
/// `WaylandWindow` only read their protocol: the app's clock from the server's millisecond
/// times (`EventClock`), the left button's drag as the mouse's touch or, with Alt held, the
/// emulated touches (`TouchEmulation`, the iOS Simulator's way, as SDL does mouse-to-touch once
/// for every backend), and real fingers' ids folded into `TouchIDs.real`, while any of them
/// is down the pointer's drag being theirs (never counted twice). A window holds one and asks it
/// for the `WindowEvent`s; the host reads the clock (`now`, `noteTick`) and `lastServerTime` here.
public final class InputTranslation {
    /// The app's clock, from the window system's event times.
    public private(set) var clock = EventClock()
    /// The window system's time (ms) of the last input event, for latency figures (`--stats`).
    public private(set) var lastServerTime: UInt = 0
    /// Whether the left button is down on the app's content (its drag is touches).
    public private(set) var isDragging = false
    private var emulation: TouchEmulation?
    /// Real fingers down (the window system's ids).
    private var realTouches = Set<UInt32>()

    /// No event yet: the clock at 0.
    public init() {}

    /// The app's time now: the last event's time plus the wall time since it.
    public var now: Double { clock.now }

    /// Records that the app was sent a tick at `t`, so later events never go back before it.
    public func noteTick(_ t: Double) { clock.noteTick(t) }

    /// Whether a real finger is down: the pointer's buttons and motion are then the server's
    /// emulation of it, and are ignored.
    public var hasRealTouches: Bool { !realTouches.isEmpty }

    /// An input event at the window system's time `serverMs` (0: none, the last event's time).
    public func event(_ event: InputEvent, serverMs: UInt) -> WindowEvent {
        lastServerTime = serverMs
        return .input(TimedEvent(t: clock.time(serverMs), event))
    }

    /// The canvas changed: a resize at the last event's time.
    public func resize(_ canvas: Canvas) -> WindowEvent {
        .input(TimedEvent(t: clock.lastTime, .resize(width: canvas.width, height: canvas.height, scale: canvas.scale)))
    }

    /// The left button pressed at `p` (points) on the app's content, `center` the content's:
    /// the mouse's touch begins, or with Alt (and Shift or Ctrl) two or three emulated ones.
    /// Nothing while a real finger is down.
    public func buttonPressed(at p: Point, center: Point, modifiers: Modifiers, serverMs: UInt) -> [WindowEvent] {
        guard realTouches.isEmpty else { return [] }
        isDragging = true
        emulation = TouchEmulation.start(at: p, center: center, alt: modifiers.contains(.alt),
                                         shift: modifiers.contains(.shift), ctrl: modifiers.contains(.ctrl))
        return touches(.began, at: p, center: center, serverMs: serverMs)
    }

    /// The pointer moved to `p` with the left button down: the drag's touches move.
    public func pointerMoved(to p: Point, center: Point, serverMs: UInt) -> [WindowEvent] {
        guard isDragging, realTouches.isEmpty else { return [] }
        return touches(.moved, at: p, center: center, serverMs: serverMs)
    }

    /// The left button released at `p`: the drag's touches end.
    public func buttonReleased(at p: Point, center: Point, serverMs: UInt) -> [WindowEvent] {
        guard isDragging, realTouches.isEmpty else { return [] }
        isDragging = false
        defer { emulation = nil }
        return touches(.ended, at: p, center: center, serverMs: serverMs)
    }

    /// The drag ended without drawing (a lost grab, focus, or the pointer taken by the
    /// compositor): its touches are cancelled at `p`, at the last event's time.
    public func dragCancelled(at p: Point, center: Point) -> [WindowEvent] {
        guard isDragging else { return [] }
        isDragging = false
        defer { emulation = nil }
        return touches(.cancelled, at: p, center: center, serverMs: lastServerTime)
    }

    /// A real finger's touch: `id` is the window system's, folded into `TouchIDs.real`.
    public func touch(_ phase: TouchPhase, id: UInt32, at p: Point, serverMs: UInt) -> WindowEvent {
        switch phase {
        case .began: realTouches.insert(id)
        case .moved, .stationary: break
        case .ended, .cancelled: realTouches.remove(id)
        }
        return event(.touch(phase: phase, id: InputTranslation.realTouchID(id), x: p.x, y: p.y), serverMs: serverMs)
    }

    /// A real finger's touch id (`TouchIDs.real`) for the window system's `id`.
    public static func realTouchID(_ id: UInt32) -> Int {
        TouchIDs.real.lowerBound + Int(id % UInt32(TouchIDs.real.count))
    }

    /// The touches the pointer at `p` stands for: the mouse's, or the emulated ones.
    private func touches(_ phase: TouchPhase, at p: Point, center: Point, serverMs: UInt) -> [WindowEvent] {
        lastServerTime = serverMs
        let t = clock.time(serverMs)
        return TouchEmulation.touches(emulation, phase, at: p, center: center, t: t).map { .input($0) }
    }
}
