import Foundation

extension PathMeasure.Contour {
    /// The contour as line segments for the dash route (`StrokeDash`): each of its chords
    /// split evenly in the segment's parameter, a curve's in as many as bring it within
    /// `tolerance` of the curve (a line's chord is the line; a curve's sag falls with the square
    /// of the pieces, judged at the chord's middle), each point with the distance `PathMeasure`
    /// gives it (linear in the parameter within a chord), so that a dash ends at the point of
    /// the curve where `Path.dashed` cuts it. (Until session 22 every curve's chord was halved
    /// at least, for dash ends off by up to the stroke's width times the chord over the radius
    /// across the strip's quads; the strip's pairs now bend the terms as the curve does,
    /// `PathStripStroker.dashBend`, and the chords within the tolerance stay whole.)
    func flattenedAlong(tolerance: Double) -> FlatSubpath {
        var out = FlatSubpath()
        out.closed = isClosed
        out.points.reserveCapacity(1 + chords.count)
        out.along.reserveCapacity(1 + chords.count)
        out.smooth.reserveCapacity(1 + chords.count)
        out.points.append(points.first ?? Vec(0, 0))
        out.along.append(0)
        out.smooth.append(false)
        var previousT = 0.0, previousD = 0.0, previousIndex = -1
        for (i, c) in chords.enumerated() {
            let startT = c.pointIndex == previousIndex ? previousT : 0
            var n = 1
            if c.kind != .line {
                let a = PathMeasure.Contour.evaluate(points, c.pointIndex, c.kind, startT).point
                let b = PathMeasure.Contour.evaluate(points, c.pointIndex, c.kind, c.t).point
                let m = PathMeasure.Contour.evaluate(points, c.pointIndex, c.kind, (startT + c.t) / 2).point
                let sag = (m - (a + b) * 0.5).length
                if sag > tolerance { n = min(64, Int((sag / tolerance).squareRoot().rounded(.up))) }
            }
            for k in 1...n {
                let f = Double(k) / Double(n)
                out.points.append(PathMeasure.Contour.evaluate(points, c.pointIndex, c.kind, startT + (c.t - startT) * f).point)
                out.along.append(previousD + (c.distance - previousD) * f)
                out.smooth.append(k < n || smooth(after: i))
            }
            previousT = c.t
            previousD = c.distance
            previousIndex = c.pointIndex
        }
        if isClosed, chords.count > 1, let last = chords.last {
            out.smooth[0] = PathMeasure.Contour.tangentsAgree(points, last, chords[0])
        }
        return out
    }

    /// Whether the contour goes on smoothly past chord `i`'s end: within its segment, or into
    /// the next segment (the first, closed) along the same tangent.
    private func smooth(after i: Int) -> Bool {
        let c = chords[i]
        if i + 1 < chords.count {
            return chords[i + 1].pointIndex == c.pointIndex || PathMeasure.Contour.tangentsAgree(points, c, chords[i + 1])
        }
        return isClosed && chords.count > 1 && PathMeasure.Contour.tangentsAgree(points, c, chords[0])
    }

    /// Whether chord `a`'s segment ends along the tangent chord `b`'s starts on (within a
    /// thousandth of a radian, the same way).
    static func tangentsAgree(_ pts: [Vec], _ a: Chord, _ b: Chord) -> Bool {
        let ta = evaluate(pts, a.pointIndex, a.kind, 1).tangent, tb = evaluate(pts, b.pointIndex, b.kind, 0).tangent
        let la = ta.length, lb = tb.length
        guard la > 0, lb > 0 else { return false }
        return ta.dot(tb) > 0 && abs(ta.cross(tb)) <= 1e-3 * la * lb
    }
}
