import GLFunKit

/// linearGradient and radialGradient as GLFunKit `Gradient`s: attributes inherited through
/// `href` (a cycle is an error), stops from the first in the chain that has any,
/// gradientUnits (objectBoundingBox: the shape's box; userSpaceOnUse: the viewport),
/// gradientTransform and spreadMethod.
struct SVGGradients {
    let ids: [String: SVGNode]

    /// The chain of gradients from `node` through its hrefs (itself first).
    func chain(_ node: SVGNode) throws(SVGError) -> [SVGNode] {
        var out = [node]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(node)]
        var cur = node
        while let href = cur.attributes["href"], href.hasPrefix("#"), let next = ids[String(href.dropFirst())] {
            guard next.name == "linearGradient" || next.name == "radialGradient" else { break }
            guard seen.insert(ObjectIdentifier(next)).inserted else {
                throw .referenceCycle(element: node.name, id: String(href.dropFirst()))
            }
            out.append(next)
            cur = next
        }
        return out
    }

    /// The paint, or nil when it draws nothing (no stops, or a box of no size with
    /// objectBoundingBox). `opacity` multiplies every stop's alpha; `bounds` is the shape's box.
    func paint(_ node: SVGNode, opacity: Float, bounds: (min: Point, max: Point)?, viewport: Viewport) throws(SVGError) -> Paint? {
        let chain = try chain(node)
        func attr(_ name: String) -> String? { chain.lazy.compactMap { $0.attributes[name] }.first }
        // A gradient's own geometry (x1 ... y2; cx, cy, r, fx, fy, fr) comes only from gradients of its kind.
        func own(_ name: String) -> String? { chain.lazy.filter { $0.name == node.name }.compactMap { $0.attributes[name] }.first }
        let stopsNode = chain.first { $0.children.contains { $0.name == "stop" } }
        var stops: [GradientStop] = []
        for s in stopsNode?.children ?? [] where s.name == "stop" {
            let p = SVGProperties.computed(for: s, viewportDiagonal: viewport.diagonal)
            var offset: Float = 0
            if let o = s.attributes["offset"]?.trimmingWhitespace() {
                offset = (o.hasSuffix("%") ? Float(o.dropLast()).map { $0 / 100 } : Float(o)) ?? 0
            }
            var c = p.stopColor
            c.a *= p.stopOpacity * opacity
            stops.append(GradientStop(min(max(offset, 0), 1), c))
        }
        guard !stops.isEmpty else { return nil }
        if stops.count == 1 { return .solid(stops[0].color) }
        let bbox = attr("gradientUnits") != "userSpaceOnUse"
        var space = Transform.identity
        if bbox {
            guard let b = bounds, b.max.x > b.min.x, b.max.y > b.min.y else { return nil }
            space = Transform(a: Double(b.max.x - b.min.x), b: 0, c: 0, d: Double(b.max.y - b.min.y),
                              tx: Double(b.min.x), ty: Double(b.min.y))
        }
        // A transform that does not read, or one that flattens everything, is left out (resvg).
        if let gt = attr("gradientTransform"), let t = try? Transform(svg: gt), t.inverted != nil {
            space = space.concatenating(TransformOrigin.apply(t, origin: attr("transform-origin"), viewport: viewport))
        }
        let spread: GradientSpread
        switch attr("spreadMethod") {
        case "reflect": spread = .reflect
        case "repeat": spread = .repeat
        default: spread = .pad
        }
        func coord(_ name: String, _ def: String, _ ref: Double) -> Float {
            let l = own(name).flatMap(SVGLength.init) ?? SVGLength(def)!
            if bbox { return Float(l.unit == .percent ? l.value / 100 : l.value) }
            return Float(l.resolved(reference: ref))
        }
        if node.name == "linearGradient" {
            let from = Point(coord("x1", "0%", viewport.width), coord("y1", "0%", viewport.height))
            let to = Point(coord("x2", "100%", viewport.width), coord("y2", "0%", viewport.height))
            return .gradient(.linear(from: from, to: to, stops: stops, spread: spread, transform: space))
        }
        let cx = coord("cx", "50%", viewport.width), cy = coord("cy", "50%", viewport.height)
        let r = coord("r", "50%", viewport.diagonal)
        guard r > 0 else { return .solid(stops[stops.count - 1].color) }
        let fx = own("fx") == nil ? cx : coord("fx", "50%", viewport.width)
        let fy = own("fy") == nil ? cy : coord("fy", "50%", viewport.height)
        let fr = coord("fr", "0%", viewport.diagonal)
        return .gradient(.radial(center: Point(cx, cy), radius: r, focal: Point(fx, fy), focalRadius: max(fr, 0),
                                 stops: stops, spread: spread, transform: space))
    }
}
