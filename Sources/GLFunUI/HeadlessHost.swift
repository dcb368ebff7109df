import GLFunGLES
import GLFunHost
import GLFunKit

/// Runs an app without a window: feeds it recorded events as the window did and renders its
/// frame offscreen. The pixels are the window's (the X11 host's tests check it), so a
/// recording is a test: `glfun replay`, and any client that records its own app.
public final class HeadlessHost<App: InteractiveApp> where App.Frame == FrameTarget {
    /// The app the events go to.
    public let app: App
    /// Draws the app's frames.
    public let renderer: Renderer
    /// The canvas the last resize event set.
    public private(set) var canvas: Canvas
    /// The effects the app asked for other than `.redraw`, in order, the last
    /// `effectsKept` of them (a headless host carries none out, and draws when it is asked).
    public private(set) var effects: [HostEffect] = []
    /// How many effects `effects` keeps: a host that runs for hours holds no more.
    public static var effectsKept: Int { 1000 }
    /// The target `drawFrame` draws into, kept from frame to frame as a window's surface is.
    private var target = CanvasTarget(depth: false)
    private var targetHoldsLastFrame = false

    /// - Parameters:
    ///   - app: the app the events go to.
    ///   - renderer: draws the app's frames (its context is the host's GL context).
    ///   - canvas: the canvas until the events' first resize.
    public init(app: App, renderer: Renderer, canvas: Canvas) {
        self.app = app
        self.renderer = renderer
        self.canvas = canvas
    }

    /// Feeds one event.
    public func feed(_ e: TimedEvent) {
        if case let .resize(w, h, s) = e.event { canvas = Canvas(width: w, height: h, scale: s) }
        for effect in app.handle(e) where effect != .redraw {
            if effects.count == HeadlessHost.effectsKept { effects.removeFirst() }
            effects.append(effect)
        }
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

    /// Draws the app's current frame as a window does, frame after frame: into one offscreen
    /// target that keeps the last frame (`preserved`, so the app may redraw only what changed),
    /// made again when the canvas's pixel size changes. Reads nothing back; the pixels are the
    /// target's (`lastFrame()`).
    @discardableResult
    public func drawFrame() throws -> FrameReport {
        let (t, made) = try target.fit(canvas, context: renderer.context)
        if made { targetHoldsLastFrame = false }
        let frame = FrameTarget(renderer: renderer, canvas: canvas, preserved: targetHoldsLastFrame) { t.bind() }
        targetHoldsLastFrame = false
        let report = try app.draw(frame)
        targetHoldsLastFrame = true
        return report
    }

    /// The pixels `drawFrame` left (top-left origin), or nil before its first frame.
    public func lastFrame() throws -> Image? {
        try target.framebuffer?.readPixels()
    }
}
