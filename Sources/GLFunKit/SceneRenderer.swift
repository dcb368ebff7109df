import Foundation
import GLFunGLES

/// Renders scenes headlessly: a `Context`, a `Renderer` and a framebuffer of
/// the scene's pixel size (with a depth buffer). The one call a batch job needs:
///
///     let r = try SceneRenderer()
///     try r.render(scene, imagesRelativeTo: dir).writePNG(to: "out.png")
public final class SceneRenderer {
    /// The headless GL context.
    public let context: Context
    /// The renderer that draws the scenes.
    public let renderer: Renderer
    private var framebuffer: Framebuffer?
    /// What the framebuffer holds after the last `draw`: that canvas's background everywhere
    /// outside `drawn`, if no one has drawn since (`Renderer.framesDrawn`). The next frame of
    /// the same canvas and background clears only `drawn` (issue 34: a full clear is most
    /// of a small frame on llvmpipe).
    private var holds: (canvas: Canvas, background: Color, drawn: PixelRect, frame: Int)?

    /// Opens a headless context (see `Context.headless()`).
    public convenience init() throws(GLESError) {
        try self.init(context: try Context.headless())
    }

    /// A scene renderer drawing in `context`.
    public init(context: Context) throws(GLESError) {
        self.context = context
        renderer = try Renderer(context: context)
    }

    /// Loads the images a scene names (paths relative to `directory`) as textures.
    public func loadImages(for scene: Scene, relativeTo directory: String) throws(RenderError) {
        try renderer.loadImages(for: scene, relativeTo: directory)
    }

    /// Lets go of the textures of the images a scene names (those `loadImages` loaded, all or
    /// some): a batch renderer frees each scene's images before the next scene, whose names,
    /// relative to another folder, may mean other files.
    public func unloadImages(for scene: Scene) {
        for name in Renderer.imageNames(in: scene.shapes) { renderer.removeTexture(forImage: name) }
    }

    /// The framebuffer for a canvas, made or remade when the size changes. What it holds is
    /// then the caller's: the next `draw` clears all of it.
    public func target(for canvas: Canvas) throws(GLESError) -> Framebuffer {
        holds = nil
        return try ownTarget(for: canvas)
    }

    private func ownTarget(for canvas: Canvas) throws(GLESError) -> Framebuffer {
        if let f = framebuffer, f.width == canvas.pixelWidth, f.height == canvas.pixelHeight { return f }
        framebuffer = nil
        holds = nil
        let f = try Framebuffer(context: context, width: canvas.pixelWidth, height: canvas.pixelHeight, depth: true)
        framebuffer = f
        return f
    }

    /// Draws the scene into the offscreen target (no readback); `glFinish` if asked.
    public func draw(_ scene: Scene, scale: Float? = nil, finish: Bool = false) throws(GLESError) {
        let canvas = Canvas(width: Float(scene.width), height: Float(scene.height), scale: scale ?? scene.scale)
        let fb = try ownTarget(for: canvas)
        fb.bind()
        renderer.antialias = scene.antialias
        if let h = holds, h.canvas == canvas, h.background == scene.background, h.frame == renderer.framesDrawn {
            renderer.clearOnly = h.drawn
        }
        holds = nil
        try renderer.draw(scene.shapes, canvas: canvas, background: scene.background, targetHasDepth: fb.hasDepth)
        if let drawn = renderer.lastDrawnRect(canvas) {
            holds = (canvas, scene.background, drawn, renderer.framesDrawn)
        }
        if finish { GL.finish() }
    }

    /// Renders the scene and reads the picture back (top-left origin).
    /// Images must be loaded first (`loadImages`).
    public func render(_ scene: Scene, scale: Float? = nil) throws(RenderError) -> Image {
        let missing = renderer.missingImages(in: scene.shapes)
        if let name = missing.sorted().first {
            throw RenderError.imageNotLoaded(name: name)
        }
        do {
            try draw(scene, scale: scale)
            return try framebuffer!.readPixels()
        } catch {
            throw RenderError.gl(error)
        }
    }

    /// Loads a scene's images relative to `directory` and renders it.
    public func render(_ scene: Scene, imagesRelativeTo directory: String, scale: Float? = nil) throws(RenderError) -> Image {
        try loadImages(for: scene, relativeTo: directory)
        return try render(scene, scale: scale)
    }
}

/// Why a render failed. The GL layer's error stays typed inside.
public enum RenderError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The image shape's picture `name` could not be loaded: `error` says why
    /// (`.image(.io)` for a missing file, `.image(.file(path:, .decode...))` for a bad one, ...).
    case image(name: String, GLESError)
    /// A scene names an image that `loadImages` has not loaded.
    case imageNotLoaded(name: String)
    /// Drawing or reading back failed.
    case gl(GLESError)
    /// The error in words.
    public var description: String {
        switch self {
        case let .image(name, error):
            let reason = "\(error)"
            // A name with a NUL is shown escaped by the error itself (.io(path:problem: .nulInPath)).
            return reason.contains(name) || name.contains("\0") ? reason : "\(name): \(reason)"
        case let .imageNotLoaded(name): return "\(name): not loaded"
        case let .gl(error): return "\(error)"
        }
    }
}
