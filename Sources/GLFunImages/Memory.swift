import Foundation

/// Checks, before a large allocation, that the memory can be had: Swift aborts the process
/// when an array cannot be allocated, and Mesa's llvmpipe may crash when its own allocation
/// fails, so the decoders (and GLES, before a texture, framebuffer or context) first map (and
/// at once unmap) that much address space and turn a refusal into `OutOfMemory` (then
/// `ImageError.outOfMemory` or `GLESError.outOfMemory`). Under a memory limit (`ulimit -v`)
/// that is a clean error instead of a SIGABRT; it cannot promise that a later allocation succeeds.
///
/// The check maps pages rather than calling malloc: the optimizer may delete a malloc whose
/// block is only freed, and with it the check (it did).
public enum Memory {
    /// Throws `OutOfMemory` when `bytes` of address space cannot be had now.
    public static func require(_ bytes: Int, for what: @autoclosure () -> String) throws(OutOfMemory) {
        guard bytes > 0 else { return }
        let p = bytes < Int.max / 2 ? mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) : MAP_FAILED
        guard let p, p != MAP_FAILED else { throw OutOfMemory(what: what(), bytes: bytes) }
        munmap(p, bytes)
    }
}

/// `Memory.require` refused: `bytes` for `what` could not be had.
public struct OutOfMemory: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the memory was for ("a 4000x3000 image").
    public let what: String
    /// How many bytes it needed.
    public let bytes: Int

    /// A refusal of `bytes` for `what`.
    public init(what: String, bytes: Int) {
        self.what = what
        self.bytes = bytes
    }

    /// The refusal in words.
    public var description: String {
        "out of memory: \(what) needs \(bytes >> 20) MiB (\(bytes) bytes) that could not be allocated"
    }
}

/// `Memory.require`, its refusal as an `ImageError`.
func requireMemory(_ bytes: Int, for what: @autoclosure () -> String) throws(ImageError) {
    do { try Memory.require(bytes, for: what()) } catch { throw .outOfMemory(what: error.what, bytes: error.bytes) }
}
