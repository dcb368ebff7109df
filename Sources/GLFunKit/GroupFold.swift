/// A group whose settings are a clip, an opacity or both (source-over, no mask), drawn in the
/// frame without an offscreen target (issue 31 item 6): each child a fill whose coverage
/// picture (`CoverageMask`) has the clip, the opacity and the children above it folded in, so
/// that drawing them in order over any backdrop gives the layered picture (the group drawn into
/// a layer, then put onto the backdrop times the opacity, within the clip).
///
/// Where the clip covers a pixel by c (times the opacity; 1 without a clip) and the children,
/// top first, by a_n, ..., a_1 (coverage times the paint's alpha), the layered result is
/// c G + (1 - c g) D over a backdrop D, G and g the group's premultiplied colour and alpha.
/// Drawing child k with coverage
///     m_k = c a_k T_k / (1 - c + c T_k),   T_k = (1 - a_n) ... (1 - a_{k+1}),
/// in order gives each child's colour and the backdrop the same weights (the weights of an
/// "over" sequence and of the layered result both sum to 1, so matching the children's
/// matches the backdrop's). Where c = 1 m_k is a_k: the children as they are; where c = 0
/// nothing; a child wholly hidden by opaque children above it (T_k = 0) draws nothing there.
/// The picture is the layered one within rounding; no offscreen target, backdrop copy or
/// composite, and the children's quads batch with the frame's other fills.
///
/// Folded: an antialiased frame's group of at most `maxChildren` fills (paths filled by either
/// rule, rects, ellipses at least a pixel across; a solid colour or a gradient opaque
/// everywhere, any opacity of their own; a group in it that folds, as its masks, which are
/// fills of known coverage), at most `maxPixels` in the region's box and the children's;
/// anything else (strokes, lines, images, text, patterns, translucent gradients, a group in it
/// that does not fold, blend modes, masks) keeps the layer. The children's coverage is the
/// renderer's own: a path's and a rect's exact (`PathCoverage`), an ellipse's as `Coverage.fsh`
/// works it out.
struct GroupFold {
    typealias PixelRect = PathCoverage.PixelRect

    /// The most children folded (the work is their pixels within the region's box).
    static let maxChildren = 128
    /// The most pixels the region's box and the children's boxes come to (a larger group keeps
    /// its layer: its masks would be more memory and work than the layer's passes).
    static let maxPixels = 1 << 22

    /// The shapes to draw in place of `layer` on `grid`'s pixels, or nil when it cannot be folded.
    /// `through`: room for the children's transmittance, kept by the caller from group to group
    /// (a region's box is up to the canvas: fresh memory for each group costs more than the fold).
    static func shapes(of layer: Layer, grid: PixelGrid) -> [Shape]? {
        var through: [Float] = []
        return shapes(of: layer, grid: grid, through: &through)
    }

    static func shapes(of layer: Layer, grid: PixelGrid, through: inout [Float]) -> [Shape]? {
        guard layer.clip != nil || layer.opacity < 1, layer.blend == .srcOver, layer.mask == nil,
              !layer.shapes.isEmpty, layer.shapes.count <= maxChildren else { return nil }
        var fills: [Child] = []
        for s in layer.shapes {
            if let inner = s.layer {
                // A group in the group that folds is its masks: fills of known coverage.
                guard let folded = shapes(of: inner, grid: grid) else { return nil }
                for f in folded {
                    guard let mask = f.pathShape?.given?.mask, let p = f.pathShape else { return nil }
                    fills.append(Child(shape: f, path: p.path, source: .mask(mask), alpha: f.color.a,
                                       box: pixelBox(of: mask, grid: grid), key: nil))
                }
                continue
            }
            guard let f = fill(of: s, pixel: Float(grid.pixelInPoints)) else { return nil }
            let key = f.path.controlBounds.flatMap { CoverageKey(grid: grid, bounds: $0) }
            fills.append(Child(shape: s, path: f.path, source: s.kind == .ellipse ? .ellipse : .fill(f.rule), alpha: f.alpha,
                               box: key.map { $0.pixels }, key: key))
        }
        guard fills.count <= maxChildren else { return nil }
        // The work is bounded: the region's box and each child's pixels.
        var work = fills.reduce(0) { $0 + ($1.box.map { $0.width * $0.height } ?? 0) }
        // The region: the clip's box (nothing of it on the target: the group draws nothing), or
        // the children's boxes together.
        let clipCover: Coverage?
        let box: PixelRect
        if let clip = layer.clip {
            guard let bounds = clip.path.controlBounds, let key = CoverageKey(grid: grid, bounds: bounds) else { return [] }
            work += key.pixels.area
            guard work <= maxPixels, let cover = Coverage(clip.path, rule: clip.rule, key: key) else { return nil }
            if cover.width == 0 || cover.height == 0 { return [] }
            clipCover = cover
            box = cover.box
        } else {
            let boxes = fills.compactMap(\.box)
            guard var b = boxes.first else { return [] }
            for k in boxes { b = PixelRect(x0: min(b.x0, k.x0), y0: min(b.y0, k.y0), x1: max(b.x1, k.x1), y1: max(b.y1, k.y1)) }
            work += b.width * b.height
            guard work <= maxPixels else { return nil }
            if b.width <= 0 || b.height <= 0 { return [] }
            clipCover = nil
            box = b
        }
        let opacity = layer.opacity
        // The children's transmittance over the clip's box, multiplied in from the top.
        let n = box.width * box.height
        if through.count < n { through = [Float](repeating: 1, count: n) } else {
            through.withUnsafeMutableBufferPointer { $0.baseAddress!.update(repeating: 1, count: n) }
        }
        var out: [Shape] = []
        for f in fills.reversed() {
            guard let whole = f.box, let cut = box.intersection(whole) else { continue }
            let cover: Coverage?
            switch f.source {
            case let .fill(rule): cover = f.key.flatMap { Coverage(f.path, rule: rule, key: $0) }
            case .ellipse: cover = f.key.flatMap { Coverage(ellipse: f.shape, key: $0, pixel: Float(grid.pixelInPoints)) }
            case let .mask(mask): cover = Coverage(mask: mask, box: whole)
            }
            guard let cover else { return nil }
            let w = cut.width, h = cut.height
            var levels = [UInt8](repeating: 0, count: w * h * 2)
            var used = [Bool](repeating: false, count: w)
            var drawn = false
            var top = h, bottom = -1  // the rows drawn, of the cut
            let scale = Float(PathCoverage.levels), alpha = f.alpha
            // The clip's box is the region's: its values index as `through`'s.
            let clipValues = clipCover?.values ?? []
            let clipped = clipCover != nil
            cover.values.withUnsafeBufferPointer { cv in
                through.withUnsafeMutableBufferPointer { tv in
                    levels.withUnsafeMutableBufferPointer { lv in
                      used.withUnsafeMutableBufferPointer { uv in
                        for y in cut.y0..<cut.y1 {
                            let crow = (y - cover.box.y0) * cover.box.width - cover.box.x0
                            let trow = (y - box.y0) * box.width - box.x0
                            let lrow = (y - cut.y0) * w - cut.x0
                            for x in cut.x0..<cut.x1 {
                                let a = cv[crow + x]
                                if a == 0 { continue }
                                let t = trow + x
                                let c = (clipped ? clipValues[t] : 1) * opacity
                                let tk = tv[t]
                                tv[t] = tk * (1 - a * alpha)
                                let d = 1 - c + c * tk
                                guard c > 0, d > 0 else { continue }
                                let level = Int(min(1, c * a * tk / d) * scale + 0.5)
                                if level == 0 { continue }
                                let i = 2 * (lrow + x)
                                lv[i] = UInt8(truncatingIfNeeded: level >> 8)
                                lv[i + 1] = UInt8(truncatingIfNeeded: level)
                                uv[x - cut.x0] = true
                                drawn = true
                                top = min(top, y - cut.y0)
                                bottom = max(bottom, y - cut.y0)
                            }
                        }
                      }
                    }
                }
            }
            guard drawn else { continue }
            // The rows above and below the drawn ones are left out (the children above hide them).
            let rows = bottom - top + 1
            if rows < h { levels = Array(levels[(2 * top * w)..<(2 * (bottom + 1) * w)]) }
            let y0 = cut.y0 + top, y1 = cut.y0 + bottom + 1
            let g = CoverageKey.shifted(grid)
            func corner(_ x: Int, _ y: Int) -> Vec { g.invert(Vec(Double(x), Double(y))) }
            let mask = CoverageMask(width: w, height: rows, bytes: levels,
                                    corners: (corner(cut.x0, y0), corner(cut.x1, y0), corner(cut.x1, y1), corner(cut.x0, y1)),
                                    spans: PathCoverage.spans(used, gap: max(2, (PathCoverage.maskPixelsPerQuad + rows - 1) / rows)))
            var mesh = PathMesh()
            mesh.mask = mask
            mesh.hasFringe = true
            var s = PathShape(f.path, given: mesh).shape(color: f.shape.color)
            s.gradient = f.shape.gradient
            out.append(s)
        }
        return out.reversed()
    }

    /// A child as the fold takes it: its shape, outline (its bounds), where its coverage comes
    /// from, the alpha its paint has everywhere, its pixels and (a shape's) their key.
    private struct Child {
        enum Source { case fill(FillRule), ellipse, mask(CoverageMask) }
        var shape: Shape
        var path: Path
        var source: Source
        var alpha: Float
        var box: PixelRect?
        var key: CoverageKey?
    }

    /// The pixels a folded child's mask covers (its corners on `CoverageKey.shifted(grid)`'s whole pixels).
    private static func pixelBox(of mask: CoverageMask, grid: PixelGrid) -> PixelRect {
        let p = CoverageKey.shifted(grid).apply(mask.corners.0)
        let x0 = Int(p.x.rounded()), y0 = Int(p.y.rounded())
        return PixelRect(x0: x0, y0: y0, x1: x0 + mask.width, y1: y0 + mask.height)
    }

    /// `s` as a fill (its outline, rule and the alpha its paint has everywhere), or nil when it
    /// is something else or its paint's alpha varies.
    private static func fill(of s: Shape, pixel px: Float) -> (path: Path, rule: FillRule, alpha: Float)? {
        guard s.layer == nil, s.pattern == nil, s.color.a > 0 else { return nil }
        if let g = s.gradient, !g.isOpaqueEverywhere { return nil }
        switch s.kind {
        case .rect:
            let x0 = min(s.from.x, s.to.x), x1 = max(s.from.x, s.to.x), y0 = min(s.from.y, s.to.y), y1 = max(s.from.y, s.to.y)
            guard x1 > x0, y1 > y0 else { return nil }
            return (Path.polyline([Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)], closed: true), .nonzero, s.color.a)
        case .ellipse:
            // One thinner than a pixel (drawn a pixel thick, fainter) keeps the layer.
            let rx = abs(s.to.x - s.from.x) / 2, ry = abs(s.to.y - s.from.y) / 2, h = px / 2
            guard h > 0, rx >= h, ry >= h else { return nil }
            // Its box half a pixel larger (the coverage's reach); the coverage is the renderer's.
            let grow = Point(px, px)
            var box = Path()
            box.move(to: Point(min(s.from.x, s.to.x) - grow.x, min(s.from.y, s.to.y) - grow.y))
            box.line(to: Point(max(s.from.x, s.to.x) + grow.x, max(s.from.y, s.to.y) + grow.y))
            return (box, .nonzero, s.color.a)
        case .path:
            guard let p = s.pathShape, !p.aliased, p.given == nil, case let .fill(rule) = p.paint else { return nil }
            return (p.path, rule, s.color.a)
        case .line, .image:
            return nil
        }
    }


    /// A fill's exact coverage of its key's pixels, 0...1 a pixel.
    struct Coverage {
        let box: PixelRect
        /// Row by row over `box`.
        let values: [Float]
        var width: Int { box.width }
        var height: Int { box.height }

        /// nil when the fill is too large to cover (its edges or cells past their bounds).
        init?(_ path: Path, rule: FillRule, key: CoverageKey) {
            box = key.pixels
            guard box.width <= CoverageMask.maxSide, box.height <= CoverageMask.maxSide,
                  var raster = PathTessellator.coverage(path, rule: rule, key: key) else { return nil }
            guard !raster.stopped else { return nil }
            var v = [Float](repeating: 0, count: max(0, box.width * box.height))
            let b = box
            raster.walkRows { row, runs in
                for r in runs where row >= b.y0 && row < b.y1 {
                    let value = Float(Double(r.level) / PathCoverage.levels)
                    var x = max(r.x0, b.x0)
                    while x < min(r.x1, b.x1) {
                        v[(row - b.y0) * b.width + (x - b.x0)] = value
                        x += 1
                    }
                }
                return true
            }
            if raster.stopped { return nil }
            values = v
        }

        /// An ellipse shape's coverage of its key's pixels as the renderer's coverage program
        /// works it out (`Coverage.fsh`, `Renderer+AntialiasedEllipse`): at each pixel's centre,
        /// 0.5 less the first-order distance to the curve in pixels.
        init?(ellipse s: Shape, key: CoverageKey, pixel px: Float) {
            box = key.pixels
            guard box.width <= CoverageMask.maxSide, box.height <= CoverageMask.maxSide else { return nil }
            let h = Double(px) / 2
            let ax = max(Double(abs(s.to.x - s.from.x)) / 2, h), ay = max(Double(abs(s.to.y - s.from.y)) / 2, h)
            let cx = (Double(s.from.x) + Double(s.to.x)) / 2, cy = (Double(s.from.y) + Double(s.to.y)) / 2
            let apx = ax / Double(px), bpx = ay / Double(px)
            let ka = 1 / (apx * apx), kb = 1 / (bpx * bpx)
            // The octagon the renderer draws: the box half a pixel larger, its corners cut at 45°.
            let bu = (ax + h) / ax, bv = (ay + h) / ay, cut = 1.4142135 * (1 + 0.5 / min(apx, bpx))
            var v = [Float](repeating: 0, count: max(0, box.width * box.height))
            // Within rho = 1 - 0.5 / m the distance to the curve is at least half a pixel: 1.
            let inner = max(0, 1 - 0.5 / min(apx, bpx)), inner2 = inner * inner
            for y in box.y0..<box.y1 {
                for x in box.x0..<box.x1 {
                    let q = key.grid.invert(Vec(Double(x) + 0.5, Double(y) + 0.5))
                    let px = (q.x - cx) / ax, py = (q.y - cy) / ay
                    // A centre on the octagon's right or bottom edge is the rasterizer's outside.
                    if px >= bu || px < -bu || py >= bv || py < -bv || abs(px) + abs(py) > cut { continue }
                    let r2 = px * px + py * py
                    if r2 < inner2 {
                        v[(y - box.y0) * box.width + (x - box.x0)] = 1
                        continue
                    }
                    let g2 = (px * px * ka + py * py * kb) / max(r2, 1e-12)
                    let c = 0.5 - (r2.squareRoot() - 1) / max(g2, 1e-12).squareRoot()
                    v[(y - box.y0) * box.width + (x - box.x0)] = Float(min(1, max(0, c)))
                }
            }
            values = v
        }

        /// A folded child's coverage: its mask's levels over `box`.
        init(mask: CoverageMask, box: PixelRect) {
            self.box = box
            var v = [Float](repeating: 0, count: mask.width * mask.height)
            let scale = Float(1 / PathCoverage.levels)
            mask.bytes.withUnsafeBufferPointer { b in
                for i in v.indices { v[i] = Float(Int(b[2 * i]) << 8 | Int(b[2 * i + 1])) * scale }
            }
            values = v
        }

        /// The coverage of pixel (x, y); 0 outside the box.
        func at(_ x: Int, _ y: Int) -> Float {
            guard x >= box.x0, x < box.x1, y >= box.y0, y < box.y1 else { return 0 }
            return values[(y - box.y0) * box.width + (x - box.x0)]
        }
    }
}

extension PathCoverage.PixelRect {
    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }

    /// The pixels of both; nil when they do not meet.
    func intersection(_ o: Self) -> Self? {
        let r = Self(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.x0 < r.x1 && r.y0 < r.y1 ? r : nil
    }
}
