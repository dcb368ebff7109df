extension PathCoverage {
    /// A run of pixels of one coverage (in 1/`levels`), columns x0..<x1, from row `top` down.
    struct Run {
        var x0: Int, x1: Int, level: Int, top: Int
    }

    /// Coverage in steps of 1/`levels`: 0 for none, `levels` for full.
    @inline(__always)
    private static func level(_ c: Double) -> Int { Int((min(1, abs(c)) * levels).rounded()) }

    /// Each row that holds cells, top to bottom, with its runs of one coverage left to right
    /// (neighbouring pixels of equal coverage merged, none of coverage 0): what both the quads
    /// (`emit`) and the mask (`emitMask`) are made of. `visit` returns false to stop.
    mutating func walkRows(_ visit: (_ row: Int, _ runs: [Run]) -> Bool) {
        if !sorted {
            sortCells()
            sorted = true
        }
        let cells = self.cells
        let last = Int(x1)
        var row: [Run] = []
        var i = 0
        while i < cells.count {
            let cy = cells[i].y
            row.removeAll(keepingCapacity: true)
            func push(_ x0: Int, _ x1: Int, _ level: Int) {
                guard level > 0 else { return }
                if let k = row.indices.last, row[k].x1 == x0, row[k].level == level {
                    row[k].x1 = x1
                } else {
                    row.append(Run(x0: x0, x1: x1, level: level, top: cy))
                }
            }
            var acc = 0.0, gap = Int.min
            while i < cells.count, cells[i].y == cy {
                let x = cells[i].x
                var area = cells[i].area, cover = cells[i].cover
                i += 1
                while i < cells.count, cells[i].y == cy, cells[i].x == x {
                    area += cells[i].area; cover += cells[i].cover
                    i += 1
                }
                if gap != Int.min, x > gap { push(gap, x, Self.level(acc)) }
                push(x, x + 1, Self.level(acc + area))
                acc += cover
                gap = x + 1
            }
            if gap < last { push(gap, last, Self.level(acc)) }
            if !visit(cy, row) { return }
        }
    }

    /// The quads: each row's runs, merged down the rows (a run the same as in the row above
    /// goes on): `close` gets each quad's run and the row below its last (false: stop).
    mutating func quads(_ close: (Run, _ bottom: Int) -> Bool) {
        var open: [Run] = [], next: [Run] = []
        var y = Int.min
        var going = true
        walkRows { cy, row in
            if cy != y &+ 1 {
                for r in open where going { going = close(r, y &+ 1) }
                open.removeAll(keepingCapacity: true)
            }
            // Runs the same as in the row above go on; the others end there.
            next.removeAll(keepingCapacity: true)
            var k = 0
            for r in row {
                while k < open.count, open[k].x0 < r.x0 {
                    if going { going = close(open[k], cy) }
                    k += 1
                }
                if k < open.count, open[k].x0 == r.x0, open[k].x1 == r.x1, open[k].level == r.level {
                    next.append(open[k])
                    k += 1
                } else {
                    next.append(r)
                }
            }
            while k < open.count {
                if going { going = close(open[k], cy) }
                k += 1
            }
            swap(&open, &next)
            y = cy
            return going
        }
        for r in open where going { going = close(r, y &+ 1) }
    }

    /// How many quads `emit` makes.
    mutating func quadCount() -> Int {
        var n = 0
        quads { _, _ in
            n += 1
            return true
        }
        return n
    }

    /// The quads, into `out`; nothing if a limit was passed.
    mutating func emit(into out: inout MeshBuilder) {
        if stopped { return out.abandon() }
        let grid = self.grid
        quads { r, bottom in
            let a = grid.invert(Vec(Double(r.x0), Double(r.top))), b = grid.invert(Vec(Double(r.x1), Double(r.top)))
            let c = grid.invert(Vec(Double(r.x1), Double(bottom))), d = grid.invert(Vec(Double(r.x0), Double(bottom)))
            out.flatQuad(a, b, c, d, coverage: Double(r.level) / Self.levels)
            return !out.overflowed
        }
    }
}
