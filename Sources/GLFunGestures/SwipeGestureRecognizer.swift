/// Directions of a swipe: UIKit's `UISwipeGestureRecognizer.Direction`, same raw values.
/// With y down, `.up` is toward smaller y.
public struct SwipeDirection: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The direction bits (UIKit's values).
    public let rawValue: Int
    /// The directions whose bits are `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Toward larger x.
    public static let right = SwipeDirection(rawValue: 1 << 0)
    /// Toward smaller x.
    public static let left = SwipeDirection(rawValue: 1 << 1)
    /// Toward smaller y (up on screen).
    public static let up = SwipeDirection(rawValue: 1 << 2)
    /// Toward larger y (down on screen).
    public static let down = SwipeDirection(rawValue: 1 << 3)
    /// All four directions.
    public static let all: SwipeDirection = [.right, .left, .up, .down]

    /// The directions' names, comma-separated (`right,up`; `[]` for none).
    public var description: String {
        var names: [String] = []
        if contains(.right) { names.append("right") }
        if contains(.left) { names.append("left") }
        if contains(.up) { names.append("up") }
        if contains(.down) { names.append("down") }
        return names.isEmpty ? "[]" : names.joined(separator: ",")
    }
}

/// A discrete recognizer for swipes: UIKit's `UISwipeGestureRecognizer`.
///
/// Recognized (while the fingers are still moving, as UIKit does) when exactly
/// `numberOfTouchesRequired` touches are down and every one of them has travelled far enough
/// in the same allowed `direction`. It fails if a finger heads off every allowed direction,
/// the fingers disagree, a finger lifts first, more fingers land, or the swipe is too slow.
///
/// UIKit documents the shape of its thresholds but not their values: "a slow swipe requires
/// high directional precision but a small distance; a fast swipe requires low directional
/// precision but a large distance". This recognizer does the same, with thresholds that
/// shrink linearly with the time since the first finger landed, from a fast flick to
/// `maximumDuration`:
/// - travel along the direction: `minimumDistance` (50 pt) down to 53 % of it (26.5 pt);
/// - angle off the direction: `maximumAngle` (40 deg) down to half of it (20 deg);
/// - a finger is judged only once it is more than 10 pt from where it landed, so that the
///   first jitter of a touch does not decide its direction;
/// - after `maximumDuration` (0.5 s) without a swipe, it fails (too slow).
/// 50 pt, 0.5 s and the 53 % decay are the values in UIKit's private swipe ivars
/// (`minimumPrimaryMovement`, `maximumDuration`, `rateOfMinimumMovementDecay`); the angle
/// limit is ours, in place of UIKit's looser cap on sideways movement.
///
/// `recognizedDirection` (not in UIKit, which makes you use one recognizer per direction)
/// says which allowed direction it was.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Allowed directions. Default `.right`, as in UIKit.
    public var direction: SwipeDirection = .right
    /// Fingers that must swipe together. Default 1.
    public var numberOfTouchesRequired = 1
    /// Travel needed for a fast swipe, in points. Default 50.
    public var minimumDistance: Double = 50
    /// Seconds from the first finger down by which the swipe must be recognized. Default 0.5.
    public var maximumDuration: Double = 0.5
    /// Largest angle off the direction for a fast swipe, in radians. Default 40 deg.
    public var maximumAngle: Double = 40 * Double.pi / 180

    /// The direction recognized, once `.ended`; empty before.
    public private(set) var recognizedDirection: SwipeDirection = []

    private var startTime = 0.0

    /// Movement below which a finger's direction is not judged, in points.
    static let judgementSlop = 10.0

    /// A swipe recognizer with the default settings.
    public override init() {
        super.init()
    }

    /// Clears the swipe in progress, before the next touch sequence.
    open override func reset() {
        recognizedDirection = []
    }

    /// Takes touches that began: the start of a swipe, or too many touches.
    open override func touchesBegan(_ touches: [Touch], all: [Touch]) {
        guard state == .possible, let now = touches.first?.timestamp else { return }
        if all.count == touches.count {
            startTime = now
            deadline = now + maximumDuration
        }
        if all.count > numberOfTouchesRequired { state = .failed }
    }

    /// Takes touches that moved: follows the swipe, or fails it.
    open override func touchesMoved(_ touches: [Touch], all: [Touch]) {
        guard state == .possible, let now = touches.first?.timestamp,
              all.count == numberOfTouchesRequired else { return }
        let progress = min(max(now - startTime, 0) / maximumDuration, 1)
        let requiredTravel = minimumDistance * (1 - 0.47 * progress)
        let angleLimit = maximumAngle * (1 - 0.5 * progress)
        var agreed: SwipeDirection = []
        var farEnough = true
        for t in all {
            let d = t.location - t.startLocation
            if d.length <= Self.judgementSlop {
                farEnough = false
                continue
            }
            guard let (dir, travel) = classify(d, angleLimit: angleLimit),
                  agreed.isEmpty || agreed == dir else {
                state = .failed
                return
            }
            agreed = dir
            if travel < requiredTravel { farEnough = false }
        }
        if farEnough && !agreed.isEmpty {
            recognizedDirection = agreed
            state = .recognized
        }
    }

    /// The allowed direction `d` heads in, within `angleLimit`, and the travel along it.
    /// (Four plain checks rather than a table: this runs on every move and must not allocate.)
    private func classify(_ d: GesturePoint, angleLimit: Double) -> (SwipeDirection, Double)? {
        func heads(_ along: Double, _ across: Double) -> Bool {
            along > 0 && angle(of: GesturePoint(x: along, y: abs(across))) <= angleLimit
        }
        if direction.contains(.right) && heads(d.x, d.y) { return (.right, d.x) }
        if direction.contains(.left) && heads(-d.x, d.y) { return (.left, -d.x) }
        if direction.contains(.down) && heads(d.y, d.x) { return (.down, d.y) }
        if direction.contains(.up) && heads(-d.y, d.x) { return (.up, -d.y) }
        return nil
    }

    /// Takes lifted touches: ends the swipe, or fails it.
    open override func touchesEnded(_ touches: [Touch], all: [Touch]) {
        if state == .possible { state = .failed }
    }

    /// Time reached the deadline: the swipe was too slow and fails.
    open override func tick(at time: Double) {
        guard state == .possible, let d = deadline, time >= d else { return }
        state = .failed
    }
}
