/// A touch's phase, as UIKit's `UITouch.Phase` names them. The raw values are the names
/// GLFun's input event log uses (`"began"`, `"moved"`, ...).
public enum TouchPhase: String, Sendable, CaseIterable {
    case began, moved, stationary, ended, cancelled

    /// True for `.ended` and `.cancelled`: the touch is leaving.
    @inlinable
    public var isFinal: Bool { self == .ended || self == .cancelled }
}

/// One finger on the surface at one moment, as UIKit's `UITouch` describes it.
///
/// A touch keeps its `id` from `began` to `ended`/`cancelled`; a later touch may reuse the id.
/// `TouchTracker` fills in `previousLocation`, `tapCount` and the start fields, so a host only
/// supplies phase, id, location and time.
public struct Touch: Equatable, Sendable, CustomStringConvertible {
    /// Stable for the touch's life (the X11 touch id, or 0 for the mouse).
    public var id: Int
    /// Began, moved, stationary, ended or cancelled.
    public var phase: TouchPhase
    /// Where the touch is now.
    public var location: GesturePoint
    /// Where it was at the previous event for this touch (`location` at `began`).
    public var previousLocation: GesturePoint
    /// Where it began. Not in UIKit, which makes every recognizer remember it.
    public var startLocation: GesturePoint
    /// 1 for a first tap, 2 when it began quickly near where the previous tap ended, and so
    /// on: UIKit's `tapCount`. See `TouchTracker` for the limits.
    public var tapCount: Int
    /// Seconds, from the host's clock (GLFun: seconds since the session started).
    public var timestamp: Double
    /// When it began.
    public var startTimestamp: Double
    /// The farthest it has been from `startLocation` so far: a touch that wandered off and
    /// came back is not a tap.
    public var maximumDistanceFromStart: Double

    /// A touch; the fields left nil default to `location` and `timestamp` (a touch that just began).
    public init(
        id: Int, phase: TouchPhase, location: GesturePoint,
        previousLocation: GesturePoint? = nil, startLocation: GesturePoint? = nil,
        tapCount: Int = 1, timestamp: Double, startTimestamp: Double? = nil,
        maximumDistanceFromStart: Double? = nil
    ) {
        self.id = id
        self.phase = phase
        self.location = location
        self.previousLocation = previousLocation ?? location
        self.startLocation = startLocation ?? location
        self.tapCount = tapCount
        self.timestamp = timestamp
        self.startTimestamp = startTimestamp ?? timestamp
        self.maximumDistanceFromStart = max(
            maximumDistanceFromStart ?? 0, self.startLocation.distance(to: location))
    }

    /// How far the touch is from where it began.
    @inlinable
    public var distanceFromStart: Double { startLocation.distance(to: location) }

    /// The id, phase, location and time.
    public var description: String {
        "Touch(\(id) \(phase) at \(location), taps \(tapCount), t \(timestamp))"
    }
}
