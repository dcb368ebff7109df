import GLES
import GLFunKit

/// A plain screen for the touch demos: a background, a translucent dot under every touch and
/// lines of text centered one under another. Made once per renderer (it holds a label atlas).
public final class TouchScreen {
    /// The renderer it draws with.
    public let renderer: Renderer
    private let atlas: LabelAtlas
    /// The dots' color and radius (points).
    public var dotColor = Color(0.2, 0.4, 0.9, 0.6)
    /// The dots' radius in points.
    public var dotRadius: Float = 22
    /// The text's color.
    public var textColor = Color(0.1, 0.1, 0.15)

    /// A screen drawing with `renderer` (its label atlas is made in the renderer's context).
    public init(renderer: Renderer) throws(GLESError) {
        self.renderer = renderer
        atlas = try LabelAtlas(context: renderer.context)
    }

    /// Draws the whole frame into `frame`'s target.
    /// - Parameters:
    ///   - frame: the target, renderer and canvas to draw with.
    ///   - background: the clear color.
    ///   - dots: where to draw a dot, one per touch (points).
    ///   - lines: text and size in points, the first centered at `top`, each next `spacing` lower.
    ///   - top: the first line's center, in points from the top.
    ///   - spacing: the distance between the lines' centers, in points.
    public func draw(_ frame: FrameTarget, background: Color, dots: [Point], lines: [(text: String, size: Float)],
                     top: Float = 84, spacing: Float = 36) throws(GLESError) {
        let canvas = frame.canvas
        frame.bind()
        let r = dotRadius
        let shapes = dots.map { p in Shape.ellipse(Point(p.x - r, p.y - r), Point(p.x + r, p.y + r), color: dotColor) }
        try renderer.draw(shapes, canvas: canvas, background: background, targetHasDepth: false)
        var quads: [SpriteQuad] = []
        for (i, line) in lines.enumerated() where !line.text.isEmpty {
            quads.append(try atlas.quad(line.text, size: line.size, centerX: canvas.width / 2,
                                        centerY: top + Float(i) * spacing, color: textColor, canvas: canvas))
        }
        try renderer.drawSprites(atlas.texture, quads, canvas: canvas)
    }
}
