import GLFunKit
import Gestures

/// Zoom and pan: a pinch zooms the slide (1...8 times, back to 1 and centered once it comes
/// under 1.001), and, zoomed in, one finger pans it; two taps or a change of slide reset both.
extension SlideShowApp {
    func resetZoom() {
        zoom = 1
        pan = Point(0, 0)
    }

    func pinched(_ s: GestureState, _ scale: Float) {
        switch s {
        case .began: pinchBase = zoom
        case .changed, .ended: zoom = max(1, min(8, pinchBase * scale))
        default: break
        }
        if zoom <= 1.001 { resetZoom() }
    }

    func panned(_ s: GestureState, _ t: Point) {
        switch s {
        case .began: panBase = pan
        case .changed, .ended: pan = Point(panBase.x + t.x, panBase.y + t.y)
        default: break
        }
    }
}
