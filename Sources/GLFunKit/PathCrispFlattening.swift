/// An aliased fill in an antialiased frame (SVG's `shape-rendering: crispEdges`, `PathShape.aliased`)
/// is drawn as resvg's rasterizer (tiny-skia, after Skia's) draws it without antialiasing: a
/// pixel is in when its centre is inside the curves as that rasterizer steps them, each curve
/// in 2^n equal steps of its parameter, n from how far its control points lie off its chord
/// in 1/64 pixels (Skia's `diff_to_shift`, at most 64 steps), every point on its grid of 1/64
/// pixel (a pixel's centre that close to an edge falls as it does there). A finer flattening fills pixels
/// whose centres lie a tenth of a pixel inside a large circle, which resvg leaves out.
extension Path {
    /// The subpaths as line segments, curves stepped as tiny-skia's aliased edges step them on
    /// pixels `pixel` points wide; nil past `limit` points.
    func flattenedCrisp(pixel: Double, limit: Int) -> [FlatSubpath]? {
        guard pixel.isFinite, pixel > 0 else { return nil }
        var result: [FlatSubpath] = []
        var current = FlatSubpath()
        var start = Vec(0, 0), p = Vec(0, 0)
        var total = 0
        // Points on tiny-skia's grid of 1/64 pixel (its FDot6, cut toward zero).
        // (A point within 1/1000 of a step of one is on it: `pixel` is a Float's 1/scale.)
        func snap(_ v: Double) -> Double {
            let f = v / pixel * 64, near = f.rounded()
            return (abs(f - near) < 1e-3 ? near : f.rounded(.towardZero)) / 64 * pixel
        }
        func add(_ q: Vec) -> Bool {
            current.points.append(Vec(snap(q.x), snap(q.y)))
            total += 1
            return total <= limit
        }
        func finish() {
            if !current.points.isEmpty { result.append(current) }
            current = FlatSubpath()
        }
        func dot6(_ v: Double) -> Int { Int(Int32(clamping: Int((snap(v) / pixel * 64).rounded()))) }
        for e in elements {
            switch e {
            case let .move(q):
                finish()
                start = Vec(q)
                p = start
                guard add(p) else { return nil }
            case let .line(q):
                if current.points.isEmpty { guard add(p) else { return nil } }
                p = Vec(q)
                guard add(p) else { return nil }
            case let .quad(c, q):
                if current.points.isEmpty { guard add(p) else { return nil } }
                let c1 = Vec(c), p2 = Vec(q)
                let dx = ((dot6(c1.x) << 1) - dot6(p.x) - dot6(p2.x)) >> 2
                let dy = ((dot6(c1.y) << 1) - dot6(p.y) - dot6(p2.y)) >> 2
                let n = 1 << min(max(Self.diffToShift(dx, dy, 0), 1), 6)
                for k in 1...n {
                    let t = Double(k) / Double(n), u = 1 - t
                    guard add(p * (u * u) + c1 * (2 * u * t) + p2 * (t * t)) else { return nil }
                }
                p = p2
            case let .cubic(c1, c2, q):
                if current.points.isEmpty { guard add(p) else { return nil } }
                let a = Vec(c1), b = Vec(c2), p3 = Vec(q)
                let dx = Self.cubicDelta(dot6(p.x), dot6(a.x), dot6(b.x), dot6(p3.x))
                let dy = Self.cubicDelta(dot6(p.y), dot6(a.y), dot6(b.y), dot6(p3.y))
                let n = 1 << min(Self.diffToShift(dx, dy, 2) + 1, 6)
                for k in 1...n {
                    let t = Double(k) / Double(n), u = 1 - t
                    let point = p * (u * u * u) + a * (3 * u * u * t) + b * (3 * u * t * t) + p3 * (t * t * t)
                    guard add(point) else { return nil }
                }
                p = p3
            case .close:
                current.closed = true
                finish()
                p = start
            }
        }
        finish()
        return result
    }

    /// Skia's `diff_to_shift`: how many halvings bring a curve's offset (dot6) under its bound.
    private static func diffToShift(_ dx: Int, _ dy: Int, _ shiftAA: Int) -> Int {
        let ax = abs(dx), ay = abs(dy)
        var dist = ax > ay ? ax + (ay >> 1) : ay + (ax >> 1)
        dist = (dist + (1 << (2 + shiftAA))) >> (3 + shiftAA)
        return dist <= 0 ? 0 : (Int.bitWidth - dist.leadingZeroBitCount) >> 1
    }

    /// Skia's `cubic_delta_from_line`: the cubic's offset from its chord at 1/3 and 2/3 (dot6).
    private static func cubicDelta(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int {
        let oneThird = ((a * 8 - b * 15 + 6 * c + d) * 19) >> 9
        let twoThird = ((a + 6 * b - c * 15 + d * 8) * 19) >> 9
        return max(abs(oneThird), abs(twoThird))
    }
}

