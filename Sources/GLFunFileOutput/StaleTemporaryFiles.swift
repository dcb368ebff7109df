import Foundation

/// Temporary files that a killed process (kill -9, a power cut) left beside an output:
/// `.<name>.tmp-<pid>-<random>`, the names `AtomicFile` gives them. Writing `name` again
/// removes those whose process is gone, and nothing else.
enum StaleTemporaryFiles {
    /// The temporary file name `AtomicFile` uses for `base` in this process.
    static func name(for base: String, pid: Int32 = getpid(), random: UInt32 = UInt32.random(in: 0...UInt32.max)) -> String {
        ".\(base).tmp-\(pid)-\(random)"
    }

    /// The pid in a temporary file name made by `name(for:)` for `base`, or nil when `file`
    /// is not one.
    static func pid(inName file: String, base: String) -> Int32? {
        let prefix = ".\(base).tmp-"
        guard file.hasPrefix(prefix) else { return nil }
        let parts = file.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let pid = Int32(parts[0]), pid > 0, UInt32(parts[1]) != nil else { return nil }
        return pid
    }

    /// Whether no process has this pid (kill(pid, 0) fails with ESRCH). A process of
    /// another user still counts as alive (EPERM).
    static func isGone(_ pid: Int32) -> Bool {
        kill(pid, 0) != 0 && errno == ESRCH
    }

    /// The file a temporary file name is for (`out.png` for `.out.png.tmp-12-34`), or nil.
    static func base(ofName file: String) -> String? {
        guard file.hasPrefix("."), let r = file.range(of: ".tmp-", options: .backwards), r.lowerBound > file.index(after: file.startIndex)
        else { return nil }
        let base = String(file[file.index(after: file.startIndex)..<r.lowerBound])
        return pid(inName: file, base: base) != nil ? base : nil
    }

    /// Removes the stale temporary files of `base` in `folder` (of every file whose name starts
    /// with `basePrefix`, when given instead): regular files of that name pattern whose pid is
    /// not a live process (never this process's own). Returns how many.
    @discardableResult
    static func remove(in folder: String, base: String? = nil, basePrefix: String? = nil) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        var removed = 0
        for n in names {
            let b = base ?? self.base(ofName: n).flatMap { $0.hasPrefix(basePrefix ?? "") ? $0 : nil }
            guard let b, let pid = pid(inName: n, base: b), pid != getpid(), isGone(pid) else { continue }
            let path = PathName.joining(folder, n)
            var st = stat()
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }
}

extension AtomicFile {
    /// Removes the temporary files that killed processes left beside `path` (what writing
    /// `path` does first anyway), for a file that may not be written again under that name.
    @discardableResult
    public static func removeStaleTemporaryFiles(beside path: String) -> Int {
        StaleTemporaryFiles.remove(in: PathName.folder(of: path), base: PathName.lastComponent(of: path))
    }

    /// Removes the temporary files that killed processes left in `folder` for any file whose
    /// name starts with `prefix` (files named once, such as autosaves, are never written again).
    @discardableResult
    public static func removeStaleTemporaryFiles(in folder: String, forNamesStartingWith prefix: String) -> Int {
        StaleTemporaryFiles.remove(in: folder, basePrefix: prefix)
    }
}
