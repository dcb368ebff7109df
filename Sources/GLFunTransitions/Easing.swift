/// Timing curves: how far along an animation looks at a fraction of its time.
public enum Easing {
    /// UIKit's ease-in-out (UIViewAnimationOptionCurveEaseInOut, CSS `ease-in-out`): the
    /// cubic Bézier with control points (0.42, 0) and (0.58, 1). 0 at 0, 1 at 1, 0.5 at 0.5;
    /// `t` is clamped to 0...1.
    public static func easeInOut(_ t: Float) -> Float {
        Float(cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1, at: Double(t)))
    }

    /// The timing curve through (0, 0), (x1, y1), (x2, y2), (1, 1) at time `x` (clamped to
    /// 0...1): the curve's parameter u with bx(u) = x is found by Newton's method from u = x,
    /// falling back to bisection where the slope is flat or a step leaves 0...1; the
    /// result is by(u). `x1` and `x2` must lie in 0...1, so that bx is monotonic.
    public static func cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double, at x: Double) -> Double {
        precondition((0...1).contains(x1) && (0...1).contains(x2),
                     "Easing.cubicBezier: x1 and x2 must be in 0...1 for time to move forward (got \(x1), \(x2)).")
        let x = x.isNaN ? 0 : min(max(x, 0), 1)
        if x == 0 || x == 1 { return x }
        // b(u) = 3(1-u)^2 u p1 + 3(1-u) u^2 p2 + u^3, as a polynomial in u.
        func coefficients(_ p1: Double, _ p2: Double) -> (Double, Double, Double) {
            let c = 3 * p1, b = 3 * (p2 - p1) - c
            return (1 - c - b, b, c)
        }
        let (ax, bx, cx) = coefficients(x1, x2)
        let (ay, by, cy) = coefficients(y1, y2)
        func curveX(_ u: Double) -> Double { ((ax * u + bx) * u + cx) * u }
        func slopeX(_ u: Double) -> Double { (3 * ax * u + 2 * bx) * u + cx }
        let tolerance = 1e-7
        var u = x
        var solved = false
        for _ in 0..<8 {
            let error = curveX(u) - x
            if abs(error) < tolerance { solved = true; break }
            let slope = slopeX(u)
            if abs(slope) < 1e-6 { break }
            let next = u - error / slope
            if !(0...1).contains(next) { break }
            u = next
        }
        if !solved {
            var lo = 0.0, hi = 1.0
            u = x
            for _ in 0..<60 {
                let v = curveX(u)
                if abs(v - x) < tolerance { break }
                if v < x { lo = u } else { hi = u }
                u = (lo + hi) / 2
            }
        }
        return ((ay * u + by) * u + cy) * u
    }
}
