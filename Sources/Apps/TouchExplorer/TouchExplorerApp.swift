import GLFunHost
import GLFunKit
import GLFunUI
import GLFunGestures

/// TouchExplorer, the classic sample that shows what the touches are doing: a message label
/// (the phase: "Touches Began", "Drag Detected", "Touches Stopped."), the tap count and the
/// number of touches, and here a dot under every touch. It draws nothing else.
///
/// `classic` (`glfun touches --classic`) is the original exactly: its texts ("1 taps detected",
/// "%d touches detected" with the touches of the one event, not all that are down) and its
/// labels' frames (x 20, y 20 / 49 / 78, 280 x 21 points, left-aligned, 17 points). By default the
/// texts read as English ("1 tap detected") and the count is of every touch down, centered.
public final class TouchExplorerApp: GLFunApp {
    /// Frames are drawn into a `FrameTarget`.
    public typealias Frame = FrameTarget
    /// The app's name in a recording's session line.
    public static let name = "touches"

    private var demo: DemoCanvas
    /// The canvas, as the last resize event set it.
    public var canvas: Canvas { demo.canvas }
    /// The latest event's time, in seconds.
    public private(set) var now: Double = 0
    /// The sample's three labels, top to bottom: message, taps, touches. Until the first touch
    /// the message is `hint` (the classic look: empty, as the original).
    public private(set) var lines: [String] = ["", "", ""]
    /// What the window says until the first touch, so that it does not open plain grey.
    public static let hint = "Touch the window with one or more fingers"
    private var tracker = TouchTracker()
    /// The seed recorded in its session.
    public private(set) var seed: UInt64
    /// Whether it is the original exactly (texts, counts, label frames).
    public let classic: Bool
    /// The touches of the event under way in classic mode (those of one time and phase, as one
    /// UIEvent carries them): the count "%d touches detected" shows.
    private var event: (t: Double, phase: TouchPhase, ids: Set<Int>)?
    /// The original's labels: message, taps, touches (x 20, y 20 / 49 / 78, 280 x 21 points).
    public static let classicLabelFrames = [20, 49, 78].map { Rect(x: 20, y: $0, width: 280, height: 21) }
    /// The original's label text size (UILabel's 17 points).
    public static let classicTextSize: Float = 17
    /// Every touch that is down, in points (a dot each).
    public var touchLocations: [(id: Int, location: Point)] { demo.touchLocations }

    /// An app on `canvas`; `seed` is recorded in its session; `classic`: the original exactly.
    public init(canvas: Canvas, seed: UInt64 = 0, classic: Bool = false) {
        demo = DemoCanvas(canvas: canvas)
        self.seed = seed
        self.classic = classic
        if !classic { lines[0] = TouchExplorerApp.hint }
    }

    /// What its session line carries: the original's texts and labels, or today's.
    public struct Settings: AppSettings {
        /// The original exactly (`--classic`).
        public var classic = false
        /// Settings; by default today's texts.
        public init(classic: Bool = false) { self.classic = classic }
        /// `glfun touches` starts with today's texts.
        public static let commandLineDefaults = Settings()
        /// `glfun touches`'s options.
        public static let options: [SettingOption] = [
            SettingOption("classic", .flag(setting: true),
                          help: "The original exactly: its texts (\"1 taps detected\", the touches of each event counted) and its labels' places."),
        ]
    }
    /// A recording without the option was made with today's texts.
    public static let recordedDefaults = Settings()
    /// The settings now.
    public var settings: Settings { Settings(classic: classic) }

    /// The app for a host's start.
    public convenience init(settings: Settings, seed: UInt64, start: AppStart) {
        self.init(canvas: start.canvas, seed: seed, classic: settings.classic)
    }

    /// The window's title.
    public var title: String { "GLFun TouchExplorer" }

    /// Takes one event; returns what the host should do.
    public func handle(_ e: TimedEvent) -> [HostEffect] {
        now = max(now, e.t)
        demo.note(e.event)
        switch e.event {
        case let .session(s):
            seed = s.seed
            return []
        case .resize:
            break
        case let .touch(phase, id, x, y):
            touch(phase, id: id, at: Point(x, y))
        case let .key(k, mods):
            return HostEffect.standard(forKey: k, mods) ?? []
        case .tick, .scroll:
            return []
        }
        return [.redraw]
    }

    private func touch(_ phase: TouchPhase, id: Int, at p: Point) {
        guard let t = tracker.update(phase: phase, id: id, location: GesturePoint(x: Double(p.x), y: Double(p.y)),
                                     time: now) else { return }
        let down = tracker.touches.filter { !$0.phase.isFinal }.count
        switch phase {
        case .began: lines[0] = "Touches Began"
        case .moved, .stationary: lines[0] = "Drag Detected"
        case .ended: lines[0] = "Touches Stopped."
        case .cancelled: lines[0] = "Touches Cancelled"
        }
        if classic {
            // The original: "%d taps detected" and the count of the event's touches.
            if let e = event, e.t == now, e.phase == phase {
                event!.ids.insert(id)
            } else {
                event = (now, phase, [id])
            }
            lines[1] = "\(t.tapCount) taps detected"
            lines[2] = "\(event!.ids.count) touches detected"
            return
        }
        lines[1] = t.tapCount == 1 ? "1 tap detected" : "\(t.tapCount) taps detected"
        let n = max(down, phase.isFinal ? 1 : down)
        lines[2] = n == 1 ? "1 touch detected" : "\(n) touches detected"
    }

    /// Draws the current state into `frame`.
    public func draw(_ frame: FrameTarget) throws -> FrameReport {
        if classic {
            return try demo.draw(frame, lines: lines.map { ($0, TouchExplorerApp.classicTextSize) },
                                 layout: .frames(TouchExplorerApp.classicLabelFrames))
        }
        return try demo.draw(frame, lines: lines.map { ($0, 22) })
    }
}
