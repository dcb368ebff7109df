internal import CWayland
internal import CWaylandProtocols
import Foundation

/// A wl_buffer of `width` x `height` ARGB8888 pixels (premultiplied, rows top to bottom) in a
/// fresh memfd, filled by `fill`; nil where the compositor has no wl_shm or memory fails. The
/// window's decorations (title bar, resize border) draw into these; GL draws the content.
func makeShmBuffer(_ shm: OpaquePointer?, width w: Int32, height h: Int32, name: String,
                   fill: (UnsafeMutablePointer<UInt32>) -> Void) -> OpaquePointer? {
    guard w > 0, h > 0, let shm else { return nil }
    let stride = w * 4, size = Int(stride) * Int(h)
    let fd = glfun_memfd(name)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    guard ftruncate(fd, off_t(size)) == 0, let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
          map != MAP_FAILED else { return nil }
    defer { munmap(map, size) }
    fill(map.assumingMemoryBound(to: UInt32.self))
    let pool = wl_shm_create_pool(shm, fd, Int32(size))
    defer { wl_shm_pool_destroy(pool) }
    return wl_shm_pool_create_buffer(pool, 0, w, h, stride, WL_SHM_FORMAT_ARGB8888.rawValue)
}
