import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI

/// Where the face is drawn before it reaches the frame: an RGBA8 framebuffer of the canvas's
/// pixel size, copied onto the frame's target with blending off (as the drawing app's cached
/// layer is). Antialiased edges are blended, and blending rounds differently in a window's
/// surface (no alpha channel) than in the headless host's RGBA8 target: drawn straight into
/// the window, a few edge pixels differed by one level from `glfun replay`'s. Blended here,
/// in the same kind of target in both hosts, they are the same pixels.
///
/// The layer is drawn again only when what it shows changed (the shapes, the background or the
/// canvas); an expose only copies it.
final class FaceLayer {
    private var target = CanvasTarget(depth: false)
    private weak var renderer: Renderer?
    private var drawn: (shapes: [Shape], background: Color, canvas: Canvas)?

    /// Draws the canvas `drawing` on `background`, antialiased, into the layer if what it
    /// recorded changed, then the layer into `frame`.
    func draw(_ frame: FrameTarget, drawing: GraphicsContext, background: Color) throws -> FrameReport {
        let shapes = drawing.shapes
        let renderer = frame.renderer, canvas = frame.canvas
        if renderer !== self.renderer { target.drop() }
        let (layer, made) = try target.fit(canvas, context: renderer.context)
        if made {
            self.renderer = renderer
            drawn = nil
        }
        var cached = 0
        let current = drawn.map { $0.shapes == shapes && $0.background == background && $0.canvas == canvas } ?? false
        if !current {
            layer.bind()
            renderer.antialias = true
            try drawing.draw(with: renderer, canvas: canvas, background: background, targetHasDepth: false)
            drawn = (shapes, background, canvas)
            cached = shapes.count
        }
        frame.bind()
        try renderer.drawTexture(layer.texture, in: (0, 0, canvas.width, canvas.height), canvas: canvas, flipped: true)
        return FrameReport(cachedItemsDrawn: cached)
    }
}
