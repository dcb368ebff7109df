import GLFunKit

extension SVGDrawer {
    /// A basic shape: its path filled and stroked (in paint-order), its opacities folded into
    /// the paints.
    mutating func shape(_ n: SVGNode, _ p: SVGProperties, _ vp: Viewport, _ opacity: Float) throws(SVGError) {
        // uses of groups of many shapes multiply: bound what is drawn as a scene's shapes are.
        guard ctx.shapes.count < SVGLimits.maxShapes else { throw .tooManyShapes(limit: SVGLimits.maxShapes) }
        guard p.visible, let path = try SVGShapes.path(of: n, viewport: vp, fontSize: p.fontSize), !path.isEmpty else { return }
        let markers = p.markerStart != nil || p.markerMid != nil || p.markerEnd != nil
        let fillAndStroke = p.fill != .none && p.stroke != .none && p.strokeWidth > 0
        if p.opacity < 1, markers || fillAndStroke {
            // With markers, or a stroke over a fill, the shape's opacity is one layer over its
            // paints (and markers): the stroke does not show the fill through it.
            ctx.beginLayer(opacity: p.opacity)
            defer { ctx.endLayer() }
            var q = p
            q.opacity = 1
            return try shape(n, q, vp, p.opacity > 0 ? opacity / p.opacity : 0)
        }
        ctx.state.antialias = !p.crispEdges  // restored with the element's state (draw's save)
        let bounds = SVGShapes.bounds(of: path)
        let fill = try paint(p.fill, p, opacity * p.fillOpacity, bounds, vp, n)
        var stroke: Paint?
        if p.strokeWidth > 0 { stroke = try paint(p.stroke, p, opacity * p.strokeOpacity, bounds, vp, n) }
        func doFill(_ d: inout SVGDrawer) {
            if let fill { d.ctx.fill(path, paint: fill, rule: p.fillRule) }
        }
        let dashes = p.dashArray
        guard stroke == nil || dashes.count <= SVGLimits.maxDashArray else {
            throw .dashArrayTooLong(element: n.name, entries: dashes.count, limit: SVGLimits.maxDashArray)
        }
        if stroke != nil, !dashes.isEmpty, dashes.reduce(0, +) > 0 {
            // The path's control polygon is at least as long as the path: an upper bound.
            let period = dashes.reduce(0, +) * (dashes.count % 2 == 1 ? 2 : 1)
            let count = Self.polygonLength(path) / period * Double(dashes.count % 2 == 1 ? dashes.count * 2 : dashes.count)
            self.dashes += count.isFinite ? count : .infinity
            guard self.dashes <= Double(SVGLimits.maxDashes) else {
                throw .tooManyDashes(element: n.name, limit: SVGLimits.maxDashes)
            }
        }
        func doStroke(_ d: inout SVGDrawer) {
            guard let stroke else { return }
            if !dashes.isEmpty, dashes.reduce(0, +) > 0 {
                d.ctx.state.dash = dashes.map { Float($0) }
                d.ctx.state.dashOffset = Float(p.dashOffset)
            } else {
                d.ctx.state.dash = []
            }
            d.ctx.stroke(path, paint: stroke,
                         style: StrokeStyle(width: Float(p.strokeWidth), join: p.lineJoin, cap: p.lineCap, miterLimit: p.miterLimit,
                                            curveEnds: .tangents))
        }
        let marked = p.markerStart != nil || p.markerMid != nil || p.markerEnd != nil
        guard marked else {
            if p.strokeFirst {
                doStroke(&self)
                doFill(&self)
            } else {
                doFill(&self)
                doStroke(&self)
            }
            return
        }
        let shapeContext = SVGContextPaint(fill: fill, stroke: stroke, transform: ctx.transform)
        for part in p.paintOrder {
            switch part {
            case .fill: doFill(&self)
            case .stroke: doStroke(&self)
            case .markers: try drawMarkers(n, p, path, vp, context: shapeContext)
            }
        }
    }


    /// The length of the path's control polygon (each subpath's points in turn).
    static func polygonLength(_ path: Path) -> Double {
        var total = 0.0
        var cur = Point.zero
        func to(_ p: Point) {
            let dx = Double(p.x - cur.x), dy = Double(p.y - cur.y)
            total += (dx * dx + dy * dy).squareRoot()
            cur = p
        }
        for e in path.elements {
            switch e {
            case let .move(p): cur = p
            case let .line(p): to(p)
            case let .quad(c, p): to(c); to(p)
            case let .cubic(c1, c2, p): to(c1); to(c2); to(p)
            case .close: break
            }
        }
        return total
    }

    /// A paint as GLFunKit's, `opacity` folded in; nil draws nothing.
    mutating func paint(_ paint: SVGPaint, _ p: SVGProperties, _ opacity: Float, _ bounds: (min: Point, max: Point)?,
                        _ vp: Viewport, _ n: SVGNode) throws(SVGError) -> Paint? {
        func solid(_ c: Color) -> Paint? {
            var c = c
            c.a *= opacity
            return c.a > 0 ? .solid(c) : nil
        }
        switch paint {
        case .none: return nil
        case let .color(c): return solid(c)
        case .currentColor: return solid(p.color)
        case .contextFill: return contextPaint(context?.fill, opacity: opacity)
        case .contextStroke: return contextPaint(context?.stroke, opacity: opacity)
        case let .reference(id, fallback):
            if let target = ids[id] {
                switch target.name {
                case "linearGradient", "radialGradient":
                    // A gradient that draws nothing (no stops, a box of no size) takes the fallback, as resvg does.
                    if let g = try SVGGradients(ids: ids).paint(target, opacity: opacity, bounds: bounds, viewport: vp) { return g }
                case "pattern":
                    if let pat = try patternPaint(target, opacity: opacity, bounds: bounds, viewport: vp) { return pat }
                default: break
                }
            }
            switch fallback {
            case .color(let c): return solid(c)
            case .currentColor: return solid(p.color)
            case .some(.none), nil: return nil
            }
        }
    }
}
