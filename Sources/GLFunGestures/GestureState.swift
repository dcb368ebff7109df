/// The state of a gesture recognizer: UIKit's `UIGestureRecognizer.State`.
///
/// Every recognizer starts in `.possible`. A *discrete* recognizer (tap, swipe) goes to
/// `.ended` (= `.recognized`) or `.failed` and never through `.began`/`.changed`. A
/// *continuous* one (pinch, rotation, pan, long press) goes `.began`, `.changed`...,
/// then `.ended` or `.cancelled`, or fails from `.possible`. Actions run for `.began`,
/// `.changed`, `.ended` and `.cancelled`, never for `.failed`. A finished recognizer
/// (`.ended`, `.cancelled`, `.failed`) is reset to `.possible` before the next touch sequence.
public enum GestureState: Int, Sendable, CaseIterable, CustomStringConvertible {
    case possible, began, changed, ended, cancelled, failed

    /// A discrete gesture's success: the same state as `.ended`, as in UIKit.
    public static let recognized = GestureState.ended

    /// `.ended`, `.cancelled` or `.failed`: the recognizer waits for a reset.
    @inlinable
    public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }

    /// `.began` or `.changed`: a continuous gesture in progress.
    @inlinable
    public var isInProgress: Bool { self == .began || self == .changed }

    /// Whether entering this state sends the recognizer's actions (UIKit's rule).
    @inlinable
    public var sendsActions: Bool { self != .possible && self != .failed }

    /// The state's name, in lower case.
    public var description: String {
        switch self {
        case .possible: return "possible"
        case .began: return "began"
        case .changed: return "changed"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        case .failed: return "failed"
        }
    }
}
