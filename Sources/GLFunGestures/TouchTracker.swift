/// Turns raw touch events (phase, id, location, time) into `Touch` values: it remembers each
/// touch's previous and start location, and assigns tap counts as UIKit does.
///
/// Tap count: a touch that begins within `maximumTapInterval` seconds of the end of the
/// previous tap, and within `maximumTapDistance` points of where that tap ended, gets the
/// previous tap's count plus one; otherwise 1. A touch counts as a tap if it ended (not
/// cancelled) without ever going farther than `maximumTapDistance` from where it began; a
/// drag resets the count. Both
/// limits are inclusive. The defaults, 0.35 s and 45 pt, are UIKit's tap recognizer's
/// (`maximumIntervalBetweenSuccessiveTaps`, `allowableMovement`), the closest public record of
/// what iOS uses for `UITouch.tapCount`.
///
/// Robustness: a `moved` or `stationary` for an id that never began begins it; an `ended` or
/// `cancelled` for an unknown id is ignored (`update` returns nil). A `began` for an id that is
/// already down replaces it; `GestureArena` cancels the stale touch first.
public struct TouchTracker: Sendable {
    /// Seconds from the end of one tap to the start of the next for the count to go up.
    public var maximumTapInterval: Double = 0.35
    /// Points between the end of one tap and the start of the next; also how far a touch may
    /// wander and still count as a tap.
    public var maximumTapDistance: Double = 45

    /// The touches that are down, in the order they began.
    public private(set) var touches: [Touch] = []

    private var lastTapTime = -Double.infinity
    private var lastTapLocation = GesturePoint.zero
    private var lastTapCount = 0

    /// A tracker with no touches.
    public init() {
        touches.reserveCapacity(16)
    }

    /// The touch with `id`, if it is down.
    public func touch(id: Int) -> Touch? {
        for t in touches where t.id == id { return t }
        return nil
    }

    /// Records one event and returns the touch as it now is (phase included), or nil when
    /// the event is for a touch that is not down and cannot begin (`ended`/`cancelled`).
    public mutating func update(phase: TouchPhase, id: Int, location: GesturePoint, time: Double) -> Touch? {
        var index = -1
        for i in touches.indices where touches[i].id == id {
            index = i
            break
        }
        switch phase {
        case .began:
            if index >= 0 { touches.remove(at: index) }
            return begin(id: id, location: location, time: time)
        case .moved, .stationary:
            if index < 0 { return begin(id: id, location: location, time: time) }
            touches[index].previousLocation = touches[index].location
            touches[index].location = location
            touches[index].phase = phase
            touches[index].timestamp = time
            let d = touches[index].distanceFromStart
            if d > touches[index].maximumDistanceFromStart { touches[index].maximumDistanceFromStart = d }
            return touches[index]
        case .ended, .cancelled:
            if index < 0 { return nil }
            var t = touches.remove(at: index)
            t.previousLocation = t.location
            t.location = location
            t.phase = phase
            t.timestamp = time
            t.maximumDistanceFromStart = max(t.maximumDistanceFromStart, t.distanceFromStart)
            if phase == .ended && t.maximumDistanceFromStart <= maximumTapDistance {
                lastTapTime = time
                lastTapLocation = location
                lastTapCount = t.tapCount
            } else {
                lastTapCount = 0
                lastTapTime = -Double.infinity
            }
            return t
        }
    }

    private mutating func begin(id: Int, location: GesturePoint, time: Double) -> Touch {
        var count = 1
        if lastTapCount > 0, time - lastTapTime <= maximumTapInterval,
           location.distance(to: lastTapLocation) <= maximumTapDistance {
            count = lastTapCount + 1
        }
        let t = Touch(id: id, phase: .began, location: location, tapCount: count, timestamp: time)
        touches.append(t)
        return t
    }

    /// Forgets every touch and the tap history.
    public mutating func removeAll() {
        touches.removeAll(keepingCapacity: true)
        lastTapCount = 0
        lastTapTime = -Double.infinity
    }
}
