import GLFunKit
import Gestures

/// What two or three fingers that land together do on the canvas: pan, pinch
/// and rotate the view (simultaneously), a two-finger tap undoes, a three-finger
/// tap redoes, a three-finger pinch scales the last shape. Built on the Gestures
/// module's recognizers, fed only the touches of such a group.
final class CanvasGestures {
    let arena = GestureArena()
    let pinch = PinchGestureRecognizer()
    let rotation = RotationGestureRecognizer()
    let pan = PanGestureRecognizer()
    let twoFingerTap = TapGestureRecognizer()
    let threeFingerTap = TapGestureRecognizer()
    let threeFingerPinch = ThreeFingerPinchGestureRecognizer()

    /// Set by the app: called for a recognized tap with 2 or 3 touches.
    var onTap: ((Int) -> Void)?
    /// Set by the app: the three-finger pinch's state and scale.
    var onThreeFingerPinch: ((GestureState, Double) -> Void)?

    init() {
        pinch.name = "pinch"
        rotation.name = "rotation"
        pan.name = "pan"
        pan.minimumNumberOfTouches = 2
        pan.maximumNumberOfTouches = 2
        twoFingerTap.numberOfTouchesRequired = 2
        threeFingerTap.numberOfTouchesRequired = 3
        // Pan, pinch and rotation run together, as in a maps view.
        pinch.recognizeSimultaneously(with: rotation)
        pinch.recognizeSimultaneously(with: pan)
        rotation.recognizeSimultaneously(with: pan)
        // Three fingers are a three-finger pinch, not a two-finger one that also counts the
        // third: the view gestures wait until the three-finger pinch has failed (it fails
        // at once when fewer than three fingers move).
        for r in [pinch, rotation, pan] as [GestureRecognizer] { r.require(toFail: threeFingerPinch) }
        for r in [pinch, rotation, pan, twoFingerTap, threeFingerTap, threeFingerPinch] as [GestureRecognizer] {
            arena.add(r)
        }
        _ = twoFingerTap.addAction { [unowned self] t in if t.state == .ended { self.onTap?(2) } }
        _ = threeFingerTap.addAction { [unowned self] t in if t.state == .ended { self.onTap?(3) } }
        _ = threeFingerPinch.addAction { [unowned self] p in self.onThreeFingerPinch?(p.state, p.scale) }
    }

    /// The screen-space transform the view-moving recognizers describe now,
    /// about `pivot` (where the fingers' centroid started).
    func viewChange(pivot: Point) -> ViewTransform {
        let s = pinch.state == .began || pinch.state == .changed || pinch.state == .ended ? Float(pinch.scale) : 1
        let r = rotation.state == .began || rotation.state == .changed || rotation.state == .ended
            ? Float(rotation.rotation) : 0
        let active = pan.state == .began || pan.state == .changed || pan.state == .ended
        let t = active ? pan.translation : GesturePoint(x: 0, y: 0)
        return ViewTransform(tx: -pivot.x, ty: -pivot.y)
            .then(ViewTransform(tx: pivot.x + Float(t.x), ty: pivot.y + Float(t.y), scale: max(0.05, min(50, s)),
                                rotation: r))
    }

    var isMovingView: Bool {
        [pinch.state, rotation.state, pan.state].contains { $0 == .began || $0 == .changed }
    }
}

/// What the canvas shows: the drawing app, or one of the classic touch demos.
public enum DemoMode: String, CaseIterable, Sendable {
    /// Drawing (the default).
    case draw
    /// TouchExplorer: the touch phase, tap count and touch count, a dot under every touch.
    case touches
    /// Swipes, with the sample's hand-written detector (25 px travel, at most 5 px drift).
    case swipes
    /// Swipes, with SwipeGestureRecognizers (1, 2 and 3 fingers).
    case swipesRecognizer = "swipes-recognizer"

    /// The next mode for the `d` key.
    var next: DemoMode {
        let all = DemoMode.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    public var title: String {
        switch self {
        case .draw: return "Draw"
        case .touches: return "Touches demo"
        case .swipes: return "Swipes demo (hand-written detector)"
        case .swipesRecognizer: return "Swipes demo (gesture recognizers)"
        }
    }
}

/// The Swipes demo with recognizers: one per finger count and axis.
final class SwipeDemo {
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
                    self.onSwipe?(SwipeDemo.message(horizontal: horizontal, fingers: touches))
                }
                arena.add(r)
            }
        }
    }

    static func message(horizontal: Bool, fingers: Int) -> String {
        let kind = horizontal ? "Horizontal" : "Vertical"
        return fingers == 1 ? "\(kind) swipe detected" : "\(fingers)-finger \(kind.lowercased()) swipe detected"
    }
}
