import Foundation
import GLFunKit

/// The paints `context-fill` and `context-stroke` stand for: the context element's fill and
/// stroke as resolved there, and the transform in force there (a gradient keeps its place in
/// the context element's space).
struct SVGContextPaint {
    var fill: Paint?
    var stroke: Paint?
    var transform: Transform
}

extension SVGDrawer {
    /// The markers on the shape `n` (its path `path`, properties `p`): start, mid and end, each
    /// an instance of the marker's children at a vertex. A marker already being drawn (one that
    /// reaches itself) is left out, as resvg does.
    mutating func drawMarkers(_ n: SVGNode, _ p: SVGProperties, _ path: Path, _ vp: Viewport,
                              context shape: SVGContextPaint) throws(SVGError) {
        let refs: [(String?, SVGMarkers.Kind)] = [(p.markerStart, .start), (p.markerMid, .mid), (p.markerEnd, .end)]
        guard refs.contains(where: { $0.0 != nil }) else { return }
        let segments = SVGMarkers.segments(path)
        for case let (id?, kind) in refs {
            guard let marker = ids[id], marker.name == "marker" else { continue }
            let key = ObjectIdentifier(marker)
            guard !markerStack.contains(key) else { continue }
            markerStack.append(key)
            defer { markerStack.removeLast() }
            // A marker's content starts a new use chain: what ends a marker reaching itself
            // is the marker stack (resvg's rule), not a use's cycle error.
            let (saved, uses) = (context, useStack)
            context = shape
            useStack = []
            defer { (context, useStack) = (saved, uses) }
            try drawMarker(marker, at: SVGMarkers.vertices(segments, kind: kind), first: kind == .start, p, vp)
        }
    }

    /// One marker at each of `vertices`.
    private mutating func drawMarker(_ m: SVGNode, at vertices: [(at: SVGMarkers.Vec2, angle: Double)], first: Bool,
                                     _ p: SVGProperties, _ vp: Viewport) throws(SVGError) {
        guard !vertices.isEmpty else { return }
        let scale = m.attributes["markerUnits"] == "userSpaceOnUse" ? 1 : p.strokeWidth
        guard scale > 0 else { return }
        func len(_ name: String, _ def: Double, _ ref: Double) -> Double {
            m.attributes[name].flatMap(SVGLength.init)?.resolved(reference: ref, fontSize: p.fontSize) ?? def
        }
        let refX = len("refX", 0, vp.width), refY = len("refY", 0, vp.height)
        let w = len("markerWidth", 3, vp.width), h = len("markerHeight", 3, vp.height)
        guard w > 0, h > 0 else { return }
        let box = SVGViewBox(m.attributes["viewBox"])
        var sx = scale, sy = scale
        if let box {
            let t = box.transform(toWidth: w * scale, height: h * scale, aspect: m.attributes["preserveAspectRatio"])
            sx = t.a; sy = t.d
        }
        // overflow: hidden by default; inherit takes the parent's, else visible (resvg).
        func overflowOf(_ n: SVGNode?) -> String? { n.flatMap { $0.declared["overflow"] ?? $0.attributes["overflow"] } }
        var overflow = overflowOf(m)
        if overflow == "inherit" { overflow = overflowOf(m.parent) ?? "visible" }
        let clip: Path? = overflow == nil || overflow == "hidden" || overflow == "scroll"
            ? Self.rect(box.map { ($0.x, $0.y, $0.width, $0.height) } ?? (0, 0, w, h)) : nil
        let inner = box.map { Viewport(width: $0.width, height: $0.height) } ?? Viewport(width: w, height: h)
        let props = SVGProperties.computed(for: m, viewportDiagonal: inner.diagonal)
        let orient = Self.orientation(m.attributes["orient"])
        for (i, v) in vertices.enumerated() {
            var angle: Double
            switch orient {
            case .auto: angle = v.angle
            case .autoStartReverse: angle = first && i == 0 ? (v.angle + 180).truncatingRemainder(dividingBy: 360) : v.angle
            case let .angle(a): angle = a
            }
            ctx.save()
            ctx.translate(v.at.x, v.at.y)
            if angle != 0 { ctx.rotate(angle * .pi / 180) }
            ctx.scale(sx, sy)
            ctx.translate(-refX, -refY)
            if let clip { ctx.beginLayer(clip: clip) }
            for c in m.children { try draw(c, parent: props, viewport: inner, opacity: 1) }
            if clip != nil { ctx.endLayer() }
            ctx.restore()
        }
    }

    private static func rect(_ r: (Double, Double, Double, Double)) -> Path {
        let (x, y, w, h) = (Float(r.0), Float(r.1), Float(r.2), Float(r.3))
        return .polyline([Point(x, y), Point(x + w, y), Point(x + w, y + h), Point(x, y + h)], closed: true)
    }

    enum Orientation: Equatable { case auto, autoStartReverse, angle(Double) }

    /// `orient`: auto, auto-start-reverse, or an angle (deg, grad, rad, turn; a bare number is
    /// degrees); anything else is 0.
    static func orientation(_ text: String?) -> Orientation {
        guard let t = text?.trimmingWhitespace() else { return .angle(0) }
        if t == "auto" { return .auto }
        if t == "auto-start-reverse" { return .autoStartReverse }
        for (unit, toDegrees) in [("deg", 1.0), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360.0)] where t.hasSuffix(unit) {
            return Double(t.dropLast(unit.count)).map { .angle($0 * toDegrees) } ?? .angle(0)
        }
        return Double(t).map { .angle($0) } ?? .angle(0)
    }

    /// A context paint as a paint in the current user space, times `opacity`.
    func contextPaint(_ paint: Paint?, opacity: Float) -> Paint? {
        guard let paint, let c = context else { return nil }
        switch paint {
        case var .solid(col):
            col.a *= opacity
            return col.a > 0 ? .solid(col) : nil
        case let .gradient(g):
            guard let back = ctx.transform.inverted else { return nil }
            let stops = g.stops.map { s -> GradientStop in
                var col = s.color
                col.a *= opacity
                return GradientStop(s.offset, col)
            }
            return .gradient(Gradient(g.kind, stops: stops, spread: g.spread,
                                      transform: back.concatenating(c.transform).concatenating(g.transform)))
        case let .pattern(pat):
            guard let back = ctx.transform.inverted else { return nil }
            return .pattern(ImagePattern(pat.source, transform: back.concatenating(c.transform).concatenating(pat.transform),
                                         repetition: pat.repetition, sampling: pat.sampling, opacity: pat.opacity * opacity))
        }
    }

    /// The context a `use` gives the shapes it draws: its own fill and stroke, a gradient's or
    /// pattern's box that of what it draws (each level's box under its transform, as usvg's).
    mutating func useContext(_ n: SVGNode, _ p: SVGProperties, _ target: SVGNode, _ vp: Viewport) throws(SVGError) -> SVGContextPaint {
        // As usvg's group boxes: each element's box in its own space, its transform applied to
        // that box's corners, level by level (not the transformed shapes' tight bounds).
        func box(_ node: SVGNode, depth: Int) -> SVGRect? {
            var own: SVGRect?
            if Self.shapes.contains(node.name) {
                if let path = try? SVGShapes.path(of: node, viewport: vp, fontSize: p.fontSize), let b = SVGShapes.bounds(of: path) {
                    own = SVGRect(x: Double(b.min.x), y: Double(b.min.y), width: Double(b.max.x - b.min.x),
                                  height: Double(b.max.y - b.min.y))
                }
            } else if depth < 8, node.name == "g" || node.name == "symbol" || node.name == "a" {
                for c in node.children {
                    guard let b = box(c, depth: depth + 1) else { continue }
                    own = own.map { $0.union(b) } ?? b
                }
            }
            guard let own, let s = node.declared["transform"] ?? node.attributes["transform"], var m = try? Transform(svg: s) else { return own }
            if let o = node.declared["transform-origin"] ?? node.attributes["transform-origin"],
               let origin = TransformOrigin.point(o, viewport: vp, fontSize: p.fontSize) {
                m = TransformOrigin.apply(m, about: origin)
            }
            return own.applying(m)
        }
        let bounds = box(target, depth: 0).map { (Point(Float($0.x), Float($0.y)), Point(Float($0.x + $0.width), Float($0.y + $0.height))) }
        var c = SVGContextPaint(fill: nil, stroke: nil, transform: ctx.transform)
        c.fill = try paint(p.fill, p, p.fillOpacity, bounds, vp, n)
        if p.strokeWidth > 0 { c.stroke = try paint(p.stroke, p, p.strokeOpacity, bounds, vp, n) }
        return c
    }
}
