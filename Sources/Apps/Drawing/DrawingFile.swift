import Foundation
import GLES
import GLFunHost
import GLFunKit

/// The drawing as a file the host saves: the scene JSON, the sprite beside it when an image
/// shape names it, and (on Ctrl+S) a PNG of the drawing beside the JSON.
public final class DrawingFile: AppDocument {
    unowned let app: DrawingApp

    init(app: DrawingApp) {
        self.app = app
    }

    public var hasUnsavedChanges: Bool { app.isDirty }
    public var defaultFileName: String { "glfun-drawing.json" }
    public func markSaved() { app.markSaved() }

    public func write(to path: String, preview: Bool) throws -> [String] {
        var written = [path]
        try AtomicFile.write([UInt8](app.document.jsonData()), to: path)
        // Image shapes name sprite.png relative to the scene: put it beside it.
        if app.document.shapes.contains(where: { $0.image == DrawingApp.spriteName }) {
            let dir = (path as NSString).deletingLastPathComponent
            let sprite = (dir.isEmpty ? "." : dir) + "/" + DrawingApp.spriteName
            if !FileManager.default.fileExists(atPath: sprite) {
                try AtomicFile.write(Resources.spritePNG, to: sprite)
                written.append(sprite)
            }
        }
        if preview, let view = app.drawingView {
            let png = (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".png"
            try image(with: view.renderer).writePNG(to: png)
            written.append(png)
        }
        return written
    }

    /// The document alone (no view transform, no toolbar), at the canvas's pixel size.
    func image(with renderer: Renderer) throws(GLESError) -> Image {
        let cv = app.canvas
        let fb = try Framebuffer(context: renderer.context, width: cv.pixelWidth, height: cv.pixelHeight, depth: true)
        fb.bind()
        try renderer.draw(app.document.shapes, canvas: cv, background: app.document.background, targetHasDepth: true)
        return try fb.readPixels()
    }
}
