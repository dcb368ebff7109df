/// A page's rows of masks (`MaskAtlas.place`), filled left to right on shelves: one at a time,
/// as tall as the tallest mask put on it, each mask beside the one before; or `byClass`, each
/// shelf as tall as a class of heights (`height(for:)`): a mask goes on the open shelf of its
/// class, else on a new one below the others, else (the page's rows all taken) on the shortest
/// shelf it fits. One at a time filled about half of each page where masks of 8 to 120 rows
/// came in turn: 40 M pixels of such masks took 19 pages, and 13 by class (masks of 60 to 400
/// rows: 18 and 15; `ShelfRowsTests`).
struct ShelfRows {
    private struct Shelf {
        var y: Int, height: Int, x: Int
    }
    private var shelves: [Shelf] = []
    /// The open shelf of each class of heights, by its height.
    private var open: [Int: Int] = [:]
    /// Where the next shelf starts.
    private var top = 0
    /// Shelves by class of height, or one at a time.
    let byClass: Bool

    init(byClass: Bool) {
        self.byClass = byClass
    }

    /// `rows` rounded up to its class: itself up to 8, then to a multiple of a quarter of the
    /// power of two at or below it (9...15 in twos, 16...31 in fours, 32...63 in eights), and
    /// from 64 rows of a half (64...127 in 32s, ...): fewer classes of tall shelves, each of
    /// which, open, holds back a page's rows.
    static func height(for rows: Int) -> Int {
        guard rows > 8 else { return rows }
        let bits = Int.bitWidth - rows.leadingZeroBitCount
        let step = 1 << (bits - (rows < 64 ? 3 : 2))
        return (rows + step - 1) / step * step
    }

    /// Where a mask of `width` x `height` pixels goes on a page of `side` x `side`, or nil when
    /// the page has no room for it.
    mutating func place(width: Int, height: Int, side: Int) -> (x: Int, y: Int)? {
        if !byClass { return placeInTurn(width: width, height: height, side: side) }
        let h = min(ShelfRows.height(for: height), side)
        if let i = open[h], shelves[i].x + width <= side {
            defer { shelves[i].x += width }
            return (shelves[i].x, shelves[i].y)
        }
        if top + h <= side {
            shelves.append(Shelf(y: top, height: h, x: width))
            open[h] = shelves.count - 1
            top += h
            return (0, top - h)
        }
        // The page's rows are all taken: the shortest shelf tall enough with room left.
        var best: Int?
        for i in shelves.indices where shelves[i].height >= height && shelves[i].x + width <= side
            && best.map({ shelves[i].height < shelves[$0].height }) ?? true {
            best = i
        }
        guard let i = best else { return nil }
        defer { shelves[i].x += width }
        return (shelves[i].x, shelves[i].y)
    }

    /// One shelf at a time: beside the last mask when it fits there (the shelf growing to the
    /// taller of the two), else at the start of a new shelf below.
    private mutating func placeInTurn(width: Int, height: Int, side: Int) -> (x: Int, y: Int)? {
        if let i = shelves.indices.last, shelves[i].x + width <= side, shelves[i].y + max(shelves[i].height, height) <= side {
            defer {
                shelves[i].x += width
                shelves[i].height = max(shelves[i].height, height)
                top = shelves[i].y + shelves[i].height
            }
            return (shelves[i].x, shelves[i].y)
        }
        guard top + height <= side else { return nil }
        shelves.append(Shelf(y: top, height: height, x: width))
        top += height
        return (0, top - height)
    }
}
