import GLFunGLES
import GLFunKit

/// Text labels rendered once (FreeType) into one A8 texture, so that all the labels of a
/// frame are one draw call (`Renderer.drawSprites`).
public final class LabelAtlas {
    struct Entry {
        var x: Int, y: Int, width: Int, height: Int
    }
    /// The A8 texture the labels are rendered into.
    public let texture: Texture2D
    /// The font the labels are set in (fontconfig's match).
    public let fontName: String
    private var entries: [String: Entry] = [:]
    /// `fitted`'s answers, by size, room and text.
    var fittedLabels: [String: String] = [:]
    private var cursorX = 0, cursorY = 0, rowHeight = 0
    static let side = 1024

    /// An empty 1024x1024 atlas in `context` (current).
    public init(context: Context, fontName: String = "DejaVu Sans") throws(GLESError) {
        self.fontName = fontName
        texture = try Texture2D(context: context, pixels: [UInt8](repeating: 0, count: LabelAtlas.side * LabelAtlas.side),
                                width: LabelAtlas.side, height: LabelAtlas.side,
                                options: TextureOptions(format: .a8, filter: .nearest))
    }

    func entry(_ text: String, pixelSize: Float) throws(GLESError) -> Entry {
        let key = "\(pixelSize)|\(text)"
        if let e = entries[key] { return e }
        let img = try GLESError.fromText { () throws(FontError) in try TextRasterizer.render(text, fontName: fontName, size: pixelSize) }
        let w = min(img.width, LabelAtlas.side), h = min(img.height, LabelAtlas.side)
        if cursorX + w + 1 > LabelAtlas.side {
            cursorX = 0
            cursorY += rowHeight + 1
            rowHeight = 0
        }
        if cursorY + h > LabelAtlas.side {
            // Full: start over (labels are few; this happens only after many scale changes).
            entries.removeAll()
            cursorX = 0
            cursorY = 0
            rowHeight = 0
        }
        var pixels = img.pixels
        if w != img.width || h != img.height {
            pixels = (0..<h).flatMap { y in img.pixels[(y * img.width)..<(y * img.width + w)] }
        }
        try texture.update(x: cursorX, y: cursorY, width: w, height: h, pixels: pixels)
        let e = Entry(x: cursorX, y: cursorY, width: w, height: h)
        entries[key] = e
        cursorX += w + 1
        rowHeight = max(rowHeight, h)
        return e
    }

    /// A label's quad (points) with its box centered on (cx, cy), on whole pixels so glyphs
    /// stay sharp. `size` is the text size in points.
    public func quad(_ text: String, size: Float, centerX cx: Float, centerY cy: Float, color: Color,
                     canvas: Canvas) throws(GLESError) -> SpriteQuad {
        let e = try entry(text, pixelSize: size * canvas.scale)
        let w = Float(e.width) / canvas.scale, h = Float(e.height) / canvas.scale
        let ox = ((cx - w / 2) * canvas.scale).rounded() / canvas.scale
        let oy = ((cy - h / 2) * canvas.scale).rounded() / canvas.scale
        let tw = Float(texture.pixelsWide), th = Float(texture.pixelsHigh)
        return SpriteQuad(x: ox, y: oy, width: w, height: h, s0: Float(e.x) / tw, t0: Float(e.y) / th,
                          s1: Float(e.x + e.width) / tw, t1: Float(e.y + e.height) / th, color: color)
    }

    /// A label's quad with its top-left corner at (x, y), snapped to whole pixels.
    public func quad(_ text: String, size: Float, left x: Float, top y: Float, color: Color,
                     canvas: Canvas) throws(GLESError) -> SpriteQuad {
        var q = try quad(text, size: size, centerX: 0, centerY: 0, color: color, canvas: canvas)
        q.x = (x * canvas.scale).rounded() / canvas.scale
        q.y = (y * canvas.scale).rounded() / canvas.scale
        return q
    }
}
