import Foundation
import GLFunKit

// <textPath>: its characters are laid out along a path by arc length. The pen runs from the
// startOffset (a length, or a percentage of the path's length) and each character is put
// where its middle falls on the path, turned by the path's direction there, its dy (and
// baseline) across it; one whose middle is off either end is not drawn. The path is the
// <path> `href` names, its own transform applied (SVG 2's `path` attribute is not read).

/// A path flattened to straight pieces with their lengths along it.
struct SVGPathGeometry {
    private var pieces: [(a: Point, b: Point, start: Double, length: Double)] = []
    private(set) var length: Double = 0

    init(_ path: Path) {
        var start = Point.zero, cur = Point.zero
        func add(_ p: Point) {
            let l = Double(hypot(p.x - cur.x, p.y - cur.y))
            if l > 0 { pieces.append((cur, p, length, l)); length += l }
            cur = p
        }
        for e in path.elements {
            switch e {
            case let .move(p): start = p; cur = p
            case let .line(p): add(p)
            case let .quad(c, p):
                let p0 = cur
                for k in 1...64 {
                    let t = Float(k) / 64, u = 1 - t
                    add(Point(u * u * p0.x + 2 * u * t * c.x + t * t * p.x, u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
            case let .cubic(c1, c2, p):
                let p0 = cur
                for k in 1...128 {
                    let t = Float(k) / 128, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    add(Point(a * p0.x + b * c1.x + c * c2.x + d * p.x, a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
            case .close: add(start)
            }
        }
    }

    /// The point `s` along the path and the direction there (radians); nil off the path.
    func at(_ s: Double) -> (point: Point, angle: Double)? {
        guard !pieces.isEmpty, s >= 0, s <= length else { return nil }
        var lo = 0, hi = pieces.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if pieces[mid].start <= s { lo = mid } else { hi = mid - 1 }
        }
        let p = pieces[lo]
        let t = Float(min(max((s - p.start) / p.length, 0), 1))
        let point = Point(p.a.x + (p.b.x - p.a.x) * t, p.a.y + (p.b.y - p.a.y) * t)
        return (point, atan2(Double(p.b.y - p.a.y), Double(p.b.x - p.a.x)))
    }

    /// The path a <textPath> follows, in the text's user space; nil when it names none.
    static func of(_ textPath: SVGNode, ids: [String: SVGNode], vp: Viewport, fontSize: Double) -> SVGPathGeometry? {
        var path: Path?
        if let href = textPath.attributes["href"], href.hasPrefix("#"), let target = ids[String(href.dropFirst())],
                  target.name == "path" {
            path = try? SVGShapes.path(of: target, viewport: vp, fontSize: fontSize)
            if let t = target.attributes["transform"], let tr = try? Transform(svg: t), let p = path { path = p.applying(tr) }
        }
        guard let path, !path.isEmpty else { return nil }
        let g = SVGPathGeometry(path)
        return g.length > 0 ? g : nil
    }
}
