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

    /// <malloc.h>'s M_TRIM_THRESHOLD.
    static let mTrimThreshold: Int32 = -1
    /// What `applyForScenes` sets the trim threshold to.
    static let sceneTrimThreshold: Int32 = 64 << 20

    /// The process's malloc settings for drawing scenes. Mesa's llvmpipe frees the memory it
    /// bins a frame's triangles in when the frame is done and takes it again for the next;
    /// glibc hands a freed top of the heap over 128 KiB (M_TRIM_THRESHOLD) back to the kernel,
    /// and the next frame faults it in again, zeroed: with antialiasing on and a draw call a
    /// shape, about 100 brk calls and 10 ms of a 1,000-shape frame (strace, perf). A 64 MiB trim
    /// threshold keeps it. (Setting it also stops glibc's mmap threshold from sliding up, so
    /// large blocks stay mmapped, given back when freed: peak RSS is unchanged.) The commands
    /// that draw scenes (render, bench, the drawing window, the demos) set it; the slide show's
    /// photos have their own (`applyForPhotos`). `GLFUN_MALLOC=default` leaves glibc's defaults.
    static func applyForScenes() {
        guard !applied, ProcessInfo.processInfo.environment["GLFUN_MALLOC"] != "default",
              let f = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(f, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(mTrimThreshold, sceneTrimThreshold)
    }

    static var described: String { applied ? "mmap-threshold-1MiB" : "glibc-default" }

    /// malloc_trim(0): the free memory of every arena given back (for measurements).
    static func trim() {
        guard let f = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(f, to: (@convention(c) (Int) -> Int32).self)(0)
    }
}
