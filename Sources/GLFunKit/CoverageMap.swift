/// Occlusion culling on the CPU: one bit per pixel, set where an opaque shape
/// drawn later is known to paint every pixel center.
///
/// Shapes are visited last to first. A shape whose box (plus a 1 px margin) is
/// all set is hidden and need not be drawn. A visible opaque rect then sets
/// the pixels whose centers lie strictly inside it, a visible opaque ellipse
/// those inside the ellipse shrunk by 1 px, an opaque fill the pixels of its
/// core (`PathMesh.core`: coverage 1); lines, images and translucent
/// fills set none. So culling never changes the picture.
///
/// A second map holds one bit per 8x8 tile, set when all 64 pixels are: most
/// hidden shapes are proven hidden there, at 1/64 of the work.
final class CoverageMap {
    private(set) var width = 0
    private(set) var height = 0
    private var words = 0          // UInt64 words per pixel row
    private var rows = 0           // pixel rows, padded to a multiple of 8
    private var bits: UnsafeMutablePointer<UInt64>? = nil
    private var tileWords = 0      // words per tile row
    private var tileRows = 0
    private var tiles: UnsafeMutablePointer<UInt64>? = nil

    deinit {
        bits?.deallocate()
        tiles?.deallocate()
        hidden.deallocate()
        pieceFirst.deallocate()
        pieceCount.deallocate()
    }

    /// Clears the map for a width x height pixel canvas. Bits outside the
    /// canvas (padding) are set, so that edge tiles can become full.
    func reset(width w: Int, height h: Int) {
        if w != width || h != height || bits == nil {
            bits?.deallocate()
            tiles?.deallocate()
            width = w
            height = h
            words = (w + 63) / 64
            rows = (h + 7) / 8 * 8
            tileWords = ((w + 7) / 8 + 63) / 64
            tileRows = rows / 8
            bits = .allocate(capacity: max(1, words * rows))
            tiles = .allocate(capacity: max(1, tileWords * tileRows))
        }
        let b = bits!, t = tiles!
        b.update(repeating: 0, count: words * rows)
        t.update(repeating: 0, count: tileWords * tileRows)
        // Padding columns (x >= width) and rows (y >= height) count as covered.
        if w % 64 != 0 {
            let pad: UInt64 = ~0 << UInt64(w % 64)
            for y in 0..<rows { b[y * words + words - 1] |= pad }
        }
        for y in h..<rows { (b + y * words).update(repeating: ~0, count: words) }
    }

    /// Per shape, after `cull`: whether later opaque shapes hide it entirely.
    private(set) var hidden: UnsafeMutablePointer<Bool> = .allocate(capacity: 1)
    /// Per shape: its visible pieces are pieces[pieceFirst[i] ..< pieceFirst[i] + pieceCount[i]];
    /// a count of 0 means the whole shape.
    private(set) var pieceFirst: UnsafeMutablePointer<Int32> = .allocate(capacity: 1)
    private(set) var pieceCount: UnsafeMutablePointer<Int32> = .allocate(capacity: 1)
    /// Parts of shapes (rects in points) outside the 8x8 tiles that later
    /// opaque shapes cover completely: drawing only these leaves the picture as it is.
    private(set) var pieces: [Piece] = []
    private var capacity = 1
    private var above: [(a: Int, b: Int, piece: Int)] = []
    private var row: [(a: Int, b: Int, piece: Int)] = []

    struct Piece {
        var x0: Float, y0: Float, x1: Float, y1: Float
    }

    private func reserveShapes(_ n: Int) {
        guard n > capacity else { return }
        hidden.deallocate(); pieceFirst.deallocate(); pieceCount.deallocate()
        capacity = max(n, capacity * 2)
        hidden = .allocate(capacity: capacity)
        pieceFirst = .allocate(capacity: capacity)
        pieceCount = .allocate(capacity: capacity)
    }

    /// Marks every shape visible and whole (culling off).
    func showAll(_ n: Int) {
        reserveShapes(n)
        hidden.update(repeating: false, count: n)
        pieceCount.update(repeating: 0, count: n)
        pieces.removeAll(keepingCapacity: true)
    }

    /// Walks the shapes last to first and fills `hidden`, `pieceFirst`,
    /// `pieceCount` and `pieces`. Call `reset` first.
    /// - Parameters:
    ///   - scale: pixels per point.
    ///   - spriteSize: an image's size in points (0x0 for an unknown image).
    ///   - antialias: shapes have antialiased edges: a rect's or an ellipse's pieces take in
    ///     its fringe (`Renderer+Pieces` cuts its polygons to them), and a rect covers only the
    ///     pixels of its core (half a pixel in from its edges), an ellipse only those of
    ///     coverage 1 (`antialiasedEllipseCore`).
    ///   - pathCore: shape i's core, a path's (`PathMesh.core`: quads of pixels it covers
    ///     completely, opaque), when it has one.
    func cull(_ s: UnsafeBufferPointer<Shape>, scale: Float, antialias: Bool = false,
              spriteSize: (String) -> (Float, Float), pathCore: (Int) -> [PathMesh.CoreQuad]? = { _ in nil }) {
        reserveShapes(s.count)
        pieces.removeAll(keepingCapacity: true)
        var lastSprite: (name: String, size: (Float, Float))? = nil
        for i in stride(from: s.count - 1, through: 0, by: -1) {
            var x0 = min(s[i].from.x, s[i].to.x) * scale, x1 = max(s[i].from.x, s[i].to.x) * scale
            var y0 = min(s[i].from.y, s[i].to.y) * scale, y1 = max(s[i].from.y, s[i].to.y) * scale
            var m: Float = 1
            switch s[i].kind {
            case .line:
                m += s[i].width * scale / 2
            case .image:
                let name = s[i].image ?? ""
                let size: (Float, Float)
                if let last = lastSprite, last.name == name {
                    size = last.size
                } else {
                    size = spriteSize(name)
                    lastSprite = (name, size)
                }
                let (ox, oy) = spriteOrigin(center: s[i].from, width: size.0, height: size.1, scale: scale)
                x0 = ox * scale
                x1 = x0 + size.0 * scale
                y0 = oy * scale
                y1 = y0 + size.1 * scale
            case .rect, .ellipse, .path:
                break
            }
            let l = clamp(Int((x0 - m).rounded(.down)), width), r = clamp(Int((x1 + m).rounded(.up)), width)
            let t = clamp(Int((y0 - m).rounded(.down)), height), b = clamp(Int((y1 + m).rounded(.up)), height)
            let visible = l < r && t < b && !allSet(l, t, r, b)
            hidden[i] = !visible
            pieceCount[i] = 0
            guard visible else { continue }
            if s[i].kind != .path && s[i].kind != .line {
                // An antialiased rect's or ellipse's fringe reaches half a pixel past its box (an
                // ellipse under a pixel thick, a pixel): its pieces take a pixel more each side.
                // (Lines are not cut: thin, and drawn by the coverage program, they would only be
                // left out where wholly hidden, which saved less than the pieces cost.)
                let f: Float = antialias && s[i].kind != .image ? 1 : 0
                split(i, l, t, r, b, x0 - f, y0 - f, x1 + f, y1 + f, scale: scale)
            }
            if s[i].kind == .path, let core = pathCore(i) {
                // Its quads are on whole pixels: the pixels whose centres are inside.
                for q in core {
                    cover(kind: .rect, x0: min(q.p0.x, q.p2.x) * scale, y0: min(q.p0.y, q.p2.y) * scale,
                          x1: max(q.p0.x, q.p2.x) * scale, y1: max(q.p0.y, q.p2.y) * scale, antialias: antialias)
                }
            } else if s[i].color.a >= 1 && (s[i].kind == .rect || s[i].kind == .ellipse) {
                let inset: Float = antialias && s[i].kind == .rect ? 0.5 : 0
                cover(kind: s[i].kind, x0: x0 + inset, y0: y0 + inset, x1: x1 - inset, y1: y1 - inset,
                      antialias: antialias)
            }
        }
    }

    /// Records the parts of shape i's rect (x0, y0)-(x1, y1) (pixels) that lie
    /// in tiles not yet full, as runs of tiles merged across tile rows. Leaves
    /// the count at 0 (whole shape) when no tile of its box is full.
    private func split(_ i: Int, _ l: Int, _ t: Int, _ r: Int, _ b: Int,
                       _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, scale: Float) {
        let tiles = tiles!
        let tl = l >> 3, tr = (r - 1) >> 3, tt = t >> 3, tb = (b - 1) >> 3
        @inline(__always) func full(_ tx: Int, _ ty: Int) -> Bool {
            tiles[ty * tileWords + (tx >> 6)] >> UInt64(tx & 63) & 1 != 0
        }
        var anyFull = false
        for ty in tt...tb {
            for tx in tl...tr where full(tx, ty) {
                anyFull = true
                break
            }
            if anyFull { break }
        }
        guard anyFull else { return }
        let first = pieces.count
        let inv = 1 / scale
        above.removeAll(keepingCapacity: true)
        for ty in tt...tb {
            row.removeAll(keepingCapacity: true)
            let py0 = max(Float(ty * 8), y0) * inv, py1 = min(Float(ty * 8 + 8), y1) * inv
            var tx = tl
            while tx <= tr {
                if full(tx, ty) { tx += 1; continue }
                let a = tx
                while tx <= tr && !full(tx, ty) { tx += 1 }
                let px0 = max(Float(a * 8), x0) * inv, px1 = min(Float(tx * 8), x1) * inv
                guard px0 < px1, py0 < py1 else { continue }
                // The same run of tiles in the row above: grow that piece down.
                if let k = above.first(where: { $0.a == a && $0.b == tx })?.piece {
                    pieces[k].y1 = py1
                    row.append((a, tx, k))
                } else {
                    row.append((a, tx, pieces.count))
                    pieces.append(Piece(x0: px0, y0: py0, x1: px1, y1: py1))
                }
            }
            swap(&above, &row)
        }
        let w = pieces.count
        pieceFirst[i] = Int32(first)
        pieceCount[i] = Int32(w - first)
        if w == first { hidden[i] = true }  // every part of it lies in full tiles
    }

    @inline(__always)
    private func clamp(_ v: Int, _ hi: Int) -> Int { v < 0 ? 0 : v > hi ? hi : v }

    @inline(__always)
    private static func mask(from l: Int, to r: Int, word x: Int) -> UInt64 {
        // Bits [l, r) that fall in the word starting at bit x.
        let lo = max(l - x, 0), hi = min(r - x, 64)
        let upper: UInt64 = hi >= 64 ? ~0 : (1 << UInt64(hi)) &- 1
        return upper & (~0 << UInt64(lo))
    }

    /// Whether bits [l, r) of a row are all set.
    @inline(__always)
    private static func spanSet(_ row: UnsafeMutablePointer<UInt64>, _ l: Int, _ r: Int) -> Bool {
        var w = l >> 6
        let last = (r - 1) >> 6
        while w <= last {
            let m = mask(from: l, to: r, word: w << 6)
            if row[w] & m != m { return false }
            w += 1
        }
        return true
    }

    /// Whether every pixel of [l, r) x [t, b) is covered. Tile rows whose
    /// tiles are all full are proven at once; only the others are checked a
    /// pixel row at a time.
    private func allSet(_ l: Int, _ t: Int, _ r: Int, _ b: Int) -> Bool {
        let tl = l >> 3, tr = ((r - 1) >> 3) + 1
        let tiles = tiles!, bits = bits!
        var ty = t >> 3
        let lastTileRow = (b - 1) >> 3
        while ty <= lastTileRow {
            if !CoverageMap.spanSet(tiles + ty * tileWords, tl, tr) {
                for y in max(t, ty * 8)..<min(b, ty * 8 + 8) where !CoverageMap.spanSet(bits + y * words, l, r) {
                    return false
                }
            }
            ty += 1
        }
        return true
    }

    /// Sets the pixels of row y whose centers x + 0.5 lie strictly inside (x0, x1).
    @inline(__always)
    private func coverRow(_ y: Int, _ x0: Float, _ x1: Float) -> (Int, Int)? {
        let l = clamp(Int((x0 - 0.5).rounded(.down)) + 1, width), r = clamp(Int((x1 - 0.5).rounded(.up)), width)
        guard y >= 0, y < height, l < r else { return nil }
        let row = bits! + y * words
        var w = l >> 6
        while w <= (r - 1) >> 6 {
            row[w] |= CoverageMap.mask(from: l, to: r, word: w << 6)
            w += 1
        }
        return (l, r)
    }

    /// The radii (pixels) of the ellipse, concentric with an antialiased ellipse of radii `rx`,
    /// `ry`, inside which its coverage is 1 (`Coverage.fsh`), with a margin: the ellipse scaled
    /// by 1 - 0.55 / min(rx, ry). On it the program's distance (rho - 1) / |grad rho| is
    /// (s - 1) × the radius in that direction, at most (s - 1) × min(rx, ry) = -0.55 pixel.
    static func antialiasedEllipseCore(rx: Float, ry: Float) -> (Float, Float) {
        let s = antialiasedEllipseCoreScale(smallerRadius: min(rx, ry))
        return (rx * s, ry * s)
    }

    /// The scale of `antialiasedEllipseCore` for an ellipse whose smaller radius is `m` pixels.
    static func antialiasedEllipseCoreScale(smallerRadius m: Float) -> Float { 1 - 0.55 / m }

    private func cover(kind: ShapeKind, x0: Float, y0: Float, x1: Float, y1: Float, antialias: Bool) {
        let t = clamp(Int(y0.rounded(.down)), height), b = clamp(Int(y1.rounded(.up)), height)
        var minL = Int.max, maxR = Int.min
        if kind == .rect {
            for y in t..<max(t, b) where Float(y) + 0.5 > y0 && Float(y) + 0.5 < y1 {
                if let (l, r) = coverRow(y, x0, x1) { minL = min(minL, l); maxR = max(maxR, r) }
            }
        } else {
            let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2
            let (rx, ry) = antialias ? CoverageMap.antialiasedEllipseCore(rx: (x1 - x0) / 2, ry: (y1 - y0) / 2)
                : ((x1 - x0) / 2 - 1, (y1 - y0) / 2 - 1)
            guard rx > 0, ry > 0 else { return }
            for y in t..<max(t, b) {
                let dy = (Float(y) + 0.5 - cy) / ry
                if dy * dy < 1 {
                    let half = rx * (1 - dy * dy).squareRoot()
                    if let (l, r) = coverRow(y, cx - half, cx + half) { minL = min(minL, l); maxR = max(maxR, r) }
                }
            }
        }
        if minL < maxR { updateTiles(minL, t, maxR, b) }
    }

    /// Sets the tile bits of the fully covered 8x8 tiles touching [l, r) x [t, b).
    private func updateTiles(_ l: Int, _ t: Int, _ r: Int, _ b: Int) {
        let bits = bits!, tiles = tiles!
        for ty in (t >> 3)..<(((b - 1) >> 3) + 1) {
            let base = bits + ty * 8 * words
            for w in (l >> 6)...((r - 1) >> 6) {
                var a = base[w]
                for k in 1..<8 { a &= base[k * words + w] }
                if a == 0 { continue }
                // Bit 8j of `a` becomes the AND of bits 8j..8j+7: byte j all ones.
                a &= a >> 1
                a &= a >> 2
                a &= a >> 4
                for j in 0..<8 where a >> UInt64(8 * j) & 1 != 0 {
                    let tx = w * 8 + j
                    tiles[ty * tileWords + (tx >> 6)] |= 1 << UInt64(tx & 63)
                }
            }
        }
    }
}
