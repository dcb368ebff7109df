import Foundation

/// Whole wheel steps out of a run of scroll amounts, for an app whose scroll does something in
/// steps (a seek of 10 s, a notch of happiness): a wheel's step is one at once, a touchpad's
/// fractions add up until they make one. Turning back drops what was left the other way, so a
/// touchpad that wavers does not step on its own.
public struct ScrollSteps: Equatable, Sendable {
    /// The fraction of a step not yet given out (-1 < left < 1).
    public private(set) var left: Float = 0

    /// Nothing left over.
    public init() {}

    /// Adds `amount` steps (`InputEvent.scroll`'s `dx` or `dy`) and returns the whole steps
    /// it completes, signed (0 while the fractions have not made one).
    public mutating func add(_ amount: Float) -> Int {
        guard amount.isFinite, amount != 0 else { return 0 }
        if (left < 0) != (amount < 0) { left = 0 }
        left += max(-1000, min(1000, amount))
        let whole = left.rounded(.towardZero)
        left -= whole
        return Int(whole)
    }
}

/// What a wheel step zooms by where the wheel zooms (the slide show, the drawing's view), as
/// image viewers do: a step up (`dy` = -1) zooms in 1.25 times, a step down out as much, and a
/// touchpad's fraction of a step by that fraction of it.
public enum WheelZoom {
    /// The zoom of one step up.
    public static let stepFactor: Float = 1.25

    /// The zoom `dy` steps make (`InputEvent.scroll`'s `dy`: up, negative, zooms in).
    public static func factor(steps dy: Float) -> Float {
        guard dy.isFinite else { return 1 }
        return Float(pow(Double(stepFactor), Double(-max(-1000, min(1000, dy)))))
    }
}
