/// A point or a vector in the host's coordinate space (GLFun: points, top-left origin,
/// y down, as UIKit's `location(in:)`). Double precision, so that long drags and tiny
/// velocities do not lose bits. This module's own type: Gestures depends on nothing.
public struct GesturePoint: Hashable, Sendable, CustomStringConvertible {
    /// Across.
    public var x: Double
    /// Down.
    public var y: Double

    /// The point (`x`, `y`).
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point (`x`, `y`).
    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    /// The origin.
    public static let zero = GesturePoint(x: 0, y: 0)

    /// The length of this point taken as a vector from the origin.
    @inlinable
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The straight-line distance to `other`.
    @inlinable
    public func distance(to other: GesturePoint) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The sum of two vectors.
    @inlinable
    public static func + (a: GesturePoint, b: GesturePoint) -> GesturePoint {
        GesturePoint(x: a.x + b.x, y: a.y + b.y)
    }

    /// The difference of two vectors.
    @inlinable
    public static func - (a: GesturePoint, b: GesturePoint) -> GesturePoint {
        GesturePoint(x: a.x - b.x, y: a.y - b.y)
    }

    /// The vector scaled by `s`.
    @inlinable
    public static func * (a: GesturePoint, s: Double) -> GesturePoint {
        GesturePoint(x: a.x * s, y: a.y * s)
    }

    /// The vector divided by `s`.
    @inlinable
    public static func / (a: GesturePoint, s: Double) -> GesturePoint {
        GesturePoint(x: a.x / s, y: a.y / s)
    }

    /// Adds `b` to `a`.
    @inlinable
    public static func += (a: inout GesturePoint, b: GesturePoint) { a = a + b }

    /// Subtracts `b` from `a`.
    @inlinable
    public static func -= (a: inout GesturePoint, b: GesturePoint) { a = a - b }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
