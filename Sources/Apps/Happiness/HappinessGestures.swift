import GLFunGestures

/// The sample's gestures on the face, as CS193p wires them (`HappinessApp.GestureRules`):
/// - a pinch scales the face: `scale *= pinch.scale; pinch.scale = 1` on every change (CS193p);
///   with `.steps` also as it begins and ends, so that no part of the pinch is lost (it begins
///   10 points into the spread, and ends with the lifting finger's last move);
/// - a pan changes the happiness by −translation.y / 4 in whole steps (up is happier): on its
///   changes and its end, the translation then set back to 0 (CS193p: what is left of it is
///   lost); with `.steps` on every state, the translation set back to what is left of it (less
///   than 4 points), so that a drag of d points up always makes d / 4 steps however it moves;
/// - a tap toggles the background.
/// UIKit's exclusivity holds between them (`GestureArena`): two fingers spreading pinch, one
/// finger (or two moving together) dragging pans, a finger that lifts where it landed taps.
final class HappinessGestures {
    let arena = GestureArena()
    let pinch = PinchGestureRecognizer()
    let pan = PanGestureRecognizer()
    let tap = TapGestureRecognizer()

    init(app: HappinessApp) {
        pinch.name = "pinch"
        pan.name = "pan"
        tap.name = "tap"
        pinch.addAction { [unowned app] pinch in
            guard pinch.state != .cancelled else { return }
            if app.gestureRules == .cs193p, pinch.state != .changed { return }
            app.scaleFace(by: Float(pinch.scale))
            pinch.scale = 1
        }
        pan.addAction { [unowned app] pan in
            guard pan.state != .cancelled else { return }
            let step = HappinessApp.panPointsPerHappiness
            let change = -Int(pan.translation.y / step)
            switch app.gestureRules {
            case .cs193p:
                guard pan.state == .changed || pan.state == .ended, change != 0 else { return }
                app.happiness += change
                pan.translation = GesturePoint(x: 0, y: 0)
            case .steps:
                guard change != 0 else { return }
                app.happiness += change
                pan.translation = GesturePoint(x: 0, y: pan.translation.y + Double(change) * step)
            }
        }
        tap.addAction { [unowned app] tap in
            if tap.state == .ended { app.toggleBackground() }
        }
        arena.add(pinch)
        arena.add(pan)
        arena.add(tap)
    }
}
