import GLFunGLES
import GLFunKit

/// Layer tests' drawing: straight into a framebuffer, read back premultiplied.
class LayerTestCase: RenderTestCase {
    /// Renders `shapes` on a `size` x `size` canvas at scale 1 into a framebuffer cleared to
    /// `background`, read back as stored (premultiplied).
    func premultiplied(_ shapes: [Shape], size: Int = 20, background: Color = Color(0, 0, 0, 0),
                       antialias: Bool = true, depth: Bool = true) throws -> Image {
        renderer.antialias = antialias
        defer { renderer.antialias = false }
        let fb = try Framebuffer(context: ctx, width: size, height: size, depth: depth)
        fb.bind()
        try renderer.draw(shapes, canvas: Canvas(width: Float(size), height: Float(size), scale: 1),
                          background: background, targetHasDepth: depth)
        return try fb.readPixels(alpha: .asStored)
    }

    func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
        Path.polyline([Point(Float(x0), Float(y0)), Point(Float(x1), Float(y0)), Point(Float(x1), Float(y1)),
                       Point(Float(x0), Float(y1))], closed: true)
    }
}
