import GLFunGLES
import GLFunKit

/// A framebuffer the size of a canvas in pixels, made again when the canvas's pixel size
/// changes (the old one's GL objects freed before the new one's are made): the cached layers,
/// composed slides and offscreen frames the hosts and apps keep from frame to frame.
public struct CanvasTarget {
    /// The framebuffer, once `fit` made one.
    public private(set) var framebuffer: Framebuffer?
    /// Whether it has a depth buffer.
    public let depth: Bool

    /// None yet; `fit` makes it (with a depth buffer if `depth`).
    public init(depth: Bool) {
        self.depth = depth
    }

    /// The framebuffer for `canvas`, made in `context` when there is none or its size is not
    /// the canvas's pixels; `made` says so (a new one's pixels are undefined: draw them all).
    public mutating func fit(_ canvas: Canvas, context: Context) throws(GLESError) -> (framebuffer: Framebuffer, made: Bool) {
        if let f = framebuffer, f.width == canvas.pixelWidth, f.height == canvas.pixelHeight { return (f, false) }
        framebuffer = nil
        let f = try Framebuffer(context: context, width: canvas.pixelWidth, height: canvas.pixelHeight, depth: depth)
        framebuffer = f
        return (f, true)
    }

    /// Frees the framebuffer (the next `fit` makes one).
    public mutating func drop() {
        framebuffer = nil
    }
}
