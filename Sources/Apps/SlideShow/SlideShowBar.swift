import GLFunKit
import GLFunUI

/// The bottom bar: Start/Stop (the sample's titles), previous, next, the transition's name
/// (tap: the next kind), the Order / Shuffle control (two segments, the chosen one lit), and
/// the duration slider with its label (the show's total duration). Layout in points; `offset`
/// slides it down out of view.
struct SlideShowBar {
    static let height: Float = 44
    static let buttonHeight: Float = 30
    /// The narrowest view whose bar has the Order / Shuffle control (points).
    static let orderControlMinimumWidth: Float = 580

    enum Control: Equatable {
        case startStop, previous, next, transition, inOrder, shuffle, slider
    }

    struct Button {
        var control: Control
        var frame: Rect
        var label: String
        /// An unchosen segment (drawn dim).
        var dimmed = false
    }

    let frame: Rect
    let buttons: [Button]
    /// The slider's track; the thumb sits at `fraction` along it.
    let track: Rect
    let fraction: Float
    let durationLabel: String
    let labelFrame: Rect

    /// - Parameters:
    ///   - fraction: where the slider's thumb is, 0...1.
    ///   - offset: how far the bar has slid down (0 shown, `height` gone).
    ///   - shuffled: the Order / Shuffle control's choice; nil, no such control (nor on a view
    ///     narrower than `orderControlMinimumWidth`, where the slider needs the room; `S` still
    ///     switches).
    init(canvas: Canvas, playing: Bool, transitionName: String, fraction: Float, durationLabel: String, offset: Float = 0,
         shuffled: Bool? = nil) {
        frame = Rect(x: 0, y: canvas.height - SlideShowBar.height + offset, width: canvas.width, height: SlideShowBar.height)
        let y = frame.y + (SlideShowBar.height - SlideShowBar.buttonHeight) / 2
        var x: Float = 8
        var list: [Button] = []
        for (control, label, width) in [(Control.startStop, playing ? "Stop" : "Start", Float(64)),
                                        (.previous, "Prev", 56), (.next, "Next", 56),
                                        (.transition, transitionName, 96)] {
            list.append(Button(control: control, frame: Rect(x: x, y: y, width: width, height: SlideShowBar.buttonHeight),
                               label: label))
            x += width + 6
        }
        if let shuffled, canvas.width >= SlideShowBar.orderControlMinimumWidth {
            for (control, label, width, on) in [(Control.inOrder, "Order", Float(60), !shuffled),
                                                (.shuffle, "Shuffle", 64, shuffled)] {
                list.append(Button(control: control, frame: Rect(x: x, y: y, width: width, height: SlideShowBar.buttonHeight),
                                   label: label, dimmed: !on))
                x += width
            }
            x += 6
        }
        buttons = list
        let labelWidth = max(72, Float(durationLabel.count) * 8)
        let trackX = x + 10, trackW = max(40, canvas.width - trackX - labelWidth - 16)
        track = Rect(x: trackX, y: frame.y + SlideShowBar.height / 2 - 2, width: trackW, height: 4)
        self.fraction = max(0, min(1, fraction))
        self.durationLabel = durationLabel
        labelFrame = Rect(x: trackX + trackW + 8, y: y, width: labelWidth, height: SlideShowBar.buttonHeight)
    }

    /// The control under a point (the slider answers along its whole height of the bar).
    func hit(_ p: Point) -> Control? {
        if let b = buttons.first(where: { $0.frame.contains(p) }) { return b.control }
        let slider = Rect(x: track.x - 10, y: frame.y, width: track.width + 20, height: frame.height)
        return slider.contains(p) ? .slider : nil
    }

    /// The slider's value (0...1) under x.
    func sliderFraction(at x: Float) -> Float { max(0, min(1, (x - track.x) / track.width)) }

    /// Where the thumb is drawn (a square, its center on the track).
    var thumb: Rect {
        Rect(x: track.x + fraction * track.width - 8, y: track.y + 2 - 8, width: 16, height: 16)
    }
}
