import GLFunGLES
import GLFunKit

/// Where an app draws one frame: what a host passes to `InteractiveApp.draw` (the app's
/// `Frame`). The host made the context current; `bind()` binds the target (the window's
/// surface, or an offscreen framebuffer of the canvas's pixel size) and sets the viewport.
/// An app that draws into its own framebuffers first (a cached layer) calls `bind()` again
/// before drawing the frame itself.
public struct FrameTarget {
    /// The renderer, made once per host for its context.
    public let renderer: Renderer
    /// The canvas in points and pixels per point.
    public let canvas: Canvas
    /// Whether the target still holds the last frame this app drew (a window with a preserved
    /// back buffer): then the app may redraw only what changed. False after an expose.
    public let preserved: Bool
    /// Binds the target and sets its viewport.
    public let bind: () -> Void

    /// A target for `renderer` on `canvas`; `bind` binds it and sets its viewport.
    public init(renderer: Renderer, canvas: Canvas, preserved: Bool, bind: @escaping () -> Void) {
        self.renderer = renderer
        self.canvas = canvas
        self.preserved = preserved
        self.bind = bind
    }
}
