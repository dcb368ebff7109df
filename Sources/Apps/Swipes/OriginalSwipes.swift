import GLFunGestures

/// The original Swipes controller's logic, run as its code runs it (`glfun swipes --classic`):
/// one start point for the view, set by every touch that begins (`touchesBegan`'s
/// `gestureStartPoint`); on every move of any touch, the check against it (at least 25 points
/// along one axis, at most 5 across; horizontal first), and each move that passes sets the
/// label again and asks for it to be erased 2 seconds later (`performSelector:afterDelay:`,
/// never cancelled: the first erasure comes 2 s after the first such move, however many
/// follow). Lifting a finger does nothing.
///
/// The default mode's detector (`ClassicSwipeDetector`, per touch, once) reads the same rule
/// the way a person means it; this is the letter of the sample.
struct OriginalSwipes: Sendable {
    /// Where the last touch to begin began.
    private(set) var start: GesturePoint?
    /// When the erasures asked for so far fall due, earliest first.
    private(set) var erasures: [Double] = []

    /// A touch began at `location`: the new start point.
    mutating func began(at location: GesturePoint) {
        start = location
    }

    /// A touch moved to `location` at `time`: the label's text if the move passes the check
    /// (an erasure is then due 2 s later), else nil.
    mutating func moved(to location: GesturePoint, at time: Double) -> String? {
        guard let start, let found = ClassicSwipeDetector.classify(from: start, to: location) else { return nil }
        erasures.append(time + SwipesApp.messageDuration)
        return SwipeRecognizers.message(horizontal: found == .left || found == .right, fingers: 1)
    }

    /// Takes the erasures due by `time`; true if any was (the label is then empty).
    mutating func erase(upTo time: Double) -> Bool {
        let due = erasures.prefix { $0 <= time }.count
        erasures.removeFirst(due)
        return due > 0
    }

    /// When the next erasure falls due.
    var nextErasure: Double? { erasures.first }
}
