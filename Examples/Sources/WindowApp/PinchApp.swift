import GLFunHost
import GLFunKit
import GLFunUI
import GLFunGestures

/// An app on GLFun's host: an ellipse in the middle of the window that a pinch scales.
/// With a mouse, Alt-drag makes two touches mirrored about the window's center: a pinch.
/// It reads time only from its events, so a recording replays to the same pixels.
final class PinchApp: InteractiveApp {
    typealias Frame = FrameTarget
    static let name = "pinch-example"

    private(set) var canvas: Canvas
    /// The ellipse's size is `baseSize` points times `scale`.
    private(set) var scale: Float = 1
    let baseSize: Float = 120
    private let arena = GestureArena()
    private let pinch = PinchGestureRecognizer()

    init(canvas: Canvas) {
        self.canvas = canvas
        arena.add(pinch)
        pinch.addAction { [unowned self] p in
            // UIKit's idiom: take the change since the last action, then start again from 1.
            scale = min(6, max(0.2, scale * Float(p.scale)))
            p.scale = 1
        }
    }

    var title: String { "GLFun pinch example" }
    var session: Session { Session(app: PinchApp.name, seed: 0) }
    var nextDeadline: Double? { arena.nextDeadline }

    func handle(_ e: TimedEvent) -> [HostEffect] {
        switch e.event {
        case let .resize(w, h, s):
            canvas = Canvas(width: w, height: h, scale: s)
            return [.redraw]
        case let .touch(phase, id, x, y):
            let before = scale
            arena.handle(phase: phase, id: id, x: Double(x), y: Double(y), time: e.t)
            return scale == before ? [] : [.redraw]
        case let .key(k, mods):
            return k == "escape" || (k == "q" && mods.contains(.ctrl)) ? [.quit] : []
        case .tick:
            arena.advance(to: e.t)
            return []
        case .session, .scroll:
            return []
        }
    }

    /// The ellipse, centered on the canvas.
    var shape: Shape {
        let cx = canvas.width / 2, cy = canvas.height / 2, r = baseSize * scale / 2
        return .ellipse(Point(cx - r, cy - r), Point(cx + r, cy + r), color: Color(0.9, 0.3, 0.1))
    }

    func draw(_ frame: FrameTarget) throws -> FrameReport {
        frame.bind()
        try frame.renderer.draw([shape], canvas: frame.canvas, background: .background, targetHasDepth: false)
        return FrameReport()
    }
}
