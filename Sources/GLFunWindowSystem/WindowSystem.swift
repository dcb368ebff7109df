import Foundation
@_exported import GLFunWayland
@_exported import GLFunWindow
@_exported import GLFunX11

/// The window system an app's window opens on, chosen for the session as glfun does: a forced
/// choice (a program's option), else `$GLFUN_WINDOW_SYSTEM`, else Wayland when `WAYLAND_DISPLAY`
/// is set, else X11 when `DISPLAY` is. When the environment chose Wayland and `DISPLAY` is set
/// too, X11 is the fallback for a Wayland display that does not answer (a stale
/// `WAYLAND_DISPLAY`), as SDL and GTK fall back; a forced choice never falls back.
public enum WindowSystem: String, CaseIterable, Sendable {
    /// A native Wayland window (GLFunWayland's `WaylandWindow`).
    case wayland
    /// An X11 window (GLFunX11's `X11Window`), also under XWayland.
    case x11

    /// The environment variable that forces one, as a forced choice does.
    public static let environmentVariable = "GLFUN_WINDOW_SYSTEM"

    /// The window system to use, and X11 to fall back on when the environment chose Wayland
    /// and an X display is set too. Throws `.unknownWindowSystem` for a `$GLFUN_WINDOW_SYSTEM`
    /// that names none, `.noDisplay` when neither display is set.
    public static func choice(forced: WindowSystem?, environment env: [String: String] = ProcessInfo.processInfo.environment)
        throws(WindowError) -> (system: WindowSystem, fallback: WindowSystem?) {
        if let forced { return (forced, nil) }
        if let v = env[environmentVariable], !v.isEmpty {
            guard let s = WindowSystem(rawValue: v.lowercased()) else {
                throw .unknownWindowSystem(variable: environmentVariable, value: v, known: allCases.map(\.rawValue))
            }
            return (s, nil)
        }
        let hasX = !(env["DISPLAY"] ?? "").isEmpty
        if let w = env["WAYLAND_DISPLAY"], !w.isEmpty { return (.wayland, hasX ? .x11 : nil) }
        if hasX { return (.x11, nil) }
        throw .noDisplay("no X display (DISPLAY is not set) and no Wayland display (WAYLAND_DISPLAY is not set)")
    }

    /// Opens the window on the session's window system (`choice`); when Wayland does not
    /// answer and X11 is the fallback, opens it on X11 and calls `fellBack` with what Wayland
    /// said. When neither answers, one `.noDisplay` names both.
    public static func open(_ window: WindowRequest, forced: WindowSystem? = nil,
                            environment env: [String: String] = ProcessInfo.processInfo.environment,
                            fellBack: (WindowFallback) -> Void = { _ in }) throws(WindowError) -> any WindowSystemWindow {
        let choice = try self.choice(forced: forced, environment: env)
        do { return try choice.system.open(window) } catch {
            guard case let .noDisplay(why) = error, let fallback = choice.fallback else { throw error }
            let opened: any WindowSystemWindow
            do { opened = try fallback.open(window) } catch {
                if case let .noDisplay(otherWhy) = error { throw .noDisplay("\(why); and \(otherWhy)") }
                throw error
            }
            fellBack(WindowFallback(reason: why, system: fallback, display: env["DISPLAY"] ?? ""))
            return opened
        }
    }

    /// Opens a window of this system.
    public func open(_ window: WindowRequest) throws(WindowError) -> any WindowSystemWindow {
        switch self {
        case .wayland:
            return try WaylandWindow(width: window.width, height: window.height, scale: window.scale, title: window.title,
                                     appID: window.appID, fullScreen: window.fullScreen)
        case .x11:
            return try X11Window(width: window.width, height: window.height, scale: window.scale, title: window.title,
                                 appID: window.appID, fullScreen: window.fullScreen)
        }
    }
}

/// The window an app asks for, on whichever window system opens it.
public struct WindowRequest: Sendable {
    /// The width in points.
    public var width: Float
    /// The height in points.
    public var height: Float
    /// Pixels per point; nil: the display's (Wayland's output scale, X's Xft.dpi).
    public var scale: Float?
    /// The title until the app sets its own.
    public var title: String
    /// The Wayland app id and X11 WM_CLASS (a desktop entry's StartupWMClass).
    public var appID: String
    /// Whether it opens full screen.
    public var fullScreen: Bool

    /// A window of `width` x `height` points.
    public init(width: Float, height: Float, scale: Float? = nil, title: String = "GLFun", appID: String = "glfun",
                fullScreen: Bool = false) {
        self.width = width
        self.height = height
        self.scale = scale
        self.title = title
        self.appID = appID
        self.fullScreen = fullScreen
    }
}

/// The window opened on `system` (X11) because the session's first choice (Wayland) did not
/// answer: `reason` is what it said, `display` the X display it opened on.
public struct WindowFallback: Sendable, Equatable {
    /// Why the first choice failed ("cannot connect to the Wayland display …").
    public let reason: String
    /// The window system the window opened on.
    public let system: WindowSystem
    /// `DISPLAY`.
    public let display: String
}
