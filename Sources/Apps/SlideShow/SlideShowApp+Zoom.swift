import GLFunHost
import GLFunKit
import GLFunTransitions
import GLFunGestures

/// Zoom and pan: a pinch zooms the slide (1...8 times, or with `fullResolution` up to one
/// picture pixel a screen pixel when that is more; back to 1 and centered once it comes under
/// 1.001), and, zoomed in, one finger pans it; two taps or a change of slide reset both. The
/// wheel zooms too, about the pointer (`WheelZoom`: a step up 1.25 times in), within the same
/// limits.
extension SlideShowApp {
    /// The most the slide shown may be zoomed: 8, or the zoom that shows a picture larger than
    /// that at its full resolution (`settings.fullResolution`, from its header).
    var maxZoom: Float {
        guard settings.fullResolution, let size = source.fullSize(current) else { return 8 }
        let layout = SlideLayout(contentMode: settings.contentMode, rotation: Float(turn.to) * .pi / 2)
        let fitted = layout.fittedScale(imageWidth: size.width, imageHeight: size.height, viewWidth: canvas.width,
                                        viewHeight: canvas.height)
        return max(8, 1 / (fitted * canvas.scale))
    }

    func resetZoom() {
        zoom = 1
        pan = Point(0, 0)
    }

    func pinched(_ s: GestureState, _ scale: Float) {
        switch s {
        case .began: pinchBase = zoom
        case .changed, .ended: zoom = max(1, min(maxZoom, pinchBase * scale))
        default: break
        }
        if zoom <= 1.001 { resetZoom() }
    }

    /// Zooms by the wheel's `dy` steps about the view point `p`: the picture's point under the
    /// pointer stays under it. Whether the zoom or the pan changed.
    @discardableResult
    func wheelZoom(_ dy: Float, at p: Point) -> Bool {
        let z = max(1, min(maxZoom, zoom * WheelZoom.factor(steps: dy)))
        guard dy != 0, z != zoom else { return false }
        // The layout puts the picture's center at the view's center plus `pan`, zoomed about it.
        let cx = canvas.width / 2 + pan.x, cy = canvas.height / 2 + pan.y, k = z / zoom
        pan = Point(p.x - canvas.width / 2 - (p.x - cx) * k, p.y - canvas.height / 2 - (p.y - cy) * k)
        zoom = z
        if zoom <= 1.001 { resetZoom() }
        return true
    }

    func panned(_ s: GestureState, _ t: Point) {
        switch s {
        case .began: panBase = pan
        case .changed, .ended: pan = Point(panBase.x + t.x, panBase.y + t.y)
        default: break
        }
    }
}

extension SlideShowApp {
    /// Tiles on screen the last frame drew the fitted picture in place of (not decoded yet:
    /// a window's frame; a replay waits for them): for measurements.
    public var missingTiles: Int { view?.tiles?.missing ?? 0 }
    /// Tile textures held now (`SlideTiles.budget` at most): for measurements.
    public var tileTextures: Int { view?.tiles?.residentTextures ?? 0 }

    /// A wake-up for the window while movies play live or tiles are drawn live; none otherwise.
    func makeWakeup() {
        let live = playsMoviesLive || drawsTilesLive
        if live != (wakeup != nil) { wakeup = live ? HostWakeup() : nil }
    }
}
