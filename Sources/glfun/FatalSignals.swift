import GLFunFileOutput
import Foundation

/// Last words for a crash glfun cannot prevent. Under an address-space limit (`ulimit -v`),
/// an allocation can fail where nobody checks: inside Mesa's llvmpipe (LLVM does not survive a
/// failed malloc) or in the Swift runtime (which aborts). GLES asks malloc before its large
/// allocations (`Memory.require`), but the driver's own cannot be asked for. So, only when
/// such a limit is set, SIGSEGV, SIGBUS and SIGABRT print one `glfun: error:` line that says
/// so and exit 1. Outputs are written last (`AtomicFile`), so there is none to clean up.
/// Without a limit a crash is a bug and stays loud: the default action, a core dump.
enum FatalSignals {
    nonisolated(unsafe) private static var message: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var length = 0

    static func installIfMemoryIsLimited() {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return }
        let text = "glfun: error: out of memory: an allocation failed under the address-space limit "
            + "(ulimit -v: \(limit.rlim_cur >> 20) MiB); raise the limit or use a smaller canvas\n"
        message = strdup(text)
        length = text.utf8.count
        // Its own stack, so that a crash on a stack that is out of room still runs it.
        let size = 64 * 1024
        guard let stack = malloc(size) else { return }
        var alt = stack_t(ss_sp: stack, ss_flags: 0, ss_size: size)
        sigaltstack(&alt, nil)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            if let m = FatalSignals.message { _ = write(2, m, FatalSignals.length) }
            _exit(1)
        }
        action.sa_flags = Int32(SA_ONSTACK)
        sigemptyset(&action.sa_mask)
        for s in [SIGSEGV, SIGBUS, SIGABRT] { sigaction(s, &action, nil) }
    }
}
