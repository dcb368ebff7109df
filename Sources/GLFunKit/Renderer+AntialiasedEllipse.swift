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
        let rgba = Color(color.r, color.g, color.b, alpha).rgba8
        // The coverage is 0 past rho = 1 + 0.5 / m (the distance is at least (rho - 1) m), and
        // past half a pixel beyond the box (the box filter's reach, as skia's GPU ellipses).
        let bu = (ax + h) / ax, bv = (ay + h) / ay, cut = 1.4142135 * (1 + 0.5 / m)
        let w = min(bv, cut - bu), t = min(bu, cut - bv)
        // The outer octagon, counterclockwise from below angle 0: vertex k lies between the
        // angles 45° (k - 1) and 45° k (w < bu and t < bv whenever a core is drawn: m > 1.2).
        @inline(__always) func outer(_ k: Int) -> Point {
            switch k & 7 {
            case 0: return Point(bu, -w)
            case 1: return Point(bu, w)
            case 2: return Point(t, bv)
            case 3: return Point(-t, bv)
            case 4: return Point(-bu, w)
            case 5: return Point(-bu, -w)
            case 6: return Point(-t, -bv)
            default: return Point(t, -bv)
            }
        }
        guard hasCore else {
            guard part != .core else { return }
            begin(Pipe(program: .coverage, blend: true, depthWrite: false))
            for j in 1...6 { coverageTriangle(frame, outer(0), outer(j), outer(j + 1), z: z, rgba: rgba) }
            end()
            return
        }
        // Core and ring are the same triangles whether drawn in two passes (depth) or one after
        // the other (.whole), so the pixels are the same either way. The core: the regular
        // octagon of radius `core` with vertex k at 45° k (8 sides: 16 took 10% more instructions
        // a frame at N = 1,000, 6 and 12 no fewer; callgrind).
        @inline(__always) func inner(_ k: Int) -> Point {
            let d = Renderer.unitOctagon[k & 7]
            return Point(core * d.x, core * d.y)
        }
        if part != .fringe {
            begin(Pipe(program: .flat, blend: false, depthWrite: depth && part == .core))
            emitPolygon(8, coverageStream: false, size: (0, 0), z: z, rgba: rgba) { k in
                let p = inner(k)
                return ClipVertex(x: frame.center.x + p.x * frame.extent.0, y: frame.center.y + p.y * frame.extent.1,
                                  u: 0, v: 0)
            }
            end()
        }
        if part != .core {
            // The ring: a strip between the octagons, whose vertices alternate in angle (outer
            // k + 1 lies between inner k and k + 1), so each diagonal leaves an inner vertex on
            // the outer side of the inner edge next to it and the 16 triangles tile the ring.
            // Its inner octagon a little inside the flat core (`coreOverlap`, along the smaller
            // radius; see `Renderer+Pieces`).
            let shrink = 1 - Renderer.coreOverlap / (core * m)
            @inline(__always) func ring(_ k: Int) -> Point {
                let p = inner(k)
                return Point(p.x * shrink, p.y * shrink)
            }
            begin(Pipe(program: .coverage, blend: true, depthWrite: false))
            for k in 0..<8 {
                coverageTriangle(frame, ring(k), outer(k + 1), ring(k + 1), z: z, rgba: rgba)
                coverageTriangle(frame, ring(k + 1), outer(k + 1), outer(k + 2), z: z, rgba: rgba)
            }
            end()
        }
    }

    /// The regular octagon inscribed in the unit circle, vertex k at 45° k.
    private static let unitOctagon: [Point] = (0..<8).map { k in
        Point(cos(Float(k) * .pi / 4), sin(Float(k) * .pi / 4))
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
