import Foundation

/// What `PhotoLoader` and `TileLoader` share: one condition lock over a loader's state, the
/// loop of its decoding thread, and callers that block for a result. While a caller waits the
/// thread starts nothing (the two would share the CPU the awaited decode needs); a caller
/// whose result nobody is decoding decodes it itself rather than wait in line.
final class DecodeLock: @unchecked Sendable {
    /// The lock; a decode releases it while it works and broadcasts when it is done.
    let condition = NSCondition()
    // Guarded by `condition`:
    private var waiting = 0
    private var stopped = false

    /// What one look at the state found, for `wait(_:)`.
    enum Attempt<R> {
        /// The result.
        case done(R)
        /// Work was done on this thread (a decode): look again at once.
        case again
        /// Someone else is at it: sleep until a broadcast.
        case sleep
    }

    /// `body` with the lock held.
    func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    /// Ends the thread's loop (`run`).
    func stop() {
        locked { stopped = true; condition.broadcast() }
    }

    /// Blocks until `attempt` (called with the lock held, again after each broadcast or each
    /// decode it did itself) gives the result.
    func wait<R>(_ attempt: () -> Attempt<R>) -> R {
        condition.lock()
        waiting += 1
        defer {
            waiting -= 1
            condition.broadcast()
            condition.unlock()
        }
        while true {
            switch attempt() {
            case let .done(r): return r
            case .again: continue
            case .sleep: condition.wait()
            }
        }
    }

    /// The thread's loop until `stop()`: while no caller waits, `next` (lock held) starts the
    /// most urgent decode and returns true, or returns false when there is none; then it sleeps
    /// until a broadcast.
    func run(_ next: () -> Bool) {
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            if waiting > 0 || !next() { condition.wait() }
        }
    }
}
