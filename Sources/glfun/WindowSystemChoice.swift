import ArgumentParser
import DrawingApp
import Foundation
import GLFunWayland
import GLFunWindow
import GLFunX11
import PlayerApp
import SlideShowApp

/// Which window system a window opens on: `--window-system`, else $GLFUN_WINDOW_SYSTEM, else
/// Wayland when WAYLAND_DISPLAY is set, else X11 when DISPLAY is.
enum WindowSystem: String, CaseIterable, ExpressibleByArgument {
    /// A native Wayland window (GLFunWayland).
    case wayland
    /// An X11 window (GLFunX11), also under XWayland.
    case x11

    /// The environment variable that forces one, as `--window-system` does.
    static let environmentVariable = "GLFUN_WINDOW_SYSTEM"

    /// The window system to use: `forced` (the option), else the environment's choice.
    static func choose(forced: WindowSystem?, environment env: [String: String] = ProcessInfo.processInfo.environment)
        throws(GLFunError) -> WindowSystem {
        try choice(forced: forced, environment: env).system
    }

    /// The window system to use and, when the environment chose Wayland and an X display is
    /// set too, X11 to fall back on if no Wayland display answers (a stale WAYLAND_DISPLAY, as
    /// SDL and GTK fall back). `--window-system` and $GLFUN_WINDOW_SYSTEM have no fallback.
    static func choice(forced: WindowSystem?, environment env: [String: String] = ProcessInfo.processInfo.environment)
        throws(GLFunError) -> (system: WindowSystem, fallback: WindowSystem?) {
        if let forced { return (forced, nil) }
        if let v = env[environmentVariable], !v.isEmpty {
            guard let s = WindowSystem(rawValue: v.lowercased()) else {
                throw .option("\(environmentVariable)=\(v): expected one of \(allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return (s, nil)
        }
        let hasX = !(env["DISPLAY"] ?? "").isEmpty
        if let w = env["WAYLAND_DISPLAY"], !w.isEmpty { return (.wayland, hasX ? .x11 : nil) }
        if hasX { return (.x11, nil) }
        throw .window(.noDisplay("no X display (DISPLAY is not set) and no Wayland display (WAYLAND_DISPLAY is not set)"))
    }

    /// Opens a window of the chosen system; when Wayland has no display and X11 is the
    /// fallback, says so in one warning and opens it on X11. An error without a display says
    /// what the app can do headless (`headlessHint`).
    static func openWindow(forApp app: String, size: (width: Float, height: Float), options: WindowOptions,
                           environment env: [String: String] = ProcessInfo.processInfo.environment,
                           warn: (String) -> Void = printWarning) throws(GLFunError) -> any WindowSystemWindow {
        func noDisplay(_ error: GLFunError) -> GLFunError {
            if case let .window(.noDisplay(why)) = error { return .noDisplay(why: why, hint: headlessHint(forApp: app)) }
            return error
        }
        let choice: (system: WindowSystem, fallback: WindowSystem?)
        do { choice = try self.choice(forced: options.windowSystem, environment: env) } catch { throw noDisplay(error) }
        func open(_ system: WindowSystem) throws(WindowError) -> any WindowSystemWindow {
            try system.open(size: size, scale: options.scale, appID: appID(forApp: app), fullScreen: options.fullscreen)
        }
        do { return try open(choice.system) } catch {
            guard case let .noDisplay(why) = error, let fallback = choice.fallback else { throw noDisplay(.window(error)) }
            let window: any WindowSystemWindow
            do { window = try open(fallback) } catch {
                // Neither answers: one error line naming both.
                if case let .noDisplay(xWhy) = error { throw noDisplay(.window(.noDisplay("\(why); and \(xWhy)"))) }
                throw noDisplay(.window(error))
            }
            warn("\(why): opened the window on X11 (DISPLAY=\(env["DISPLAY"] ?? "")) instead; "
                 + "--window-system x11 (or GLFUN_WINDOW_SYSTEM=x11) goes there at once")
            return window
        }
    }

    /// What an app can do without a window, for the error that says there is no display.
    static func headlessHint(forApp name: String) -> String {
        switch name {
        case DrawingApp.name:
            return "for headless use, run `glfun render SCENE.json -o OUT.png` (a scene) or `glfun replay REC.jsonl -o OUT.png` (a recording)"
        case PlayerApp.name:
            return "without a window, `glfun play MOVIE --export DIR` writes its frames and `glfun movie-frame MOVIE --at SECONDS -o OUT.png` one frame"
        case SlideShowApp.name:
            return "without a window, `glfun slideshow PATHS... --export DIR` writes the show's frames"
        default:
            return "without a window, `glfun replay REC.jsonl -o OUT.png` draws a recording's last frame"
        }
    }

    /// The desktop entry's name for an app (`InteractiveApp.name`): the window's Wayland app id
    /// and X11 WM_CLASS, so that a desktop matches the window to its menu entry and icon.
    static func appID(forApp name: String) -> String {
        switch name {
        case "drawing": return "glfun-draw"
        default: return "glfun-" + name
        }
    }

    /// Opens a window of this system: `size` points at `scale` (nil: the display's).
    func open(size: (width: Float, height: Float), scale: Float?, appID: String, fullScreen: Bool)
        throws(WindowError) -> any WindowSystemWindow {
        switch self {
        case .wayland:
            return try WaylandWindow(width: size.width, height: size.height, scale: scale, appID: appID, fullScreen: fullScreen)
        case .x11:
            return try X11Window(width: size.width, height: size.height, scale: scale, appID: appID, fullScreen: fullScreen)
        }
    }
}
