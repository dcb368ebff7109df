/// An antialiased fill's core: a few rectangles of its pixels that it covers completely, so
/// that an opaque fill can take part in the renderer's opaque pass as rects and ellipses do
/// (drawn front to back, unblended, hidden pixels dying at the depth test; its mask or quads
/// then drawn in painter's order at the same depth paint only the pixels around them), and in
/// the culling walk (`CoverageMap`: the core's pixels hide what lies under them).
///
/// Exact, never generous: every pixel of a core rectangle has coverage 1 (its run's level is
/// `levels`), so painting it flat is what the mask or the quads paint there. Not every such
/// pixel is in the core: the rectangles are the largest ones over the rows' longest full runs
/// (an ellipse's core is its largest inscribed rectangle, then the largest in the caps above
/// and below it, and so on), at most `maxRects`, none smaller than `minArea` pixels. On
/// llvmpipe a triangle costs far more than its pixels, so a few big rectangles pay and a
/// staircase of thin ones would not.
extension PathCoverage {
    /// A rectangle of this coverage's pixels: columns x0..<x1, rows y0..<y1.
    struct PixelRect: Equatable {
        var x0: Int, y0: Int, x1: Int, y1: Int
        var area: Int { (x1 - x0) * (y1 - y0) }
    }

    /// The most rectangles a core has.
    static let maxCoreRects = 5
    /// The smallest rectangle (pixels) worth its two triangles.
    static let minCoreArea = 64

    /// The core's rectangles, biggest first (none for a fill smaller than `minCoreArea`
    /// pixels), and whether they are the whole fill (one rectangle, every pixel of the fill in
    /// it: a rectangle on whole pixels, which then needs nothing drawn but its core).
    mutating func coreRects() -> (rects: [PixelRect], whole: Bool) {
        if stopped || (x1 - x0) * (y1 - y0) < Double(Self.minCoreArea) { return ([], false) }
        let top = Int(y0), full = Int(Self.levels)
        // Each row's longest run of coverage 1 (an empty range where none).
        var lo = [Int](repeating: 0, count: Int(y1) - top), hi = lo
        var covered = 0
        walkRows { cy, row in
            var best = 0
            for r in row {
                covered += r.x1 - r.x0
                if r.level == full && r.x1 - r.x0 > best {
                    best = r.x1 - r.x0
                    lo[cy - top] = r.x0
                    hi[cy - top] = r.x1
                }
            }
            return true
        }
        let rects = Self.largestRects(lo: lo, hi: hi, top: top)
        return (rects, rects.count == 1 && rects[0].area == covered)
    }

    /// Up to `maxCoreRects` rectangles under the runs lo[i]..<hi[i] of rows top + i: the
    /// largest over all the rows, then the largest above it and below it, and so on, the
    /// biggest of those first.
    static func largestRects(lo: [Int], hi: [Int], top: Int) -> [PixelRect] {
        var out: [PixelRect] = []
        // Row ranges still open, each with the best rectangle in it.
        var open: [(rows: Range<Int>, best: PixelRect?)] = [(0..<lo.count, best(lo, hi, 0..<lo.count, top: top))]
        while out.count < maxCoreRects {
            guard let k = open.indices.max(by: { (open[$0].best?.area ?? 0) < (open[$1].best?.area ?? 0) }),
                  let r = open[k].best, r.area >= minCoreArea else { break }
            let rows = open.remove(at: k).rows
            out.append(r)
            let above = rows.lowerBound..<(r.y0 - top), below = (r.y1 - top)..<rows.upperBound
            for part in [above, below] where !part.isEmpty {
                open.append((part, best(lo, hi, part, top: top)))
            }
        }
        return out
    }

    /// The largest rectangle under the runs of `rows`: over each first row, the rows below
    /// while their runs still overlap (quadratic in the rows, once a mesh).
    private static func best(_ lo: [Int], _ hi: [Int], _ rows: Range<Int>, top: Int) -> PixelRect? {
        var best: PixelRect? = nil, bestArea = 0
        for i in rows {
            var l = lo[i], r = hi[i]
            guard r - l > 0, (r - l) * (rows.upperBound - i) > bestArea else { continue }
            for j in i..<rows.upperBound {
                l = max(l, lo[j])
                r = min(r, hi[j])
                if r <= l { break }
                let area = (r - l) * (j + 1 - i)
                if area > bestArea {
                    bestArea = area
                    best = PixelRect(x0: l, y0: top + i, x1: r, y1: top + j + 1)
                }
                if (r - l) * (rows.upperBound - i) <= bestArea { break }
            }
        }
        return best
    }
}
