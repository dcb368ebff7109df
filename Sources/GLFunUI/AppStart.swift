import GLFunHost
import GLFunKit

/// What GLFun's hosts start an app with besides its settings and seed (`HostedApp.Start`).
public struct AppStart {
    /// How the app's time runs: in a window, live (movies on libmpv's clock, with their sound);
    /// from a recording or for an export, by the events' times only.
    public enum Clock: Sendable {
        /// A window: live.
        case live
        /// A replay, an export or a test: the events' clock.
        case recorded
    }

    /// The canvas until the first resize event.
    public var canvas: Canvas
    /// Live in a window, or by the events' times.
    public var clock: Clock
    /// Where the app's warnings go (a slide skipped): the CLI prints `glfun: warning: …`.
    public var warn: @Sendable (String) -> Void

    /// A start on `canvas`, by the events' clock unless `clock` says live, warnings dropped
    /// unless `warn` takes them.
    public init(canvas: Canvas, clock: Clock = .recorded, warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.canvas = canvas
        self.clock = clock
        self.warn = warn
    }
}

/// An app GLFun's hosts run (the window, `HeadlessHost`): a `HostedApp` that draws into a
/// `FrameTarget` and starts from an `AppStart`. `prepare` runs once the host's GL context is
/// current, before the first event: what must be in GL before anything shows (a document's
/// images, a user's transition compiled, a movie's first frame), so that its errors come
/// before a window opens on nothing.
public protocol GLFunApp: HostedApp where Frame == FrameTarget, Start == AppStart {
    /// Loads what the app needs into the host's renderer. The default does nothing.
    func prepare(_ renderer: Renderer) throws
}

extension GLFunApp {
    /// Nothing to load.
    public func prepare(_ renderer: Renderer) throws {}
}
