import Foundation
import GLES

/// What a batch's worker threads share, under one condition lock: the start (every worker
/// opens its GL context first; the batch starts only when all have, or stops when one could
/// not), the queue of items (taken in order, each once), the failures and the progress bar
/// (error lines and the bar written under the lock, so they never interleave).
final class BatchQueue: @unchecked Sendable {
    private enum Phase { case opening, running, stopped }

    let count: Int
    let workers: Int
    private let condition = NSCondition()
    /// Held while a worker opens its EGL context: opening is one at a time (each worker then
    /// compiles its shaders and draws in parallel).
    private let opening = NSLock()
    private let bar: ProgressBar
    // Guarded by `condition`:
    private var phase = Phase.opening
    private var opened = 0
    private var openFailure: GLESError?
    private var nextItem = 0
    private var done = 0
    private var failed = 0
    private var running: Int

    /// A queue of items 0..<count for `workers` threads.
    init(count: Int, workers: Int) {
        self.count = count
        self.workers = workers
        running = workers
        bar = ProgressBar(total: count)
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    private func wait(until ready: () -> Bool) {
        while !ready() { condition.wait() }
    }

    // MARK: Workers

    /// Runs `open` (a worker making its context) while no other worker opens one.
    func serially<T>(_ open: () throws(GLESError) -> T) throws(GLESError) -> T {
        opening.lock()
        defer { opening.unlock() }
        return try open()
    }

    /// A worker says whether it opened its context (nil: it did), then waits for the start;
    /// true when the batch runs, false when it was stopped (a worker could not open one).
    func opened(_ failure: GLESError?) -> Bool {
        locked {
            opened += 1
            if let failure, openFailure == nil { openFailure = failure }
            condition.broadcast()
            wait { phase != .opening }
            return phase == .running
        }
    }

    /// The next item to do, or nil when all are taken.
    func next() -> Int? {
        locked {
            guard phase == .running, nextItem < count else { return nil }
            defer { nextItem += 1 }
            return nextItem
        }
    }

    /// A worker finished an item; `error`: the one line saying why it failed.
    func finished(error: String?) {
        locked {
            done += 1
            if let error {
                failed += 1
                bar.note(error, done: done)
            } else {
                bar.update(done)
            }
        }
    }

    /// A worker is done (it takes nothing more and has let go of its context).
    func leave() {
        locked {
            running -= 1
            condition.broadcast()
        }
    }

    // MARK: The thread that started them

    /// Waits until every worker has tried to open its context; the first failure, if any.
    func waitForContexts() -> GLESError? {
        locked {
            wait { opened == workers }
            return openFailure
        }
    }

    /// Lets the workers take items (`true`), or sends them home (`false`).
    func start(_ go: Bool) {
        locked {
            phase = go ? .running : .stopped
            condition.broadcast()
        }
    }

    /// Waits until every worker has left; how many items failed.
    func waitForWorkers() -> Int {
        locked {
            wait { running == 0 }
            if phase == .running { bar.finish() }
            return failed
        }
    }
}
