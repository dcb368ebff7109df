import GLFunKit

/// A rectangle in user space (an object bounding box, a mask's region).
struct SVGRect: Equatable {
    var x: Double, y: Double, width: Double, height: Double

    /// The transform that maps the unit square onto this rectangle (objectBoundingBox units).
    var unitTransform: Transform { Transform(a: width, b: 0, c: 0, d: height, tx: x, ty: y) }

    /// The rectangle as a closed path.
    var path: Path {
        Path.polyline([Point(Float(x), Float(y)), Point(Float(x + width), Float(y)),
                       Point(Float(x + width), Float(y + height)), Point(Float(x), Float(y + height))], closed: true)
    }

    /// The smallest rectangle holding both.
    func union(_ o: SVGRect) -> SVGRect {
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return SVGRect(x: x0, y: y0, width: max(x + width, o.x + o.width) - x0, height: max(y + height, o.y + o.height) - y0)
    }

    /// The bounds of this rectangle's corners through `t`.
    func applying(_ t: Transform) -> SVGRect {
        let c = [(x, y), (x + width, y), (x, y + height), (x + width, y + height)].map { p in
            (t.a * p.0 + t.c * p.1 + t.tx, t.b * p.0 + t.d * p.1 + t.ty)
        }
        let xs = c.map(\.0), ys = c.map(\.1)
        return SVGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}

/// Object bounding boxes (SVG's objectBoundingBox units): a shape's fill geometry, a
/// container's children's boxes under their transforms, a use's target moved by (x, y), a
/// text's box (`SVGDrawer.textPieces`). Strokes and images are not counted.
enum SVGBounds {
    static func of(_ n: SVGNode, _ p: SVGProperties, _ vp: Viewport, ids: [String: SVGNode], depth: Int = 0) -> SVGRect? {
        guard depth < 64 else { return nil }
        switch n.name {
        case "path", "rect", "circle", "ellipse", "line", "polyline", "polygon":
            guard let path = try? SVGShapes.path(of: n, viewport: vp, fontSize: p.fontSize),
                  let b = SVGShapes.bounds(of: path) else { return nil }
            return SVGRect(x: Double(b.min.x), y: Double(b.min.y), width: Double(b.max.x - b.min.x), height: Double(b.max.y - b.min.y))
        case "g", "a", "switch", "svg", "symbol":
            var box: SVGRect?
            for c in n.children {
                let q = p.child(declared: c.declared, viewportDiagonal: vp.diagonal)
                guard !q.displayNone, let b = of(c, q, vp, ids: ids, depth: depth + 1) else { continue }
                let t = transform(of: c)
                let moved = b.applying(t)
                box = box.map { $0.union(moved) } ?? moved
                if n.name == "switch" { break }
            }
            return box
        case "use":
            guard let href = n.attributes["href"], href.hasPrefix("#"), let target = ids[String(href.dropFirst())] else { return nil }
            let q = p.child(declared: target.declared, viewportDiagonal: vp.diagonal)
            guard let b = of(target, q, vp, ids: ids, depth: depth + 1) else { return nil }
            func len(_ name: String, _ ref: Double) -> Double {
                n.attributes[name].flatMap(SVGLength.init)?.resolved(reference: ref, fontSize: p.fontSize) ?? 0
            }
            return b.applying(Transform.translation(len("x", vp.width), len("y", vp.height)).concatenating(transform(of: target)))
        case "text":
            guard let b = SVGDrawer.textPieces(n, p, vp, ids: ids)?.1 else { return nil }
            return SVGRect(x: Double(b.min.x), y: Double(b.min.y), width: Double(b.max.x - b.min.x), height: Double(b.max.y - b.min.y))
        default:
            return nil
        }
    }

    /// An element's own transform (identity when it has none or it does not read).
    static func transform(of n: SVGNode) -> Transform {
        guard let t = n.declared["transform"] ?? n.attributes["transform"] else { return .identity }
        let plain = t.replacingOccurrences(of: "deg", with: "").replacingOccurrences(of: "px", with: "")
        return (try? Transform(svg: plain)) ?? .identity
    }
}
