import ArgumentParser
import GLFunDrawingApp
import Foundation
import GLFunWindowSystem
import GLFunPlayerApp
import GLFunSlideShowApp

/// `--window-system wayland|x11`: GLFunWindowSystem's choice, forced.
extension WindowSystem: ExpressibleByArgument {}

/// glfun's side of opening a window (GLFunWindowSystem chooses and opens it): the app's id, its
/// `glfun: warning:` line when Wayland did not answer and X11 did, and what the app does
/// headless when there is no display.
enum AppWindow {
    /// Opens `app`'s window on the session's window system (`--window-system`, else the
    /// environment's); when Wayland has no display and X11 is the fallback, says so in one
    /// warning. An error without a display says what the app can do headless (`headlessHint`).
    static func open(forApp app: String, size: (width: Float, height: Float), options: WindowOptions,
                     environment env: [String: String] = ProcessInfo.processInfo.environment,
                     warn: (String) -> Void = printWarning) throws(GLFunError) -> any WindowSystemWindow {
        let request = WindowRequest(width: size.width, height: size.height, scale: options.scale, appID: appID(forApp: app),
                                    fullScreen: options.fullscreen)
        do {
            return try WindowSystem.open(request, forced: options.windowSystem, environment: env) { fallback in
                warn("\(fallback.reason): opened the window on X11 (DISPLAY=\(fallback.display)) instead; "
                     + "--window-system x11 (or GLFUN_WINDOW_SYSTEM=x11) goes there at once")
            }
        } catch {
            switch error {
            case let .noDisplay(why): throw .noDisplay(why: why, hint: headlessHint(forApp: app))
            case .unknownWindowSystem: throw .option(error.description)
            default: throw .window(error)
            }
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
}
