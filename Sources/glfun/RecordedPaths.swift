import Foundation
import GLFunMovie
import GLFunPhotos

/// Paths in a recording's session line. glfun writes them absolute (a slide show's slides and
/// transition file, a movie); a relative one (a recording from an older glfun, or written by
/// hand, as resources/slideshow-session.jsonl's `resources/slides`) is read relative to the
/// current folder, as it always was, so that it replays to the same pixels from the folder it
/// was made in. From anywhere else the path is missing, and the error says how it was read.
extension GLFunError {
    /// `error` (an app's setup failing on a recording's settings), with the rule said when it
    /// is a relative path that is not there; any other error as it is.
    static func relativeToCurrentFolder(_ error: GLFunError, recording: String) -> GLFunError {
        let missing: String
        switch error {
        case let .slides(e) where e.kind == .noSuchPath: missing = e.path
        case let .movie(e) where e.kind == .cannotRead: missing = e.path
        default: return error
        }
        guard !missing.isEmpty, !missing.hasPrefix("/"), !FileManager.default.fileExists(atPath: missing) else { return error }
        return .recordedRelativePath(recording: recording, folder: FileManager.default.currentDirectoryPath, missing: error)
    }
}
