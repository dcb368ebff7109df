import GLFunGLES
import GLFunKit

/// What an app draws over its picture (a bar of buttons, a slider, a message line): shapes
/// and text labels collected, then drawn in two calls — one batch of shapes, one of labels from
/// a `LabelAtlas` — in that order. Layout is the caller's, in points.
public struct Overlay {
    /// The translucent dark of bars and message boxes.
    public static let panel = Color(0.08, 0.08, 0.1, 0.82)

    /// The shapes, drawn first, in order.
    public var shapes: [Shape] = []
    /// Text centered in a frame, at a size in points.
    public var labels: [(text: String, size: Float, frame: Rect, color: Color)] = []

    /// What the shapes and labels added from now on keep of their alpha (a bar fading out
    /// while it slides away); 1, the default, leaves their colors as given.
    public var opacity: Float = 1

    /// An empty overlay.
    public init() {}

    /// `color` at `opacity`.
    private func faded(_ color: Color) -> Color {
        opacity >= 1 ? color : Color(color.r, color.g, color.b, color.a * max(0, opacity))
    }

    /// Adds a filled rectangle.
    public mutating func rect(_ r: Rect, _ color: Color) {
        shapes.append(.rect(Point(r.x, r.y), Point(r.maxX, r.maxY), color: faded(color)))
    }

    /// Adds `text` centered in `frame`, `size` points high (shortened in the middle to the
    /// frame's width when it is wider: `LabelAtlas.fitted`).
    public mutating func label(_ text: String, size: Float, in frame: Rect, color: Color = .white) {
        labels.append((text, size, frame, faded(color)))
    }

    /// A button: a filled rect with its title centered, 13 points.
    public mutating func button(_ title: String, in frame: Rect, color: Color) {
        rect(frame, color)
        label(title, size: 13, in: frame)
    }

    /// A slider: its track, the part up to `fraction` in `tint`, and a round white thumb.
    public mutating func slider(track t: Rect, fraction: Float, thumb: Rect, tint: Color) {
        rect(t, Color(0.55, 0.55, 0.6))
        shapes.append(.rect(Point(t.x, t.y), Point(t.x + fraction * t.width, t.maxY), color: faded(tint)))
        shapes.append(.ellipse(Point(thumb.x, thumb.y), Point(thumb.maxX, thumb.maxY), color: faded(.white)))
    }

    /// The message line: a box centered at the top, as wide as the text, 15 points.
    public mutating func message(_ text: String, canvas: Canvas) {
        let w = max(0, min(canvas.width - 20, Float(text.count) * 9 + 32))
        let r = Rect(x: ((canvas.width - w) / 2).rounded(), y: 16, width: w, height: 32)
        rect(r, Overlay.panel)
        label(text, size: 15, in: Rect(x: r.x + 8, y: r.y, width: max(0, w - 16), height: r.height))
    }

    /// Draws the shapes, then the labels, into the bound target (nothing when there are no shapes).
    public func draw(renderer: Renderer, atlas: LabelAtlas, canvas: Canvas) throws(GLESError) {
        guard !shapes.isEmpty else { return }
        try renderer.draw(shapes, canvas: canvas, background: nil, targetHasDepth: false)
        var quads: [SpriteQuad] = []
        for (text, size, r, color) in labels where !text.isEmpty {
            // Shortened to its frame: a label may show a file name of any length.
            let shown = try atlas.fitted(text, size: size, width: r.width, canvas: canvas)
            quads.append(try atlas.quad(shown, size: size, centerX: r.x + r.width / 2, centerY: r.y + r.height / 2,
                                        color: color, canvas: canvas))
        }
        try renderer.drawSprites(atlas.texture, quads, canvas: canvas)
    }
}
