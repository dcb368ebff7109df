/// A continuous recognizer for a pinch made with exactly three fingers.
///
/// `scale` is the sum of the three pairwise distances between the touches over that sum when
/// the third finger landed. It begins once the sum has changed by `hysteresis` points,
/// reports `.changed` on every move, and ends, keeping `scale` and `velocity`, when the
/// touch count changes. It fails unless exactly three touches take part: a fourth finger
/// before it begins, a finger lifting before the third lands or before it begins, or any
/// finger moving more than `hysteresis` from where it landed while fewer than three are down
/// (that is a one- or two-finger gesture).
///
/// `rules` picks how it treats a touch count other than three. `.lenient` (the default) is the
/// above. `.strict` is the original sample's recognizer: it fails unless three touches are down
/// when it begins; any move while a count other than three is down fails it (or cancels it,
/// once begun); a cancel puts `scale` back to 1.
///
/// Written the way a user writes a custom recognizer, and a model for one: a subclass using
/// only the module's public API (the `touches...` hooks, `state`, `Touch.startLocation`,
/// `VelocityEstimator`). Nothing here relies on module-internal access.
public final class ThreeFingerPinchGestureRecognizer: GestureRecognizer {
    /// How a touch count other than three is taken.
    public enum Rules: Sendable, Equatable {
        /// A fourth finger or an early lift fails it; a finger that barely moves while fewer
        /// than three are down is let be; a lift ends it. The default.
        case lenient
        /// The original's: a move with any count but three fails it, or cancels it once begun;
        /// a cancel resets `scale` to 1.
        case strict
    }

    /// How a touch count other than three is taken. Default `.lenient`.
    public var rules: Rules

    /// Change, in points, of the sum of the pairwise distances before it begins. Default 10.
    public var hysteresis: Double = 10

    /// The pairwise-distance sum now over its value when the third finger landed.
    public private(set) var scale: Double = 1

    /// Scale per second.
    public private(set) var velocity: Double = 0

    private var initialSum = 0.0
    private var estimator = VelocityEstimator()

    /// A three-finger pinch recognizer with the default settings.
    public override init() {
        rules = .lenient
        super.init()
    }

    /// A three-finger pinch recognizer following `rules`.
    public init(rules: Rules) {
        self.rules = rules
        super.init()
    }

    /// The sum of the three pairwise distances; nil unless `touches` holds exactly three.
    public static func pairwiseDistanceSum(of touches: [Touch]) -> Double? {
        guard touches.count == 3 else { return nil }
        let a = touches[0].location, b = touches[1].location, c = touches[2].location
        return a.distance(to: b) + b.distance(to: c) + c.distance(to: a)
    }

    /// Clears the three-finger pinch in progress, before the next touch sequence.
    public override func reset() {
        scale = 1
        velocity = 0
        initialSum = 0
        estimator.reset()
    }

    /// Takes touches that began: the start of a three-finger pinch, or too many touches.
    public override func touchesBegan(_ touches: [Touch], all: [Touch]) {
        if all.count > 3 {
            if state == .possible {
                state = .failed
            } else {
                if rules == .strict { scale = 1 }
                state = rules == .strict ? .cancelled : .ended
            }
            return
        }
        if let sum = Self.pairwiseDistanceSum(of: all), let now = touches.first?.timestamp {
            initialSum = sum
            estimator.reset()
            estimator.add(1, at: now)
        }
    }

    /// Takes touches that moved: follows the three-finger pinch, or fails it.
    public override func touchesMoved(_ touches: [Touch], all: [Touch]) {
        if rules == .strict, all.count != 3 {
            if state == .possible {
                state = .failed
            } else if state.isInProgress {
                scale = 1
                state = .cancelled
            }
            return
        }
        guard let sum = Self.pairwiseDistanceSum(of: all), let now = touches.first?.timestamp else {
            if state == .possible && all.contains(where: { $0.distanceFromStart > hysteresis }) {
                state = .failed
            }
            return
        }
        guard initialSum > 0 else { return }
        scale = sum / initialSum
        estimator.add(scale, at: now)
        velocity = estimator.velocity.x
        if state == .possible {
            if abs(sum - initialSum) >= hysteresis { state = .began }
        } else if state == .began || state == .changed {
            state = .changed
        }
    }

    /// Takes lifted touches: ends the three-finger pinch, or fails it.
    public override func touchesEnded(_ touches: [Touch], all: [Touch]) {
        if state == .possible {
            state = .failed
            return
        }
        // The lifting finger's final location still counts.
        if let sum = Self.pairwiseDistanceSum(of: all), initialSum > 0, let now = touches.first?.timestamp {
            scale = sum / initialSum
            estimator.add(scale, at: now)
            velocity = estimator.velocity.x
        }
        state = .ended
    }

    /// Takes cancelled touches: fails or cancels it, as every recognizer; under `.strict`
    /// rules `scale` goes back to 1.
    public override func touchesCancelled(_ touches: [Touch], all: [Touch]) {
        if rules == .strict {
            scale = 1
            velocity = 0
        }
        super.touchesCancelled(touches, all: all)
    }
}
