/// The exact coverage of an antialiased fill: each pixel's share of its area that the filled
/// region covers, worked out on the CPU from the sweep's trapezoids (`PathFill`), and drawn as
/// quads of flat coverage, one pixel or a run of pixels each.
///
/// The trapezoids are disjoint and each is inside exactly once, so the fill rule is already
/// resolved: the covered area of a pixel is the sum of the trapezoids' areas in it. That sum is
/// accumulated as signed area along the trapezoids' outlines (the cell rasterizer of
/// FreeType's "gray" raster, font-rs and stb_truetype: each outline edge, in device pixels, is
/// cut at the pixel rows and columns it crosses; the piece in pixel (i, j), going dy down,
/// adds `dy` to the cell's `cover` (carried to every pixel right of it in the row) and
/// `dy * (i + 1 - its mean x)` to its `area` (its share of the pixel itself). A pixel's
/// coverage is then its cell's area plus the covers of the cells left of it in its row, and
/// between two cells a row's coverage is constant: a run. Sides shared by trapezoids (slab
/// boundaries) cancel. Only the target's pixels are kept (`CoverageKey`): an edge left of them
/// adds its cover to the row's first column, one right of them nothing; rows outside are
/// dropped, so the cells are bounded by the outline's length on the target.
///
/// Each row's cells and runs become quads with one coverage each (flat-coded vertices, u = 0,
/// v = the coverage), corners on pixel boundaries: neighbouring pixels of the same coverage
/// (in 1/4096ths) are one quad, and a quad the same in consecutive rows (same columns, same
/// coverage: a straight vertical edge, a rectangle's inside) is one quad for all of them. The
/// quads never overlap, so a translucent fill is one layer of paint by construction.
///
/// Limits (past them, nothing: `stopped`, and the mesh is empty): `maxCells` cells, and
/// `maxWork` pieces of edges cut.
struct PathCoverage: TrapezoidSink {
    /// A pixel an edge crosses: column x, row y, and what the edges in it add.
    struct Cell {
        var y: Int
        var x: Int
        var area: Double
        var cover: Double
    }

    /// Most cells one fill keeps (32 bytes each, before sorting).
    static let maxCells = 1_000_000
    /// Most pieces of edges one fill cuts.
    static let maxWork = 20_000_000
    /// Coverage is kept in steps of 1/levels (an error of at most 1/8192).
    static let levels = 4096.0

    let grid: PixelGrid
    /// The pixels kept: columns x0..<x1, rows y0..<y1 (as Doubles for the walk).
    let x0: Double, y0: Double, x1: Double, y1: Double
    var cells: [Cell] = []
    /// Whether `cells` is sorted by row, then column (`walkRows`).
    var sorted = false
    private var work = 0
    private(set) var stopped = false
    let maxCells: Int, maxWork: Int

    init(key: CoverageKey, maxCells: Int = PathCoverage.maxCells, maxWork: Int = PathCoverage.maxWork) {
        grid = key.grid
        x0 = Double(key.x0); y0 = Double(key.y0); x1 = Double(key.x1); y1 = Double(key.y1)
        self.maxCells = maxCells
        self.maxWork = maxWork
    }

    mutating func abandon() {
        stopped = true
        cells = []
    }

    /// The trapezoid's outline, in device pixels, round it the way that counts its inside +1:
    /// down its left side, along its bottom, up its right side, back along its top.
    mutating func trapezoid(top y: Double, bottom yb: Double, left l: PathFill.Side, right r: PathFill.Side) {
        if stopped { return }
        let tl = grid.apply(Vec(l.xTop, y)), bl = grid.apply(Vec(l.xBottom, yb))
        let br = grid.apply(Vec(r.xBottom, yb)), tr = grid.apply(Vec(r.xTop, y))
        edge(tl, bl)
        edge(bl, br)
        edge(br, tr)
        edge(tr, tl)
    }

    /// One edge from p to q: clipped to the kept rows, cut where it crosses the first and the
    /// last column's outer sides (left of the first, it is moved onto that side, which adds
    /// the same to every kept pixel; right of the last, it adds nothing to them).
    private mutating func edge(_ p: Vec, _ q: Vec) {
        if p.y == q.y || stopped { return }
        let sign: Double = q.y > p.y ? 1 : -1
        let a = q.y > p.y ? p : q, b = q.y > p.y ? q : p
        if b.y <= y0 || a.y >= y1 || min(a.x, b.x) >= x1 { return }
        let dxdy = (b.x - a.x) / (b.y - a.y)
        func x(_ y: Double) -> Double { y == a.y ? a.x : y == b.y ? b.x : a.x + (y - a.y) * dxdy }
        let top = max(a.y, y0), bottom = min(b.y, y1)
        // Where it crosses the kept columns' outer sides, top to bottom (none: infinity).
        var cutA = Double.infinity, cutB = Double.infinity
        if a.x != b.x {
            if (a.x - x0) * (b.x - x0) < 0 {
                let yc = a.y + (x0 - a.x) / dxdy
                if yc > top && yc < bottom { cutA = yc }
            }
            if (a.x - x1) * (b.x - x1) < 0 {
                let yc = a.y + (x1 - a.x) / dxdy
                if yc > top && yc < bottom { cutB = yc }
            }
            if cutB < cutA { swap(&cutA, &cutB) }
        }
        piece(top, min(cutA, bottom))
        if cutA < bottom {
            piece(cutA, min(cutB, bottom))
            if cutB < bottom { piece(cutB, bottom) }
        }

        func piece(_ ya: Double, _ yb: Double) {
            guard yb > ya, !stopped else { return }
            var xa = x(ya), xb = x(yb)
            let mid = (xa + xb) * 0.5
            if mid >= x1 { return }
            if mid <= x0 {
                xa = x0; xb = x0
            } else {
                xa = min(max(xa, x0), x1); xb = min(max(xb, x0), x1)
            }
            rows(xa, ya, xb, yb, sign)
        }
    }

    /// A piece from (xa, ya) down to (xb, yb), within the kept pixels, row by row.
    private mutating func rows(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ sign: Double) {
        let dxdy = (xb - xa) / (yb - ya)
        var row = ya.rounded(.down)
        var cy = ya, cx = xa
        while cy < yb {
            let ny = min(yb, row + 1)
            let nx = ny == yb ? xb : xa + (ny - ya) * dxdy
            cells(Int(row), cx, cy, nx, ny, sign)
            if stopped { return }
            cy = ny; cx = nx; row += 1
        }
    }

    /// A piece within one row, cell by cell.
    private mutating func cells(_ row: Int, _ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ sign: Double) {
        if xa == xb {
            add(row, xa.rounded(.down), xa, ya, xb, yb, sign)
            return
        }
        let dydx = (yb - ya) / (xb - xa)
        var cx = xa, cy = ya
        if xb > xa {
            var i = cx.rounded(.down)
            while !stopped {
                let bx = i + 1
                if bx >= xb { return add(row, i, cx, cy, xb, yb, sign) }
                let by = ya + (bx - xa) * dydx
                add(row, i, cx, cy, bx, by, sign)
                cx = bx; cy = by; i += 1
            }
        } else {
            var i = cx.rounded(.up) - 1
            while !stopped {
                let bx = i
                if bx <= xb { return add(row, i, cx, cy, xb, yb, sign) }
                let by = ya + (bx - xa) * dydx
                add(row, i, cx, cy, bx, by, sign)
                cx = bx; cy = by; i -= 1
            }
        }
    }

    /// The piece from (xa, ya) to (xb, yb) in column `column` of `row`.
    @inline(__always)
    private mutating func add(_ row: Int, _ column: Double, _ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double,
                              _ sign: Double) {
        work += 1
        if work > maxWork { return abandon() }
        // A piece on the last column's outer side (x = x1) is in the last column.
        let i = min(column, x1 - 1)
        let dy = (yb - ya) * sign
        if dy == 0 { return }
        let area = dy * (i + 1 - (xa + xb) * 0.5)
        let x = Int(i)
        if let last = cells.indices.last, cells[last].y == row, cells[last].x == x {
            cells[last].area += area
            cells[last].cover += dy
            return
        }
        if cells.count >= maxCells { return abandon() }
        cells.append(Cell(y: row, x: x, area: area, cover: dy))
    }
}
