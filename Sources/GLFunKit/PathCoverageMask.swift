/// An antialiased fill's exact coverage as a picture of its pixels (`PathCoverage.emitMask`):
/// the renderer copies it into its coverage atlas (`MaskAtlas`) and draws the fill as one quad
/// whose fragments read their coverage there, where the quads of `PathCoverage.emit` would be
/// hundreds of one-pixel quads along a curved outline (a glyph's, an ellipse's): on llvmpipe
/// a triangle costs far more than the pixels it covers, so the mask is several times faster
/// for the same pixels.
///
/// Each pixel holds its coverage in steps of 1/4096 (`PathCoverage.levels`, the quads' own
/// steps) as two bytes, the high one first (luminance) and the low one second (alpha): the
/// path programs' MASK variants put the two together again, so a pixel's coverage is exactly
/// the value its quad would carry and the picture is the same.
///
/// A class: the atlas knows a mask it already holds by its identity, so a fill drawn again
/// (its mesh kept by its `PathShape`) is neither copied nor uploaded again.
final class CoverageMask: Sendable {
    /// The pixels covered: columns and rows of the mask, at most `maxSide` each.
    let width: Int, height: Int
    /// Two bytes a pixel (coverage level, high byte then low), rows top to bottom.
    let bytes: [UInt8]
    /// The mask's corners in document points: top-left, top-right, bottom-right, bottom-left.
    let corners: (Vec, Vec, Vec, Vec)
    /// The columns drawn, each range a quad: the mask's columns less the runs of empty ones
    /// wide enough to be worth a quad more (the gaps between a line's words).
    let spans: [Range<Int>]
    /// Where the covered pixels lie, when the polygon round them costs well under the spans'
    /// quads (`MaskOutline`: a fill under a turn or a skew, a line of text): the mask is drawn
    /// as it instead.
    /// Its corners in the mask's pixels (x right, y down from the top-left corner).
    let outline: [Vec]?

    init(width: Int, height: Int, bytes: [UInt8], corners: (Vec, Vec, Vec, Vec), spans: [Range<Int>]) {
        self.width = width
        self.height = height
        self.bytes = bytes
        self.corners = corners
        self.spans = spans
        let drawn = spans.reduce(0) { $0 + $1.count } * height
        outline = drawn >= Self.outlinedArea
            ? MaskOutline.polygon(rows: Self.coveredColumns(bytes, width: width, height: height), width: width,
                                  drawnArea: drawn, spans: spans.count, triangleCost: Self.triangleCost)
            : nil
    }

    /// The smallest mask (pixels its spans draw) worth looking for an outline for.
    static let outlinedArea = 256
    /// What a triangle more costs, in pixels of a mask's quad (chosen by instruction counts
    /// of groups_1000 under callgrind: 100, 300 and 1,000 tried).
    static let triangleCost = 300.0

    /// Each row's covered columns, from its first to its last pixel of coverage above 0.
    private static func coveredColumns(_ bytes: [UInt8], width w: Int, height h: Int) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { b in
            (0..<h).map { y in
                let row = 2 * y * w
                func covered(_ x: Int) -> Bool { b[row + 2 * x] != 0 || b[row + 2 * x + 1] != 0 }
                var lo = 0
                while lo < w && !covered(lo) { lo += 1 }
                if lo == w { return 0..<0 }
                var hi = w
                while !covered(hi - 1) { hi -= 1 }
                return lo..<hi
            }
        }
    }

    /// The longest side a mask may have (the atlas's side; a fill wider or taller on its
    /// target is drawn as quads).
    static let maxSide = MaskAtlas.side
}

extension PathCoverage {
    /// Whether this fill is better drawn as a mask than as quads: it fits the atlas, and its
    /// quads would be more than one in `maskPixelsPerQuad` of its pixels (a curved outline's,
    /// a line of text's; a rectangle, or a few straight edges over a big area, stay quads).
    /// On llvmpipe a quad of a pixel or two costs about as much as that many pixels of a
    /// mask's quad.
    mutating func prefersMask() -> Bool {
        let w = Int(x1 - x0), h = Int(y1 - y0)
        guard !stopped, w <= CoverageMask.maxSide, h <= CoverageMask.maxSide else { return false }
        return quadCount() * PathCoverage.maskPixelsPerQuad > w * h
    }

    /// What a quad costs, in pixels of a mask's quad.
    static let maskPixelsPerQuad = 32

    /// The coverage of every pixel of the kept box, as a mask; nil if a limit was passed.
    mutating func emitMask() -> CoverageMask? {
        if stopped { return nil }
        let left = Int(x0), top = Int(y0)
        let w = Int(x1) - left, h = Int(y1) - top
        var bytes = [UInt8](repeating: 0, count: w * h * 2)
        var used = [Bool](repeating: false, count: w)
        bytes.withUnsafeMutableBufferPointer { out in
            walkRows { cy, row in
                let base = (cy - top) * w
                for r in row {
                    for x in (r.x0 - left)..<(r.x1 - left) { used[x] = true }
                    let hi = UInt8(truncatingIfNeeded: r.level >> 8), lo = UInt8(truncatingIfNeeded: r.level)
                    for x in (r.x0 - left)..<(r.x1 - left) {
                        out[2 * (base + x)] = hi
                        out[2 * (base + x) + 1] = lo
                    }
                }
                return true
            }
        }
        let g = grid
        let corners = (g.invert(Vec(Double(left), Double(top))), g.invert(Vec(Double(left + w), Double(top))),
                       g.invert(Vec(Double(left + w), Double(top + h))), g.invert(Vec(Double(left), Double(top + h))))
        return CoverageMask(width: w, height: h, bytes: bytes, corners: corners,
                            spans: Self.spans(used, gap: max(2, (Self.maskPixelsPerQuad + h - 1) / h)))
    }

    /// The ranges of `used` columns, split where `gap` or more columns in a row are unused
    /// (a shorter gap is drawn with the columns round it); none if no column is used.
    static func spans(_ used: [Bool], gap: Int) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = -1, lastUsed = -1
        for (x, u) in used.enumerated() where u {
            if start < 0 {
                start = x
            } else if x - lastUsed - 1 >= gap {
                out.append(start..<(lastUsed + 1))
                start = x
            }
            lastUsed = x
        }
        if start >= 0 { out.append(start..<(lastUsed + 1)) }
        return out
    }
}
