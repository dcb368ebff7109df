/// A continuous recognizer for press-and-hold: UIKit's `UILongPressGestureRecognizer`.
///
/// Begins when `numberOfTouchesRequired` fingers, after `numberOfTapsRequired` full taps,
/// have been held for `minimumPressDuration` without any moving more than
/// `allowableMovement` from where it landed. Then, as UIKit's header says: "changes when a
/// finger moves, ends when a finger is lifted"; once begun, movement is unlimited and extra
/// fingers are ignored. It fails if a finger moves too far, lifts, or too many land before
/// the duration, or if a tap is held too long or the next tap comes later than
/// `maximumIntervalBetweenTaps`.
///
/// Time comes from `tick(at:)` (the arena calls it at `deadline`, from `advance(to:)` or
/// before a later event), never from a clock: held from 0 s, it is still `.possible` at
/// 0.49 s and `.began` at 0.5 s.
///
/// Defaults are UIKit's: 0.5 s, 10 pt, 1 touch, 0 taps; and 0.35 s between taps.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// Seconds the fingers must be held. Default 0.5.
    public var minimumPressDuration: Double = 0.5
    /// Points a finger may move before the gesture begins. Default 10 (inclusive).
    public var allowableMovement: Double = 10
    /// Fingers that must be held. Default 1.
    public var numberOfTouchesRequired = 1
    /// Full taps before the press. Default 0.
    public var numberOfTapsRequired = 0
    /// Seconds from one tap's end to the next touch. Default 0.35.
    public var maximumIntervalBetweenTaps: Double = 0.35

    private var taps = TapCount()

    /// A long-press recognizer with the default settings.
    public override init() {
        super.init()
    }

    /// Clears the long-press in progress, before the next touch sequence.
    open override func reset() {
        taps.reset()
    }

    private var isTapping: Bool { taps.completed < numberOfTapsRequired }

    /// Takes touches that began: the start of a long-press, or too many touches.
    open override func touchesBegan(_ touches: [Touch], all: [Touch]) {
        guard let now = touches.first?.timestamp else { return }
        if state.isInProgress {
            for t in touches { ignore(t) }
            return
        }
        guard state == .possible else { return }
        if all.count > numberOfTouchesRequired {
            state = .failed
            return
        }
        let firstOfGroup = all.count == touches.count
        if isTapping {
            // A tap held as long as the press would be is not a tap.
            if firstOfGroup { deadline = now + minimumPressDuration }
            taps.touchesDown(all.count)
        } else if all.count == numberOfTouchesRequired {
            deadline = now + minimumPressDuration
        } else if firstOfGroup {
            // Waiting for the other fingers; lifting any fails it.
            deadline = nil
        }
    }

    /// Takes touches that moved: follows the long-press, or fails it.
    open override func touchesMoved(_ touches: [Touch], all: [Touch]) {
        if state == .possible {
            for t in touches where t.distanceFromStart > allowableMovement {
                state = .failed
                return
            }
        } else if state.isInProgress {
            state = .changed
        }
    }

    /// Takes lifted touches: ends the long-press, or fails it.
    open override func touchesEnded(_ touches: [Touch], all: [Touch]) {
        guard let now = touches.first?.timestamp else { return }
        if state.isInProgress {
            state = .ended
            return
        }
        guard state == .possible else { return }
        for t in touches where t.distanceFromStart > allowableMovement {
            state = .failed
            return
        }
        guard isTapping else {
            state = .failed  // released before the duration
            return
        }
        guard let tapped = taps.touchesLifted(all: all, required: numberOfTouchesRequired) else { return }
        guard tapped else { return state = .failed }
        deadline = now + maximumIntervalBetweenTaps
    }

    /// Time reached the deadline: the press begins if held long enough, else fails.
    open override func tick(at time: Double) {
        guard state == .possible, let d = deadline, time >= d else { return }
        if !isTapping && numberOfTouches == numberOfTouchesRequired {
            deadline = nil
            state = .began
        } else {
            // A tap held too long, or no touch in time after the taps.
            state = .failed
        }
    }
}
