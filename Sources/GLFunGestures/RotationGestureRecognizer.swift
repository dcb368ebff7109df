/// A continuous recognizer for two-finger rotation: UIKit's `UIRotationGestureRecognizer`.
///
/// `rotation` is the angle, in radians, the line from the first touch to the second has
/// turned since they landed; positive is clockwise on screen (y down, as in UIKit). It is
/// unwrapped: two full turns read 4 pi, not 0. It begins once the rotation reaches
/// `hysteresis`, then reports `.changed` on every move. With more than two touches the first
/// two (in the order they landed) count; when one of them lifts and two remain, the next
/// pair takes over without a jump. When fewer than two touches remain it ends, keeping
/// `rotation` and `velocity` (see `PinchGestureRecognizer` for why it ends rather than
/// idling on one finger as UIKit does). `velocity` is radians per second.
///
/// `rotation` may be set (UIKit's idiom `rotation.rotation = 0` for incremental rotation).
open class RotationGestureRecognizer: GestureRecognizer {
    /// Rotation, in radians, before the gesture begins. Default 5 degrees (UIKit's own is
    /// not documented; 5 degrees is about 9 pt of sideways travel for fingers 100 pt apart,
    /// close to the 10 pt slop of the other recognizers).
    public var hysteresis: Double = 5 * Double.pi / 180

    /// Radians turned since the touches landed (or since `rotation` was last set).
    public var rotation: Double {
        get { current }
        set {
            estimator.shift(by: GesturePoint(x: newValue - current, y: 0))
            current = newValue
        }
    }

    /// Radians per second.
    public private(set) var velocity: Double = 0

    private var current = 0.0
    private var pairFirst = -1
    private var pairSecond = -1
    private var lastAngle = 0.0
    private var estimator = VelocityEstimator()

    /// A rotation recognizer with the default settings.
    public override init() {
        super.init()
    }

    /// Clears the rotation in progress, before the next touch sequence.
    open override func reset() {
        current = 0
        velocity = 0
        pairFirst = -1
        pairSecond = -1
        estimator.reset()
    }

    /// Follows the first two touches (leaving out ending ones if asked); returns false when
    /// there are fewer than two.
    private func follow(_ all: [Touch], excludingFinal: Bool, at time: Double) -> Bool {
        var first: Touch?
        var second: Touch?
        for t in all where !(excludingFinal && t.phase.isFinal) {
            if first == nil {
                first = t
            } else {
                second = t
                break
            }
        }
        guard let a = first, let b = second else {
            pairFirst = -1
            pairSecond = -1
            return false
        }
        let now = angle(of: b.location - a.location)
        if a.id == pairFirst && b.id == pairSecond {
            current += wrappedAngle(now - lastAngle)
            estimator.add(current, at: time)
            velocity = estimator.velocity.x
        } else {
            if pairFirst < 0 && state == .possible {
                estimator.reset()
                estimator.add(current, at: time)
            }
            pairFirst = a.id
            pairSecond = b.id
        }
        lastAngle = now
        return true
    }

    /// Takes touches that began: the start of a rotation, or too many touches.
    open override func touchesBegan(_ touches: [Touch], all: [Touch]) {
        guard let now = touches.first?.timestamp else { return }
        _ = follow(all, excludingFinal: true, at: now)
    }

    /// Takes touches that moved: follows the rotation, or fails it.
    open override func touchesMoved(_ touches: [Touch], all: [Touch]) {
        guard let now = touches.first?.timestamp, follow(all, excludingFinal: false, at: now) else { return }
        if state == .possible {
            if abs(current) >= hysteresis { state = .began }
        } else if state.isInProgress {
            state = .changed
        }
    }

    /// Takes lifted touches: ends the rotation, or fails it.
    open override func touchesEnded(_ touches: [Touch], all: [Touch]) {
        guard let now = touches.first?.timestamp else { return }
        _ = follow(all, excludingFinal: false, at: now)
        var remaining = 0
        for t in all where !t.phase.isFinal { remaining += 1 }
        if state.isInProgress && remaining < 2 {
            state = .ended
        } else if state == .possible && remaining == 0 {
            state = .failed
        } else {
            _ = follow(all, excludingFinal: true, at: now)
        }
    }
}
