internal import CWayland
import Foundation

/// libwayland's own log lines (`wl_log`: "error: XDG_RUNTIME_DIR is invalid or not set in the
/// environment."), which it writes on stderr by default. While connecting they are kept, to be
/// said in the one error line (or the fallback's warning) instead; at any other time they go to
/// stderr as libwayland would write them.
enum WaylandLog {
    /// The lines kept while `capturing` runs; nil when not capturing. Used on the thread that
    /// opens the window only (libwayland logs from the caller's thread).
    nonisolated(unsafe) private static var kept: [String]?
    nonisolated(unsafe) private static var installed = false

    /// Runs `body` with libwayland's log lines kept, and returns its result and those lines
    /// (each without its trailing newline or "error: " prefix).
    static func capturing<T>(_ body: () -> T) -> (T, [String]) {
        if !installed {
            glfun_wl_log_set_sink(sink)
            installed = true
        }
        kept = []
        let result = body()
        let lines = kept ?? []
        kept = nil
        return (result, lines)
    }

    private static let sink: @convention(c) (UnsafePointer<CChar>?) -> Void = { cLine in
        guard let cLine else { return }
        let text = String(cString: cLine)
        if WaylandLog.kept != nil {
            var line = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.hasPrefix("error: ") { line.removeFirst("error: ".count) }
            if line.hasSuffix(".") { line.removeLast() }
            WaylandLog.kept!.append(line)
        } else {
            FileHandle.standardError.write(Data(text.utf8))
        }
    }
}
