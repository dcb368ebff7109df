#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The process's malloc settings for showing photos. A decoded slide is one large block (a
/// photo shown at 1280x720: 1280x960x4, 4.7 MiB) that lives a few seconds, made on the
/// decoder's thread and freed on the window's. glibc serves a block that large with mmap at
/// first, but raises its mmap threshold to the size of each such block freed (up to 32 MiB),
/// so from the second slide on they come from the heaps of both threads' arenas, where the
/// freed space is kept and fragments: resident memory creeps up slide after slide. A fixed
/// threshold (setting it turns the raising off) keeps every block of 1 MiB or more mmapped,
/// returned to the system the moment it is freed. Process-wide, so the CLI sets it (the
/// slide-show commands), never a library. `GLFUN_MALLOC=default` leaves glibc's defaults,
/// to measure the difference.
enum MallocTuning {
    static let mmapThreshold: Int32 = 1 << 20
    /// <malloc.h>'s M_MMAP_THRESHOLD (Glibc's Swift module leaves malloc.h out).
    static let mMmapThreshold: Int32 = -3
    nonisolated(unsafe) private static var applied = false

    static func applyForPhotos() {
        guard !applied, ProcessInfo.processInfo.environment["GLFUN_MALLOC"] != "default",
              let f = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(f, to: (@convention(c) (Int32, Int32) -> Int32).self)
        applied = mallopt(mMmapThreshold, mmapThreshold) == 1
    }

    static var described: String { applied ? "mmap-threshold-1MiB" : "glibc-default" }

    /// malloc_trim(0): the free memory of every arena given back (for measurements).
    static func trim() {
        guard let f = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(f, to: (@convention(c) (Int) -> Int32).self)(0)
    }
}
