import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI

/// Draws the drawing app's frames with GL: the document from a cached layer, the
/// shapes in progress, the toolbar and the help overlay, the shapes through GLFunKit's canvas
/// (`GraphicsContext`; the layer's copy and the labels are textures the renderer draws). The window and
/// `glfun replay` both draw through this, so they show the same pixels. It is given what it
/// draws (`DrawingPicture`, a value) and holds no app.
///
/// The finished shapes are rendered once into a layer texture and updated
/// when the document changes (an appended shape is drawn on top; any other
/// change redraws the layer), so a frame during a drag costs one layer blit
/// plus the shapes in progress, whatever the document's size.
public final class DrawingView {
    /// The renderer it draws with.
    public let renderer: Renderer
    /// The renderer's GL context.
    public var context: Context { renderer.context }
    private var layerTarget = CanvasTarget(depth: true)
    private var layer: Framebuffer? { layerTarget.framebuffer }
    private var layerEpoch = -1
    private var layerCount = 0
    private var layerBackground: Color?
    private var layerView = ViewTransform.identity
    private var layerAntialias = false
    /// The canvas the layer was drawn for: a new scale can keep the pixel size (1200 pixels are
    /// 800 points at 1.5 and 960 at 1.25), and then the same framebuffer must be drawn again.
    private var layerCanvas: Canvas?
    private let atlas: LabelAtlas
    /// The UI's tint: selected segments, borders.
    public static let tint = Color(0.0, 0.48, 1.0)

    /// What the last frame cost, for the window's statistics.
    public private(set) var lastLayerUpdateShapes = 0

    /// A view drawing with `renderer` (its label atlas is made in the renderer's context).
    public init(renderer: Renderer) throws(GLESError) {
        self.renderer = renderer
        atlas = try LabelAtlas(context: renderer.context)
        if renderer.texture(forImage: DrawingApp.spriteName) == nil {
            let image = try GLESError.fromImage { () throws(ImageError) in try Image(pngData: Resources.spritePNG) }
            renderer.setTexture(try Texture2D(context: renderer.context, image: image,
                                              options: TextureOptions(filter: .nearest)),
                                forImage: DrawingApp.spriteName)
        }
    }

    /// Brings the cached layer (the size of `canvas`, the frame's) up to date with the document.
    public func updateLayer(for picture: DrawingPicture, canvas: Canvas) throws(GLESError) {
        let doc = picture.document
        lastLayerUpdateShapes = 0
        let (fb, made) = try layerTarget.fit(canvas, context: context)
        if made || layerCanvas != canvas { layerEpoch = -1 }
        // While fingers move the view, the layer is shown through the change (drawLayer);
        // it is redrawn at the new view once they lift.
        let viewChanged = layerView != picture.view && !picture.isGesturing
        if layerEpoch != picture.epoch || doc.shapes.count < layerCount || layerBackground != doc.background || viewChanged
            || layerAntialias != doc.antialias {
            fb.bind()
            let view = picture.isGesturing ? layerView : picture.view
            try DrawingView.canvas(doc.shapes).draw(with: renderer, canvas: canvas, background: doc.background,
                                                    targetHasDepth: true, view: view)
            lastLayerUpdateShapes = doc.shapes.count
            layerView = view
        } else if doc.shapes.count > layerCount {
            fb.bind()
            try DrawingView.canvas(doc.shapes[layerCount...]).draw(with: renderer, canvas: canvas, background: nil,
                                                                   targetHasDepth: false, view: layerView)
            lastLayerUpdateShapes = doc.shapes.count - layerCount
        }
        layerEpoch = picture.epoch
        layerCount = doc.shapes.count
        layerBackground = doc.background
        layerAntialias = doc.antialias
        layerCanvas = canvas
    }

    /// Everything but the shapes in progress and the touches: when it is
    /// unchanged from the last frame, only the region those moved over changes.
    private struct StaticState: Equatable {
        var epoch: Int, count: Int, canvas: Canvas, background: Color, view: ViewTransform, layerView: ViewTransform
        var toolbar: Toolbar, help: Bool, message: String?
    }
    private var lastState: StaticState?
    private var lastDynamic: Rect?
    /// The region (points) the last frame redrew; nil for the whole canvas.
    public private(set) var lastDamage: Rect?

    /// Draws a frame into the bound framebuffer (the caller binds the
    /// window's surface or an offscreen target of the canvas's pixel size).
    /// - Parameters:
    ///   - picture: what the frame shows: the app's document and view state as a value.
    ///   - canvas: the frame's canvas (`FrameTarget.canvas`): the one source of its size.
    ///   - bindTarget: binds the target again after the layer update.
    ///   - incremental: the target still holds the previous frame drawn by this
    ///     renderer (a window with a preserved back buffer): then only the region
    ///     where the shapes in progress and the touches were and are is redrawn,
    ///     when nothing else changed. The pixels are the same as a full frame's.
    public func drawFrame(_ picture: DrawingPicture, canvas: Canvas, incremental: Bool = false,
                          bindTarget: () -> Void) throws(GLESError) -> FrameReport {
        renderer.antialias = picture.document.antialias  // the document's edges, and the UI's with them
        try updateLayer(for: picture, canvas: canvas)
        bindTarget()
        let state = StaticState(epoch: picture.epoch, count: picture.document.shapes.count, canvas: canvas,
                                background: picture.document.background, view: picture.view, layerView: layerView,
                                toolbar: picture.toolbar, help: picture.helpVisible, message: picture.message)
        let dynamic = DrawingView.dynamicBounds(picture, renderer: renderer)
        lastDamage = nil
        var damagePixels: FrameDamage?
        if incremental, state == lastState, lastLayerUpdateShapes == 0 {
            guard let damage = Rect.union(lastDynamic, dynamic) else {
                lastDynamic = dynamic
                return FrameReport(partial: true)  // nothing moved: the target already shows this frame
            }
            let x0 = max(0, Int((damage.x * canvas.scale).rounded(.down)))
            let y0 = max(0, Int((damage.y * canvas.scale).rounded(.down)))
            let x1 = min(canvas.pixelWidth, Int((damage.maxX * canvas.scale).rounded(.up)))
            let y1 = min(canvas.pixelHeight, Int((damage.maxY * canvas.scale).rounded(.up)))
            lastState = state
            lastDynamic = dynamic
            guard x0 < x1, y0 < y1 else { return FrameReport(partial: true) }
            lastDamage = damage
            renderer.scissor = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            damagePixels = FrameDamage(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        lastState = state
        lastDynamic = dynamic
        defer { renderer.scissor = nil }
        if layerView == picture.view {
            try renderer.drawTexture(layer!.texture, in: (0, 0, canvas.width, canvas.height), canvas: canvas, flipped: true)
        } else {
            let bg = picture.document.background.premultiplied
            GL.clear(red: bg.r, green: bg.g, blue: bg.b, alpha: bg.a, depth: false)
            let delta = layerView.inverse.then(picture.view)
            let corners = [Point(0, 0), Point(canvas.width, 0), Point(canvas.width, canvas.height), Point(0, canvas.height)]
            try renderer.drawTexture(layer!.texture, corners: corners.map(delta.apply), canvas: canvas, flipped: true)
        }
        try drawOverlay(picture, canvas: canvas)
        return FrameReport(cachedItemsDrawn: lastLayerUpdateShapes, partial: lastDamage != nil, damage: damagePixels)
    }

    /// Where the shapes in progress and the touch circles are on screen (points), or nil.
    static func dynamicBounds(_ picture: DrawingPicture, renderer: Renderer) -> Rect? {
        var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity
        func add(_ p: Point, _ r: Float) {
            minX = min(minX, p.x - r); maxX = max(maxX, p.x + r)
            minY = min(minY, p.y - r); maxY = max(maxY, p.y + r)
        }
        for s in picture.liveShapes {
            var a = Point(min(s.from.x, s.to.x), min(s.from.y, s.to.y))
            var b = Point(max(s.from.x, s.to.x), max(s.from.y, s.to.y))
            var pad: Float = 0
            if s.kind == .line { pad = s.width / 2 }
            if s.kind == .image, let t = s.image.flatMap({ renderer.texture(forImage: $0) }) {
                a = Point(s.from.x - Float(t.width) / 2 - 1, s.from.y - Float(t.height) / 2 - 1)
                b = Point(s.from.x + Float(t.width) / 2 + 1, s.from.y + Float(t.height) / 2 + 1)
            }
            let r = pad * picture.view.scale + 2
            for c in [a, b, Point(a.x, b.y), Point(b.x, a.y)] { add(picture.view.apply(c), r) }
        }
        for (_, p) in picture.touchLocations { add(p, 24) }
        guard minX <= maxX else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    // MARK: UI

    /// Draws the live shapes, the bars and segments in one batch, then every label in one draw.
    private func drawOverlay(_ picture: DrawingPicture, canvas: Canvas) throws(GLESError) {
        let bar = picture.toolbar
        if !picture.liveShapes.isEmpty {
            try DrawingView.canvas(picture.liveShapes).draw(with: renderer, canvas: canvas, background: nil,
                                                            targetHasDepth: false, view: picture.view)
        }
        var shapes: [Shape] = []
        // Translucent circles for emulated touches.
        for (id, p) in picture.touchLocations {
            if TouchIDs.emulated.contains(id) {
                shapes.append(.ellipse(Point(p.x - 16, p.y - 16), Point(p.x + 16, p.y + 16), color: Color(0.3, 0.3, 0.3, 0.35)))
            }
        }
        let barColor = Color(0.97, 0.97, 0.97)
        let line = Color(0.7, 0.7, 0.7)
        shapes += [
            .rect(Point(bar.topBar.x, bar.topBar.y), Point(bar.topBar.maxX, bar.topBar.maxY - 1), color: barColor),
            .rect(Point(0, bar.topBar.maxY - 1), Point(bar.topBar.maxX, bar.topBar.maxY), color: line),
            .rect(Point(bar.bottomBar.x, bar.bottomBar.y + 1), Point(bar.bottomBar.maxX, bar.bottomBar.maxY), color: barColor),
            .rect(Point(0, bar.bottomBar.y), Point(bar.bottomBar.maxX, bar.bottomBar.y + 1), color: line),
        ]
        for s in bar.segments {
            let f = s.frame
            // A 1-point tint border (the segment's own rect), then its inside.
            shapes.append(.rect(Point(f.x, f.y), Point(f.maxX, f.maxY), color: DrawingView.tint))
            if !s.selected {
                shapes.append(.rect(Point(f.x + 1, f.y + 1), Point(f.maxX - 1, f.maxY - 1), color: .white))
            }
        }
        let help = picture.helpVisible ? helpBox(canvas) : nil
        if let help {
            shapes.append(.rect(Point(help.x, help.y), Point(help.maxX, help.maxY), color: Color(0.1, 0.1, 0.12, 0.88)))
        }
        if let box = bar.widthBox { shapes += DrawingView.widthPreview(box, width: bar.penWidth, color: picture.currentColor) }
        let messageBox = picture.message.map { DrawingView.messageBox($0, below: bar.topBar, canvas: canvas) }
        if let messageBox { shapes.append(.rect(Point(messageBox.x, messageBox.y), Point(messageBox.maxX, messageBox.maxY), color: Overlay.panel)) }
        try DrawingView.canvas(shapes).draw(with: renderer, canvas: canvas, background: nil, targetHasDepth: false)

        var quads: [SpriteQuad] = []
        if let box = bar.widthBox {
            quads.append(try atlas.quad(bar.widthLabel, size: 13, centerX: box.x + 56, centerY: box.y + box.height / 2,
                                        color: DrawingView.tint, canvas: canvas))
        }
        for s in bar.segments {
            quads.append(try atlas.quad(s.label, size: 13, centerX: s.frame.x + s.frame.width / 2,
                                        centerY: s.frame.y + s.frame.height / 2,
                                        color: s.selected ? .white : DrawingView.tint, canvas: canvas))
        }
        if let help {
            for (i, text) in Shortcuts.lines.enumerated() {
                quads.append(try atlas.quad(text, size: 14, left: help.x + 16, top: help.y + 12 + Float(i) * 24,
                                            color: .white, canvas: canvas))
            }
        }
        if let text = picture.message, let box = messageBox {
            let shown = try atlas.fitted(text, size: 15, width: box.width - 16, canvas: canvas)
            quads.append(try atlas.quad(shown, size: 15, centerX: box.x + box.width / 2, centerY: box.y + box.height / 2,
                                        color: .white, canvas: canvas))
        }
        try renderer.drawSprites(atlas.texture, quads, canvas: canvas)
    }

    /// A canvas (GLFunKit's `GraphicsContext`) holding `shapes` as they are, in document points:
    /// the drawing's shapes are its document (a scene's shapes, kept and saved), so they are
    /// appended rather than drawn again as paths, and the canvas draws them as the scene reader's do.
    static func canvas(_ shapes: some Sequence<Shape>) -> GraphicsContext {
        var c = GraphicsContext()
        for s in shapes { c.append(s) }
        return c
    }

    /// The message line's box: centered under the top bar, as wide as the text (within the canvas).
    static func messageBox(_ text: String, below bar: Rect, canvas: Canvas) -> Rect {
        let w = max(0, min(canvas.width - 20, Float(text.count) * 8 + 32))
        return Rect(x: ((canvas.width - w) / 2).rounded(), y: bar.maxY + 8, width: w, height: 32)
    }

    /// The pen width's preview: a dot as wide as the pen (up to the segment's height), its
    /// color the pen's blended from the bar's by the width (`Color.blend`): a thin pen shows a
    /// faint dot, a wide one the full color. Random's dot is gray.
    static func widthPreview(_ box: Rect, width: Float, color: ColorChoice) -> [Shape] {
        let ink = color.color ?? .gray
        let dot = Color.blend(from: Color(0.97, 0.97, 0.97), to: ink, weight: 25 + 75 * (width - 1) / 63)
        let d = min(width, box.height - 4), cx = box.x + 16, cy = box.y + box.height / 2
        return [.ellipse(Point(cx - d / 2, cy - d / 2), Point(cx + d / 2, cy + d / 2), color: dot)]
    }

    private func helpBox(_ canvas: Canvas) -> Rect {
        let w = min(canvas.width - 20, 460), h = 24 * Float(Shortcuts.lines.count) + 24
        return Rect(x: ((canvas.width - w) / 2).rounded(), y: ((canvas.height - h) / 2).rounded(), width: w, height: h)
    }
}
