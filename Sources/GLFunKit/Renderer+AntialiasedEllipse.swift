import Foundation

/// An antialiased ellipse: an octagon of the coverage program around the ellipse, whose
/// fragments work out their coverage from the distance to the curve (`Coverage.fsh`): the box
/// half a pixel larger than the ellipse with its corners cut by the lines tangent at 45° to
/// the ellipse grown to where the coverage ends. An opaque one's core, drawn flat in the
/// opaque pass, is the octagon inscribed in the ellipse of coverage 1
/// (`CoverageMap.antialiasedEllipseCore`); its fringe then the ring between the two octagons.
/// An ellipse thinner than a pixel is drawn a pixel thick with its alpha scaled by its thickness.
extension Renderer {
    func emitEllipse(_ s: Shape, z: Float, part: Part, depth: Bool) {
        let x0 = min(s.from.x, s.to.x), x1 = max(s.from.x, s.to.x)
        let y0 = min(s.from.y, s.to.y), y1 = max(s.from.y, s.to.y)
        let rx = (x1 - x0) / 2, ry = (y1 - y0) / 2
        guard rx > 0, ry > 0 else { return }
        let px = pixelInPoints, h = px / 2
        let ax = max(rx, h), ay = max(ry, h)
        let color = s.color
        let alpha = color.a * min(1, rx / h) * min(1, ry / h)
        // The program's shape coordinates are the offset over the radii (the ellipse is the unit
        // circle); its size the reciprocals of the squared radii in pixels, the first negated
        // (what tells an ellipse from a box). The octagons are made in those coordinates.
        let apx = ax / px, bpx = ay / px
        let frame = CoverageFrame(center: Point((x0 + x1) / 2, (y0 + y1) / 2), axis: Point(1, 0),
                                  scale: (1 / ax, 1 / ay), extent: (ax, ay), size: (-1 / (apx * apx), 1 / (bpx * bpx)))
        let m = min(apx, bpx)
        let core = CoverageMap.antialiasedEllipseCoreScale(smallerRadius: m)
        let hasCore = alpha >= 1 && core * m > Renderer.minimumCore / 2
        let sides = 8  // 16 sides: a thinner ring, but 9% more instructions a frame at N = 1,000 (callgrind)
        let rgba = Color(color.r, color.g, color.b, alpha).rgba8
        // The coverage is 0 past rho = 1 + 0.5 / m (the distance is at least (rho - 1) m), and
        // past half a pixel beyond the box (the box filter's reach, as skia's GPU ellipses).
        let bu = (ax + h) / ax, bv = (ay + h) / ay, cut = 1.4142135 * (1 + 0.5 / m)
        let w = min(bv, cut - bu), t = min(bu, cut - bv)
        let outer = [Point(bu, -w), Point(bu, w), Point(t, bv), Point(-t, bv), Point(-bu, w), Point(-bu, -w),
                     Point(-t, -bv), Point(t, -bv)]
        guard hasCore else {
            guard part != .core else { return }
            begin(Pipe(program: .coverage, blend: true, depthWrite: false))
            for j in 1...6 { coverageTriangle(frame, outer[0], outer[j], outer[j + 1], z: z, rgba: rgba) }
            end()
            return
        }
        // Core and ring are the same triangles whether drawn in two passes (depth) or one after
        // the other (.whole), so the pixels are the same either way.
        let inner = Renderer.innerPolygon(core, sides: sides)
        if part != .fringe {
            begin(Pipe(program: .flat, blend: false, depthWrite: depth && part == .core))
            emitPolygon(sides, coverageStream: false, size: (0, 0), z: z, rgba: rgba) { k in
                ClipVertex(x: frame.center.x + inner[k].x * frame.extent.0, y: frame.center.y + inner[k].y * frame.extent.1,
                           u: 0, v: 0)
            }
            end()
        }
        if part != .core {
            begin(Pipe(program: .coverage, blend: true, depthWrite: false))
            polygonRing(frame, outer: outer, inner: inner, z: z, rgba: rgba)
            end()
        }
    }

    /// The regular polygon of `sides` sides inscribed in the circle of radius `r`, from angle 0
    /// counterclockwise, closed (the first point again at the end).
    private static func innerPolygon(_ r: Float, sides: Int) -> [Point] {
        (0...sides).map { k in
            k == sides ? Point(r, 0) : Point(r * cos(Float(k) * 2 * .pi / Float(sides)), r * sin(Float(k) * 2 * .pi / Float(sides)))
        }
    }

    /// The ring between two convex polygons around the frame's origin (in units of its radii),
    /// `outer` starting below angle 0 and `inner` (closed) at angle 0, both counterclockwise:
    /// triangles each joining a vertex of one to an edge of the other, taken in order of angle
    /// where the new diagonal stays out of the inner polygon (otherwise the other way), so they
    /// tile the ring exactly.
    private func polygonRing(_ f: CoverageFrame, outer: [Point], inner: [Point], z: Float, rgba: UInt32) {
        func angle(_ p: Point, after a: Float) -> Float {
            var t = atan2(p.y, p.x)
            while t < a { t += 2 * Float.pi }
            return t
        }
        // > 0: p lies left of a -> b (inside, for an edge of a counterclockwise polygon).
        func side(_ a: Point, _ b: Point, _ p: Point) -> Float { (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) }
        let n = inner.count - 1, m = outer.count
        var i = 0, j = 0
        var ai: Float = 0, aj = atan2(outer[0].y, outer[0].x)
        while i < n || j < m {
            let nextInner = i < n ? angle(inner[i + 1], after: ai) : .infinity
            let nextOuter = j < m ? angle(outer[(j + 1) % m], after: aj) : .infinity
            let o = outer[j % m], o1 = outer[(j + 1) % m]
            let prev = inner[i > 0 ? i - 1 : n - 1], next = inner[i < n ? i + 1 : 1]
            // Taking the next inner vertex is right when o is outside the inner edge; the next
            // outer one when it is outside one of the two inner edges at inner[i].
            let canInner = i < n && side(inner[i], inner[i + 1], o) < 0
            let canOuter = j < m && (side(prev, inner[i], o1) < 0 || side(inner[i], next, o1) < 0)
            if (canInner && (!canOuter || nextInner <= nextOuter)) || (!canOuter && i < n) {
                coverageTriangle(f, inner[i], o, inner[i + 1], z: z, rgba: rgba)
                i += 1
                ai = nextInner
            } else {
                coverageTriangle(f, inner[i], o, o1, z: z, rgba: rgba)
                j += 1
                aj = nextOuter
            }
        }
    }

    /// One triangle of the coverage stream, its corners in units of the frame's radii.
    @inline(__always)
    private func coverageTriangle(_ f: CoverageFrame, _ a: Point, _ b: Point, _ c: Point, z: Float, rgba: UInt32) {
        let (rx, ry) = f.extent
        emitPolygon(3, coverageStream: true, size: f.size, z: z, rgba: rgba) { k in
            let p = k == 0 ? a : k == 1 ? b : c
            return ClipVertex(x: f.center.x + p.x * rx, y: f.center.y + p.y * ry, u: p.x, v: p.y)
        }
    }
}
