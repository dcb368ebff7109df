import GLFunGestures

/// What fingers do on the slide (not on the bar), through the Gestures module: one tap
/// toggles full screen, two play or pause (or, zoomed in, reset the zoom), three turn the
/// view; a horizontal swipe goes to the next or previous slide; a pinch zooms and, zoomed in,
/// one finger pans. The taps wait for each other as the sample's image view does: a tap acts
/// only when no further tap has come within `tapDelay` (require-to-fail), so a triple tap
/// fires only the triple.
final class SlideShowGestures {
    /// The sample's wait after a touch ends before it acts on the tap count.
    static let tapDelay = 0.4

    let arena = GestureArena()
    let taps: [TapGestureRecognizer] = (1...3).map { n in
        let t = TapGestureRecognizer()
        t.numberOfTapsRequired = n
        t.maximumIntervalBetweenTaps = SlideShowGestures.tapDelay
        t.name = "tap\(n)"
        return t
    }
    let swipe = SwipeGestureRecognizer()
    let pinch = PinchGestureRecognizer()
    let pan = PanGestureRecognizer()

    /// A tap of 1, 2 or 3 was recognized.
    var onTap: ((Int) -> Void)?
    /// A horizontal swipe: +1 next (leftwards), -1 previous.
    var onSwipe: ((Int) -> Void)?
    /// The pinch's scale since it began (nil when it ends).
    var onPinch: ((GestureState, Double) -> Void)?
    /// The pan's translation since it began, in points.
    var onPan: ((GestureState, GesturePoint) -> Void)?
    /// Whether the slide is zoomed in (then one finger pans rather than swipes).
    var isZoomed: () -> Bool = { false }

    init() {
        taps[0].require(toFail: taps[1])
        taps[1].require(toFail: taps[2])
        swipe.direction = [.left, .right]
        swipe.name = "swipe"
        pinch.name = "pinch"
        pan.name = "pan"
        pan.maximumNumberOfTouches = 1
        pinch.recognizeSimultaneously(with: pan)
        swipe.shouldBegin = { [unowned self] _ in !self.isZoomed() }
        pan.shouldBegin = { [unowned self] _ in self.isZoomed() }
        for (i, t) in taps.enumerated() {
            _ = t.addAction { [unowned self] r in if r.state == .ended { self.onTap?(i + 1) } }
        }
        _ = swipe.addAction { [unowned self] s in
            guard s.state == .ended else { return }
            self.onSwipe?(self.swipe.recognizedDirection.contains(.left) ? 1 : -1)
        }
        _ = pinch.addAction { [unowned self] p in self.onPinch?(p.state, self.pinch.scale) }
        _ = pan.addAction { [unowned self] p in self.onPan?(p.state, self.pan.translation) }
        for r in taps as [GestureRecognizer] + [swipe, pinch, pan] { arena.add(r) }
    }
}
