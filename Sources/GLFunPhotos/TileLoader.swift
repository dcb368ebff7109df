import Foundation
import GLFunImages

/// Decodes the tiles of one large picture (`TileGrid`) on a thread of its own, the photo
/// thread of a zoomed-in view: the view says which tiles it wants (`want`, most urgent first:
/// those on screen, then the ring around them), the thread decodes them region by region, and
/// the view takes each one when it is done (`take`), uploading it to a texture of its own.
///
/// Memory: the file's bytes (read by the thread at the first decode), the decoded tiles not
/// taken yet (only tiles still wanted: `want` lets go of the others) and the one tile under
/// way (for a PNG above level 0, its full-size rows too, reduced before it is kept).
///
/// Timing: `take` never blocks (nil: not done yet); `wait(for:)` blocks until the tile is
/// decoded, decoding it on the calling thread when the loader's thread is busy with another,
/// as `PhotoLoader.image(at:)` does. A view whose pixels must not depend on timing (a replay,
/// an export) waits for every tile on screen; a window draws what is done and is woken by
/// `onReady` for the rest.
///
/// Thread safety: every method may be called from any thread; one condition lock. No GL.
public final class TileLoader: Sendable {
    /// The picture's file.
    public let path: String
    /// Its tiles' geometry.
    public let grid: TileGrid
    private let core: TileCore

    /// A loader for the picture at `path` (`header`: its header, read by the caller). Reads
    /// nothing yet. `onReady` is called, on the loader's thread, after each tile its thread decoded.
    public init(path: String, header: ImageHeader, limits: Image.Limits = Image.Limits(),
                onReady: (@Sendable () -> Void)? = nil) {
        self.path = path
        grid = TileGrid(header: header)
        let core = TileCore(path: path, grid: grid, limits: limits, onReady: onReady)
        self.core = core
        let thread = Thread { core.run() }
        thread.name = "glfun-tiles"
        thread.start()
    }

    deinit {
        core.stop()
    }

    /// The tiles wanted now, most urgent first: the thread decodes them in that order, and
    /// decoded tiles not among them are let go. Does not block.
    public func want(_ keys: [TileKey]) {
        core.setWanted(keys)
    }

    /// Tile `key` if it is decoded (handed over: the loader keeps it no longer), or nil.
    public func take(_ key: TileKey) -> Result<Image, PhotoError>? {
        core.take(key)
    }

    /// Tile `key`, waiting for its decode (or decoding it on this thread); handed over.
    public func wait(for key: TileKey) -> Result<Image, PhotoError> {
        core.wait(key)
    }

    /// The most tiles decoded beside wanted ones, though not wanted, that are kept for a while
    /// (what a pan is likely to want next).
    public static let spares = 32
    /// The most tiles one decode takes (a block: `TileGrid.bandLimit` along a band, bands beside it).
    public static let blockTiles = 24

    /// Decoded tiles held now, not yet taken (for tests and measurements).
    public var heldTiles: Int { core.held }
}

/// The loader's state and its thread's loop, under one condition lock.
private final class TileCore: @unchecked Sendable {
    let path: String
    let grid: TileGrid
    let limits: Image.Limits
    let onReady: (@Sendable () -> Void)?
    let lock = DecodeLock()
    var condition: NSCondition { lock.condition }
    // Guarded by `condition`:
    var wanted: [TileKey] = []
    var done: [TileKey: Result<Image, PhotoError>] = [:]
    /// Tiles decoded beside wanted ones though not wanted themselves (a pan's next ones: the
    /// band's rows were read anyway), newest last; at most `TileLoader.spares` kept.
    var spares: [TileKey] = []
    /// Where the wanted tiles moved last (their mean column and row, one level): a pan's way,
    /// which spares are decoded toward first. `heading` is -1, 0 or 1 along the bands.
    var centre: (level: Int, column: Double, row: Double)?
    var heading = 0
    var inFlight: Set<TileKey> = []
    var data: Result<[UInt8], PhotoError>?
    var reading = false

    init(path: String, grid: TileGrid, limits: Image.Limits, onReady: (@Sendable () -> Void)?) {
        self.path = path
        self.grid = grid
        self.limits = limits
        self.onReady = onReady
    }

    func locked<T>(_ body: () -> T) -> T { lock.locked(body) }

    var held: Int { locked { done.count } }

    func stop() { lock.stop() }

    func setWanted(_ keys: [TileKey]) {
        locked {
            if let first = keys.first {
                let n = Double(keys.count)
                let c = (first.level, keys.reduce(0) { $0 + Double($1.column) } / n, keys.reduce(0) { $0 + Double($1.row) } / n)
                if let old = centre, old.level == c.0 {
                    let d = grid.bandsAreRows ? c.1 - old.column : c.2 - old.row
                    if abs(d) > 0.01 { heading = d > 0 ? 1 : -1 }
                }
                centre = (c.0, c.1, c.2)
            }
            wanted = keys
            let set = Set(keys)
            spares.removeAll { set.contains($0) || done[$0] == nil }
            done = done.filter { set.contains($0.key) || spares.contains($0.key) }
            condition.broadcast()
        }
    }

    func take(_ key: TileKey) -> Result<Image, PhotoError>? {
        locked {
            spares.removeAll { $0 == key }
            return done.removeValue(forKey: key)
        }
    }

    func wait(_ key: TileKey) -> Result<Image, PhotoError> {
        lock.wait {
            if let r = done.removeValue(forKey: key) {
                spares.removeAll { $0 == key }
                return .done(r)
            }
            guard !inFlight.contains(key) else { return .sleep }
            if let r = decode(key, keep: false) { return .done(r) }
            return .again
        }
    }

    /// The thread: decodes the most urgent wanted tile not done (and its block), but starts
    /// nothing while a caller waits (`DecodeLock.run`); says so to `onReady` after each.
    func run() {
        lock.run {
            guard let key = wanted.first(where: { done[$0] == nil && !inFlight.contains($0) }) else { return false }
            _ = decode(key, keep: true)
            if let onReady {
                condition.unlock()
                onReady()
                condition.lock()
            }
            return true
        }
    }

    /// The file's bytes, read once (by whichever decode comes first; the others wait). Call
    /// with the lock held; it is released while reading.
    private func bytes() -> Result<[UInt8], PhotoError> {
        while data == nil && reading { condition.wait() }
        if let data { return data }
        reading = true
        condition.unlock()
        let r = Result { () throws(ImageError) in try Image.readFile(path) }.mapError { PhotoError(path: path, error: $0) }
        condition.lock()
        reading = false
        data = r
        condition.broadcast()
        return r
    }

    /// The wanted tiles decoded with `key` in one pass (`TileGrid.decode(block:from:)`): those
    /// of its band beside it (its row, or column: `TileGrid.bandsAreRows`), then of the bands
    /// next to it over the same span, not done or under way, up to the block's limits (the
    /// rows above a band are read once for all of them). Call with the lock held.
    private func block(_ key: TileKey) -> [TileKey] {
        let rows = grid.bandsAreRows, limit = grid.bandLimit(level: key.level)
        func along(_ k: TileKey) -> Int { rows ? k.column : k.row }
        func across(_ k: TileKey) -> Int { rows ? k.row : k.column }
        let free = Set(wanted.filter { $0.level == key.level && done[$0] == nil && !inFlight.contains($0) }
            .map { [along($0), across($0)] })
        let at = along(key), band = across(key)
        var lo = at, hi = at
        while hi - lo + 1 < limit {
            if free.contains([hi + 1, band]) { hi += 1 } else if free.contains([lo - 1, band]) { lo -= 1 } else { break }
        }
        func any(_ b: Int) -> Bool { (lo...hi).contains { free.contains([$0, b]) } }
        var b0 = band, b1 = band
        while (hi - lo + 1) * (b1 - b0 + 2) <= min(2 * limit, TileLoader.blockTiles) {
            if any(b1 + 1) { b1 += 1 } else if any(b0 - 1) { b0 -= 1 } else { break }
        }
        // Then beside the wanted ones along the bands, the tiles a pan reaches next: their rows
        // are read anyway (a PNG's whole; a JPEG's above, skipped), so they cost little more.
        let n = grid.tiles(level: key.level), count = rows ? n.columns : n.rows
        func spare(_ a: Int) -> Bool {
            (0..<count).contains(a) && (b0...b1).allSatisfy { b in
                let k = rows ? TileKey(level: key.level, column: a, row: b) : TileKey(level: key.level, column: b, row: a)
                return done[k] == nil && !inFlight.contains(k)
            }
        }
        let wantedSpan = (lo, hi)
        while hi - lo + 1 < limit && (hi - lo + 2) * (b1 - b0 + 1) <= TileLoader.blockTiles {
            // The way the view is moving first; still, on both sides in turn.
            let up = heading > 0 || (heading == 0 && hi - wantedSpan.1 <= wantedSpan.0 - lo)
            if up, spare(hi + 1) { hi += 1 } else if spare(lo - 1) { lo -= 1 } else if spare(hi + 1) { hi += 1 } else { break }
        }
        var keys: [TileKey] = []
        for b in b0...b1 {
            for a in lo...hi where free.contains([a, b]) || (a == at && b == band) || !(wantedSpan.0...wantedSpan.1).contains(a) {
                keys.append(rows ? TileKey(level: key.level, column: a, row: b) : TileKey(level: key.level, column: b, row: a))
            }
        }
        return keys
    }

    /// Decodes `key` (with the rest of its block) with the lock released meanwhile. `keep`:
    /// store the results (those still wanted) for `take`; else store the others and return
    /// `key`'s to the caller. Call with the lock held.
    private func decode(_ key: TileKey, keep: Bool) -> Result<Image, PhotoError>? {
        let keys = block(key)
        inFlight.formUnion(keys)
        let source = bytes()
        let (grid, limits, path) = (grid, limits, path)
        condition.unlock()
        let results: [Result<Image, PhotoError>]
        switch source {
        case let .success(data):
            do throws(ImageError) {
                results = try grid.decode(block: keys, from: data, limits: limits).map { .success($0) }
            } catch {
                results = Array(repeating: .failure(PhotoError(path: path, error: error)), count: keys.count)
            }
        case let .failure(error):
            results = Array(repeating: .failure(error), count: keys.count)
        }
        condition.lock()
        inFlight.subtract(keys)
        condition.broadcast()
        var mine: Result<Image, PhotoError>?
        for (k, r) in zip(keys, results) {
            if !keep && k == key {
                mine = r
            } else if wanted.contains(k) {
                done[k] = r
            } else if done[k] == nil {
                done[k] = r
                spares.append(k)
            }
        }
        while spares.count > TileLoader.spares { done[spares.removeFirst()] = nil }
        return mine
    }
}
