import GLFunHost
import GLFunKit

/// Touches: on the bar they press its buttons and drag its slider; anywhere else they go to
/// the gestures (taps, swipes, pinch, pan).
extension SlideShowApp {
    /// The per-slide intervals the slider spans, seconds.
    static let sliderRange = 1.0...30.0
    /// The whole show's lengths the slider spans in `--classic`, seconds (the original's slider
    /// sets the show's length; each slide gets that over the count).
    static let classicSliderRange = 5.0...300.0

    /// The bar as it stands now (sliding away in full screen).
    var bar: SlideShowBar {
        let total = interval * Double(max(1, order.count))
        let r = settings.classic ? SlideShowApp.classicSliderRange : SlideShowApp.sliderRange
        let value = settings.classic ? total : interval
        return SlideShowBar(canvas: canvas, playing: playing, transitionName: kindName,
                            fraction: Float((value - r.lowerBound) / (r.upperBound - r.lowerBound)),
                            durationLabel: settings.classic ? "Total " + SlideShowApp.seconds(total.rounded())
                                                            : SlideShowApp.seconds(total.rounded()),
                            offset: Float(bars.value(at: now)) * SlideShowBar.height,
                            shuffled: settings.orderControl ? shuffled : nil)
    }

    /// Whether any of the bar is on screen.
    var barVisible: Bool { bars.value(at: now) < 0.999 }

    /// How much of the bar shows through: in `--classic` it fades out while it slides away
    /// (full screen), as the original's; else it stays opaque.
    var barOpacity: Float { settings.classic ? Float(1 - bars.value(at: now)) : 1 }

    func touch(_ phase: TouchPhase, id: Int, at p: Point) {
        if let t = barTouch, t.id == id {
            if t.control == .slider, phase != .cancelled { slide(to: p.x) }
            if phase == .ended, let c = t.control, c != .slider, bar.hit(p) == c { press(c) }
            if phase.isFinal { barTouch = nil }
            return
        }
        if phase == .began, !fullScreen, barVisible, bar.frame.contains(p) {
            let c = bar.hit(p)
            barTouch = (id, c)
            if c == .slider { slide(to: p.x) }
            return
        }
        gestures.arena.handle(phase: phase, id: id, x: Double(p.x), y: Double(p.y), time: now)
    }

    private func press(_ c: SlideShowBar.Control) {
        switch c {
        case .startStop: togglePlay()
        case .previous: go(-1)
        case .next: go(1)
        case .transition: nextKind()
        case .inOrder: setShuffled(false)
        case .shuffle: setShuffled(true)
        case .slider: break
        }
    }

    /// The slider sets each slide's interval; in `--classic` the show's total duration, the
    /// timer's interval being that over the count.
    private func slide(to x: Float) {
        let f = Double(bar.sliderFraction(at: x))
        if settings.classic {
            let r = SlideShowApp.classicSliderRange
            let total = (r.lowerBound + f * (r.upperBound - r.lowerBound)).rounded()
            setInterval(total / Double(max(1, order.count)), total: total)
            return
        }
        let r = SlideShowApp.sliderRange
        let seconds = (r.lowerBound + f * (r.upperBound - r.lowerBound)) * 10
        setInterval(seconds.rounded() / 10)
    }
}
