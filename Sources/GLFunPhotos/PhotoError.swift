import GLFunImages

/// Why one slide could not be shown: its path as the list gives it, what kind of trouble, and
/// the decoder's typed error underneath. A show skips such a slide with one line,
/// `glfun: warning: <description>` (`img7.jpg: no such file`), and goes on.
public struct PhotoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of trouble it was.
    public enum Kind: Equatable, Sendable {
        /// The file is gone (deleted, or never there: a list may name anything).
        case missing
        /// The file is there but cannot be read (permissions; a folder where a file was).
        case unreadable
        /// Neither PNG nor JPEG.
        case notAnImage
        /// The decoder refused it: cut short, damaged, a feature it cannot decode.
        case damaged
        /// Over a bound even when decoded small (`ImageLimit` in `underlying`).
        case tooLarge
        /// The memory for it could not be had.
        case outOfMemory
        /// A movie (`SlideKind.movie`): the show plays it; the loader never decodes one.
        case movie
        /// An SVG drawing (`SlideKind.svg`): the show renders it; the loader never decodes one.
        case svg
    }

    /// The slide's path, as the list gives it.
    public let path: String
    /// What kind of trouble it was.
    public let kind: Kind
    /// What GLFunImages said, without the path (`.io`, `.decode`, `.imageTooLarge`, ...).
    public let underlying: ImageError

    /// The error for `path`, of the kind `error` tells.
    public init(path: String, error: ImageError) {
        self.path = path
        let inner = error.underlying
        underlying = inner
        switch inner {
        case let .io(_, problem): kind = problem == .noSuchFile ? .missing : .unreadable
        case .badSignature: kind = .notAnImage
        case .imageTooLarge: kind = .tooLarge
        case .outOfMemory: kind = .outOfMemory
        default: kind = .damaged
        }
    }

    /// A movie slide: what the loader answers for it, without opening more than its first bytes.
    /// (`underlying` is `.badSignature`: its bytes are no picture's.)
    public static func movie(path: String) -> PhotoError {
        PhotoError(path: path, kind: .movie, underlying: .badSignature(expected: nil))
    }

    /// An SVG slide: what the loader answers for it, without reading more than its first bytes.
    public static func svg(path: String) -> PhotoError {
        PhotoError(path: path, kind: .svg, underlying: .badSignature(expected: nil))
    }

    private init(path: String, kind: Kind, underlying: ImageError) {
        self.path = path
        self.kind = kind
        self.underlying = underlying
    }

    /// `path: reason`, the reason in plain words.
    public var description: String {
        if kind == .movie { return "\(path): a movie, not a picture" }
        if kind == .svg { return "\(path): an SVG drawing, not a picture" }
        if case let .io(_, problem) = underlying { return "\(path): \(problem.rawValue)" }
        return "\(path): \(underlying)"
    }
}
