import GLFunHost
import GLFunKit

/// What the touch demos share: the canvas (kept by resize events), where every touch is down
/// (a dot each), and drawing that with lines of text on a `TouchScreen`.
public struct DemoCanvas {
    /// The canvas, as the last resize event set it.
    public private(set) var canvas: Canvas
    /// Every touch that is down, in points, in the order they began.
    public private(set) var touchLocations: [(id: Int, location: Point)] = []
    private var screen: TouchScreen?

    /// A demo canvas of `canvas`, no touch down.
    public init(canvas: Canvas) {
        self.canvas = canvas
    }

    /// Keeps the canvas and the touch locations up to date with an event (any other event is
    /// left alone).
    public mutating func note(_ event: InputEvent) {
        switch event {
        case let .resize(w, h, s):
            canvas = Canvas(width: w, height: h, scale: s)
        case let .touch(phase, id, x, y):
            touchLocations.removeAll { $0.id == id }
            if !phase.isFinal { touchLocations.append((id, Point(x, y))) }
        case .session, .key, .tick, .scroll:
            break
        }
    }

    /// Draws the background, a dot under every touch, and `lines` (text, size in points)
    /// centered one under another. The screen is made at the first frame, for its renderer.
    public mutating func draw(_ frame: FrameTarget, lines: [(text: String, size: Float)]) throws -> FrameReport {
        try draw(frame, lines: lines, layout: .centered(top: 84, spacing: 36))
    }

    /// Draws the background, a dot under every touch, and `lines` (text, size in points)
    /// placed by `layout`. The screen is made at the first frame, for its renderer.
    public mutating func draw(_ frame: FrameTarget, lines: [(text: String, size: Float)],
                              layout: TouchScreen.LineLayout) throws -> FrameReport {
        if screen == nil || screen!.renderer !== frame.renderer { screen = try TouchScreen(renderer: frame.renderer) }
        try screen!.draw(frame, background: .background, dots: touchLocations.map(\.location), lines: lines, layout: layout)
        return FrameReport()
    }
}
