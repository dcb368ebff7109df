import GLES
import GLFunHost
import GLFunKit

/// Runs an app without a window: feeds it recorded events as the window did and renders its
/// frame offscreen. The pixels are the window's (the X11 host's tests check it), so a
/// recording is a test: `glfun replay`, and any client that records its own app.
public final class HeadlessHost<App: InteractiveApp> where App.Frame == FrameTarget {
    public let app: App
    public let renderer: Renderer
    /// The canvas the last resize event set.
    public private(set) var canvas: Canvas
    /// Every effect the app asked for, in order (a headless host carries none out).
    public private(set) var effects: [HostEffect] = []

    /// - Parameters:
    ///   - canvas: the canvas until the events' first resize.
    public init(app: App, renderer: Renderer, canvas: Canvas) {
        self.app = app
        self.renderer = renderer
        self.canvas = canvas
    }

    /// Feeds one event.
    public func feed(_ e: TimedEvent) {
        if case let .resize(w, h, s) = e.event { canvas = Canvas(width: w, height: h, scale: s) }
        effects += app.handle(e)
    }

    /// Feeds every event, in order.
    public func feed(_ events: [TimedEvent]) {
        for e in events { feed(e) }
    }

    /// Draws the app's current frame into an offscreen target and reads it back (top-left origin).
    public func renderFrame() throws -> Image {
        let target = try Framebuffer(context: renderer.context, width: canvas.pixelWidth,
                                     height: canvas.pixelHeight, depth: false)
        let frame = FrameTarget(renderer: renderer, canvas: canvas, preserved: false) { target.bind() }
        _ = try app.draw(frame)
        return try target.readPixels()
    }
}
