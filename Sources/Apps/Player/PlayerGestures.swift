import GLFunGestures

/// What fingers do on the movie (not on the bar), through the Gestures module: one tap shows
/// or hides the bar, two toggle full screen (the one-tap waits for the second to fail, 0.3 s),
/// and a horizontal pan scrubs through the movie.
final class PlayerGestures {
    static let tapDelay = 0.3

    let arena = GestureArena()
    let taps: [TapGestureRecognizer] = (1...2).map { n in
        let t = TapGestureRecognizer()
        t.numberOfTapsRequired = n
        t.maximumIntervalBetweenTaps = PlayerGestures.tapDelay
        t.name = "tap\(n)"
        return t
    }
    let pan = PanGestureRecognizer()

    /// A tap of 1 or 2.
    var onTap: ((Int) -> Void)?
    /// The pan's horizontal translation since it began, in points, with its state.
    var onPan: ((GestureState, Double) -> Void)?

    init() {
        taps[0].require(toFail: taps[1])
        pan.name = "pan"
        pan.maximumNumberOfTouches = 1
        for (i, t) in taps.enumerated() {
            _ = t.addAction { [unowned self] r in if r.state == .ended { self.onTap?(i + 1) } }
        }
        _ = pan.addAction { [unowned self] p in self.onPan?(p.state, self.pan.translation.x) }
        for r in taps as [GestureRecognizer] + [pan] { arena.add(r) }
    }
}
