/// A rectangle in a render target's pixels, top-left origin, y down (as the
/// layers above GLES count; GL's own origin is bottom-left, flipped where used).
public struct PixelRect: Equatable, Hashable, Sendable {
    /// The origin (top-left) and size, in pixels.
    public var x: Int, y: Int, width: Int, height: Int
    /// A rectangle at (`x`, `y`), `width` × `height` pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
