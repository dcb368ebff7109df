import Foundation
import GLFunKit

// <textPath>: its characters are laid out along a path by arc length. The pen runs from the
// startOffset (a length, or a percentage of the path's length) and each character is put
// where its middle falls on the path, turned by the path's direction there, its dy (and
// baseline) across it; one whose middle is off either end is not drawn. The path is that of
// the shape `href` names (a <path>, or as SVG 2 allows any basic shape, from its path's start),
// its own transform applied about its transform-origin (SVG 2's `path` attribute is not read).

/// A path as usvg lays text on it: each segment a cubic (a line's controls at 0.33 and 0.66 of
/// it, a quadratic raised, `close` a line back to the subpath's start), measured one after
/// another by `PathMeasure` (GLFunKit's, the one dashes use) with a fine tolerance, so lengths
/// are the true arc length as kurbo's `arclen`; a `move` adds no length. A distance is found
/// on the segment holding it by kurbo's `inv_arclen`: an ITP search for the parameter, to
/// `accuracy` (usvg's 0.5 units) of arc length, whose rounding resvg's pictures show.
struct SVGPathGeometry {
    /// How flat the measure's chords are: a fiftieth of the accuracy (0.01 units at 0.5).
    static let tolerancePerAccuracy = 0.02
    /// usvg's accuracy of the arc length search: 0.5 units over the text's scale (when over 1).
    static func accuracy(scale: Double) -> Double { 0.5 / max(scale.isFinite ? scale : 1, 1) }
    private var accuracy = 0.5
    private var segments: [(start: Double, cubic: (Vec2, Vec2, Vec2, Vec2), measure: PathMeasure.Contour)] = []
    private(set) var length: Double = 0

    struct Vec2 { var x: Double, y: Double }

    init(_ path: Path, accuracy: Double = 0.5) {
        self.accuracy = accuracy
        var start = Point.zero, cur = Point.zero
        func add(_ a: Point, _ b: Point, _ c: Point, _ d: Point) {
            var p = Path()
            p.move(to: a)
            p.cubic(to: d, control1: b, control2: c)
            let m = PathMeasure(p, tolerance: accuracy * Self.tolerancePerAccuracy).contours.first
            let v = { (q: Point) in Vec2(x: Double(q.x), y: Double(q.y)) }
            if let m, m.length > 0 { segments.append((length, (v(a), v(b), v(c), v(d)), m)) }
            length += m?.length ?? 0
            cur = d
        }
        func line(_ p: Point) {
            let a = cur
            add(a, Point(a.x + (p.x - a.x) * 0.33, a.y + (p.y - a.y) * 0.33),
                Point(a.x + (p.x - a.x) * 0.66, a.y + (p.y - a.y) * 0.66), p)
        }
        for e in path.elements {
            switch e {
            case let .move(p): start = p; cur = p
            case let .line(p): line(p)
            case let .quad(c, p):
                let a = cur
                add(a, Point(a.x + (c.x - a.x) * 2 / 3, a.y + (c.y - a.y) * 2 / 3),
                    Point(p.x + (c.x - p.x) * 2 / 3, p.y + (c.y - p.y) * 2 / 3), p)
            case let .cubic(c1, c2, p): add(cur, c1, c2, p)
            case .close: line(start)
            }
        }
    }

    /// The point `s` along the path and the direction there (radians, the curve's tangent); nil off the path.
    func at(_ s: Double) -> (point: Point, angle: Double)? {
        guard s >= 0, s <= length, let seg = segments.first(where: { s >= $0.start && s <= $0.start + $0.measure.length })
        else { return nil }
        let t = Self.parameter(seg.measure, at: s - seg.start, accuracy: accuracy)
        let (a, b, c, d) = seg.cubic
        let u = 1 - t
        let x = a.x * u * u * u + 3 * b.x * u * u * t + 3 * c.x * u * t * t + d.x * t * t * t
        let y = a.y * u * u * u + 3 * b.y * u * u * t + 3 * c.y * u * t * t + d.y * t * t * t
        let dx = 3 * ((b.x - a.x) * u * u + 2 * (c.x - b.x) * u * t + (d.x - c.x) * t * t)
        let dy = 3 * ((b.y - a.y) * u * u + 2 * (c.y - b.y) * u * t + (d.y - c.y) * t * t)
        return (Point(Float(x), Float(y)), atan2(dy, dx))
    }

    /// kurbo's `inv_arclen`: the parameter where the arc length from the start is `arclen`,
    /// found by an ITP search (k1 0.2, n0 1) to `accuracy` over the length in t.
    static func parameter(_ m: PathMeasure.Contour, at arclen: Double, accuracy: Double) -> Double {
        let total = m.length
        if arclen <= 0 { return 0 }
        if arclen >= total { return 1 }
        let epsilon = accuracy / total
        var a = 0.0, b = 1.0, ya = -arclen, yb = total - arclen
        let halvings = max(((b - a) / epsilon).log2Ceil - 1, 0)
        var scaled = epsilon * pow(2, Double(halvings + 1))
        while b - a > 2 * epsilon {
            let mid = 0.5 * (a + b)
            let r = scaled - 0.5 * (b - a)
            let xf = (yb * a - ya * b) / (yb - ya)
            let sigma = mid - xf
            let delta = 0.2 * (b - a) * (b - a)
            let xt = delta <= abs(sigma) ? xf + (sigma < 0 ? -delta : delta) : mid
            let x = abs(xt - mid) <= r ? xt : mid - (sigma < 0 ? -r : r)
            let y = m.distance(toParameter: x) - arclen
            if y > 0 { b = x; yb = y } else if y < 0 { a = x; ya = y } else { return x }
            scaled *= 0.5
        }
        return 0.5 * (a + b)
    }

    /// The path a <textPath> follows, in the text's user space; nil when it names none.
    static func of(_ textPath: SVGNode, ids: [String: SVGNode], vp: Viewport, fontSize: Double,
                   accuracy: Double = 0.5) -> SVGPathGeometry? {
        var path: Path?
        if let href = textPath.attributes["href"], href.hasPrefix("#"), let target = ids[String(href.dropFirst())],
                  SVGDrawer.shapes.contains(target.name) {
            path = try? SVGShapes.path(of: target, viewport: vp, fontSize: fontSize)
            if let t = target.attributes["transform"], let tr = try? Transform(svg: t), let p = path {
                // About its transform-origin (SVG 2), as usvg resolves the element's transform.
                let origin = target.declared["transform-origin"] ?? target.attributes["transform-origin"]
                path = p.applying(TransformOrigin.apply(tr, origin: origin, viewport: vp, fontSize: fontSize))
            }
        }
        guard let path, !path.isEmpty else { return nil }
        let g = SVGPathGeometry(path, accuracy: accuracy)
        return g.length > 0 ? g : nil
    }
}

private extension Double {
    /// ceil(log2(self)) as an integer (kurbo's bracket count).
    var log2Ceil: Int { Int(Foundation.log2(self).rounded(.up)) }
}
