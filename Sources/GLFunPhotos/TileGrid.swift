import GLFunImages

/// One tile of a tiled picture: its level (0: the picture's full size; k: 1/2^k of it) and its
/// column and row in that level's grid of `TileGrid.side`-pixel squares.
public struct TileKey: Hashable, Sendable, CustomStringConvertible {
    /// 0...3: the tile's pixels are 1/2^level of the picture's.
    public var level: Int
    /// Its column and row in the level's grid.
    public var column: Int, row: Int

    /// The tile at `column`, `row` of `level`.
    public init(level: Int, column: Int, row: Int) {
        self.level = level
        self.column = column
        self.row = row
    }

    /// `L1 (3, 4)`.
    public var description: String { "L\(level) (\(column), \(row))" }
}

/// Where a large picture's tiles lie: for each level (the picture at 1, 1/2, 1/4, 1/8 of its
/// size, upright) a grid of `side`-pixel squares, the last column and row cut to the picture's
/// edge. A tile is decoded with one pixel more of its neighbours on each side (`padded`), so
/// that tiles drawn side by side and sampled linearly meet without a seam. Pure geometry, and
/// the decode of one tile (`decode`): no GL, no thread.
public struct TileGrid: Equatable, Sendable {
    /// A tile's side in pixels of its level.
    public static let side = 512
    /// The levels: 0 (full size) to 3 (an eighth, libjpeg's smallest DCT scale).
    public static let levels = 0...3

    /// The picture's header (format, stored size, orientation).
    public let header: ImageHeader

    /// The grid of the picture `header` describes.
    public init(header: ImageHeader) {
        self.header = header
    }

    /// The picture's size upright.
    public var width: Int { header.width }
    /// The picture's size upright.
    public var height: Int { header.height }

    /// The picture's size at `level`, upright: its sides over 2^level, rounded up (libjpeg's
    /// size for a DCT scale of 8 >> level eighths).
    public func size(level k: Int) -> (width: Int, height: Int) {
        ((width + (1 << k) - 1) >> k, (height + (1 << k) - 1) >> k)
    }

    /// Columns and rows of tiles at `level`.
    public func tiles(level k: Int) -> (columns: Int, rows: Int) {
        let s = size(level: k)
        return ((s.width + TileGrid.side - 1) / TileGrid.side, (s.height + TileGrid.side - 1) / TileGrid.side)
    }

    /// The level to draw `pixelsPerPixel` screen pixels per picture pixel from: the smallest
    /// one still at least that fine (0 when the view shows more than half a picture pixel a pixel).
    public static func level(forScale pixelsPerPixel: Double) -> Int {
        var k = 0
        while k < levels.upperBound && pixelsPerPixel <= 1 / Double(1 << (k + 1)) { k += 1 }
        return k
    }

    /// The tile's pixels in its level, upright.
    public func rect(_ key: TileKey) -> PixelRect {
        let s = size(level: key.level), x = key.column * TileGrid.side, y = key.row * TileGrid.side
        return PixelRect(x: x, y: y, width: min(TileGrid.side, s.width - x), height: min(TileGrid.side, s.height - y))
    }

    /// What is decoded for the tile: its rectangle grown by a pixel on each side inside the picture.
    public func padded(_ key: TileKey) -> PixelRect {
        let s = size(level: key.level), r = rect(key)
        let x0 = max(0, r.x - 1), y0 = max(0, r.y - 1)
        let x1 = min(s.width, r.x + r.width + 1), y1 = min(s.height, r.y + r.height + 1)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The part of the picture the tile covers, as fractions of its width and height.
    public func fractions(_ key: TileKey) -> (u0: Float, v0: Float, u1: Float, v1: Float) {
        let s = size(level: key.level), r = rect(key)
        let w = Float(s.width), h = Float(s.height)
        return (Float(r.x) / w, Float(r.y) / h, Float(r.x + r.width) / w, Float(r.y + r.height) / h)
    }

    /// The tiles of `level` over the part `u0...u1` x `v0...v1` of the picture (fractions), the
    /// one at its centre first and the others by their distance from it; then the ring of
    /// `ring` tiles around them, nearest first.
    public func keys(level k: Int, u0: Float, v0: Float, u1: Float, v1: Float, ring: Int = 1)
        -> (covering: [TileKey], ring: [TileKey]) {
        let s = size(level: k), n = tiles(level: k), side = Float(TileGrid.side)
        func span(_ a: Float, _ b: Float, _ levelSide: Int, _ count: Int) -> (Int, Int) {
            let lo = Int((max(0, min(a, b)) * Float(levelSide) / side).rounded(.down))
            let hi = Int((min(1, max(a, b)) * Float(levelSide) / side).rounded(.up)) - 1
            return (min(max(lo, 0), count - 1), min(max(hi, lo, 0), count - 1))
        }
        let (c0, c1) = span(u0, u1, s.width, n.columns), (r0, r1) = span(v0, v1, s.height, n.rows)
        let cc = Float(c0 + c1) / 2, cr = Float(r0 + r1) / 2
        func nearest(_ a: TileKey, _ b: TileKey) -> Bool {
            let da = abs(Float(a.column) - cc) + abs(Float(a.row) - cr), db = abs(Float(b.column) - cc) + abs(Float(b.row) - cr)
            return da != db ? da < db : (a.row, a.column) < (b.row, b.column)
        }
        var covering: [TileKey] = [], around: [TileKey] = []
        for r in max(0, r0 - ring)...min(n.rows - 1, r1 + ring) {
            for c in max(0, c0 - ring)...min(n.columns - 1, c1 + ring) {
                let key = TileKey(level: k, column: c, row: r)
                if (c0...c1).contains(c) && (r0...r1).contains(r) { covering.append(key) } else { around.append(key) }
            }
        }
        return (covering.sorted(by: nearest), around.sorted(by: nearest))
    }

    /// The upright rectangle `r` of a picture whose stored size is `sw` x `sh`, in stored pixels.
    static func stored(_ r: PixelRect, _ o: ImageOrientation, sw: Int, sh: Int) -> PixelRect {
        func map(_ x: Int, _ y: Int) -> (Int, Int) {
            switch o {
            case .up: return (x, y)
            case .upMirrored: return (sw - 1 - x, y)
            case .down: return (sw - 1 - x, sh - 1 - y)
            case .downMirrored: return (x, sh - 1 - y)
            case .leftMirrored: return (y, x)
            case .right: return (y, sh - 1 - x)
            case .rightMirrored: return (sw - 1 - y, sh - 1 - x)
            case .left: return (sw - 1 - y, x)
            }
        }
        let a = map(r.x, r.y), b = map(r.x + r.width - 1, r.y + r.height - 1)
        return PixelRect(x: min(a.0, b.0), y: min(a.1, b.1), width: abs(a.0 - b.0) + 1, height: abs(a.1 - b.1) + 1)
    }

    /// Whether tiles side by side in a row (else in a column) are side by side in the file's
    /// rows: a loader decodes those together (`decode(block:from:)`), the rows above read once.
    public var bandsAreRows: Bool { !header.orientation.swapsAxes }

    /// How many tiles of `level` a loader decodes side by side in one pass at most (twice as
    /// many in a block of bands): 8, fewer for a PNG's levels above 0, whose full-size rows are
    /// decoded before they are reduced (64 MiB of them at most).
    public func bandLimit(level k: Int) -> Int {
        guard header.format == .png, k > 0 else { return 8 }
        let side = (TileGrid.side + 2) << k
        return max(1, min(8, (64 << 20) / (side * side * 4)))
    }

    /// The tile's pixels (its `padded` rectangle), upright, in sRGB, decoded from the picture's
    /// bytes region by region: a JPEG at the level's DCT scale (8 >> level eighths), a PNG's
    /// rows at full size, then reduced by area averaging to the level.
    /// - Throws: as `Image(data:region:eighths:limits:)`; `.badSignature` for an interlaced PNG
    ///   or another format (no regions: such a picture stays fitted).
    public func decode(_ key: TileKey, from data: [UInt8], limits: Image.Limits = Image.Limits()) throws(ImageError) -> Image {
        try decode(padded(key), level: key.level, from: data, limits: limits)
    }

    /// Tiles of one level near each other, decoded in one pass over the file (the rectangle
    /// that holds them all) and cut apart: each tile's pixels as `decode(_:from:)`'s (a PNG
    /// above level 0 within a pixel: reduced together). Throws as `decode(_:from:)`.
    public func decode(block keys: [TileKey], from data: [UInt8], limits: Image.Limits = Image.Limits()) throws(ImageError)
        -> [Image] {
        guard keys.count > 1 else { return try keys.map { k throws(ImageError) in try decode(k, from: data, limits: limits) } }
        let rects = keys.map(padded)
        let x0 = rects.map(\.x).min()!, y0 = rects.map(\.y).min()!
        let x1 = rects.map { $0.x + $0.width }.max()!, y1 = rects.map { $0.y + $0.height }.max()!
        let band = try decode(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), level: keys[0].level, from: data,
                              limits: limits)
        return try rects.map { r throws(ImageError) in
            try band.cropped(to: PixelRect(x: r.x - x0, y: r.y - y0, width: r.width, height: r.height))
        }
    }

    /// Pixels of a JPEG decoded around a tile's and dropped (`decode`).
    static let jpegMargin = 16

    /// `image` grown to `w` x `h` by repeating its last column and row.
    static func extended(_ image: Image, toWidth w: Int, height h: Int) throws(ImageError) -> Image {
        if image.width >= w && image.height >= h { return image }
        var p = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let sy = min(y, image.height - 1)
            for x in 0..<w {
                let sx = min(x, image.width - 1), i = (sy * image.width + sx) * 4, o = (y * w + x) * 4
                p[o] = image.pixels[i]; p[o + 1] = image.pixels[i + 1]; p[o + 2] = image.pixels[i + 2]; p[o + 3] = image.pixels[i + 3]
            }
        }
        return try Image(width: w, height: h, pixels: p)
    }

    /// The upright rectangle `e` of `level`, decoded.
    private func decode(_ e: PixelRect, level k: Int, from data: [UInt8], limits: Image.Limits) throws(ImageError) -> Image {
        guard TileGrid.levels.contains(k), !header.interlaced else { throw .badSignature(expected: nil) }
        let s = size(level: k), o = header.orientation
        let (sw, sh) = o.swapsAxes ? (s.height, s.width) : (s.width, s.height)
        let r = TileGrid.stored(e, o, sw: sw, sh: sh)
        var image: Image
        switch header.format {
        case .jpeg:
            // Grown by a margin and cut back: libjpeg's pixels at a region's edge (chroma
            // upsampled without the pixels beyond) are not the whole picture's, and a tile must
            // be the same whichever block it was decoded in.
            let m = TileGrid.jpegMargin
            let g = PixelRect(x: max(0, r.x - m), y: max(0, r.y - m), width: 0, height: 0)
            let grown = PixelRect(x: g.x, y: g.y, width: min(sw, r.x + r.width + m) - g.x, height: min(sh, r.y + r.height + m) - g.y)
            image = try Image(data: data, region: grown, eighths: 8 >> k, limits: limits)
                .cropped(to: PixelRect(x: r.x - g.x, y: r.y - g.y, width: r.width, height: r.height))
        case .png:
            // The full-size pixels under the level's (2^k of them a side: the last ones past the
            // picture's edge repeat its last), averaged: each level pixel from its own 2^k x 2^k.
            let f = 1 << k, W = header.storedWidth, H = header.storedHeight
            let x0 = r.x * f, y0 = r.y * f, x1 = min(W, (r.x + r.width) * f), y1 = min(H, (r.y + r.height) * f)
            image = try Image(data: data, region: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), limits: limits)
            if k > 0 {
                image = try TileGrid.extended(image, toWidth: r.width * f, height: r.height * f)
                    .reduced(toWidth: r.width, height: r.height)
            }
        default:
            throw .badSignature(expected: nil)
        }
        return try image.oriented(o)
    }
}
