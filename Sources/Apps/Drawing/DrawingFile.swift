import GLFunFileOutput
import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit

/// The drawing as a file the host saves: the scene JSON, the sprite beside it when an image
/// shape names it, and (on Ctrl+S) a PNG of the drawing beside the JSON.
///
/// A save is one `AtomicFile` write of all of them: the PNG is rendered in memory first, the
/// JSON's temporary file is written before the PNG's, and the PNG is renamed into place before
/// the JSON. So the PNG beside a JSON is never older than it, by content or by time, and a kill
/// at any moment leaves the last save or the new one, never a mix with an older PNG.
public final class DrawingFile: AppDocument {
    unowned let app: DrawingApp

    init(app: DrawingApp) {
        self.app = app
    }

    /// Whether the drawing changed since it was opened or last saved.
    public var hasUnsavedChanges: Bool { app.isDirty }
    /// Where a save goes when the user named no file.
    public var defaultFileName: String { "glfun-drawing.json" }
    /// Records that the drawing was written out.
    public func markSaved() { app.markSaved() }
    /// Changes whenever the drawing does.
    public var revision: Int { app.revision }

    /// A copy of the drawing now, and a closure that makes its JSON bytes on any thread.
    public func recoverySnapshot() -> @Sendable () -> [UInt8] {
        let document = app.document  // a value: the copy is the snapshot
        return { [UInt8](document.jsonData()) }
    }

    /// Writes the scene JSON to `path` (and the sprite, and with `preview` a PNG, beside it); returns the paths written.
    public func write(to path: String, preview: Bool) throws -> [String] {
        var files: [(path: String, bytes: [UInt8])] = [(path, [UInt8](app.document.jsonData()))]
        if preview, let view = app.drawingView {
            let png = (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".png"
            files.append((png, try image(with: view.renderer).pngData()))
        }
        if let sprite = DrawingFile.missingSprite(beside: path, for: app.document) {
            files.append((sprite, Resources.spritePNG))
        }
        // Written in that order (JSON, PNG, sprite); renamed last first: what the JSON needs is
        // in place before it.
        try AtomicFile.write(files, renameOrder: Array(files.indices.reversed()))
        return files.map(\.path)
    }

    /// Shows the failure in the window for a few seconds (`DrawingApp.saveFailureDuration`).
    public func saveFailed(_ error: any Error) { app.showSaveFailure(error) }

    /// The scene and its picture: the sprite written beside them is not named.
    public func namedPaths(_ written: [String]) -> [String] {
        written.filter { PathName.lastComponent(of: $0) != DrawingApp.spriteName }
    }

    /// The path of the sprite beside a scene saved at `path` when the scene names it (image
    /// shapes name sprite.png relative to the scene) and it is not there yet; else nil.
    public static func missingSprite(beside path: String, for document: Scene) -> String? {
        guard document.shapes.contains(where: { $0.image == DrawingApp.spriteName }) else { return nil }
        let sprite = PathName.joining(PathName.folder(of: path), DrawingApp.spriteName)
        return FileManager.default.fileExists(atPath: sprite) ? nil : sprite
    }

    /// Puts the sprite beside a scene at `path` if the scene names it and it is missing (a
    /// drawing recovered from its crash-recovery copy, which holds only the JSON).
    public static func placeSprite(beside path: String, for document: Scene) throws {
        if let sprite = missingSprite(beside: path, for: document) { try AtomicFile.write(Resources.spritePNG, to: sprite) }
    }

    /// The document alone (no view transform, no toolbar), at the canvas's pixel size.
    func image(with renderer: Renderer) throws(GLESError) -> Image {
        let cv = app.canvas
        let fb = try Framebuffer(context: renderer.context, width: cv.pixelWidth, height: cv.pixelHeight, depth: true)
        fb.bind()
        renderer.antialias = app.document.antialias
        try DrawingView.canvas(app.document.shapes).draw(with: renderer, canvas: cv, background: app.document.background,
                                                          targetHasDepth: true)
        return try fb.readPixels()
    }
}
