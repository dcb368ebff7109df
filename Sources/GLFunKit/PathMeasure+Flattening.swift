import Foundation

extension PathMeasure.Contour {
    /// The contour as line segments for the dash route (`StrokeDash`): each of its chords
    /// split evenly in the segment's parameter, a curve's in two at least and in as many as
    /// bring it within `tolerance` of the curve (a line's chord is the line; a curve's sag
    /// falls with the square of the pieces, judged at the chord's middle), each point with the distance
    /// `PathMeasure` gives it (linear in the parameter within a chord), so that a dash ends at
    /// the point of the curve where `Path.dashed` cuts it.
    func flattenedAlong(tolerance: Double) -> FlatSubpath {
        var out = FlatSubpath()
        out.closed = isClosed
        out.points.reserveCapacity(1 + chords.count)
        out.along.reserveCapacity(1 + chords.count)
        out.points.append(points.first ?? Vec(0, 0))
        out.along.append(0)
        var previousT = 0.0, previousD = 0.0, previousIndex = -1
        for c in chords {
            let startT = c.pointIndex == previousIndex ? previousT : 0
            var n = 1
            if c.kind != .line {
                // At least halved: a dash end within a chord then lies where Path.dashed puts it
                // on the curve within a fraction of a pixel (resvg's stroke-dasharray/on-a-circle).
                n = 2
                let a = PathMeasure.Contour.evaluate(points, c.pointIndex, c.kind, startT).point
                let b = PathMeasure.Contour.evaluate(points, c.pointIndex, c.kind, c.t).point
                let m = PathMeasure.Contour.evaluate(points, c.pointIndex, c.kind, (startT + c.t) / 2).point
                let sag = (m - (a + b) * 0.5).length
                if sag > 4 * tolerance { n = min(64, Int((sag / tolerance).squareRoot().rounded(.up))) }
            }
            for k in 1...n {
                let f = Double(k) / Double(n)
                out.points.append(PathMeasure.Contour.evaluate(points, c.pointIndex, c.kind, startT + (c.t - startT) * f).point)
                out.along.append(previousD + (c.distance - previousD) * f)
            }
            previousT = c.t
            previousD = c.distance
            previousIndex = c.pointIndex
        }
        return out
    }
}
