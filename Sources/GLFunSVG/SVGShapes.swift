import GLFunKit

/// The viewport lengths refer to: its width and height (percentages of x and y), and its
/// normalized diagonal (percentages of other lengths).
struct Viewport {
    var width: Double
    var height: Double
    var diagonal: Double { ((width * width + height * height) / 2).squareRoot() }
}

/// The basic shapes as paths, in user space (SVG 2's geometry: a rect's radii clamped to half
/// its sides, one given radius used for both; a zero or negative size draws nothing).
enum SVGShapes {
    static func path(of n: SVGNode, viewport vp: Viewport, fontSize: Double) throws(SVGError) -> Path? {
        func len(_ name: String, _ ref: Double) -> Double? {
            n.attributes[name].flatMap(SVGLength.init).map { $0.resolved(reference: ref, fontSize: fontSize) }
        }
        func f(_ v: Double) -> Float { Float(v) }
        switch n.name {
        case "path":
            guard let d = n.attributes["d"] else { return nil }
            do { return try Path(svgData: d) } catch {
                // SVG's rule: draw the path up to the error. Path's parser is all or nothing,
                // so read again up to the last command letters before the error (a few tries).
                let bytes = Array(d.utf8).prefix(error.offset)
                var tries = 0
                var end = bytes.count
                while tries < 4, let cut = bytes[..<end].lastIndex(where: { ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 && ($0 | 0x20) != 101 }) {
                    if let p = try? Path(svgData: String(decoding: bytes[..<cut], as: UTF8.self)) { return p }
                    end = cut
                    tries += 1
                }
                return nil
            }
        case "rect":
            let x = len("x", vp.width) ?? 0, y = len("y", vp.height) ?? 0
            guard let w = len("width", vp.width), let h = len("height", vp.height), w > 0, h > 0 else { return nil }
            var rx = len("rx", vp.width), ry = len("ry", vp.height)
            if let r = rx, r < 0 { rx = nil }
            if let r = ry, r < 0 { ry = nil }
            let rxv = min(rx ?? ry ?? 0, w / 2), ryv = min(ry ?? rx ?? 0, h / 2)
            if rxv <= 0 || ryv <= 0 {
                return .polyline([Point(f(x), f(y)), Point(f(x + w), f(y)), Point(f(x + w), f(y + h)), Point(f(x), f(y + h))],
                                 closed: true)
            }
            return roundedRect(x: x, y: y, w: w, h: h, rx: rxv, ry: ryv)
        case "circle":
            let cx = len("cx", vp.width) ?? 0, cy = len("cy", vp.height) ?? 0
            guard let r = len("r", vp.diagonal), r > 0 else { return nil }
            return ellipse(cx: cx, cy: cy, rx: r, ry: r)
        case "ellipse":
            let cx = len("cx", vp.width) ?? 0, cy = len("cy", vp.height) ?? 0
            var rx = len("rx", vp.width), ry = len("ry", vp.height)
            if let r = rx, r < 0 { rx = nil }  // negative: auto, as resvg
            if let r = ry, r < 0 { ry = nil }
            rx = rx ?? ry
            ry = ry ?? rx
            guard let rx, let ry, rx > 0, ry > 0 else { return nil }
            return ellipse(cx: cx, cy: cy, rx: rx, ry: ry)
        case "line":
            let p0 = Point(f(len("x1", vp.width) ?? 0), f(len("y1", vp.height) ?? 0))
            let p1 = Point(f(len("x2", vp.width) ?? 0), f(len("y2", vp.height) ?? 0))
            return .polyline([p0, p1])
        case "polyline", "polygon":
            var nums = numberListPrefix(n.attributes["points"] ?? "")
            if nums.count % 2 == 1 { nums.removeLast() }
            guard nums.count >= 4 else { return nil }
            let pts = stride(from: 0, to: nums.count, by: 2).map { Point(f(nums[$0]), f(nums[$0 + 1])) }
            return .polyline(pts, closed: n.name == "polygon")
        default:
            return nil
        }
    }

    /// The numbers before the first that does not read (SVG: render up to the error): the
    /// text cut at commas and white space, each piece a number. An ASCII list (a chart's
    /// thousands of points) is cut on its bytes; any other goes by characters (Unicode's white
    /// space), the same pieces.
    static func numberListPrefix(_ text: String) -> [Double] {
        let pieces: [Substring]
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            pieces = text.utf8.split(whereSeparator: { $0 == 0x2C || $0 == 0x20 || (0x09...0x0D).contains($0) })
                .map { Substring($0) }
        } else {
            pieces = text.split(whereSeparator: { $0 == "," || $0.isWhitespace })
        }
        var out: [Double] = []
        for part in pieces {
            guard let v = Double(part), v.isFinite else { break }
            out.append(v)
        }
        return out
    }

    /// Four quarter-ellipse cubics (kappa 0.5523), clockwise from the right.
    static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> Path {
        let k = 0.5522847498
        var p = Path()
        func pt(_ x: Double, _ y: Double) -> Point { Point(Float(x), Float(y)) }
        p.move(to: pt(cx + rx, cy))
        p.cubic(to: pt(cx, cy + ry), control1: pt(cx + rx, cy + k * ry), control2: pt(cx + k * rx, cy + ry))
        p.cubic(to: pt(cx - rx, cy), control1: pt(cx - k * rx, cy + ry), control2: pt(cx - rx, cy + k * ry))
        p.cubic(to: pt(cx, cy - ry), control1: pt(cx - rx, cy - k * ry), control2: pt(cx - k * rx, cy - ry))
        p.cubic(to: pt(cx + rx, cy), control1: pt(cx + k * rx, cy - ry), control2: pt(cx + rx, cy - k * ry))
        p.close()
        return p
    }

    /// A rectangle with elliptical corners, clockwise from the top edge.
    static func roundedRect(x: Double, y: Double, w: Double, h: Double, rx: Double, ry: Double) -> Path {
        let k = 0.5522847498
        var p = Path()
        func pt(_ x: Double, _ y: Double) -> Point { Point(Float(x), Float(y)) }
        let r = x + w, b = y + h
        p.move(to: pt(x + rx, y))
        p.line(to: pt(r - rx, y))
        p.cubic(to: pt(r, y + ry), control1: pt(r - rx + k * rx, y), control2: pt(r, y + ry - k * ry))
        p.line(to: pt(r, b - ry))
        p.cubic(to: pt(r - rx, b), control1: pt(r, b - ry + k * ry), control2: pt(r - rx + k * rx, b))
        p.line(to: pt(x + rx, b))
        p.cubic(to: pt(x, b - ry), control1: pt(x + rx - k * rx, b), control2: pt(x, b - ry + k * ry))
        p.line(to: pt(x, y + ry))
        p.cubic(to: pt(x + rx, y), control1: pt(x, y + ry - k * ry), control2: pt(x + rx - k * rx, y))
        p.close()
        return p
    }

    /// The path's bounding box (curves sampled, so a circle's box is its own, not its control
    /// points'): nil for an empty path.
    static func bounds(of path: Path) -> (min: Point, max: Point)? {
        var lo = Point(.infinity, .infinity), hi = Point(-.infinity, -.infinity)
        var cur = Point.zero
        func add(_ p: Point) {
            lo = Point(min(lo.x, p.x), min(lo.y, p.y))
            hi = Point(max(hi.x, p.x), max(hi.y, p.y))
        }
        for e in path.elements {
            switch e {
            case let .move(p), let .line(p): add(p); cur = p
            case let .quad(c, p):
                for i in 1...16 {
                    let t = Float(i) / 16, u = 1 - t
                    add(Point(u * u * cur.x + 2 * u * t * c.x + t * t * p.x, u * u * cur.y + 2 * u * t * c.y + t * t * p.y))
                }
                cur = p
            case let .cubic(c1, c2, p):
                for i in 1...16 {
                    let t = Float(i) / 16, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    add(Point(a * cur.x + b * c1.x + c * c2.x + d * p.x, a * cur.y + b * c1.y + c * c2.y + d * p.y))
                }
                cur = p
            case .close: break
            }
        }
        return lo.x <= hi.x ? (lo, hi) : nil
    }
}
