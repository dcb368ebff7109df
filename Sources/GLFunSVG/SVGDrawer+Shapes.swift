import GLFunKit

extension SVGDrawer {
    /// A basic shape: its path filled and stroked (in paint-order), its opacities folded into
    /// the paints.
    mutating func shape(_ n: SVGNode, _ p: SVGProperties, _ vp: Viewport, _ opacity: Float) throws(SVGError) {
        guard p.visible, let path = try SVGShapes.path(of: n, viewport: vp, fontSize: p.fontSize), !path.isEmpty else { return }
        let bounds = SVGShapes.bounds(of: path)
        let fill = try paint(p.fill, p, opacity * p.fillOpacity, bounds, vp, n)
        var stroke: Paint?
        if p.strokeWidth > 0 { stroke = try paint(p.stroke, p, opacity * p.strokeOpacity, bounds, vp, n) }
        func doFill(_ d: inout SVGDrawer) {
            if let fill { d.ctx.fill(path, paint: fill, rule: p.fillRule) }
        }
        func doStroke(_ d: inout SVGDrawer) {
            guard let stroke else { return }
            let dashes = p.dashArray
            if !dashes.isEmpty, dashes.reduce(0, +) > 0 {
                d.ctx.state.dash = dashes.map { Float($0) }
                d.ctx.state.dashOffset = Float(p.dashOffset)
            } else {
                d.ctx.state.dash = []
            }
            d.ctx.stroke(path, paint: stroke,
                         style: StrokeStyle(width: Float(p.strokeWidth), join: p.lineJoin, cap: p.lineCap, miterLimit: p.miterLimit))
        }
        if p.strokeFirst {
            doStroke(&self)
            doFill(&self)
        } else {
            doFill(&self)
            doStroke(&self)
        }
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
        case let .reference(id, fallback):
            if let target = ids[id] {
                switch target.name {
                case "linearGradient", "radialGradient":
                    // A gradient that draws nothing (no stops, a box of no size) takes the fallback, as resvg does.
                    if let g = try SVGGradients(ids: ids).paint(target, opacity: opacity, bounds: bounds, viewport: vp) { return g }
                case "pattern":
                    report(.pattern, target)
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
