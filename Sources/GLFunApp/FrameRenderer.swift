import GLES
import GLFunKit

/// Draws the app's frames with GL: the document from a cached layer, the
/// shapes in progress, the toolbar and the help overlay. The window and
/// `glfun replay` both draw through this, so they show the same pixels.
///
/// The finished shapes are rendered once into a layer texture and updated
/// when the document changes (an appended shape is drawn on top; any other
/// change redraws the layer), so a frame during a drag costs one layer blit
/// plus the shapes in progress, whatever the document's size.
public final class FrameRenderer {
    public let renderer: Renderer
    public var context: Context { renderer.context }
    private var layer: Framebuffer?
    private var layerEpoch = -1
    private var layerCount = 0
    private var layerBackground: Color?
    private var labels: [String: Texture2D] = [:]
    /// The UI's tint: selected segments, borders.
    public static let tint = Color(0.0, 0.48, 1.0)

    /// What the last frame cost, for the window's statistics.
    public private(set) var lastLayerUpdateShapes = 0

    public init(renderer: Renderer) throws(GLESError) {
        self.renderer = renderer
        if renderer.texture(forImage: App.spriteName) == nil {
            let image = try Image(pngData: Resources.spritePNG)
            renderer.setTexture(try Texture2D(context: renderer.context, image: image,
                                              options: TextureOptions(filter: .nearest)),
                                forImage: App.spriteName)
        }
    }

    /// Brings the cached layer up to date with the document.
    public func updateLayer(for app: App) throws(GLESError) {
        let canvas = app.canvas
        let doc = app.document
        lastLayerUpdateShapes = 0
        if layer == nil || layer!.width != canvas.pixelWidth || layer!.height != canvas.pixelHeight {
            layer = nil
            layer = try Framebuffer(context: context, width: canvas.pixelWidth, height: canvas.pixelHeight, depth: true)
            layerEpoch = -1
        }
        let fb = layer!
        if layerEpoch != app.epoch || doc.shapes.count < layerCount || layerBackground != doc.background {
            fb.bind()
            renderer.draw(doc.shapes, canvas: canvas, background: doc.background, targetHasDepth: true)
            lastLayerUpdateShapes = doc.shapes.count
        } else if doc.shapes.count > layerCount {
            fb.bind()
            renderer.draw(Array(doc.shapes[layerCount...]), canvas: canvas, background: nil, targetHasDepth: false)
            lastLayerUpdateShapes = doc.shapes.count - layerCount
        }
        layerEpoch = app.epoch
        layerCount = doc.shapes.count
        layerBackground = doc.background
    }

    /// Draws a whole frame into the bound framebuffer (the caller binds the
    /// window's surface or an offscreen target of the canvas's pixel size).
    /// - Parameter bindTarget: binds the target again after the layer update.
    public func drawFrame(_ app: App, bindTarget: () -> Void) throws(GLESError) {
        try updateLayer(for: app)
        bindTarget()
        let canvas = app.canvas
        renderer.drawTexture(layer!.texture, in: (0, 0, canvas.width, canvas.height), canvas: canvas, flipped: true)
        let live = app.liveShapes
        if !live.isEmpty {
            renderer.draw(live, canvas: canvas, background: nil, targetHasDepth: false)
        }
        try drawToolbar(app.toolbar, canvas: canvas)
        if app.helpVisible { try drawHelp(canvas: canvas) }
    }

    /// Renders a frame offscreen and reads it back (top-left origin).
    public func renderFrame(_ app: App) throws(GLESError) -> Image {
        let canvas = app.canvas
        let target = try Framebuffer(context: context, width: canvas.pixelWidth, height: canvas.pixelHeight, depth: false)
        try drawFrame(app) { target.bind() }
        return try target.readPixels()
    }

    // MARK: UI

    private func label(_ text: String, size: Float, scale: Float) throws(GLESError) -> Texture2D {
        let key = "\(size * scale)|\(text)"
        if let t = labels[key] { return t }
        #if GLFUN_TEXT_PENDING
        let t = try Texture2D(context: context, pixels: [0], width: 1, height: 1, options: TextureOptions(format: .a8))
        #else
        let t = try Texture2D(context: context, text: text, fontName: "DejaVu Sans", size: size * scale)
        #endif
        labels[key] = t
        return t
    }

    /// Draws text with its box centered on (cx, cy), in points.
    private func drawLabel(_ text: String, size: Float, centerX cx: Float, centerY cy: Float, color: Color,
                           canvas: Canvas) throws(GLESError) {
        let t = try label(text, size: size, scale: canvas.scale)
        let w = Float(t.width) / canvas.scale, h = Float(t.height) / canvas.scale
        // Whole pixels keep the glyphs sharp.
        let ox = ((cx - w / 2) * canvas.scale).rounded() / canvas.scale
        let oy = ((cy - h / 2) * canvas.scale).rounded() / canvas.scale
        renderer.drawSprite(t, origin: Point(ox, oy), size: (w, h), color: color, canvas: canvas)
    }

    private func drawLabel(_ text: String, size: Float, x: Float, y: Float, color: Color,
                           canvas: Canvas) throws(GLESError) {
        let t = try label(text, size: size, scale: canvas.scale)
        let w = Float(t.width) / canvas.scale, h = Float(t.height) / canvas.scale
        let ox = (x * canvas.scale).rounded() / canvas.scale, oy = (y * canvas.scale).rounded() / canvas.scale
        renderer.drawSprite(t, origin: Point(ox, oy), size: (w, h), color: color, canvas: canvas)
    }

    private func drawToolbar(_ bar: Toolbar, canvas: Canvas) throws(GLESError) {
        let barColor = Color(0.97, 0.97, 0.97, 0.94)
        var shapes: [Shape] = [
            .rect(Point(bar.topBar.x, bar.topBar.y), Point(bar.topBar.maxX, bar.topBar.maxY), color: barColor),
            .rect(Point(bar.bottomBar.x, bar.bottomBar.y), Point(bar.bottomBar.maxX, bar.bottomBar.maxY), color: barColor),
            .rect(Point(0, bar.topBar.maxY - 1), Point(bar.topBar.maxX, bar.topBar.maxY), color: Color(0.7, 0.7, 0.7)),
            .rect(Point(0, bar.bottomBar.y), Point(bar.bottomBar.maxX, bar.bottomBar.y + 1), color: Color(0.7, 0.7, 0.7)),
        ]
        for s in bar.segments {
            let f = s.frame
            // A 1-point tint border (the segment's own rect), then its inside.
            shapes.append(.rect(Point(f.x, f.y), Point(f.maxX, f.maxY), color: FrameRenderer.tint))
            if !s.selected {
                shapes.append(.rect(Point(f.x + 1, f.y + 1), Point(f.maxX - 1, f.maxY - 1), color: .white))
            }
        }
        renderer.draw(shapes, canvas: canvas, background: nil, targetHasDepth: false)
        for s in bar.segments {
            try drawLabel(s.label, size: 13, centerX: s.frame.x + s.frame.width / 2,
                          centerY: s.frame.y + s.frame.height / 2, color: s.selected ? .white : FrameRenderer.tint,
                          canvas: canvas)
        }
    }

    private func drawHelp(canvas: Canvas) throws(GLESError) {
        let lines = Shortcuts.lines
        let lineHeight: Float = 24
        let w = min(canvas.width - 20, 460), h = lineHeight * Float(lines.count) + 24
        let x = ((canvas.width - w) / 2).rounded(), y = ((canvas.height - h) / 2).rounded()
        renderer.draw([.rect(Point(x, y), Point(x + w, y + h), color: Color(0.1, 0.1, 0.12, 0.85))],
                      canvas: canvas, background: nil, targetHasDepth: false)
        for (i, line) in lines.enumerated() {
            try drawLabel(line, size: 14, x: x + 16, y: y + 12 + Float(i) * lineHeight, color: .white, canvas: canvas)
        }
    }
}
