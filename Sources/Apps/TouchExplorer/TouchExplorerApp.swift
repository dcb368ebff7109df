import GLFunHost
import GLFunKit
import GLFunUI
import Gestures

/// TouchExplorer, the classic sample that shows what the touches are doing: a message label
/// (the phase: "Touches Began", "Drag Detected", "Touches Stopped."), the tap count and the
/// number of touches, and here a dot under every touch. It draws nothing else.
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
    /// The sample's three labels, top to bottom: message, taps, touches (empty until touched).
    public private(set) var lines: [String] = ["", "", ""]
    private var tracker = TouchTracker()
    /// The seed recorded in its session.
    public private(set) var seed: UInt64
    /// Every touch that is down, in points (a dot each).
    public var touchLocations: [(id: Int, location: Point)] { demo.touchLocations }

    /// An app on `canvas`; `seed` is recorded in its session.
    public init(canvas: Canvas, seed: UInt64 = 0) {
        demo = DemoCanvas(canvas: canvas)
        self.seed = seed
    }

    /// It has no settings: its session line carries only the seed.
    public struct Settings: Codable, Equatable, Sendable {
        /// No settings.
        public init() {}
    }
    /// No settings.
    public static let recordedDefaults = Settings()
    /// No settings.
    public var settings: Settings { Settings() }

    /// The app for a host's start.
    public convenience init(settings: Settings, seed: UInt64, start: AppStart) {
        self.init(canvas: start.canvas, seed: seed)
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
        case .tick:
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
        lines[1] = t.tapCount == 1 ? "1 tap detected" : "\(t.tapCount) taps detected"
        let n = max(down, phase.isFinal ? 1 : down)
        lines[2] = n == 1 ? "1 touch detected" : "\(n) touches detected"
    }

    /// Draws the current state into `frame`.
    public func draw(_ frame: FrameTarget) throws -> FrameReport {
        try demo.draw(frame, lines: lines.map { ($0, 22) })
    }
}
