import ArgumentParser
import Foundation
import GLFunWayland
import GLFunWindow
import GLFunX11

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
        if let forced { return forced }
        if let v = env[environmentVariable], !v.isEmpty {
            guard let s = WindowSystem(rawValue: v.lowercased()) else {
                throw .option("\(environmentVariable)=\(v): expected one of \(allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return s
        }
        if let w = env["WAYLAND_DISPLAY"], !w.isEmpty { return .wayland }
        if let x = env["DISPLAY"], !x.isEmpty { return .x11 }
        throw .window(.noDisplay("no X display (DISPLAY is not set) and no Wayland display (WAYLAND_DISPLAY is not set)"))
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
