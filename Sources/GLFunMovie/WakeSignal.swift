import Foundation

/// What libmpv's threads touch: a counter bumped on every wake-up (an event waits, or a new
/// frame), a condition to wait on, and the owner's handler (e.g. a host's `HostWakeup.wake`).
/// libmpv's callbacks must not call back into libmpv, and these do not.
final class WakeSignal: @unchecked Sendable {
    private let condition = NSCondition()
    private var count = 0
    private var handler: (@Sendable () -> Void)?

    func setHandler(_ h: (@Sendable () -> Void)?) {
        condition.lock()
        handler = h
        condition.unlock()
    }

    func fire() {
        condition.lock()
        count &+= 1
        let h = handler
        condition.broadcast()
        condition.unlock()
        h?()
    }

    /// How many wake-ups so far.
    var generation: Int {
        condition.lock()
        defer { condition.unlock() }
        return count
    }

    /// Waits until a wake-up after `generation`, or until `deadline`; returns whether one came.
    func wait(after generation: Int, until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while count == generation {
            if !condition.wait(until: deadline) { return count != generation }
        }
        return true
    }
}
