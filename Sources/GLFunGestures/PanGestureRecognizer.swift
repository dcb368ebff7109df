/// A continuous recognizer for dragging: UIKit's `UIPanGestureRecognizer`.
///
/// `translation` is how far the centroid of the touches has moved since they landed; it
/// begins once that reaches `hysteresis` (10 pt) with at least `minimumNumberOfTouches`
/// down, then reports `.changed` on every move, and ends when fewer than
/// `minimumNumberOfTouches` remain (or the last one lifts). Fingers landing or lifting do
/// not make the translation jump: the centroid is re-based. More than
/// `maximumNumberOfTouches` fingers before it begins fail it; once it has begun, extra
/// fingers are ignored. `velocity` is points per second over the last 0.1 s (see
/// `VelocityEstimator`), kept at the end for flicks.
///
/// The translation at `.began` is the whole movement since touch-down (at least the
/// hysteresis), so whatever the host drags stays under the finger.
open class PanGestureRecognizer: GestureRecognizer {
    /// Fingers needed to begin, and below which it ends. Default 1.
    public var minimumNumberOfTouches = 1
    /// Fingers allowed. Default `Int.max` (UIKit's `NSUIntegerMax`).
    public var maximumNumberOfTouches = Int.max
    /// Movement, in points, before the pan begins. Default 10.
    public var hysteresis: Double = 10

    /// Movement of the touches' centroid since they landed (or since it was last set:
    /// UIKit's `setTranslation(_:in:)`).
    public var translation: GesturePoint {
        get { current }
        set {
            estimator.shift(by: newValue - current)
            current = newValue
            offset = newValue
            origin = lastCentroid
        }
    }

    /// Points per second.
    public private(set) var velocity = GesturePoint.zero

    private var current = GesturePoint.zero
    private var offset = GesturePoint.zero
    private var origin = GesturePoint.zero
    private var lastCentroid = GesturePoint.zero
    private var estimator = VelocityEstimator()

    /// A pan recognizer with the default settings.
    public override init() {
        super.init()
    }

    /// Clears the pan in progress, before the next touch sequence.
    open override func reset() {
        current = .zero
        offset = .zero
        origin = .zero
        velocity = .zero
        estimator.reset()
    }

    private func rebase(_ all: [Touch]) {
        guard let c = GestureRecognizer.centroid(of: all, excludingFinal: true) else { return }
        offset = current
        origin = c
        lastCentroid = c
    }

    private func measure(_ all: [Touch], at time: Double) {
        guard let c = GestureRecognizer.centroid(of: all) else { return }
        lastCentroid = c
        current = offset + c - origin
        estimator.add(current, at: time)
        velocity = estimator.velocity
    }

    /// Takes touches that began: the start of a pan, or too many touches.
    open override func touchesBegan(_ touches: [Touch], all: [Touch]) {
        guard let now = touches.first?.timestamp else { return }
        if all.count > maximumNumberOfTouches {
            if state == .possible {
                state = .failed
            } else {
                for t in touches { ignore(t) }
            }
            return
        }
        if all.count == touches.count && state == .possible {
            estimator.reset()
            estimator.add(current, at: now)
        }
        rebase(all)
    }

    /// Takes touches that moved: follows the pan, or fails it.
    open override func touchesMoved(_ touches: [Touch], all: [Touch]) {
        guard let now = touches.first?.timestamp else { return }
        measure(all, at: now)
        if state == .possible {
            if all.count >= minimumNumberOfTouches && current.length >= hysteresis { state = .began }
        } else if state.isInProgress {
            state = .changed
        }
    }

    /// Takes lifted touches: ends the pan, or fails it.
    open override func touchesEnded(_ touches: [Touch], all: [Touch]) {
        guard let now = touches.first?.timestamp else { return }
        measure(all, at: now)
        var remaining = 0
        for t in all where !t.phase.isFinal { remaining += 1 }
        if state.isInProgress && remaining < max(minimumNumberOfTouches, 1) {
            state = .ended
        } else if state == .possible && remaining == 0 {
            state = .failed
        } else {
            rebase(all)
        }
    }
}
