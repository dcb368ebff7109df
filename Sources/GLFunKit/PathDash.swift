import Foundation

/// Dashing (SVG's stroke-dasharray and stroke-dashoffset) as a path operation, as Skia's
/// SkDashPath (and so tiny-skia and resvg) does it: each subpath is measured by `PathMeasure`
/// (curves as chords flat within 0.5 device units over the resolution scale), the intervals
/// are cut at those distances, and each dash is the curve itself between the parameters there
/// (de Casteljau), so the result is stroked, and flattened in the target's pixels, as any path
/// is. The pattern runs on across a subpath's segments and corners and starts again, at the
/// offset, with each subpath; on a closed subpath whose pattern is "on" where it starts, the
/// first dash is drawn last, joined to the one before it when that one reaches the end (one
/// dash round the start, not two butted ends).
extension Path {
    /// The dashes of this path: `pattern` lengths alternately on and off (an odd count is
    /// repeated to make it even, as SVG says), starting `offset` into the pattern (negative:
    /// before it), measured with Skia's tolerance at `resolution` (the transform's scale,
    /// `PathMeasure.resolutionScale(of:)`). A pattern that is empty, has a negative or
    /// non-finite length, or sums to zero leaves the path as it is (SVG: a solid stroke).
    public func dashed(_ pattern: [Float], offset: Float = 0, resolution: Double = 1) -> Path {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }), offset.isFinite else { return self }
        let dashes = (pattern.count % 2 == 1 ? pattern + pattern : pattern).map(Double.init)
        let total = dashes.reduce(0, +)
        guard total > 0 else { return self }
        let scale = resolution.isFinite && resolution > 0 ? resolution : 1
        let measure = PathMeasure(self, tolerance: PathMeasure.skiaTolerance / scale)
        let start = DashStart(dashes, total: total, offset: Double(offset))
        var out = Path()
        for contour in measure.contours {
            contour.dash(dashes, start, into: &out)
        }
        return out
    }
}

/// Where in the pattern each subpath starts: the interval's index and how much of it is left.
struct DashStart {
    var index = 0
    var left: Double

    /// Where a pattern `total` long stands `offset` into it (negative: before it), 0 ..< total.
    static func phase(offset: Double, total: Double) -> Double {
        var phase = offset.truncatingRemainder(dividingBy: total)
        if phase < 0 { phase += total }
        if phase >= total { phase = 0 }
        return phase
    }

    init(_ dashes: [Double], total: Double, offset: Double) {
        var phase = DashStart.phase(offset: offset, total: total)
        while index < dashes.count && (phase > dashes[index] || (phase == dashes[index] && dashes[index] > 0)) {
            phase -= dashes[index]
            index += 1
        }
        if index == dashes.count {
            // Rounding left the phase past the pattern's end: start it again.
            index = 0
            phase = 0
        }
        left = dashes[index] - phase
    }
}

extension PathMeasure.Contour {
    /// The most dashes one subpath makes (a short pattern on a long path stops there).
    static let maxDashes = 1_000_000

    /// Appends this contour's dashes to `out`.
    fileprivate func dash(_ dashes: [Double], _ start: DashStart, into out: inout Path) {
        let startsOn = start.index % 2 == 0
        if length == 0 {
            // A subpath of no length: a dot where the pattern is on (the caps draw it).
            if startsOn {
                out.move(to: self.start)
                out.line(to: self.start)
            }
            return
        }
        if isClosed && startsOn && start.left >= length {
            // All on: the closed subpath itself.
            append(from: 0, to: length, move: true, into: &out)
            out.close()
            return
        }
        var skipFirst = isClosed
        var added = false
        var distance = 0.0
        var index = start.index, dashLength = start.left
        var count = 0
        while distance < length && count < Self.maxDashes {
            added = false
            if index % 2 == 0 && !skipFirst {
                added = true
                count += 1
                append(from: distance, to: distance + dashLength, move: true, into: &out)
            }
            distance += dashLength
            skipFirst = false
            index = (index + 1) % dashes.count
            dashLength = dashes[index]
        }
        if isClosed && startsOn {
            // The first dash, skipped above, joined to the last when that one reaches the end.
            append(from: 0, to: start.left, move: !added, into: &out)
        }
    }
}
