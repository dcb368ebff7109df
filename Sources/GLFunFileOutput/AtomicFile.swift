import Foundation

/// Writes whole files or nothing, and the outputs of one command together:
///
/// 1. every path is checked first (`OutputDestination`): a directory, a device or a socket is
///    refused, a symbolic link leads to its target, a FIFO and `-` are streamed into;
/// 2. each regular file is written to a temporary file beside it (`.<name>.tmp-<pid>-<random>`,
///    stale ones of dead processes removed first), in chunks, and fsynced;
/// 3. FIFOs and standard output get their bytes;
/// 4. with SIGINT, SIGTERM and SIGHUP blocked, the temporary files are renamed over their
///    destinations in the order given, and each folder is fsynced.
///
/// If anything fails before step 4, every temporary file is removed and nothing is renamed.
/// A signal during steps 1-3 removes the temporary files too (`removeTemporaryFilesOnSignals`).
public enum AtomicFile {
    /// Bytes per write(2) call: a signal or a full disk is noticed within one chunk.
    static let chunkSize = 1 << 20

    /// Test only (`GLFUN_TEST_WRITE_PAUSE_MS`, read by the glfun command): when set, files are
    /// written in 4 KiB chunks with this pause after each, so a test can catch a write in the
    /// middle. Never set in normal use.
    nonisolated(unsafe) public static var testPauseMicroseconds: UInt32 = 0

    /// Writes `bytes` to `path`, whole or not at all (see the type).
    public static func write(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        try write([(path, bytes)])
    }

    /// Writes `string` as UTF-8 to `path`, whole or not at all.
    public static func write(_ string: String, to path: String) throws(FileWriteError) {
        try write([(path, Array(string.utf8))])
    }

    /// Writes several files as one: all of them, or (on any failure) none. The temporary files
    /// are written in the order given and renamed in `renameOrder` (indices into `files`; by
    /// default the same order): a save writes its document first and renames its preview
    /// first, so the preview is never older than the document, by time or by content.
    /// - Throws: `FileWriteError` naming the first file that failed and its kind.
    public static func write(_ files: [(path: String, bytes: [UInt8])], renameOrder: [Int]? = nil) throws(FileWriteError) {
        precondition(renameOrder.map { $0.sorted() == Array(files.indices) } ?? true, "renameOrder must be a permutation of the files' indices")
        var destinations: [OutputDestination] = []
        for f in files {
            let d = try OutputDestination(path: f.path)
            if let i = destinations.firstIndex(where: { sameOutput($0, d) }) {
                throw FileWriteError(path: f.path, kind: .sameOutputTwice,
                                     reason: "also named as \(files[i].path) by the same command")
            }
            destinations.append(d)
        }
        var temps: [Int: Pending] = [:]
        defer { for t in temps.values { t.discard() } }  // after a failure; renamed ones are already forgotten
        for (i, (f, d)) in zip(files, destinations).enumerated() {
            if case let .file(target) = d { temps[i] = try Pending(writing: f.bytes, for: target, named: f.path) }
        }
        for (f, d) in zip(files, destinations) {
            switch d {
            case let .fifo(p): try stream(f.bytes, to: open(p, O_WRONLY | O_CLOEXEC), path: f.path, close: true)
            case .standardOutput: try stream(f.bytes, to: STDOUT_FILENO, path: f.path, close: false)
            case .file: break
            }
        }
        try TemporaryFiles.withEndingSignalsBlocked { () throws(FileWriteError) in
            var folders: [String] = []
            for i in renameOrder ?? Array(files.indices) {
                guard var t = temps.removeValue(forKey: i) else { continue }
                do throws(FileWriteError) { try t.commit() } catch { temps[i] = t; throw error }
                let folder = PathName.folder(of: t.target)
                if !folders.contains(folder) { folders.append(folder) }
            }
            for folder in folders { syncFolder(folder) }
        }
    }

    /// Whether two destinations are the same output (same file, or both standard output).
    static func sameOutput(_ a: OutputDestination, _ b: OutputDestination) -> Bool {
        switch (a, b) {
        case (.standardOutput, .standardOutput): return true
        case let (.file(x), .file(y)), let (.fifo(x), .fifo(y)): return canonical(x) == canonical(y)
        default: return false
        }
    }

    /// The path with its folder resolved (realpath), so "./a" and "a" are the same file.
    static func canonical(_ path: String) -> String {
        let folder = PathName.folder(of: path)
        let base = PathName.lastComponent(of: path)
        guard let r = realpath(folder, nil) else { return path }
        defer { free(r) }
        return PathName.joining(String(cString: r), base)
    }

    /// Writes all of `bytes` to `fd` in chunks (paced in tests).
    static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(FileWriteError) {
        let chunk = testPauseMicroseconds > 0 ? 4096 : chunkSize
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buf in
            var off = 0
            while off < buf.count {
                let n = Foundation.write(fd, buf.baseAddress! + off, min(chunk, buf.count - off))
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                off += n
                if testPauseMicroseconds > 0 && off < buf.count { usleep(testPauseMicroseconds) }
            }
        }
        if failure != 0 { throw FileWriteError(path: path, errno: failure) }
    }

    /// Streams into a FIFO or standard output (nothing to rename, nothing to take back).
    static func stream(_ bytes: [UInt8], to fd: Int32, path: String, close shouldClose: Bool) throws(FileWriteError) {
        guard fd >= 0 else { throw FileWriteError(path: path, errno: errno) }
        defer { if shouldClose { close(fd) } }
        try writeAll(bytes, to: fd, path: path)
    }

    /// fsync(2) on a folder, so that a rename in it survives a crash. Best effort: some file
    /// systems refuse to sync a folder (EINVAL), and the file itself is already on disk.
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// One temporary file, written and fsynced, waiting to be renamed over `target`.
    struct Pending {
        let target: String
        let temp: String
        let path: String
        private var slot: Int?

        /// Writes `bytes` to a new temporary file beside `target`. `path` is the name the
        /// user gave (for errors). Removes the stale temporary files of `target` first.
        init(writing bytes: [UInt8], for target: String, named path: String) throws(FileWriteError) {
            self.target = target
            self.path = path
            let folder = PathName.folder(of: target)
            let base = PathName.lastComponent(of: target)
            StaleTemporaryFiles.remove(in: folder, base: base)
            temp = PathName.joining(folder, StaleTemporaryFiles.name(for: base))
            slot = TemporaryFiles.add(temp)
            let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                let e = errno
                TemporaryFiles.remove(slot)
                throw FileWriteError(path: path, errno: e)
            }
            var ok = false
            defer {
                close(fd)
                if !ok { unlink(temp); TemporaryFiles.remove(slot) }
            }
            // Keep an existing file's permissions, as editors do.
            var st = stat()
            if stat(target, &st) == 0 { fchmod(fd, st.st_mode & 0o7777) }
            try AtomicFile.writeAll(bytes, to: fd, path: path)
            guard fsync(fd) == 0 else { throw FileWriteError(path: path, errno: errno) }
            ok = true
        }

        /// Renames the temporary file over the target.
        mutating func commit() throws(FileWriteError) {
            guard rename(temp, target) == 0 else { throw FileWriteError(path: path, errno: errno) }
            TemporaryFiles.remove(slot)
            slot = nil
        }

        /// Removes the temporary file if it was not renamed.
        func discard() {
            guard slot != nil || FileManager.default.fileExists(atPath: temp) else { return }
            unlink(temp)
            TemporaryFiles.remove(slot)
        }
    }
}
