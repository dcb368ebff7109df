import GLFunHost
import GLFunKit
import GLFunUI
import Gestures

/// TouchExplorer, the classic sample that shows what the touches are doing: a message label
/// (the phase: "Touches Began", "Drag Detected", "Touches Stopped."), the tap count and the
/// number of touches, and here a dot under every touch. It draws nothing else.
public final class TouchExplorerApp: InteractiveApp {
    public typealias Frame = FrameTarget
    public static let name = "touches"

    public private(set) var canvas: Canvas
    public private(set) var now: Double = 0
    /// The sample's three labels, top to bottom: message, taps, touches (empty until touched).
    public private(set) var lines: [String] = ["", "", ""]
    /// Every touch that is down, in points.
    public private(set) var touchLocations: [(id: Int, location: Point)] = []
    private var tracker = TouchTracker()
    private var seed: UInt64
    private var screen: TouchScreen?

    public init(canvas: Canvas, seed: UInt64 = 0) {
        self.canvas = canvas
        self.seed = seed
    }

    public var title: String { "GLFun TouchExplorer" }
    public var session: Session { Session(app: TouchExplorerApp.name, seed: seed) }

    public func handle(_ e: TimedEvent) -> [HostEffect] {
        now = max(now, e.t)
        switch e.event {
        case let .session(s):
            seed = s.seed
            return []
        case let .resize(w, h, s):
            canvas = Canvas(width: w, height: h, scale: s)
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
        touchLocations.removeAll { $0.id == id }
        if !phase.isFinal { touchLocations.append((id, p)) }
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

    public func draw(_ frame: FrameTarget) throws -> FrameReport {
        if screen == nil || screen!.renderer !== frame.renderer { screen = try TouchScreen(renderer: frame.renderer) }
        try screen!.draw(frame, background: .background, dots: touchLocations.map(\.location),
                         lines: lines.map { ($0, 22) })
        return FrameReport()
    }
}
