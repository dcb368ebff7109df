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
    public var width: Float
    public var height: Float
    public var scale: Float
    public init(width: Float, height: Float, scale: Float = 1) {
        self.width = width
        self.height = height
        self.scale = scale
    }
    /// The framebuffer size this canvas needs, in pixels.
    public var pixelWidth: Int { max(1, Int((width * scale).rounded())) }
    public var pixelHeight: Int { max(1, Int((height * scale).rounded())) }
}
