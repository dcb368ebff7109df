import Foundation

extension PathMeasure.Contour {
    /// The contour as line segments for the dash route (`StrokeDash`): a line's chord is the
    /// line; a curve is cut in even pieces of its parameter (`appendCurve`), each point with the
    /// distance `PathMeasure` gives it (linear in the parameter within a chord), so that a dash
    /// ends at the point of the curve where `Path.dashed` cuts it; with whether the path goes on
    /// smoothly through each point and its tangents at its ends. (Until session 22 every curve
    /// chord was halved at least, for dash ends off by up to the stroke's width times the chord
    /// over the radius across the strip's quads; the strip's pairs now bend the terms as the
    /// curve does, `PathStripStroker.dashBend`.)
    func flattenedAlong(tolerance: Double) -> FlatSubpath {
        var out = FlatSubpath()
        out.closed = isClosed
        out.points.reserveCapacity(1 + chords.count)
        out.along.reserveCapacity(1 + chords.count)
        out.smooth.reserveCapacity(1 + chords.count)
        out.points.append(points.first ?? Vec(0, 0))
        out.along.append(0)
        out.smooth.append(false)
        var i = 0
        while i < chords.count {
            // The segment's chords: i..<j.
            let c = chords[i]
            var j = i + 1
            while j < chords.count && chords[j].pointIndex == c.pointIndex { j += 1 }
            if c.kind == .line {
                appendPoint(c.pointIndex, c.kind, 1, distance: c.distance, smooth: smooth(after: i), to: &out)
            } else {
                appendCurve(i..<j, from: out.along[out.along.count - 1], tolerance: tolerance, to: &out)
            }
            i = j
        }
        if isClosed, chords.count > 1, let last = chords.last {
            out.smooth[0] = PathMeasure.Contour.tangentsAgree(points, last, chords[0])
        }
        if let first = chords.first, let last = chords.last {
            out.startTangent = curveTangent(first, at: 0)
            out.endTangent = curveTangent(last, at: 1)
        }
        return out
    }

    /// The unit direction of chord `c`'s segment at parameter `t`, a curve's (nil for a line).
    private func curveTangent(_ c: Chord, at t: Double) -> Vec? {
        guard c.kind != .line else { return nil }
        let d = PathMeasure.Contour.evaluate(points, c.pointIndex, c.kind, t).tangent, l = d.length
        return l > 0 && l.isFinite ? d * (1 / l) : nil
    }

    private func appendPoint(_ index: Int, _ kind: Kind, _ t: Double, distance: Double, smooth: Bool,
                             to out: inout FlatSubpath) {
        out.points.append(PathMeasure.Contour.evaluate(points, index, kind, t).point)
        out.along.append(distance)
        out.smooth.append(smooth)
    }

    /// How far the curve strays from its chord between parameters `t0` and `t1` (at the middle).
    private func sag(_ index: Int, _ kind: Kind, _ t0: Double, _ t1: Double) -> Double {
        let a = PathMeasure.Contour.evaluate(points, index, kind, t0).point
        let b = PathMeasure.Contour.evaluate(points, index, kind, t1).point
        let m = PathMeasure.Contour.evaluate(points, index, kind, (t0 + t1) / 2).point
        return (m - (a + b) * 0.5).length
    }

    /// One curve segment, its chords `range` (their distances from `startD` on): its own
    /// pieces, even in the parameter and as few as keep each within `tolerance` of the curve,
    /// each point's distance the measure's (linear in the parameter within a chord, as
    /// `Path.dashed` reads it); or, where those would be more, the measure's chords, each split
    /// in as many as keep within the tolerance.
    private func appendCurve(_ range: Range<Int>, from startD: Double, tolerance: Double, to out: inout FlatSubpath) {
        let first = chords[range.lowerBound], index = first.pointIndex, kind = first.kind
        // Even pieces within the tolerance by Wang's bound, as an undashed stroke's curves.
        let i = index
        let own = kind == .quad
            ? Path.quadSegments(points[i], points[i + 1], points[i + 2], tolerance)
            : Path.cubicSegments(points[i], points[i + 1], points[i + 2], points[i + 3], tolerance)
        // The measure's chords, each split as far as the tolerance asks (worked out only where
        // they might be fewer: never fewer than the chords themselves).
        var splits: [Int] = []
        if own >= range.count {
            var startT = 0.0
            splits.reserveCapacity(range.count)
            for k in range {
                let s = sag(index, kind, startT, chords[k].t)
                splits.append(s > tolerance ? min(64, Int((s / tolerance).squareRoot().rounded(.up))) : 1)
                startT = chords[k].t
            }
        }
        let last = range.upperBound - 1
        if own < range.count || own < splits.reduce(0, +) {
            var k = range.lowerBound, t0 = 0.0, d0 = startD
            for piece in 1...own {
                let t = Double(piece) / Double(own)
                while k < last && chords[k].t < t {
                    t0 = chords[k].t
                    d0 = chords[k].distance
                    k += 1
                }
                let c = chords[k], span = c.t - t0
                let d = piece == own ? chords[last].distance : d0 + (span > 0 ? (t - t0) / span : 1) * (c.distance - d0)
                appendPoint(index, kind, piece == own ? chords[last].t : t, distance: d,
                            smooth: piece < own || smooth(after: last), to: &out)
            }
            return
        }
        var startT = 0.0, previousD = startD
        for (k, n) in zip(range, splits) {
            let c = chords[k]
            for q in 1...n {
                let f = Double(q) / Double(n)
                appendPoint(index, kind, startT + (c.t - startT) * f, distance: previousD + (c.distance - previousD) * f,
                            smooth: q < n || smooth(after: k), to: &out)
            }
            startT = c.t
            previousD = c.distance
        }
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
