import Foundation

/// A way for another thread to wake a host's loop: a movie decoder that has a new frame, a
/// loader that finished. `wake()` may be called from any thread at any time (it writes one byte
/// into a pipe, never blocks, and coalesces); the window host polls `fileDescriptor` beside the
/// X connection and, when woken, drains it and sends the app a `.tick` at that time (recorded,
/// so a replay sees the same ticks). A headless host has nothing to wake.
public final class HostWakeup: Sendable {
    /// The pipe's read end, for `poll`.
    public let fileDescriptor: Int32
    private let writeEnd: Int32

    /// A wake-up with its own pipe.
    public init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
            _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        }
        fileDescriptor = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        if fileDescriptor >= 0 { close(fileDescriptor) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Wakes the host (a full pipe already means "woken": the byte is dropped).
    public func wake() {
        var b: UInt8 = 1
        _ = write(writeEnd, &b, 1)
    }

    /// Empties the pipe; returns whether there was anything in it.
    @discardableResult
    public func drain() -> Bool {
        var buf = [UInt8](repeating: 0, count: 64)
        var any = false
        while read(fileDescriptor, &buf, buf.count) > 0 { any = true }
        return any
    }
}
