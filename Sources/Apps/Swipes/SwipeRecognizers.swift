import GLFunGestures

/// The Swipes sample with recognizers: one per finger count (1, 2, 3) and axis.
final class SwipeRecognizers {
    let arena = GestureArena()
    var onSwipe: ((String) -> Void)?

    init() {
        for touches in 1...3 {
            for horizontal in [true, false] {
                let r = SwipeGestureRecognizer()
                r.numberOfTouchesRequired = touches
                r.direction = horizontal ? [.left, .right] : [.up, .down]
                _ = r.addAction { [unowned self] s in
                    guard s.state == .ended else { return }
                    self.onSwipe?(SwipeRecognizers.message(horizontal: horizontal, fingers: touches))
                }
                arena.add(r)
            }
        }
    }

    /// The sample's strings: "Horizontal swipe detected", "2-finger vertical swipe detected".
    static func message(horizontal: Bool, fingers: Int) -> String {
        let kind = horizontal ? "Horizontal" : "Vertical"
        return fingers == 1 ? "\(kind) swipe detected" : "\(fingers)-finger \(kind.lowercased()) swipe detected"
    }
}
