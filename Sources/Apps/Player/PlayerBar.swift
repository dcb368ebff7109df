import GLFunKit
import GLFunUI

/// The player's bottom bar: play/pause, the time (`0:12 / 1:30`), the position slider you drag
/// to seek, and mute. Layout in points, from the canvas; hit testing; the slider's arithmetic.
public struct PlayerBar {
    /// The bar's height in points.
    public static let height: Float = 44
    /// A button's height in points.
    public static let buttonHeight: Float = 30

    /// What a part of the bar does.
    public enum Control: Equatable {
        case playPause, slider, mute
    }

    /// One button of the bar.
    public struct Button {
        /// What it does.
        public var control: Control
        /// Where it is, in points.
        public var frame: Rect
        /// Its label.
        public var label: String
    }

    /// The whole bar, in points.
    public let frame: Rect
    /// Its buttons.
    public let buttons: [Button]
    /// The time, as `0:12 / 1:30`.
    public let timeLabel: String
    /// Where the time is shown.
    public let timeFrame: Rect
    /// The slider's track; the thumb sits at `fraction` along it.
    public let track: Rect
    /// The position as a share of the length, 0...1.
    public let fraction: Float

    /// The bar laid out for `canvas` and the player's state.
    /// `soundOff`: the player was started without sound (`--no-sound`): the mute button says
    /// "No sound" (there is nothing to unmute).
    public init(canvas: Canvas, playing: Bool, muted: Bool, position: Double, duration: Double, soundOff: Bool = false) {
        frame = Rect(x: 0, y: canvas.height - PlayerBar.height, width: canvas.width, height: PlayerBar.height)
        let y = frame.y + (PlayerBar.height - PlayerBar.buttonHeight) / 2
        let play = Button(control: .playPause, frame: Rect(x: 8, y: y, width: 64, height: PlayerBar.buttonHeight),
                          label: playing ? "Pause" : "Play")
        let muteWidth: Float = 72
        let mute = Button(control: .mute,
                          frame: Rect(x: canvas.width - 8 - muteWidth, y: y, width: muteWidth, height: PlayerBar.buttonHeight),
                          label: soundOff ? "No sound" : muted ? "Unmute" : "Mute")
        buttons = [play, mute]
        timeLabel = PlayerBar.time(position) + " / " + PlayerBar.time(duration)
        let timeWidth: Float = duration >= 3600 ? 150 : 104
        timeFrame = Rect(x: play.frame.maxX + 6, y: y, width: timeWidth, height: PlayerBar.buttonHeight)
        let trackX = timeFrame.maxX + 12
        track = Rect(x: trackX, y: frame.y + PlayerBar.height / 2 - 2, width: max(20, mute.frame.x - 14 - trackX), height: 4)
        fraction = duration > 0 ? Float(max(0, min(1, position / duration))) : 0
    }

    /// The control under a point (the slider answers along the bar's whole height).
    public func hit(_ p: Point) -> Control? {
        if let b = buttons.first(where: { $0.frame.contains(p) }) { return b.control }
        let slider = Rect(x: track.x - 10, y: frame.y, width: track.width + 20, height: frame.height)
        return slider.contains(p) ? .slider : nil
    }

    /// The slider's value (0...1) under x.
    public func sliderFraction(at x: Float) -> Float { max(0, min(1, (x - track.x) / track.width)) }

    /// Where the thumb is drawn (its center on the track).
    public var thumb: Rect {
        Rect(x: track.x + fraction * track.width - 8, y: track.y + 2 - 8, width: 16, height: 16)
    }

    /// Seconds as a player shows them: `0:07`, `1:30`, `1:02:03` (whole seconds, rounded down).
    public static func time(_ seconds: Double) -> String {
        let s = seconds.isFinite ? max(0, Int(seconds.rounded(.down))) : 0
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if s >= 3600 { return "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" }
        return "\(s / 60):\(two(s % 60))"
    }
}
