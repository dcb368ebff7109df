import Foundation

/// A thread that can be waited for to its very end (pthread_join): when `join()` returns,
/// everything the thread held is gone, its GL context and the driver's per-thread state
/// included. Foundation's `Thread` cannot be joined, and a process that exits while a thread
/// still tears down an EGL context can crash in the driver's clean-up.
final class JoinableThread {
    private let handle: pthread_t
    private var joined = false

    private init(handle: pthread_t) {
        self.handle = handle
    }

    /// Starts `body` on a new thread with `stackSize` bytes of stack; nil when the system makes
    /// no more threads (pthread_create failed).
    static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> JoinableThread? {
        final class Box { let body: @Sendable () -> Void; init(_ b: @escaping @Sendable () -> Void) { body = b } }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var handle = pthread_t()
        let status = pthread_create(&handle, &attributes, { argument in
            Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue().body()
            return nil
        }, box)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            return nil
        }
        return JoinableThread(handle: handle)
    }

    /// Waits until the thread has ended (once; later calls return at once).
    func join() {
        guard !joined else { return }
        joined = true
        pthread_join(handle, nil)
    }
}
