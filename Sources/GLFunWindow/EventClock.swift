/// The app's clock in a window: seconds since the session's first event, from the window
/// system's event times (ms on CLOCK_MONOTONIC, wrapping at 2^32, as X and Wayland give them),
/// never going back; between events, the wall time since the last one.
public struct EventClock {
    /// The window system's time (ms) of the last event that moved the clock.
    private var origin: UInt?
    /// Seconds since the first event, as the last event or tick left it.
    public private(set) var lastTime: Double = 0
    private var monotonicAtLastEvent = WindowClock.monotonic()

    /// A clock at 0.
    public init() {}

    /// The app's time now: the last event's time plus the wall time since it.
    public var now: Double { lastTime + max(0, WindowClock.monotonic() - monotonicAtLastEvent) }

    /// Seconds since the first event, for an event at the window system's `serverMs`.
    /// Synthetic events (time 0) and times that go back keep the last time, so the log's times
    /// never decrease.
    public mutating func time(_ serverMs: UInt) -> Double {
        monotonicAtLastEvent = WindowClock.monotonic()
        guard serverMs != 0 else { return lastTime }
        guard let last = origin else {
            origin = serverMs
            return lastTime
        }
        let delta = Int32(bitPattern: UInt32(truncatingIfNeeded: serverMs &- last))
        if delta > 0 {
            lastTime += Double(delta) / 1000
            origin = serverMs
        }
        return lastTime
    }

    /// Records that the app was sent a tick at `t`, so later events never go back before it.
    public mutating func noteTick(_ t: Double) {
        lastTime = max(lastTime, t)
        monotonicAtLastEvent = WindowClock.monotonic()
    }
}
