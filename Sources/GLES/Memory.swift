import Foundation

/// Checks, before a large allocation, that the memory can be had: Swift aborts the process
/// when an array cannot be allocated, and Mesa's llvmpipe may crash when its own allocation
/// fails, so GLES first maps (and at once unmaps) that much address space and turns a refusal
/// into `GLESError.outOfMemory`. Under a memory limit (`ulimit -v`) that is a clean error
/// instead of a SIGABRT; it cannot promise that a later allocation succeeds.
///
/// The check maps pages rather than calling malloc: the optimizer may delete a malloc whose
/// block is only freed, and with it the check (it did).
public enum Memory {
    /// Throws `.outOfMemory` when `bytes` of address space cannot be had now.
    public static func require(_ bytes: Int, for what: @autoclosure () -> String) throws(GLESError) {
        guard bytes > 0 else { return }
        let p = bytes < Int.max / 2 ? mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) : MAP_FAILED
        guard let p, p != MAP_FAILED else { throw .outOfMemory(what: what(), bytes: bytes) }
        munmap(p, bytes)
    }
}
