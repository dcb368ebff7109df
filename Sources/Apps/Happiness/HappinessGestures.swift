import Gestures

/// The sample's gestures on the face, as CS193p wires them:
/// - a pinch scales the face: on every change `scale *= pinch.scale; pinch.scale = 1` (and once
///   more at its end, where this pinch reports the lifting finger's last move);
/// - a pan changes the happiness by −translation.y / 4, whole steps (up is happier); once a
///   step is taken the translation starts again from 0, so slow moves add up;
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
            guard pinch.state == .changed || pinch.state == .ended else { return }
            app.scaleFace(by: Float(pinch.scale))
            pinch.scale = 1
        }
        pan.addAction { [unowned app] pan in
            guard pan.state == .changed || pan.state == .ended else { return }
            let change = -Int(pan.translation.y / HappinessApp.panPointsPerHappiness)
            if change != 0 {
                app.happiness += change
                pan.translation = .zero
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
