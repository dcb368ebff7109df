import Foundation

/// An input file opened the one safe way: non-blocking (a FIFO or a device never makes the
/// caller wait for a writer), then `fstat` on what was opened (no race with a rename), and
/// refused unless it is a regular file. Every reader of a user's file (pictures, slide lists,
/// transition files, scenes, movies) goes through it, so a FIFO named as a picture is one
/// error, never a hang.
///
///     let fd = try RegularFile.open("slides/a.png")   // blocking again once checked
///     defer { close(fd) }
///
/// Not here: writing (`AtomicFile`).
public enum RegularFile {
    /// Opens `path` for reading, checked to be a regular file; the descriptor is blocking
    /// again when returned. The caller closes it.
    /// - Throws: `FileProblem` `.nulInPath`, `.noSuchFile`, `.isDirectory`, `.notARegularFile`
    ///   (a FIFO, socket or device) or `.unreadable`.
    public static func open(_ path: String) throws(FileProblem) -> Int32 {
        guard !path.utf8.contains(0) else { throw .nulInPath }
        let fd = FileName.withCString(path) { Foundation.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else { throw FileProblem(errno: errno) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = errno
            close(fd)
            throw FileProblem(errno: e)
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG:
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            return fd
        case S_IFDIR:
            close(fd)
            throw .isDirectory
        default:
            close(fd)
            throw .notARegularFile
        }
    }

    /// Checks that `path` is a regular file that can be opened for reading, without reading it.
    public static func check(_ path: String) throws(FileProblem) {
        close(try open(path))
    }

    /// Up to `limit` bytes of a regular file, and its size as `fstat` told it (which may be
    /// more than what was read).
    public static func read(_ path: String, upTo limit: Int) throws(FileProblem) -> (bytes: [UInt8], size: Int) {
        let fd = try open(path)
        defer { close(fd) }
        return try read(fd, upTo: limit)
    }

    /// The size `fstat` tells of the open file `fd`.
    public static func size(_ fd: Int32) throws(FileProblem) -> Int {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FileProblem(errno: errno) }
        return Int(st.st_size)
    }

    /// Up to `limit` bytes of the open file `fd` (one `open` gave), read straight into one
    /// array, and its size as `fstat` told it. A file that shrank meanwhile gives what was there.
    public static func read(_ fd: Int32, upTo limit: Int) throws(FileProblem) -> (bytes: [UInt8], size: Int) {
        let size = (try? self.size(fd)) ?? 0
        let want = min(limit, max(size, 0))
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: max(want, 1)) { buf, count in
            while count < want {
                let n = Foundation.read(fd, buf.baseAddress! + count, want - count)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failure = errno; break }
                if n == 0 { break }
                count += n
            }
        }
        if failure != 0 { throw FileProblem(errno: failure) }
        // A file that grew since fstat (or a /proc file that reports 0): read on to the limit.
        if bytes.count == want && want < limit {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while bytes.count < limit {
                let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, min($0.count, limit - bytes.count)) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                bytes += chunk[..<n]
            }
        }
        return (bytes, max(size, bytes.count))
    }
}

extension FileProblem: Error {
    /// The problem a failed `open` or `read`'s errno means.
    public init(errno e: Int32) {
        switch e {
        case ENOENT, ENOTDIR: self = .noSuchFile
        case EISDIR: self = .isDirectory
        case ENXIO, ENODEV: self = .notARegularFile
        default: self = .unreadable
        }
    }
}
