import Foundation
import GLFunGLES

/// A batch worker's PNG writer on a thread of its own (issue 34: encoding overlaps drawing):
/// the worker hands over a scene's image and goes on to draw the next scene while this one is
/// encoded and written. One image waits at most (the worker blocks until the slot is free), so
/// a worker holds two images at most whatever the batch's length: memory stays flat. What a
/// PNG holds and how its file is written (whole, through `Outputs`) is as before; the scene's
/// outcome is told to the queue when its file is written (or failed to be).
final class BatchEncoder: @unchecked Sendable {
    struct Job {
        let item: Int
        let image: Image
        let path: String
        /// When the scene's work began (DispatchTime's nanoseconds), for its milliseconds.
        let start: UInt64
    }

    private let queue: BatchQueue
    private let condition = NSCondition()
    private var pending: Job?
    private var closed = false
    private var thread: JoinableThread?

    /// Starts the writer's thread; without one (no thread to be had) `submit` writes in place.
    init(queue: BatchQueue) {
        self.queue = queue
        thread = JoinableThread.start(stackSize: 1 << 20) { [self] in loop() }
    }

    /// Hands over a scene's image: waits while the one before still waits to be encoded.
    func submit(_ job: Job) {
        guard thread != nil else { return write(job) }
        condition.lock()
        while pending != nil { condition.wait() }
        pending = job
        condition.broadcast()
        condition.unlock()
    }

    /// Writes what is left and ends the thread (joined before this returns).
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        thread?.join()
    }

    private func loop() {
        while true {
            condition.lock()
            while pending == nil && !closed { condition.wait() }
            guard let job = pending else {
                condition.unlock()
                return
            }
            pending = nil
            condition.broadcast()
            condition.unlock()
            write(job)
        }
    }

    private func write(_ job: Job) {
        var line: String?
        var written = false
        do { try Outputs.write(job.image, to: job.path) } catch {
            line = errorLine("\(error)")
            if case .write = error { written = true }
        }
        let ms = Int((DispatchTime.now().uptimeNanoseconds - job.start) / 1_000_000)
        queue.finished(job.item, BatchQueue.Outcome(error: line, milliseconds: ms, isWriteFailure: written))
    }
}
