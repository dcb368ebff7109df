/// A continuous recognizer for pinches: UIKit's `UIPinchGestureRecognizer`.
///
/// `scale` is the touches' span now over their span when they landed, where the span is the
/// distance between two touches (with more, twice their mean distance from the centroid, which
/// is the same thing for two). It begins once the span has changed by `hysteresis` points
/// with at least two touches down, then reports `.changed` on every move. A finger landing or
/// lifting while at least two remain re-bases the span, so the scale does not jump.
///
/// **A pinch that loses a finger ends**: when fewer than two touches remain, the state
/// becomes `.ended` with the last scale and velocity kept (computed with the lifting
/// finger's final location). UIKit instead keeps a pinch alive on one finger, reporting
/// `.changed` with an unchanging scale until the last finger lifts; ending at once gives the
/// host a clear end and the same final scale. Before it begins, it fails when the last touch
/// lifts; cancelled touches cancel it.
///
/// `scale` may be set, UIKit's idiom for incremental scaling (`pinch.scale = 1` in the
/// action); the next scale is then relative to the span at that moment. `velocity` is the
/// change of scale per second (see `VelocityEstimator`).
open class PinchGestureRecognizer: GestureRecognizer {
    /// Change of span, in points, before the pinch begins. Default 10, the same slop as a pan.
    public var hysteresis: Double = 10

    /// The scale factor relative to the touches' span when they landed.
    public var scale: Double {
        get { currentScale }
        set {
            estimator.shift(by: GesturePoint(x: newValue - currentScale, y: 0))
            currentScale = newValue
            baseScale = newValue
            baseSpan = lastSpan
        }
    }

    /// Scale factor per second.
    public private(set) var velocity: Double = 0

    private var currentScale = 1.0
    private var baseScale = 1.0
    private var baseSpan = 0.0
    private var lastSpan = 0.0
    private var isMeasuring = false
    private var estimator = VelocityEstimator()

    /// A pinch recognizer with the default settings.
    public override init() {
        super.init()
    }

    /// Clears the pinch in progress, before the next touch sequence.
    open override func reset() {
        currentScale = 1
        baseScale = 1
        baseSpan = 0
        lastSpan = 0
        velocity = 0
        isMeasuring = false
        estimator.reset()
    }

    /// Twice the mean distance of `touches` from their centroid (the distance, for two),
    /// and how many touches that counted.
    public static func span(of touches: [Touch], excludingFinal: Bool = false) -> (span: Double, count: Int) {
        guard let c = GestureRecognizer.centroid(of: touches, excludingFinal: excludingFinal) else { return (0, 0) }
        var sum = 0.0
        var n = 0
        for t in touches where !(excludingFinal && t.phase.isFinal) {
            sum += t.location.distance(to: c)
            n += 1
        }
        return (2 * sum / Double(n), n)
    }

    private func rebase(to span: Double) {
        baseScale = currentScale
        baseSpan = span
        lastSpan = span
    }

    private func measure(_ span: Double, at time: Double) {
        lastSpan = span
        if baseSpan > 0 { currentScale = baseScale * span / baseSpan }
        estimator.add(currentScale, at: time)
        velocity = estimator.velocity.x
    }

    /// Takes touches that began: the start of a pinch, or too many touches.
    open override func touchesBegan(_ touches: [Touch], all: [Touch]) {
        guard let now = touches.first?.timestamp else { return }
        let (span, n) = Self.span(of: all, excludingFinal: true)
        guard n >= 2 else { return }
        if !isMeasuring {
            isMeasuring = true
            estimator.reset()
            estimator.add(currentScale, at: now)
        }
        rebase(to: span)
    }

    /// Takes touches that moved: follows the pinch, or fails it.
    open override func touchesMoved(_ touches: [Touch], all: [Touch]) {
        guard let now = touches.first?.timestamp else { return }
        let (span, n) = Self.span(of: all)
        guard n >= 2, isMeasuring else { return }
        measure(span, at: now)
        if state == .possible {
            if abs(span - baseSpan) >= hysteresis { state = .began }
        } else if state.isInProgress {
            state = .changed
        }
    }

    /// Takes lifted touches: ends the pinch, or fails it.
    open override func touchesEnded(_ touches: [Touch], all: [Touch]) {
        guard let now = touches.first?.timestamp else { return }
        let (span, n) = Self.span(of: all)
        if n >= 2 && isMeasuring { measure(span, at: now) }
        let (remainingSpan, remaining) = Self.span(of: all, excludingFinal: true)
        if state.isInProgress {
            if remaining < 2 {
                state = .ended
            } else {
                rebase(to: remainingSpan)
            }
        } else if state == .possible {
            if remaining == 0 {
                state = .failed
            } else if remaining >= 2 {
                rebase(to: remainingSpan)
            } else {
                isMeasuring = false
            }
        }
    }
}
