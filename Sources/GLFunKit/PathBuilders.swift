import Foundation

// Paths from shapes: arcs, circles, ellipses, rounded rects, polylines, and SVG's endpoint arc.
// Arcs become cubic Béziers of at most a quarter turn each (4/3·tan(θ/4) handles: off the
// circle by under 0.03% of the radius).
extension Path {
    /// Appends an arc of the circle at `center`, from `startAngle` to `endAngle` (radians,
    /// from +x towards +y: with y down, growing angles turn clockwise on screen, as in
    /// CoreGraphics and UIBezierPath). `clockwise` goes the growing way. Angles a whole turn or
    /// more apart give a whole circle. A line runs to the arc's start if a subpath is open,
    /// else the arc starts one.
    public mutating func arc(center: Point, radius: Float, startAngle: Float, endAngle: Float, clockwise: Bool) {
        let a0 = Double(startAngle), r = Double(radius)
        var sweep = Double(endAngle) - a0
        let turn = 2 * Double.pi
        if clockwise {
            sweep = abs(sweep) >= turn ? turn : (sweep < 0 ? sweep.truncatingRemainder(dividingBy: turn) + turn : sweep)
        } else {
            sweep = abs(sweep) >= turn ? -turn : (sweep > 0 ? sweep.truncatingRemainder(dividingBy: turn) - turn : sweep)
        }
        let c = Vec(center)
        let start = c + Vec(cos(a0), sin(a0)) * r
        if hasOpenSubpath { line(to: start.point) } else { move(to: start.point) }
        appendArc(center: c, radii: Vec(r, r), rotation: 0, start: a0, sweep: sweep, end: nil)
    }

    /// A circle: one closed subpath of four quarter turns, clockwise on screen from +x.
    public static func circle(center: Point, radius: Float) -> Path {
        ellipse(from: Point(center.x - radius, center.y - radius), to: Point(center.x + radius, center.y + radius))
    }

    /// The ellipse inscribed in the box between two corners: one closed subpath of four cubics.
    public static func ellipse(from: Point, to: Point) -> Path {
        var p = Path()
        let c = Vec((Double(from.x) + Double(to.x)) / 2, (Double(from.y) + Double(to.y)) / 2)
        let radii = Vec(abs(Double(to.x) - Double(from.x)) / 2, abs(Double(to.y) - Double(from.y)) / 2)
        p.move(to: Vec(c.x + radii.x, c.y).point)
        p.appendArc(center: c, radii: radii, rotation: 0, start: 0, sweep: 2 * Double.pi, end: nil)
        p.close()
        return p
    }

    /// The box between two corners with its corners rounded by quarter circles of `radius`
    /// (at most half the shorter side; 0 or less: square corners). Clockwise on screen.
    public static func roundedRect(from: Point, to: Point, radius: Float) -> Path {
        let x0 = min(from.x, to.x), x1 = max(from.x, to.x), y0 = min(from.y, to.y), y1 = max(from.y, to.y)
        let r = min(max(radius, 0), (x1 - x0) / 2, (y1 - y0) / 2)
        guard r > 0 else { return polyline([Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)], closed: true) }
        // Corners as quarter-turn cubics written out, so that every end point is exact.
        let k = r * Float(4.0 / 3.0 * tan(Double.pi / 8))
        var p = Path()
        p.move(to: Point(x0 + r, y0))
        p.line(to: Point(x1 - r, y0))
        p.cubic(to: Point(x1, y0 + r), control1: Point(x1 - r + k, y0), control2: Point(x1, y0 + r - k))
        p.line(to: Point(x1, y1 - r))
        p.cubic(to: Point(x1 - r, y1), control1: Point(x1, y1 - r + k), control2: Point(x1 - r + k, y1))
        p.line(to: Point(x0 + r, y1))
        p.cubic(to: Point(x0, y1 - r), control1: Point(x0 + r - k, y1), control2: Point(x0, y1 - r + k))
        p.line(to: Point(x0, y0 + r))
        p.cubic(to: Point(x0 + r, y0), control1: Point(x0, y0 + r - k), control2: Point(x0 + r - k, y0))
        p.close()
        return p
    }

    /// Straight lines through the points (nothing for none), closed back to the first if asked.
    public static func polyline(_ points: [Point], closed: Bool = false) -> Path {
        var p = Path()
        for (i, q) in points.enumerated() {
            if i == 0 { p.move(to: q) } else { p.line(to: q) }
        }
        if closed && !points.isEmpty { p.close() }
        return p
    }

    /// Appends SVG's endpoint arc (path data's A) from the current point to `to`: the ellipse
    /// of radii `rx`, `ry` turned `rotation` degrees, the larger or smaller of its two arcs,
    /// going the growing-angle way (`sweep`) or not. Radii too small to reach are scaled up
    /// just enough (SVG's rule); a zero radius gives a line; `to` at the current point, nothing.
    /// Control points are kept within ±`Scene.maxCoordinate`.
    public mutating func svgArc(to: Point, rx: Float, ry: Float, rotation: Float, largeArc: Bool, sweep: Bool) {
        appendSVGArc(from: currentPoint, to: to, rx: Double(rx), ry: Double(ry), rotation: Double(rotation),
                     largeArc: largeArc, sweep: sweep)
    }

    /// `svgArc` from a given current point (the parser knows it; `currentPoint` walks the path).
    mutating func appendSVGArc(from: Point, to: Point, rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool) {
        if from == to { return }
        var rx = abs(rx), ry = abs(ry)
        guard rx > 0, ry > 0, rx.isFinite, ry.isFinite, rotation.isFinite else { return line(to: to) }
        let phi = rotation.truncatingRemainder(dividingBy: 360) * Double.pi / 180
        let cp = cos(phi), sp = sin(phi)
        let p1 = Vec(from), p2 = Vec(to)
        let h = (p1 - p2) * 0.5
        let x1 = cp * h.x + sp * h.y, y1 = -sp * h.x + cp * h.y
        // SVG's scale-up test (x1/rx)² + (y1/ry)² > 1, with the radii first divided by the
        // larger, so that tiny radii (1e-200) do not overflow it: too small, they become the
        // ellipse of their proportions through both ends (a half turn between them).
        let big = max(rx, ry)
        let nx = x1 / (rx / big), ny = y1 / (ry / big)
        let lambda = nx * nx + ny * ny
        guard lambda.isFinite else { return line(to: to) }  // proportions past 1e150: flat
        if lambda > big * big {
            rx = rx / big * lambda.squareRoot()
            ry = ry / big * lambda.squareRoot()
        }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let coef = (largeArc != sweep ? 1.0 : -1.0) * (den > 0 ? max(0, num / den).squareRoot() : 0)
        let cx1 = coef * rx * y1 / ry, cy1 = -coef * ry * x1 / rx
        let mid = (p1 + p2) * 0.5
        let center = Vec(cp * cx1 - sp * cy1 + mid.x, sp * cx1 + cp * cy1 + mid.y)
        let u = Vec((x1 - cx1) / rx, (y1 - cy1) / ry), v = Vec((-x1 - cx1) / rx, (-y1 - cy1) / ry)
        let start = atan2(u.y, u.x)
        var delta = atan2(u.cross(v), u.dot(v))
        if !sweep && delta > 0 { delta -= 2 * Double.pi }
        if sweep && delta < 0 { delta += 2 * Double.pi }
        appendArc(center: center, radii: Vec(rx, ry), rotation: phi, start: start, sweep: delta, end: to,
                  limit: Double(Scene.maxCoordinate))
    }

    /// Cubics along the ellipse at `center` (radii, turned `rotation` radians) from angle
    /// `start` by `sweep`, at most a quarter turn each, the last ending exactly at `end` if given.
    /// With a `limit`, control points are kept within ±limit (an arc bulging past
    /// `Scene.maxCoordinate` is flattened there, so its path data reads back).
    mutating func appendArc(center: Vec, radii: Vec, rotation: Double, start: Double, sweep: Double, end: Point?,
                            limit: Double? = nil) {
        guard sweep.isFinite, start.isFinite, sweep != 0 else { return }
        let cr = cos(rotation), sr = sin(rotation)
        func map(_ v: Vec) -> Vec { Vec(cr * v.x - sr * v.y, sr * v.x + cr * v.y) }
        func at(_ a: Double) -> Vec { center + map(Vec(radii.x * cos(a), radii.y * sin(a))) }
        func tangent(_ a: Double) -> Vec { map(Vec(-radii.x * sin(a), radii.y * cos(a))) }
        let count = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-6).rounded(.up)))
        let step = sweep / Double(count), k = 4.0 / 3.0 * tan(step / 4)
        for i in 0..<count {
            let a0 = start + step * Double(i), a1 = a0 + step
            let last = i == count - 1
            let p0 = at(a0), p1 = last && end != nil ? Vec(end!) : at(a1)
            func fit(_ v: Vec) -> Point {
                guard let m = limit else { return v.point }
                return Point(Float(min(max(v.x, -m), m)), Float(min(max(v.y, -m), m)))
            }
            cubic(to: fit(p1), control1: fit(p0 + tangent(a0) * k), control2: fit(at(a1) - tangent(a1) * k))
        }
    }

    /// Whether the last subpath is open (drawn into and not closed).
    var hasOpenSubpath: Bool {
        guard let last = verbs.last else { return false }
        return last != .close
    }
}
