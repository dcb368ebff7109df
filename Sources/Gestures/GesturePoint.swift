/// A point or a vector in the host's coordinate space (GLFun: points, top-left origin,
/// y down, as UIKit's `location(in:)`). Double precision, so that long drags and tiny
/// velocities do not lose bits. This module's own type: Gestures depends on nothing.
public struct GesturePoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

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

    @inlinable
    public static func + (a: GesturePoint, b: GesturePoint) -> GesturePoint {
        GesturePoint(x: a.x + b.x, y: a.y + b.y)
    }

    @inlinable
    public static func - (a: GesturePoint, b: GesturePoint) -> GesturePoint {
        GesturePoint(x: a.x - b.x, y: a.y - b.y)
    }

    @inlinable
    public static func * (a: GesturePoint, s: Double) -> GesturePoint {
        GesturePoint(x: a.x * s, y: a.y * s)
    }

    @inlinable
    public static func / (a: GesturePoint, s: Double) -> GesturePoint {
        GesturePoint(x: a.x / s, y: a.y / s)
    }

    @inlinable
    public static func += (a: inout GesturePoint, b: GesturePoint) { a = a + b }

    @inlinable
    public static func -= (a: inout GesturePoint, b: GesturePoint) { a = a - b }

    public var description: String { "(\(x), \(y))" }
}
