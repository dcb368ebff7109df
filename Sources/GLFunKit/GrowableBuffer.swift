/// A growable buffer of plain values (vertices, indices, points: trivial types only, never
/// deinitialized) written through a pointer: what `MeshBuilder` collects into, and the
/// strip stroker's scratch space.
final class GrowableBuffer<T> {
    private(set) var base: UnsafeMutablePointer<T>
    private(set) var count = 0
    private var capacity = 0

    init() { base = .allocate(capacity: 0) }
    deinit { base.deallocate() }

    /// Room for `n` values in all.
    func reserve(_ n: Int) {
        if n > capacity { grow(to: n) }
    }

    @inline(__always)
    func append(_ v: T) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: v)
        count += 1
    }

    /// Three values (a triangle's indices).
    @inline(__always)
    func append(_ a: T, _ b: T, _ c: T) {
        if count + 3 > capacity { grow(to: count + 3) }
        let p = base + count
        p.initialize(to: a)
        (p + 1).initialize(to: b)
        (p + 2).initialize(to: c)
        count += 3
    }

    /// The value at `i` (< `count`).
    @inline(__always)
    subscript(i: Int) -> T { base[i] }

    /// Forgets the values, keeping the room (plain values: nothing to deinitialize).
    func removeAll() { count = 0 }

    /// Forgets the last value.
    func removeLast() { count -= 1 }

    /// Empties the buffer and gives its memory back.
    func release() {
        base.deallocate()
        base = .allocate(capacity: 0)
        count = 0
        capacity = 0
    }

    private func grow(to n: Int) {
        let cap = max(n, 2 * capacity, 16)
        let p = UnsafeMutablePointer<T>.allocate(capacity: cap)
        p.moveInitialize(from: base, count: count)
        base.deallocate()
        base = p
        capacity = cap
    }
}
