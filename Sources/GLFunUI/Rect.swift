import GLFunKit

/// A rectangle in points, top-left origin.
public struct Rect: Equatable, Sendable {
    /// The top-left corner and the size, in points.
    public var x: Float, y: Float, width: Float, height: Float
    /// A rectangle at (`x`, `y`), `width` × `height` points.
    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    /// Whether `p` is inside (the right and bottom edges excluded).
    public func contains(_ p: Point) -> Bool { p.x >= x && p.x < x + width && p.y >= y && p.y < y + height }
    /// The right edge.
    public var maxX: Float { x + width }
    /// The bottom edge.
    public var maxY: Float { y + height }

    /// The smallest rect holding both (nil when both are nil).
    public static func union(_ a: Rect?, _ b: Rect?) -> Rect? {
        guard let a else { return b }
        guard let b else { return a }
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return Rect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
    }
}
