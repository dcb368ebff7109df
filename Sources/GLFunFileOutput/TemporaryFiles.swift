import Foundation
import Synchronization

/// The temporary files `AtomicFile` is writing right now, kept where a signal handler can
/// reach them: a fixed table of C strings made before each file is created. The handler
/// (`AtomicFile.removeTemporaryFilesOnSignals`) only reads the table and calls unlink(2),
/// signal(2) and raise(3), which are async-signal-safe; it allocates nothing and takes no lock.
enum TemporaryFiles {
    static let capacity = 64
    /// Slot i holds a strdup'd path, or nil. Written under `lock`, read by the handler.
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        p.initialize(repeating: nil, count: capacity)
        return p
    }()
    static let lock = Mutex(())

    /// Notes a temporary file about to be created; returns its slot (nil when the table is
    /// full: the file is then written unguarded, as before signals were handled).
    static func add(_ path: String) -> Int? {
        lock.withLock { _ in
            for i in 0..<capacity where slots[i] == nil {
                slots[i] = strdup(path)
                return i
            }
            return nil
        }
    }

    /// Forgets a temporary file (renamed or removed).
    static func remove(_ slot: Int?) {
        guard let slot else { return }
        lock.withLock { _ in
            let p = slots[slot]
            slots[slot] = nil
            free(p)
        }
    }

    /// Unlinks every temporary file being written. Called from the signal handler.
    static func unlinkAll() {
        for i in 0..<capacity {
            if let p = slots[i] { unlink(p) }
        }
    }

    /// SIGINT, SIGTERM and SIGHUP blocked on this thread while `body` runs: what a command
    /// writes is renamed into place whole, or (signal before) not at all.
    static func withEndingSignalsBlocked<T>(_ body: () throws(FileWriteError) -> T) throws(FileWriteError) -> T {
        var set = sigset_t(), old = sigset_t()
        sigemptyset(&set)
        for s in endingSignals { sigaddset(&set, s) }
        pthread_sigmask(SIG_BLOCK, &set, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        return try body()
    }

    static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
}

extension AtomicFile {
    /// Makes SIGINT, SIGTERM and SIGHUP remove the temporary files being written before they
    /// end the process (then the signal's default action: the exit status says which signal).
    /// Signals the process was started with ignored (nohup, a background job) stay ignored.
    /// For command-line programs; a window host that handles these signals itself (to save)
    /// installs its own handlers afterwards, and those win.
    public static func removeTemporaryFilesOnSignals() {
        _ = TemporaryFiles.slots  // made now, not lazily inside the handler
        let handler: @convention(c) (Int32) -> Void = { sig in
            TemporaryFiles.unlinkAll()
            signal(sig, SIG_DFL)
            raise(sig)  // delivered with the default action when the handler returns
        }
        for sig in TemporaryFiles.endingSignals {
            var old = sigaction()
            sigaction(sig, nil, &old)
            if unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                continue
            }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
            sigemptyset(&action.sa_mask)
            for s in TemporaryFiles.endingSignals { sigaddset(&action.sa_mask, s) }
            action.sa_flags = SA_RESTART
            sigaction(sig, &action, nil)
        }
    }
}
