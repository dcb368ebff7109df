import GLFunHost

/// What the window host has to tell the person at the window, outside it: a save done or
/// failed, where unsaved work went when the session ended, a crash-recovery copy that could not
/// be kept, the display lost. The host decides nothing about how it is shown: its
/// `HostOptions.notice` does (glfun prints `glfun: …` lines; the default logs them).
public enum HostNotice: Sendable, CustomStringConvertible {
    /// `.save` wrote these files (the ones worth naming: `AppDocument.namedPaths`).
    case saved(paths: [String])
    /// `.save` failed; the work is kept (autosaved on exit).
    case saveFailed(any Error)
    /// The session ended with unsaved work, written to `path` (`reason`: how the session ended,
    /// and the places that could not take it), in a folder emptied at logout if `temporary`.
    case autosaved(path: String, reason: String, temporary: Bool)
    /// No place could take the unsaved work: what was tried and why, and the crash-recovery copy left, if any.
    case lost(reason: String, tried: [String], recoveryCopy: String?)
    /// A crash-recovery copy could not be written (said once per distinct reason).
    case recoveryCopyFailed(reason: String)
    /// The connection to the window system (`system`: "X", "Wayland") was lost (the work was
    /// autosaved first).
    case connectionLost(system: String)

    /// Whether it is a failure (glfun prints it as `glfun: error: …`).
    public var isError: Bool {
        switch self {
        case .saveFailed, .lost, .connectionLost: return true
        case .saved, .autosaved, .recoveryCopyFailed: return false
        }
    }

    /// What happened, in words, without a program's name.
    public var description: String {
        switch self {
        case let .saved(paths): return "saved \(paths.joined(separator: " and "))"
        case let .saveFailed(e): return "save failed: \(e) (the work is kept; it will be autosaved on exit)"
        case let .autosaved(path, reason, temporary):
            let warning = temporary ? " — a temporary folder, emptied at logout or reboot: move it somewhere safe" : ""
            return "unsaved work autosaved to \(path) (\(reason))\(warning)"
        case let .lost(reason, tried, recoveryCopy):
            var line = "the drawing could not be kept (\(reason)): tried " + tried.joined(separator: ", ")
            if let recoveryCopy { line += "; its crash-recovery copy from a few seconds before stays at \(recoveryCopy)" }
            return line
        case let .recoveryCopyFailed(reason): return "could not keep a crash-recovery copy: \(reason)"
        case let .connectionLost(system): return "the \(system) connection was lost"
        }
    }
}
