import Foundation

/// The orthographic projection GLFun draws with: x 0...width maps to clip
/// -1...1, y 0...height (top-left origin, y down) maps to clip 1...-1. This is
/// the one place the y axis flips.
public enum Projection {
    /// Column-major 4x4 matrix for glUniformMatrix4fv.
    public static func orthographic(width: Float, height: Float) -> [Float] {
        precondition(width > 0 && height > 0, "Projection.orthographic needs a positive size, not \(width)x\(height).")
        return [
            2 / width, 0, 0, 0,
            0, -2 / height, 0, 0,
            0, 0, -1, 0,
            -1, 1, 0, 1,
        ]
    }

    /// Applies `matrix` to a point (z = 0, w = 1), returning clip x and y.
    public static func apply(_ m: [Float], _ p: Point) -> (x: Float, y: Float) {
        (m[0] * p.x + m[4] * p.y + m[12], m[1] * p.x + m[5] * p.y + m[13])
    }
}

/// The canvas a frame is drawn for: its size in points and pixels per point.
public struct Canvas: Equatable, Sendable {
    /// The width in points.
    public var width: Float
    /// The height in points.
    public var height: Float
    /// Pixels per point.
    public var scale: Float
    /// A canvas of `width` × `height` points at `scale` pixels per point.
    public init(width: Float, height: Float, scale: Float = 1) {
        self.width = width
        self.height = height
        self.scale = scale
    }
    /// The framebuffer size this canvas needs, in pixels.
    public var pixelWidth: Int { max(1, Int((width * scale).rounded())) }
    /// The framebuffer height this canvas needs, in pixels.
    public var pixelHeight: Int { max(1, Int((height * scale).rounded())) }
}

/// How the canvas's view shows the document: document points are scaled by
/// `scale` and rotated by `rotation` (radians, clockwise on screen since y
/// points down) about the origin, then moved by (tx, ty). The document's
/// coordinates never change; only the view does (pinch, rotate, pan).
public struct ViewTransform: Equatable, Sendable {
    /// Horizontal move, in points.
    public var tx: Float = 0
    /// Vertical move, in points.
    public var ty: Float = 0
    /// The zoom factor.
    public var scale: Float = 1
    /// The rotation in radians, clockwise on screen.
    public var rotation: Float = 0
    /// A transform; by default the identity.
    public init(tx: Float = 0, ty: Float = 0, scale: Float = 1, rotation: Float = 0) {
        self.tx = tx
        self.ty = ty
        self.scale = scale
        self.rotation = rotation
    }
    /// No move, no zoom, no rotation.
    public static let identity = ViewTransform()
    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// Document point -> view (screen) point.
    public func apply(_ p: Point) -> Point {
        let c = cos(rotation) * scale, s = sin(rotation) * scale
        return Point(c * p.x - s * p.y + tx, s * p.x + c * p.y + ty)
    }

    /// View (screen) point -> document point.
    public func invert(_ p: Point) -> Point {
        let x = p.x - tx, y = p.y - ty
        let c = cos(rotation) / scale, s = sin(rotation) / scale
        return Point(c * x + s * y, -s * x + c * y)
    }

    /// The transform that first applies `self`, then `other`.
    public func then(_ other: ViewTransform) -> ViewTransform {
        let o = other.apply(Point(tx, ty))
        return ViewTransform(tx: o.x, ty: o.y, scale: scale * other.scale, rotation: rotation + other.rotation)
    }

    /// The transform that first applies `self`, then zooms by `factor` about the view point `p`
    /// (the point under `p` stays there: a wheel's zoom about the pointer).
    public func zoomed(by factor: Float, about p: Point) -> ViewTransform {
        then(ViewTransform(tx: -p.x, ty: -p.y)).then(ViewTransform(tx: p.x, ty: p.y, scale: factor))
    }

    /// The inverse transform.
    public var inverse: ViewTransform {
        let o = ViewTransform(scale: 1 / scale, rotation: -rotation).apply(Point(-tx, -ty))
        return ViewTransform(tx: o.x, ty: o.y, scale: 1 / scale, rotation: -rotation)
    }

    /// The column-major 4x4 matrix of the transform (z untouched).
    public var matrix: [Float] {
        let c = cos(rotation) * scale, s = sin(rotation) * scale
        return [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1]
    }
}

/// Column-major 4x4 product a * b.
func multiply(_ a: [Float], _ b: [Float]) -> [Float] {
    var r = [Float](repeating: 0, count: 16)
    for col in 0..<4 {
        for row in 0..<4 {
            var v: Float = 0
            for k in 0..<4 { v += a[k * 4 + row] * b[col * 4 + k] }
            r[col * 4 + row] = v
        }
    }
    return r
}
