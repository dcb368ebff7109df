import GLFunGLES
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

    /// Where a screen's lines go.
    public enum LineLayout: Equatable, Sendable {
        /// Centered one under another: the first line's center `top` points from the top, each
        /// next `spacing` lower.
        case centered(top: Float, spacing: Float)
        /// Each line in its own frame (points), left-aligned and centered vertically in it, as a
        /// UILabel shows its text; a line without a frame is not drawn.
        case frames([Rect])
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
        try draw(frame, background: background, dots: dots, lines: lines, layout: .centered(top: top, spacing: spacing))
    }

    /// Draws the whole frame into `frame`'s target, its lines placed by `layout`.
    /// - Parameters:
    ///   - frame: the target, renderer and canvas to draw with.
    ///   - background: the clear color.
    ///   - dots: where to draw a dot, one per touch (points).
    ///   - lines: text and size in points.
    ///   - layout: where the lines go.
    public func draw(_ frame: FrameTarget, background: Color, dots: [Point], lines: [(text: String, size: Float)],
                     layout: LineLayout) throws(GLESError) {
        let canvas = frame.canvas
        frame.bind()
        let r = dotRadius
        let shapes = dots.map { p in Shape.ellipse(Point(p.x - r, p.y - r), Point(p.x + r, p.y + r), color: dotColor) }
        try renderer.draw(shapes, canvas: canvas, background: background, targetHasDepth: false)
        var quads: [SpriteQuad] = []
        for (i, line) in lines.enumerated() where !line.text.isEmpty {
            switch layout {
            case let .centered(top, spacing):
                quads.append(try atlas.quad(line.text, size: line.size, centerX: canvas.width / 2,
                                            centerY: top + Float(i) * spacing, color: textColor, canvas: canvas))
            case let .frames(frames):
                guard i < frames.count else { continue }
                let f = frames[i]
                var q = try atlas.quad(line.text, size: line.size, centerX: 0, centerY: f.y + f.height / 2,
                                       color: textColor, canvas: canvas)
                q.x = (f.x * canvas.scale).rounded() / canvas.scale
                quads.append(q)
            }
        }
        try renderer.drawSprites(atlas.texture, quads, canvas: canvas)
    }
}
