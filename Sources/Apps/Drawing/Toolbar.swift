import GLFunKit
import GLFunUI

/// The sample's two segmented controls: colors in a bar at the top, shapes
/// in a bar at the bottom. Layout in points; the selection is shown filled.
public struct Toolbar: Equatable, Sendable {
    /// A bar's height in points.
    public static let barHeight: Float = 44
    /// A segment's height in points.
    public static let segmentHeight: Float = 30

    /// One segment of a bar.
    public struct Segment: Equatable, Sendable {
        /// Its label.
        public var label: String
        /// Where it is, in points.
        public var frame: Rect
        /// Whether it is the current choice.
        public var selected: Bool
        /// What a tap on it chooses.
        public var hit: Hit
    }

    /// What a segment chooses: a color or a shape.
    public enum Hit: Equatable, Sendable {
        case color(ColorChoice)
        case shape(ShapeKind)
    }

    /// The colors' bar.
    public var topBar: Rect
    /// The shapes' bar.
    public var bottomBar: Rect
    /// Every segment of both bars.
    public var segments: [Segment]
    /// The pen's width, shown at the right of the bottom bar (`widthBox`).
    public var penWidth: Float
    /// Where the pen width is shown (a preview dot and "N pt"), right of the shape segments;
    /// nil when the bar is too narrow for it.
    public var widthBox: Rect?
    /// The width box's width in points.
    public static let widthBoxWidth: Float = 84

    /// The width's label, "4 pt".
    public var widthLabel: String { "\(Int(penWidth)) pt" }

    /// The bars laid out for `canvas`, with `color`, `shape` and `penWidth` selected.
    public init(canvas: Canvas, color: ColorChoice, shape: ShapeKind, penWidth: Float = PenInk.defaultWidth) {
        self.penWidth = penWidth
        let w = canvas.width, h = canvas.height
        topBar = Rect(x: 0, y: 0, width: w, height: Toolbar.barHeight)
        bottomBar = Rect(x: 0, y: h - Toolbar.barHeight, width: w, height: Toolbar.barHeight)
        var segs: [Segment] = []
        func row(_ items: [(String, Hit, Bool)], in bar: Rect) {
            let segW = min(80, (bar.width - 16) / Float(items.count))
            let total = segW * Float(items.count)
            let x0 = ((bar.width - total) / 2).rounded(.down)
            let y0 = bar.y + ((bar.height - Toolbar.segmentHeight) / 2).rounded(.down)
            for (i, item) in items.enumerated() {
                let f = Rect(x: x0 + Float(i) * segW, y: y0, width: segW, height: Toolbar.segmentHeight)
                segs.append(Segment(label: item.0, frame: f, selected: item.2, hit: item.1))
            }
        }
        row(ColorChoice.allCases.map { ($0.label, .color($0), $0 == color) }, in: topBar)
        row(ShapeKind.allCases.map { ($0.label, .shape($0), $0 == shape) }, in: bottomBar)
        segments = segs
        let x = bottomBar.maxX - 8 - Toolbar.widthBoxWidth
        if let last = segs.last, last.frame.maxX + 8 <= x {
            widthBox = Rect(x: x, y: last.frame.y, width: Toolbar.widthBoxWidth, height: Toolbar.segmentHeight)
        }
    }

    /// The control under a point, if any. Points on a bar but between
    /// segments hit nothing but still belong to the bar (`covers`).
    public func hit(_ p: Point) -> Hit? {
        if let s = segments.first(where: { $0.frame.contains(p) }) { return s.hit }
        return nil
    }

    /// Whether a point lies on one of the bars.
    public func covers(_ p: Point) -> Bool { topBar.contains(p) || bottomBar.contains(p) }
}

/// The lines of the on-screen help (`?` or F1) and of `glfun --help`.
public enum Shortcuts {
    /// The help's lines.
    public static let lines: [String] = [
        "Drag to draw the selected shape. Keys:",
        "1 Red   2 Blue   3 Yellow   4 Green   5 Random",
        "L Line   R Rect   E Ellipse   I Image   P Pen",
        "[ and ] pen width (1 to 64 points)",
        "Ctrl+Z undo   Ctrl+Shift+Z or Ctrl+Y redo",
        "Ctrl+Backspace clear   Ctrl+S save",
        "Two fingers: pan, pinch, rotate the view   0 reset it",
        "Two-finger tap undo   three-finger tap redo",
        "Three-finger pinch scales the last shape",
        "Alt-drag: two touches (pinch, rotate)   Alt+Shift: pan",
        "Ctrl+Alt-drag: three touches   F11 full screen",
        "? or F1 this help   Esc or Ctrl+Q quit",
    ]
}
