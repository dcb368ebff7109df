import GLFunTransitions

/// A value moving from one number to another over a time, eased (UIKit's ease-in-out), read
/// at any event time: the bars sliding away, the view turning.
struct Tween {
    var from: Double
    var to: Double
    var start: Double
    var duration: Double

    /// Standing at `value`.
    init(_ value: Double) {
        from = value
        to = value
        start = 0
        duration = 0
    }

    init(from: Double, to: Double, start: Double, duration: Double) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
    }

    func value(at t: Double) -> Double {
        guard duration > 0, t < start + duration else { return to }
        let x = max(0, (t - start) / duration)
        return from + (to - from) * Double(Easing.easeInOut(Float(x)))
    }

    func isRunning(at t: Double) -> Bool { duration > 0 && t < start + duration }

    /// Heading for `target` from wherever it is at `t`.
    func retargeted(_ target: Double, at t: Double, duration: Double) -> Tween {
        Tween(from: value(at: t), to: target, start: t, duration: duration)
    }
}
