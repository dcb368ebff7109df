import GLFunFileOutput
import Foundation
import GLFunGLES

/// Where crash-recovery copies live: `$XDG_STATE_HOME/glfun` (else `~/.local/state/glfun`),
/// one file per running window with a document, `recovery-<pid>.json`. A copy whose process is
/// gone (a crash, kill -9, a power cut) is an orphan: the next `glfun draw` adopts the newest.
public struct RecoveryFolder: Sendable {
    /// The folder the copies are in.
    public let directory: String

    /// The folder at `directory` (by default the state folder).
    public init(directory: String = RecoveryFolder.defaultDirectory) {
        self.directory = directory
    }

    /// $XDG_STATE_HOME/glfun, else ~/.local/state/glfun.
    public static var defaultDirectory: String {
        let env = ProcessInfo.processInfo.environment
        if let x = env["XDG_STATE_HOME"], !x.isEmpty { return x + "/glfun" }
        return (env["HOME"] ?? ".") + "/.local/state/glfun"
    }

    /// The copy of the process `pid` (default: this one).
    public func path(for pid: Int32 = getpid()) -> String {
        directory + "/recovery-\(pid).json"
    }

    /// A copy left by a process that is gone.
    public struct Orphan: Equatable, Sendable {
        /// The copy's file.
        public let path: String
        /// The process that wrote it.
        public let pid: Int32
        /// When it was last written.
        public let modified: Date
    }

    /// The orphans, newest first. Also removes the temporary files killed processes left here.
    public func orphans() -> [Orphan] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var found: [Orphan] = []
        for n in names {
            guard n.hasPrefix("recovery-"), n.hasSuffix(".json"),
                  let pid = Int32(n.dropFirst(9).dropLast(5)), pid > 0, pid != getpid() else { continue }
            guard kill(pid, 0) != 0 && errno == ESRCH else { continue }  // its window is still open
            let path = directory + "/" + n
            var st = stat()
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            found.append(Orphan(path: path, pid: pid, modified: Date(timeIntervalSince1970: Double(st.st_mtim.tv_sec))))
        }
        // Temporary files of copies that never got written whole, under any pid.
        AtomicFile.removeStaleTemporaryFiles(in: directory, forNamesStartingWith: "recovery-")
        return found.sorted { ($0.modified, $0.pid) > ($1.modified, $1.pid) }
    }

    /// Makes an orphan this process's own copy (a rename, so two windows starting at once never
    /// both take it): from now on it is refreshed and removed like any copy of this process.
    /// Returns the new path, or nil when another process took it first.
    public func adopt(_ orphan: Orphan) -> String? {
        let mine = path()
        return rename(orphan.path, mine) == 0 ? mine : nil
    }
}
