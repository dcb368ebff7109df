import Foundation
import GLFunGLES

/// Why a window could not be opened or kept.
public enum WindowError: Error, CustomStringConvertible, Sendable {
    /// No display: `DISPLAY` or `WAYLAND_DISPLAY` unset, or no server there (the caller adds
    /// what to do instead: glfun names the headless command for its app).
    case noDisplay(String)
    /// `variable` (`GLFUN_WINDOW_SYSTEM`) names no window system: `known` are those there are.
    case unknownWindowSystem(variable: String, value: String, known: [String])
    /// The EGL context or the window surface could not be made.
    case context(GLESError)
    /// Drawing or presenting a frame failed.
    case draw(GLESError)
    /// The app's `draw` threw something other than a GL error: that error, its type intact.
    case app(any Error)
    /// The event log could not be written.
    case recording(path: String, reason: String)
    /// A system call failed.
    case system(call: String, errno: Int32)

    /// The display the environment variable `variable` names (`DISPLAY`, `WAYLAND_DISPLAY`),
    /// or `.noDisplay` when it is unset or empty ("no X display (DISPLAY is not set)").
    public static func display(_ variable: String, of system: String,
                               environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(WindowError) -> String {
        guard let name = environment[variable], !name.isEmpty else {
            throw .noDisplay("no \(system) display (\(variable) is not set)")
        }
        return name
    }

    /// The error in words.
    public var description: String {
        switch self {
        case let .noDisplay(why): return why
        case let .unknownWindowSystem(variable, value, known):
            return "\(variable)=\(value): expected one of \(known.joined(separator: ", "))"
        case let .context(e): return "cannot draw in the window: \(e)"
        case let .draw(e): return "cannot draw in the window: \(e)"
        case let .app(e): return "cannot draw in the window: \(e)"
        case let .recording(path, reason): return "\(path): cannot write the event log (\(reason))"
        case let .system(call, code): return "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
