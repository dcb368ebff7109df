import Dispatch
import GLFunFileOutput
import Foundation
import GLFunGLES
import GLFunHost
import Synchronization

/// The window host's crash-recovery copy of the app's document (`RecoveryFolder`): while the
/// document has unsaved changes, it is written (atomically) soon after a change and then at
/// most once per `interval`; it is removed once the work is saved or autosaved. The app gives
/// a snapshot (`AppDocument.recoverySnapshot`: a copy of its state, taken on the host's
/// thread); the bytes are made and written on a background queue, as a 100,000-shape drawing's
/// JSON takes about 0.3 s to make (debug build) and the window must not stop for it.
///
/// The host owns the timer (DESIGN.md, "Saves and crash recovery"): it polls `deadline` and
/// calls `keepIfDue`. Everything here runs on the host's thread except the queue's work, which
/// touches only `failure`.
final class CrashRecovery: @unchecked Sendable {
    let path: String
    let interval: Double
    private let queue = DispatchQueue(label: "glfun.crash-recovery", qos: .utility)
    private let group = DispatchGroup()
    /// The last background write's error, for the host's thread to report.
    private let failure = Mutex<String?>(nil)
    private var writtenRevision: Int?
    private var lastStart = -Double.infinity
    private var reported: String?

    init(folder: RecoveryFolder, interval: Double = 5) {
        path = folder.path()
        self.interval = interval
    }

    private var isWriting: Bool { group.wait(timeout: .now()) == .timedOut }

    /// When (monotonic seconds) the next copy is due, or nil when there is nothing new to keep.
    func deadline(for doc: (any AppDocument)?, now: Double) -> Double? {
        guard let doc, doc.hasUnsavedChanges, doc.revision != writtenRevision else { return nil }
        return isWriting ? now + 0.1 : lastStart + interval
    }

    /// Starts writing a copy if one is due. Reports (once) a copy that could not be written.
    func keepIfDue(_ doc: (any AppDocument)?, now: Double, notice: (HostNotice) -> Void) {
        if let error = failure.withLock({ e -> String? in defer { e = nil }; return e }) {
            writtenRevision = nil  // try again at the next interval
            if error != reported {
                notice(.recoveryCopyFailed(reason: error))
                reported = error
            }
        }
        guard let doc, let due = deadline(for: doc, now: now), now >= due, !isWriting else { return }
        lastStart = now
        writtenRevision = doc.revision
        let make = doc.recoverySnapshot()
        try? FileManager.default.createDirectory(atPath: PathName.folder(of: path),
                                                 withIntermediateDirectories: true)
        group.enter()
        queue.async { [self] in
            do { try AtomicFile.write(make(), to: path) } catch { failure.withLock { $0 = "\(error)" } }
            group.leave()
        }
    }

    /// Waits for a copy being written.
    func finishWriting() {
        group.wait()
    }

    /// Whether a copy is on disk (written by this process, or adopted at start).
    var exists: Bool {
        finishWriting()
        return FileManager.default.fileExists(atPath: path)
    }

    /// Removes the copy: the work is saved or autosaved, or there is none.
    func remove() {
        finishWriting()
        unlink(path)
        writtenRevision = nil
        lastStart = -Double.infinity
    }
}
