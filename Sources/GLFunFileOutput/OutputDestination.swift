import Foundation

/// Where an output path leads, decided before anything is written: a regular file is replaced
/// whole (`AtomicFile`), a FIFO or standard output is streamed into, anything else is refused.
/// A symbolic link is followed: its target is written and the link kept, as editors do.
public enum OutputDestination: Equatable, Sendable {
    /// A regular file, or nothing yet: written to a temporary file beside it, then renamed
    /// over it. The path is the one written (the link's target when the path was a link).
    case file(String)
    /// A FIFO (named pipe): opened for writing and streamed into, never renamed over.
    case fifo(String)
    /// `-`: standard output.
    case standardOutput

    /// Symbolic links followed before giving up (as the kernel's MAXSYMLINKS).
    static let maxLinks = 40

    /// Decides what `path` is.
    /// - Throws: `.notAFileName` (empty, or ending in "/"), `.nulInPath`, `.isDirectory`,
    ///   `.notARegularFile` (a device, a socket), `.symlinkLoop`, or what lstat(2) said.
    public init(path: String) throws(FileWriteError) {
        guard !path.contains("\0") else {
            throw FileWriteError(path: path, kind: .nulInPath, reason: "the path contains a NUL character")
        }
        if path == "-" {
            self = .standardOutput
            return
        }
        guard !path.isEmpty, !path.hasSuffix("/") else {
            throw FileWriteError(path: path, kind: .notAFileName, reason: "not a file name")
        }
        var current = path
        for _ in 0...OutputDestination.maxLinks {
            var st = stat()
            guard lstat(current, &st) == 0 else {
                let e = errno
                if e == ENOENT { self = .file(current); return }  // a new file (its folder is checked when written)
                throw FileWriteError(path: path, errno: e)
            }
            switch st.st_mode & S_IFMT {
            case S_IFREG:
                self = .file(current)
                return
            case S_IFIFO:
                self = .fifo(current)
                return
            case S_IFLNK:
                guard let target = OutputDestination.readLink(current) else { throw FileWriteError(path: path, errno: errno) }
                current = PathName.joining(PathName.folder(of: current), target)
            case S_IFDIR:
                throw FileWriteError(path: path, kind: .isDirectory, reason: "is a directory")
            default:
                let what: String
                switch st.st_mode & S_IFMT {
                case S_IFCHR: what = "a character device"
                case S_IFBLK: what = "a block device"
                case S_IFSOCK: what = "a socket"
                default: what = "not a regular file"
                }
                throw FileWriteError(path: path, kind: .notARegularFile,
                                     reason: "\(current == path ? "is" : "leads to") \(what), not a regular file; it is never replaced")
            }
        }
        throw FileWriteError(path: path, kind: .symlinkLoop, reason: "too many levels of symbolic links")
    }

    static func readLink(_ path: String) -> String? {
        var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buf, buf.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buf[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Opens the destination to be written as things happen (a recording), not atomically:
    /// a regular file is created or truncated, a FIFO opened for writing (this waits for a
    /// reader), standard output duplicated. Returns a file descriptor the caller closes.
    public func openForStreaming(path: String) throws(FileWriteError) -> Int32 {
        let fd: Int32
        switch self {
        case let .file(p): fd = open(p, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        case let .fifo(p): fd = open(p, O_WRONLY | O_CLOEXEC)
        case .standardOutput: fd = dup(STDOUT_FILENO)
        }
        guard fd >= 0 else { throw FileWriteError(path: path, errno: errno) }
        return fd
    }
}
