extension PathCoverage {
    /// Room for the cells an outline of `subpaths` makes, about one a pixel it crosses (each
    /// segment's device length across and down, and its ends; every subpath closed, as the fill
    /// closes it), so that the cells are not copied as they grow: at most `reservedCells` (a
    /// long outline mostly off the target grows past).
    mutating func reserveCells(along subpaths: [FlatSubpath]) {
        var estimate = 0.0
        for s in subpaths {
            guard var p = s.points.last.map({ grid.apply($0) }) else { continue }
            for v in s.points {
                let q = grid.apply(v)
                estimate += abs(q.x - p.x) + abs(q.y - p.y) + 2
                p = q
            }
        }
        cells.reserveCapacity(Int(min(estimate, Double(Self.reservedCells))))
    }

    /// The most cells `reserveCells` makes room for (32 bytes each).
    static let reservedCells = 1 << 16

    /// Puts the cells in row order, then column order, the cells of one pixel in the order they
    /// were made: the order `walkRows` sums them in, so the coverage is the one a stable sort by
    /// (row, column) gives, to the bit. A counting sort by row (the rows are the kept ones,
    /// `y0..<y1`), then each row's cells by column, stably: a row holds a few cells a crossing
    /// edge, so rows of up to 64 are sorted in place by insertion, longer ones by the library's
    /// stable sort. Cells outside the kept rows (none are made) would fall back to one stable
    /// sort of them all.
    mutating func sortCells() {
        let n = cells.count, top = Int(y0), rows = Int(y1) - top
        guard n > 1 else { return }
        guard rows > 0, cells.allSatisfy({ $0.y >= top && $0.y - top < rows }) else {
            cells.sort { $0.y != $1.y ? $0.y < $1.y : $0.x < $1.x }
            return
        }
        // Where each row's cells start in the sorted array.
        var start = [Int](repeating: 0, count: rows + 1)
        for c in cells { start[c.y - top + 1] += 1 }
        for r in 0..<rows { start[r + 1] += start[r] }
        let byRow = [Cell](unsafeUninitializedCapacity: n) { out, count in
            var next = start
            for c in cells {
                let r = c.y - top
                (out.baseAddress! + next[r]).initialize(to: c)
                next[r] += 1
            }
            count = n
        }
        cells = byRow
        cells.withUnsafeMutableBufferPointer { c in
            for r in 0..<rows {
                let lo = start[r], hi = start[r + 1]
                if hi - lo < 2 { continue }
                if hi - lo > 64 {
                    // A long row (a wide fill's top or bottom edge): the library's stable sort.
                    var row = UnsafeMutableBufferPointer(rebasing: c[lo..<hi])
                    row.sort { $0.x < $1.x }
                    continue
                }
                // Insertion: a cell moves left only past cells of a greater column (stable).
                for i in (lo + 1)..<hi {
                    let cell = c[i]
                    var j = i
                    while j > lo && c[j - 1].x > cell.x {
                        c[j] = c[j - 1]
                        j -= 1
                    }
                    c[j] = cell
                }
            }
        }
    }
}
