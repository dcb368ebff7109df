import Foundation

/// A dash pattern a stroke keeps whole for the renderer to dash per pixel (the *dash route*):
/// the stroke's strip is made once for the undashed path, each vertex carrying how far along
/// its subpath it lies, and `PathDash.fsh` works out at each pixel which dash it is in, its
/// caps included. A dashed path of a thousand dashes is then the triangles of its undashed
/// stroke, not a thousand strokes' (dash_1000 of the bench: 294,000 vertices -> 45,000).
///
/// What it is not: a second dasher. It says the same dashes as `Path.dashed` (SVG's rules,
/// the pattern restarting at the offset with each subpath, a closed subpath's first dash
/// joined to the last when that reaches the end), measured the same way, and the renderer
/// falls back to `Path.dashed` wherever the route cannot (`PathTessellator.mesh`: a hairline,
/// a pattern under two pixels; `Renderer.emitPath`: a stroke painted with a gradient or a
/// pattern, no 32-bit indices).
///
/// Only patterns of at most two dashes and two gaps take the route (`GraphicsContext.stroke`
/// decides, with a solid paint, antialiasing and a transform that keeps angles); the
/// lengths are in document points, as the path's coordinates.
struct StrokeDash: Hashable, Sendable {
    /// On, off, on, off, in points (a pattern of one dash and one gap said twice; SVG repeats
    /// an odd one to make it even first).
    var pattern: SIMD4<Float>
    /// How far into the pattern the first subpath starts, in points (any sign).
    var offset: Float

    /// Whether strokes in `style` can be dashed by the shader: not a miter-clip join, whose
    /// clipped miter is product-coded (PathDash.fsh reads distance-coded joins only).
    static func drawsJoins(of style: StrokeStyle) -> Bool { style.join != .miterClip }

    /// The pattern's length.
    var period: Float { pattern.sum() }

    /// `pattern` (user space, as `Path.dashed` takes it) and `offset` scaled by `scale` into
    /// points, or nil when the pattern does not take the route: more than four lengths after
    /// SVG's doubling of an odd count, or one that `Path.dashed` would leave solid (empty, a
    /// negative or non-finite length, a zero sum).
    init?(_ pattern: [Float], offset: Float, scale: Double) {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }), offset.isFinite,
              scale.isFinite, scale > 0 else { return nil }
        let even = pattern.count % 2 == 1 ? pattern + pattern : pattern
        guard even.count <= 4 else { return nil }
        // Two lengths are said twice: the shader looks at two dashes of a period of four.
        let lengths = (even.count == 2 ? even + even : even).map { Float(Double($0) * scale) }
        self.pattern = SIMD4(lengths[0], lengths[1], lengths[2], lengths[3])
        self.offset = Float(Double(offset) * scale)
        guard period > 0, period.isFinite, self.offset.isFinite else { return nil }
    }

    /// The pattern as `Path.dashed` takes it (the CPU route's fallback).
    var lengths: [Float] {
        pattern[0] == pattern[2] && pattern[1] == pattern[3] ? [pattern[0], pattern[1]] : [pattern[0], pattern[1], pattern[2], pattern[3]]
    }

    /// Where the pattern stands at a subpath's start (0 ..< period), in pixels `pixel` points
    /// wide: `Path.dashed`'s phase.
    func phase(pixel: Double) -> Double {
        DashStart.phase(offset: Double(offset), total: Double(period)) / pixel
    }

    /// Whether the pattern (lengths in pixels, `px`) is on just after `at` (a subpath's
    /// start: the interval [a, b) holding it, as `DashStart` picks it) or, `before`, just
    /// before it (the interval (a, b] holding it: the last one `Path.dashed` walks on a
    /// contour of that length).
    static func isOn(_ px: SIMD4<Double>, at: Double, before: Bool) -> Bool {
        let total = px.sum()
        var t = at.truncatingRemainder(dividingBy: total)
        if t < 0 { t += total }
        if before && t == 0 { t = total }
        var start = 0.0
        for i in 0..<4 {
            let end = start + px[i]
            if before ? (t > start && t <= end) : (t >= start && t < end) { return i % 2 == 0 }
            start = end
        }
        return false
    }
}

/// The dash route's terms at each vertex of a stroke's mesh (`PathMesh.dashTerms`, the
/// renderer's `GradientVertex.g`): how far along the pattern the vertex lies, in pixels (the
/// phase included), the subpath's start and end there, and its cap and seam (`flags`: 0 butt,
/// 1 square, 2 round, plus 4 where a closed subpath's first dash goes on from its last, 8 on
/// a join, 16 on a strip run on past a corner, whose start or end is then the corner's:
/// `Flag`).
struct DashFrame {
    /// The vertex's along term is `base` + (p - origin) . dir: the projection on the segment
    /// the piece belongs to (dir its unit direction over the pixel), or `base` (dir 0) on a join.
    var origin = Vec(0, 0)
    var dir = Vec(0, 0)
    var base = 0.0
    var lo: Float = 0
    var hi: Float = 0
    var flags: Float = 0
    /// The piece being made: 0 (a strip), `Flag.join` or `Flag.runOn`.
    var piece: Float = 0
    /// How a strip's pair through a curve's point bends the terms across the quads about it
    /// (`PathStripStroker.dashBend`): the curvature there times the pair's offset, so that
    /// its left vertex's perspective weight is 1 / (1 - bend) and its right one's 1 / (1 + bend);
    /// 0 (weight 1) elsewhere.
    var bend = 0.0

    /// What `flags` adds to the cap (PathDash.fsh reads them back).
    enum Flag {
        /// A closed subpath whose first dash goes on from its last: the seam is no end.
        static let seam: Float = 4
        /// A join: drawn whole where the pattern is on at its corner.
        static let join: Float = 8
        /// A strip run on past a corner (`PathStripStroker.dashExtension`): only the dashes
        /// that end before it (start after it) draw there, those crossing it not at all.
        static let runOn: Float = 16
    }

    /// The terms of a vertex at `p`; `u` its distance code across (positive: the strip's left).
    @inline(__always)
    func terms(_ p: Vec, u: Double) -> DashTerm {
        // A run-on's dashes are cut at the corner, not run on past a seam.
        let f = piece == Flag.runOn ? flags.truncatingRemainder(dividingBy: Flag.seam) + piece : flags + piece
        let w = bend == 0 ? 1 : Float(1 / (u > 0 ? 1 - bend : 1 + bend))
        return DashTerm(s: Float(base + (p - origin).dot(dir)), lo: lo, hi: hi, flags: f, w: w)
    }
}

/// One vertex's dash terms (`DashFrame`), as the dash program reads them: `w` is its
/// perspective weight (PathDash.vsh), 1 but on a strip's pair through a curve's point.
struct DashTerm {
    var s: Float, lo: Float, hi: Float, flags: Float
    var w: Float = 1
}
