/// Antialiased edges (`Renderer.antialias`): a pixel at an edge gets the share of it the
/// shape covers, as a box filter over the pixel would give for a straight edge.
///
/// - A rect or a line (a box along the line, butt ends) is one quad half a pixel larger than
///   the box, an ellipse an octagon around it (see `emitEllipse`), drawn by the coverage
///   program, which works out each pixel's coverage from the shape's own coordinates and size
///   (`Coverage.fsh`, `CoverageVertex`): a few vertices a shape whatever its size, no shader
///   derivatives (plain GLES 2). They all share that program and its own vertex stream, so
///   what blends in painter's order shares draw calls.
/// - Paths carry their own fringe (`PathMesh`).
///
/// With a depth buffer, an opaque shape's core is drawn in the opaque pass, front to back as
/// before, flat, with depth writes: a box's the box half a pixel in from its edges (the whole
/// box on whole pixels, which then has no fringe at all), an ellipse's a polygon inscribed in
/// its pixels of coverage 1; then its fringe, the ring between core and outline, follows with
/// what blends (paths, images, translucent shapes) in painter's order, depth-tested: the
/// picture is the painter's-order picture, equal with depth or without. A shape whose core
/// would be thinner than `minimumCore` pixels is drawn whole in painter's order (a 2-pixel
/// line: all of it is fringe). The culling walk counts a rect as covering only its core, and
/// an ellipse only pixels of coverage 1 (`CoverageMap.antialiasedEllipseCore`): an AA edge
/// is never taken for opaque coverage.
extension Renderer {
    enum Part { case core, fringe, whole }

    func buildAntialiased(_ s: UnsafeBufferPointer<Shape>, hidden hid: UnsafeMutablePointer<Bool>, depth: Bool) {
        let n = s.count
        coverage.pieces.withUnsafeBufferPointer { pieces in
            framePieces = pieces
            if !depth {
                for i in 0..<n where !hid[i] {
                    emitAntialiased(s[i], i, z: 0, part: .whole, depth: false)
                }
                stats.culled = (0..<n).reduce(0) { $0 + (hid[$1] ? 1 : 0) }
            } else {
                let step = rankDrawnShapes(n, hidden: hid)
                let runs = coreRuns(s, hidden: hid)
                rank.withUnsafeBufferPointer { r in
                    // Opaque cores, nearest first: boxes, then ellipses (one program each), then
                    // opaque fills' by their program (`Renderer+OpaqueFills`; distinct depths,
                    // so the order is the cost's, not the picture's).
                    for i in runs.order {
                        emitAntialiased(s[i], i, z: 1 - step * Float(r[i] + 1), part: .core, depth: true)
                    }
                    // The rest in painter's order (fringes and images may go before the last run
                    // when nothing of it is under them: `begin`).
                    for i in 0..<n where !hid[i] {
                        reorder.item = bounds(s[i])
                        emitAntialiased(s[i], i, z: 1 - step * Float(r[i] + 1), part: runs.cored[i] ? .fringe : .whole,
                                        depth: true)
                    }
                    reorder.item = nil
                }
            }
            framePieces = .init(start: nil, count: 0)
            clipPieces = framePieces
        }
    }

    /// A shape's bounds with its fringe (document points), for reordering runs; nil for a path
    /// (its one layer of paint takes two runs in order) or a missing image.
    func bounds(_ s: Shape) -> RunReordering.Box? {
        let m = pixelInPoints
        switch s.kind {
        case .path:
            return nil
        case .image:
            guard let name = s.image, let t = textures[name] else { return nil }
            let (l, top) = spriteOrigin(center: s.from, width: Float(t.width), height: Float(t.height), scale: scale)
            return .init(x0: l, y0: top, x1: l + Float(t.width), y1: top + Float(t.height))
        case .line:
            let w = s.width / 2 + m
            return .init(x0: min(s.from.x, s.to.x) - w, y0: min(s.from.y, s.to.y) - w, x1: max(s.from.x, s.to.x) + w,
                         y1: max(s.from.y, s.to.y) + w)
        case .rect, .ellipse:
            return .init(x0: min(s.from.x, s.to.x) - m, y0: min(s.from.y, s.to.y) - m, x1: max(s.from.x, s.to.x) + m,
                         y1: max(s.from.y, s.to.y) + m)
        }
    }

    /// Which drawn shapes of `s` have an opaque core (rects, lines and ellipses with alpha 1, and
    /// opaque fills with a core), and the order the opaque pass draws those cores in: boxes
    /// (rects and lines), then ellipses, then fills by their core's program
    /// (`fillCorePrograms`), each run nearest (last) first. One walk over the shapes, reading
    /// their fields in place (no shape copied).
    func coreRuns(_ s: UnsafeBufferPointer<Shape>, hidden hid: UnsafeMutablePointer<Bool>) -> (order: [Int], cored: [Bool]) {
        let n = s.count, kinds = 2 + Renderer.fillCorePrograms.count
        var cored = [Bool](repeating: false, count: n)
        var runs = [[Int]](repeating: [], count: kinds)
        var i = n - 1
        while i >= 0 {
            defer { i -= 1 }
            guard !hid[i] else { continue }
            let run: Int
            switch s[i].kind {
            case .rect, .line: guard s[i].color.a >= 1 else { continue }; run = 0
            case .ellipse: guard s[i].color.a >= 1 else { continue }; run = 1
            case .path:
                guard fillHasCore(i) else { continue }
                run = 2 + Renderer.fillCorePrograms.firstIndex(of: fillCoreProgram(s[i]))!
            case .image: continue
            }
            cored[i] = true
            runs[run].append(i)
        }
        return (runs.flatMap { $0 }, cored)
    }

    /// Emits shape `i` (`part` of it), cut to its visible pieces when the culling walk left any.
    func emitAntialiased(_ s: Shape, _ i: Int, z: Float, part: Part, depth: Bool) {
        flushIfFull()
        let count = Int(coverage.pieceCount[i]), first = Int(coverage.pieceFirst[i])
        clipPieces = count == 0 ? .init(start: nil, count: 0)
            : UnsafeBufferPointer(rebasing: framePieces[first..<(first + count)])
        switch s.kind {
        case .rect:
            let x0 = min(s.from.x, s.to.x), x1 = max(s.from.x, s.to.x)
            let y0 = min(s.from.y, s.to.y), y1 = max(s.from.y, s.to.y)
            // On whole pixels the antialiased rect is the aliased one: no fringe, its core the rect.
            let aligned = view.isIdentity && [x0, x1, y0, y1].allSatisfy { ($0 * scale).rounded() == $0 * scale }
            emitBox(center: Point((x0 + x1) / 2, (y0 + y1) / 2), axis: Point(1, 0), half: ((x1 - x0) / 2, (y1 - y0) / 2),
                    color: s.color, z: z, part: part, depth: depth, aligned: aligned)
        case .line:
            let dx = s.to.x - s.from.x, dy = s.to.y - s.from.y
            let len = (dx * dx + dy * dy).squareRoot()
            if len == 0 { return }
            emitBox(center: Point((s.from.x + s.to.x) / 2, (s.from.y + s.to.y) / 2), axis: Point(dx / len, dy / len),
                    half: (len / 2, s.width / 2), color: s.color, z: z, part: part, depth: depth)
        case .ellipse:
            emitEllipse(s, z: z, part: part, depth: depth)
        case .path:
            if part == .core, let core = fillCore(i) {
                emitFillCore(s, core, z: z)
            } else {
                emitFillRest(s, i, z: z, coreDrawn: part == .fringe)
            }
        case .image:
            begin(pipe(for: s, depth: depth && part == .core))
            emitVisible(s, i, z: z)
            end()
        }
    }

    /// A box: `center`, unit `axis` along its first half-extent, `half` its half-extents (points).
    /// Its core (half a pixel in from its edges, where the coverage is 1) is a flat quad; the
    /// whole box one quad of the coverage program half a pixel past its edges (`Coverage.fsh`:
    /// the box filter per axis, thin boxes too), the fringe around a core the ring between the two.
    /// A box on whole pixels (`aligned`) has no fringe: its core is the box. A box whose core
    /// would be thinner than `Renderer.minimumCore` pixels has none: its one quad is drawn whole
    /// in painter's order (a core that thin saves no pixels and costs its edges twice).
    private func emitBox(center c: Point, axis u: Point, half: (Float, Float), color: Color, z: Float, part: Part,
                         depth: Bool, aligned: Bool = false) {
        let px = pixelInPoints, h = px / 2
        let core = aligned ? half : (half.0 - h, half.1 - h), outer = (half.0 + h, half.1 + h)
        // The ring's inner edge a little inside the flat core (`coreOverlap`): see `Renderer+Pieces`.
        let o = px * Renderer.coreOverlap, ringInner = (core.0 - o, core.1 - o)
        // Only an opaque box has a core (drawn unblended, in the opaque pass with depth).
        let hasCore = color.a >= 1 && (aligned || min(core.0, core.1) > Renderer.minimumCore * h)
        let frame = CoverageFrame(center: c, axis: u, scale: (1 / px, 1 / px), size: (half.0 / px, half.1 / px))
        let rgba = color.rgba8
        guard hasCore else {
            guard part != .core else { return }
            begin(Pipe(program: .coverage, blend: true, depthWrite: false))
            coverageRect(frame, -outer.0, -outer.1, outer.0, outer.1, z: z, rgba: rgba)
            end()
            return
        }
        // Core and ring are the same triangles whether drawn in two passes (depth) or one after
        // the other (.whole), so the pixels are the same either way.
        if part != .fringe {
            begin(Pipe(program: .flat, blend: false, depthWrite: depth && part == .core))
            flatRect(frame, half: core, z: z, rgba: rgba)
            end()
        }
        if part != .core && !aligned {
            begin(Pipe(program: .coverage, blend: true, depthWrite: false))
            coverageRing(frame, outer: outer, inner: ringInner, z: z, rgba: rgba)
            end()
        }
    }
}

extension Renderer {
    /// The narrowest core (pixels across) an opaque antialiased shape is drawn with in the
    /// opaque pass; a thinner shape is one piece in painter's order.
    static let minimumCore: Float = 6
    /// How far (pixels) a ring reaches inside the flat core it surrounds, where both paint the
    /// shape's color at coverage 1: a core cut to visible pieces may then round its edges either
    /// way without leaving a pixel unpainted (`Renderer+Pieces`).
    static let coreOverlap: Float = 0.25
}

/// A shape's own frame for the coverage program: its centre and first axis (points), how
/// many of its shape coordinates make a point along each axis (and, for polygons given in
/// shape coordinates, how many points one is: `extent`), and its size (`Coverage.fsh`).
struct CoverageFrame {
    var center: Point
    var axis: Point
    var scale: (Float, Float)
    var extent: (Float, Float) = (1, 1)
    var size: (Float, Float)
}

extension Renderer {
    /// A flat quad of half-extents `half` (points) in `f`'s frame, in the vertex stream.
    func flatRect(_ f: CoverageFrame, half: (Float, Float), z: Float, rgba: UInt32) {
        let c = f.center, u = f.axis, (a, b) = half
        emitPolygon(4, coverageStream: false, size: (0, 0), z: z, rgba: rgba) { k in
            let x = k == 0 || k == 3 ? -a : a, y = k < 2 ? -b : b
            return ClipVertex(x: c.x + u.x * x - u.y * y, y: c.y + u.y * x + u.x * y, u: 0, v: 0)
        }
    }

    /// Two triangles of the coverage stream: the rectangle (x0, y0)-(x1, y1) of `f`'s frame (points).
    @inline(__always)
    func coverageRect(_ f: CoverageFrame, _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, z: Float,
                      rgba: UInt32) {
        let c = f.center, u = f.axis
        emitPolygon(4, coverageStream: true, size: f.size, z: z, rgba: rgba) { k in
            let x = k == 0 || k == 3 ? x0 : x1, y = k < 2 ? y0 : y1
            return ClipVertex(x: c.x + u.x * x - u.y * y, y: c.y + u.y * x + u.x * y, u: x * f.scale.0, v: y * f.scale.1)
        }
    }

    /// The ring between two centred rectangles of `f`'s frame (half-extents, points): four
    /// rectangles that share their edges, so no pixel is drawn twice.
    func coverageRing(_ f: CoverageFrame, outer o: (Float, Float), inner i: (Float, Float), z: Float, rgba: UInt32) {
        coverageRect(f, -o.0, -o.1, o.0, -i.1, z: z, rgba: rgba)
        coverageRect(f, -o.0, i.1, o.0, o.1, z: z, rgba: rgba)
        coverageRect(f, -o.0, -i.1, -i.0, i.1, z: z, rgba: rgba)
        coverageRect(f, i.0, -i.1, o.0, i.1, z: z, rgba: rgba)
    }
}
