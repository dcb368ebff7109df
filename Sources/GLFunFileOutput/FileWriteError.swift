import Foundation

/// An output file that could not be written: which file, what kind of failure (for a caller
/// or a test to tell them apart) and the system's words for it.
public struct FileWriteError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What kind of failure it was.
    public enum Kind: Equatable, Sendable {
        /// Empty, or naming a folder ("out/").
        case notAFileName
        /// The path holds a NUL character: the system would cut it there and write another file.
        case nulInPath
        /// The path is a directory.
        case isDirectory
        /// The path exists and is a device, a socket or another thing that is neither a regular
        /// file nor a FIFO: it is never replaced.
        case notARegularFile
        /// Two outputs of one command name the same file (or both standard output).
        case sameOutputTwice
        /// A folder on the way does not exist, or is not a folder.
        case noSuchDirectory
        /// Permission denied, or a read-only file system.
        case permissionDenied
        /// The file size limit (RLIMIT_FSIZE, `ulimit -f`) or the file system's: EFBIG.
        case tooLarge
        /// No space or quota left on the device.
        case noSpace
        /// The reader of a FIFO or of standard output went away (EPIPE).
        case brokenPipe
        /// Too many symbolic links, or a loop.
        case symlinkLoop
        /// Any other failure of the system call, by errno.
        case system(Int32)

        /// The kind for a failed system call's errno.
        public init(errno e: Int32) {
            switch e {
            case ENOENT, ENOTDIR: self = .noSuchDirectory
            case EACCES, EPERM, EROFS: self = .permissionDenied
            case EFBIG: self = .tooLarge
            case ENOSPC, EDQUOT: self = .noSpace
            case EPIPE: self = .brokenPipe
            case EISDIR: self = .isDirectory
            case ELOOP: self = .symlinkLoop
            default: self = .system(e)
            }
        }
    }

    /// The file that could not be written.
    public let path: String
    /// What kind of failure it was.
    public let kind: Kind
    /// The system's message (strerror) or what was refused, in words.
    public let reason: String

    /// An error for `path` of `kind`, with the system's words in `reason`.
    public init(path: String, kind: Kind, reason: String) {
        self.path = path
        self.kind = kind
        self.reason = reason
    }

    /// The error for a system call that just failed (reads `errno`).
    public init(path: String, errno e: Int32 = errno) {
        self.init(path: path, kind: Kind(errno: e), reason: String(cString: strerror(e)))
    }

    /// The path, and what went wrong, in words.
    public var description: String {
        // A path with a NUL or a newline would break the one error line: show it escaped.
        let shown = path.contains(where: { $0 == "\0" || $0.isNewline }) ? path.debugDescription : path
        return "\(shown): cannot write (\(reason))"
    }
}
