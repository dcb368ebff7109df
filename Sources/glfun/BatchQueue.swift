import Foundation
import GLFunGLES

/// What a batch's workers share, under one condition lock: the start (every worker opens its
/// GL context first; the batch starts only when all have, or stops when one could not), the
/// queue of items (taken in order, each once), the failures and the progress bar (error lines
/// and the bar are written under the lock, so they never interleave).
///
/// The thread that made the queue is a worker too; it waits for the others' contexts
/// (`waitForContexts`), starts or stops them (`start`), works, joins their threads, and ends
/// with `finish()`.
final class BatchQueue: @unchecked Sendable {
    private enum Phase { case opening, running, stopped }

    let count: Int
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
    private var outcomes: [Outcome?]

    /// What one item came to.
    struct Outcome {
        /// nil when it succeeded, else its one error line.
        let error: String?
        let milliseconds: Int
        /// It failed writing its output (not in its own input).
        let isWriteFailure: Bool
    }

    /// A queue of items 0..<count.
    init(count: Int) {
        self.count = count
        outcomes = Array(repeating: nil, count: count)
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

    // MARK: Every worker

    /// Runs `open` (a worker making its context) while no other worker opens one.
    func serially<T>(_ open: () throws(GLESError) -> T) throws(GLESError) -> T {
        opening.lock()
        defer { opening.unlock() }
        return try open()
    }

    /// The next item to do, or nil when all are taken (or the batch was stopped).
    func next() -> Int? {
        locked {
            guard phase == .running, nextItem < count else { return nil }
            defer { nextItem += 1 }
            return nextItem
        }
    }

    /// A worker finished item `item`; `outcome.error`: the one line saying why it failed.
    func finished(_ item: Int, _ outcome: Outcome) {
        locked {
            done += 1
            outcomes[item] = outcome
            if let error = outcome.error {
                bar.note(error, done: done)
            } else {
                bar.update(done)
            }
        }
    }

    // MARK: The other workers

    /// A worker says whether it opened its context (nil: it did), then waits for the start;
    /// true when the batch runs, false when it was stopped.
    func opened(_ failure: GLESError?) -> Bool {
        locked {
            record(failure)
            wait { phase != .opening }
            return phase == .running
        }
    }

    private func record(_ failure: GLESError?) {
        opened += 1
        if let failure, openFailure == nil { openFailure = failure }
        condition.broadcast()
    }

    // MARK: The thread that made the queue

    /// Says whether this thread opened its context, then waits until `workers` have tried
    /// (this one included); the first failure, if any.
    func waitForContexts(own failure: GLESError?, workers: Int) -> GLESError? {
        locked {
            record(failure)
            wait { opened >= workers }
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

    /// Once every worker is done: ends the bar; what each item came to (nil: not done).
    func finish() -> [Outcome?] {
        locked {
            if phase == .running { bar.finish() }
            return outcomes
        }
    }
}
