/// Why a movie cannot be opened, played or drawn: what kind of failure, the file, and the
/// reason in libmpv's words (or the system's), so a caller can print the one
/// `glfun: error: FILE: reason` line and a test can check the kind.
public struct MovieError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Kind: Equatable, Sendable {
        /// The file is not there or cannot be read (the reason is the system's).
        case cannotRead
        /// libmpv could not play it (not a movie, cut short, an unknown format).
        case cannotPlay
        /// It plays, but has no video track (a sound file).
        case noVideo
        /// libmpv itself failed (it could not start, a command was refused).
        case libmpv
        /// libmpv could not draw into GL (no render context in this GL context).
        case render
        /// Waiting for libmpv took longer than the caller allowed.
        case timedOut
        /// A time outside the movie (before 0, after its end, not a number).
        case badTime
    }

    /// What kind of failure it was.
    public var kind: Kind
    /// The movie file.
    public var path: String
    /// What went wrong, in libmpv's (or the system's) words.
    public var reason: String

    /// An error of `kind` for `path`, with `reason`.
    public init(_ kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
