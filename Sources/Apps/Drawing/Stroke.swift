import GLFunKit

/// A shape being drawn by one touch, from its first location to its last.
public struct Stroke: Equatable, Sendable {
    /// The touch drawing it.
    public var id: Int
    /// Document points.
    public var firstTouch: Point
    /// Where the touch is now, in document points.
    public var lastTouch: Point
    /// The shape's color.
    public var color: Color
    /// The kind of shape.
    public var kind: ShapeKind
    /// When and where (view points) the touch began, and whether it has moved 10 points from
    /// there: a second finger within 150 ms of an unmoved first one makes a canvas gesture.
    var beganAt: Double = 0
    var firstScreen = Point.zero
    var lastScreen = Point.zero
    var movedFar = false
    /// The pen's points and path (pen strokes only).
    public var ink: PenInk?

    /// The shape as it stands now.
    public var shape: Shape {
        switch kind {
        case .line: return .line(firstTouch, lastTouch, color: color)
        case .rect: return .rect(firstTouch, lastTouch, color: color)
        case .ellipse: return .ellipse(firstTouch, lastTouch, color: color)
        case .image: return .image(DrawingApp.spriteName, at: lastTouch)
        case .path: return ink?.finalShape ?? .line(firstTouch, lastTouch, color: color)
        }
    }

    /// What to draw while the touch is down: the shape, or a pen stroke's chunks and tail
    /// (made as the touch moves, not per frame).
    public var liveShapes: [Shape] { ink?.liveShapes ?? [shape] }

    /// Whether the finished shape draws anything (a line or box of no size does not).
    var drawsSomething: Bool {
        if kind == .path { return ink != nil }  // a pen's tap is a dot
        let s = shape
        if s.kind != .image && s.from == s.to { return false }
        if s.kind == .rect || s.kind == .ellipse, s.from.x == s.to.x || s.from.y == s.to.y { return false }
        return true
    }
}
