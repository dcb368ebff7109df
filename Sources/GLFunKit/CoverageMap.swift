/// Occlusion culling on the CPU: one bit per pixel, set where an opaque shape
/// drawn later is known to paint every pixel center.
///
/// Shapes are visited last to first. A shape whose box (plus a 1 px margin) is
/// all set is hidden and need not be drawn. A visible opaque rect then sets
/// the pixels whose centers lie strictly inside it, a visible opaque ellipse
/// those inside the ellipse shrunk by 1 px; lines, images and translucent
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

    /// Returns for each shape whether later opaque shapes hide it.
    /// - Parameters:
    ///   - scale: pixels per point.
    ///   - spriteSize: an image's size in points (0x0 for an unknown image).
    func cull(_ s: UnsafeBufferPointer<Shape>, scale: Float,
                       spriteSize: (String) -> (Float, Float), into reuse: [Bool]) -> [Bool] {
        var hidden = reuse
        if hidden.count != s.count { hidden = [Bool](repeating: false, count: s.count) }
        var lastSprite: (name: String, size: (Float, Float))? = nil
        hidden.withUnsafeMutableBufferPointer { hid in
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
                    x0 = s[i].from.x * scale - size.0 * scale / 2
                    x1 = x0 + size.0 * scale
                    y0 = s[i].from.y * scale - size.1 * scale / 2
                    y1 = y0 + size.1 * scale
                case .rect, .ellipse:
                    break
                }
                let l = clamp(Int((x0 - m).rounded(.down)), width), r = clamp(Int((x1 + m).rounded(.up)), width)
                let t = clamp(Int((y0 - m).rounded(.down)), height), b = clamp(Int((y1 + m).rounded(.up)), height)
                let visible = l < r && t < b && !allSet(l, t, r, b)
                hid[i] = !visible
                if visible && s[i].color.a >= 1 && (s[i].kind == .rect || s[i].kind == .ellipse) {
                    cover(kind: s[i].kind, x0: min(s[i].from.x, s[i].to.x) * scale, y0: min(s[i].from.y, s[i].to.y) * scale,
                          x1: max(s[i].from.x, s[i].to.x) * scale, y1: max(s[i].from.y, s[i].to.y) * scale)
                }
            }
        }
        return hidden
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

    /// Whether every pixel of [l, r) x [t, b) is covered.
    private func allSet(_ l: Int, _ t: Int, _ r: Int, _ b: Int) -> Bool {
        let tl = l >> 3, tr = ((r - 1) >> 3) + 1, tt = t >> 3, tb = ((b - 1) >> 3) + 1
        let tiles = tiles!
        var allTiles = true
        for ty in tt..<tb where !CoverageMap.spanSet(tiles + ty * tileWords, tl, tr) {
            allTiles = false
            break
        }
        if allTiles { return true }
        let bits = bits!
        for y in t..<b where !CoverageMap.spanSet(bits + y * words, l, r) { return false }
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

    private func cover(kind: ShapeKind, x0: Float, y0: Float, x1: Float, y1: Float) {
        let t = clamp(Int(y0.rounded(.down)), height), b = clamp(Int(y1.rounded(.up)), height)
        var minL = Int.max, maxR = Int.min
        if kind == .rect {
            for y in t..<max(t, b) where Float(y) + 0.5 > y0 && Float(y) + 0.5 < y1 {
                if let (l, r) = coverRow(y, x0, x1) { minL = min(minL, l); maxR = max(maxR, r) }
            }
        } else {
            let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2, rx = (x1 - x0) / 2 - 1, ry = (y1 - y0) / 2 - 1
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
