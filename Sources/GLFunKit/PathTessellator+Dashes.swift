import Foundation

extension PathTessellator {
    /// The shortest pattern the dash route takes, in pixels: below it a pixel's box would
    /// span more dashes than the shader looks at (the two around it on either side).
    static let shortestDashPeriod = 2.0

    /// An antialiased stroke dashed by the shader (`StrokeDash`): the undashed strip, each
    /// vertex with its term along the pattern; nil where the route does not hold and
    /// `Path.dashed` must cut the dashes: a stroke under a pixel wide (drawn a pixel wide and
    /// fainter), a pattern under `shortestDashPeriod` pixels, a join the shader does not draw
    /// (`StrokeDash.drawsJoins`). The subpaths are the measure's
    /// (`PathMeasure.Contour.flattenedAlong`: `Path.dashed`'s distances at every point).
    static func dashedStroke(_ path: Path, style: StrokeStyle, dash: StrokeDash, pixel px: Double) -> PathMesh? {
        guard px.isFinite, px > 0, style.width.isFinite, Double(style.width) >= px, StrokeDash.drawsJoins(of: style),
              Double(dash.period) >= shortestDashPeriod * px, path.controlBounds != nil else { return nil }
        let measure = PathMeasure(path, tolerance: PathMeasure.skiaTolerance * px)
        var subpaths: [FlatSubpath] = []
        subpaths.reserveCapacity(measure.contours.count)
        var points = 0
        for c in measure.contours {
            let s = c.flattenedAlong(tolerance: px * 0.25)
            points += s.points.count
            guard points <= maxEdges, s.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
            subpaths.append(s)
        }
        let p = dash.pattern
        let pattern = SIMD4<Double>(Double(p[0]), Double(p[1]), Double(p[2]), Double(p[3])) / px
        let cap: Float = switch style.cap { case .butt: 0; case .square: 1; case .round: 2 }
        var stroker = PathStripStroker(style: style, pixel: px)
        stroker.dash = .init(px: pattern, phase: dash.phase(pixel: px), cap: cap)
        var out = MeshBuilder(limit: maxVertices)
        out.reserve(vertices: 3 * points + 8 * subpaths.count, indices: 9 * points + 24 * subpaths.count)
        out.dashTerms.reserve(min(3 * points + 8 * subpaths.count, maxVertices))
        stroker.stroke(subpaths, into: &out)
        var m = out.mesh
        guard m.vertexCount > 0, m.dashTerms.count == m.vertexCount else { return m.vertexCount == 0 ? m : nil }
        m.dashPattern = SIMD4<Float>(pattern)
        return m
    }
}
