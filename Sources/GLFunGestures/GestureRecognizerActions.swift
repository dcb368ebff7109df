/// Identifies an action added to a recognizer, for `removeAction(_:)`.
public struct GestureActionID: Hashable, Sendable {
    let value: Int
}

/// A weak reference to a recognizer, so that require-to-fail and simultaneous pairs do not
/// keep each other alive.
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
}

extension GestureRecognizer: CustomStringConvertible {
    /// The recognizer's name (or class), state and touch count.
    public var description: String {
        let kind = name ?? String(describing: type(of: self))
        return "<\(kind) \(storedState)\(held == .none ? "" : " (held)") touches \(touches.count)>"
    }
}

/// What gives `addAction` and `addTarget` their typed closures: every recognizer conforms,
/// so `pan.addAction { pan in pan.translation }` sees a `PanGestureRecognizer`.
public protocol GestureRecognizerActions: GestureRecognizer {}

extension GestureRecognizer: GestureRecognizerActions {}

extension GestureRecognizerActions {
    /// Adds a closure to run on `.began`, `.changed`, `.ended` and `.cancelled` (UIKit's
    /// `addTarget(_:action:)`, as a closure).
    @discardableResult
    public func addAction(_ body: @escaping (Self) -> Void) -> GestureActionID {
        appendAction { body(unsafeDowncast($0, to: Self.self)) }
    }

    /// Adds a method of `target` as an action, holding `target` weakly:
    /// `pan.addTarget(self, action: Canvas.handlePan)`.
    @discardableResult
    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping (Target) -> (Self) -> Void
    ) -> GestureActionID {
        appendAction { [weak target] recognizer in
            guard let target else { return }
            action(target)(unsafeDowncast(recognizer, to: Self.self))
        }
    }
}
