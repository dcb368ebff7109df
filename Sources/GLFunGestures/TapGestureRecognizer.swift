/// A discrete recognizer for taps: UIKit's `UITapGestureRecognizer`.
///
/// Recognized (`.possible` to `.ended`) when `numberOfTouchesRequired` fingers have tapped
/// `numberOfTapsRequired` times; fails otherwise. A tap is: all its fingers down together
/// (`numberOfTouchesRequired`, no more) and lifted within `maximumTapDuration` of the first
/// finger landing, none moving more than `allowableMovement` from where it landed. Each next
/// tap must begin within `maximumIntervalBetweenTaps` of the previous tap's end and within
/// `allowableMovement` of the first tap. The tap is recognized when the last finger of the
/// last tap lifts.
///
/// Defaults: 1 tap, 1 touch (UIKit's public defaults); 45 pt, 0.75 s and 0.35 s (the values
/// of UIKit's private `allowableMovement`, `maximumSingleTapDuration` and
/// `maximumIntervalBetweenSuccessiveTaps`). To make a single tap wait for a double tap,
/// `single.require(toFail: double)`: the single tap then fires 0.35 s after its tap ends,
/// when the double tap's wait has run out.
///
/// `location` is the centroid of where the first tap's fingers lifted, as UIKit reports
/// "the location of the tap, from the first tap in the sequence".
open class TapGestureRecognizer: GestureRecognizer {
    /// Taps needed. Default 1.
    public var numberOfTapsRequired = 1
    /// Fingers per tap. Default 1.
    public var numberOfTouchesRequired = 1
    /// How far a finger may move from where it landed, and how far a later tap may begin
    /// from the first, in points. Default 45.
    public var allowableMovement: Double = 45
    /// Seconds from the first finger down to the last finger up of one tap. Default 0.75.
    public var maximumTapDuration: Double = 0.75
    /// Seconds from one tap's end to the next tap's start. Default 0.35.
    public var maximumIntervalBetweenTaps: Double = 0.35

    /// Taps completed so far in this sequence.
    public var tapsCompleted: Int { taps.completed }

    private var taps = TapCount()
    private var liftedSum = GesturePoint.zero
    private var liftedCount = 0
    private var firstTapLocation: GesturePoint?

    /// A tap recognizer with the default settings.
    public override init() {
        super.init()
    }

    /// Where the first tap was, once there is one (else the touches' centroid).
    open override var location: GesturePoint {
        firstTapLocation ?? super.location
    }

    /// Clears the tap in progress, before the next touch sequence.
    open override func reset() {
        taps.reset()
        liftedSum = .zero
        liftedCount = 0
        firstTapLocation = nil
    }

    /// Takes touches that began: the start of a tap, or too many touches.
    open override func touchesBegan(_ touches: [Touch], all: [Touch]) {
        guard state == .possible, let now = touches.first?.timestamp else { return }
        if all.count == touches.count {
            // The first finger of a tap.
            if let first = firstTapLocation, let here = GestureRecognizer.centroid(of: touches),
               here.distance(to: first) > allowableMovement {
                state = .failed
                return
            }
            deadline = now + maximumTapDuration
        }
        if taps.touchesDown(all.count) > numberOfTouchesRequired { state = .failed }
    }

    /// Takes touches that moved: follows the tap, or fails it.
    open override func touchesMoved(_ touches: [Touch], all: [Touch]) {
        guard state == .possible else { return }
        for t in touches where t.distanceFromStart > allowableMovement {
            state = .failed
            return
        }
    }

    /// Takes lifted touches: ends the tap, or fails it.
    open override func touchesEnded(_ touches: [Touch], all: [Touch]) {
        guard state == .possible, let now = touches.first?.timestamp else { return }
        for t in touches where t.distanceFromStart > allowableMovement {
            state = .failed
            return
        }
        for t in touches {
            liftedSum += t.location
            liftedCount += 1
        }
        guard let tapped = taps.touchesLifted(all: all, required: numberOfTouchesRequired) else { return }
        guard tapped else { return state = .failed }
        if firstTapLocation == nil { firstTapLocation = liftedSum / Double(liftedCount) }
        if tapsCompleted >= numberOfTapsRequired {
            deadline = nil
            state = .recognized
        } else {
            deadline = now + maximumIntervalBetweenTaps
        }
    }

    /// Time reached the deadline: held too long, or the next tap did not come; fails.
    open override func tick(at time: Double) {
        guard state == .possible, let d = deadline, time >= d else { return }
        // Held too long, or the next tap did not come in time.
        state = .failed
    }
}
