import GLFunKit

/// The properties an element draws with, computed down the tree: the inherited ones taken
/// from the parent unless declared (or declared `inherit`), the others reset for each element.
/// A value that does not parse is dropped (the inherited or initial value stays), as resvg does.
struct SVGProperties {
    /// The attributes that are also properties (SVG's presentation attributes).
    /// (mix-blend-mode and isolation are not: SVG 2 sets them only in CSS, as resvg reads them.)
    static let presentation: Set<String> = Set([
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
        "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "opacity", "color",
        "display", "visibility", "stop-color", "stop-opacity", "clip-path", "mask", "filter", "marker-start",
        "marker-mid", "marker-end", "paint-order", "font-size",
        "font-family", "font-weight", "font-style", "text-anchor", "clip-rule", "transform", "transform-origin",
        "mask-type", "overflow", "shape-rendering",
    ]).union(SVGTextCollector.presentation).union(SVGFontProperties.presentation)
    private static let inherited: Set<String> = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
        "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "color", "visibility",
        "marker-start", "marker-mid", "marker-end", "paint-order", "font-size", "font-family", "font-weight",
        "font-style", "text-anchor", "clip-rule", "shape-rendering",
    ]

    var fill: SVGPaint = .color(.black)
    var fillOpacity: Float = 1
    var fillRule = FillRule.nonzero
    var stroke: SVGPaint = .none
    var strokeWidth = 1.0
    var strokeOpacity: Float = 1
    var lineCap = LineCap.butt
    var lineJoin = LineJoin.miter
    var miterLimit: Float = 4
    var dashArray: [Double] = []
    var dashOffset = 0.0
    var color = Color.black
    var visible = true
    /// The root's font size where the document gives none: usvg's (12; CSS's `medium` is 16),
    /// so that em, ex and % at the root are what resvg draws. `medium` itself is 12 too.
    static let defaultFontSize = 12.0
    var fontSize = SVGProperties.defaultFontSize
    var strokeFirst = false
    /// paint-order: fill, stroke and markers in the order drawn.
    var paintOrder = SVGPaintPart.normal
    /// marker-start, marker-mid, marker-end: the ids of the markers (the `marker` shorthand,
    /// from CSS only, sets the three).
    var markerStart: String?, markerMid: String?, markerEnd: String?
    var clipRule = FillRule.nonzero
    // Not inherited.
    var opacity: Float = 1
    var displayNone = false
    /// shape-rendering: crispEdges or optimizeSpeed (shapes drawn without antialiasing, as resvg does).
    var crispEdges = false
    var stopColor = Color.black
    var stopOpacity: Float = 1
    /// Declared but not drawn in this slice (clip-path, mask, filter, markers, blend modes): their names.
    var unsupported: [String: String] = [:]

    /// The properties of `node` computed down from the root through its ancestors (for
    /// elements drawn out of the tree's order: a gradient's stops).
    static func computed(for node: SVGNode, viewportDiagonal: Double) -> SVGProperties {
        var chain: [SVGNode] = []
        var n: SVGNode? = node
        while let cur = n, chain.count < SVGLimits.maxDepth {
            chain.append(cur)
            n = cur.parent
        }
        var p = SVGProperties()
        for c in chain.reversed() { p = p.child(declared: c.declared, viewportDiagonal: viewportDiagonal) }
        return p
    }

    /// The properties of an element whose declarations are `d`, under `parent`'s; `viewport`
    /// is the diagonal length percentages of a stroke width refer to.
    func child(declared d: [String: String], viewportDiagonal: Double) -> SVGProperties {
        var p = self
        p.opacity = 1
        p.displayNone = false
        p.stopColor = .black
        p.stopOpacity = 1
        p.unsupported = [:]
        // font-size and color first: em lengths and currentColor read them.
        let first = ["font-size", "color"]
        for name in first { if let raw = d[name], raw != "inherit" { p.set(name, raw, viewportDiagonal: viewportDiagonal) } }
        for (name, raw) in d.sorted(by: { $0.key < $1.key }) where raw != "inherit" && !first.contains(name) {
            p.set(name, raw, viewportDiagonal: viewportDiagonal)
        }
        for (name, raw) in d where raw == "inherit" && !Self.inherited.contains(name) {
            switch name {  // the few non-inherited ones asked to inherit
            case "opacity": p.opacity = opacity
            case "stop-color": p.stopColor = stopColor
            case "stop-opacity": p.stopOpacity = stopOpacity
            default: break
            }
        }
        return p
    }

    private func opacityValue(_ s: String) -> Float? {
        let t = s.trimmingWhitespace()
        let v = t.hasSuffix("%") ? Float(t.dropLast()).map { $0 / 100 } : Float(t)
        return v.map { min(max($0, 0), 1) }
    }

    private mutating func set(_ name: String, _ raw: String, viewportDiagonal: Double) {
        let v = raw.trimmingWhitespace()
        switch name {
        case "fill": if let p = SVGPaint(v) { fill = p }
        case "stroke": if let p = SVGPaint(v) { stroke = p }
        case "fill-opacity": if let o = opacityValue(v) { fillOpacity = o }
        case "stroke-opacity": if let o = opacityValue(v) { strokeOpacity = o }
        case "opacity": if let o = opacityValue(v) { opacity = o }
        case "stop-opacity": if let o = opacityValue(v) { stopOpacity = o }
        case "fill-rule": if let r = FillRule(rawValue: v) { fillRule = r }
        case "clip-rule": if let r = FillRule(rawValue: v) { clipRule = r }
        case "stroke-linecap": if let c = LineCap(rawValue: v) { lineCap = c }
        case "stroke-linejoin":
            // SVG 2's arcs is drawn as a miter (resvg's painting/stroke-linejoin/arcs is one).
            if v == "arcs" { lineJoin = .miter } else if let j = LineJoin(rawValue: v) { lineJoin = j }
        case "stroke-miterlimit": if let m = Float(v), m >= 1 { miterLimit = m }
        case "stroke-width":
            // A negative width strokes nothing (an error in SVG 1.1; resvg's painting/stroke-width/negative).
            if let l = SVGLength(v) { strokeWidth = max(l.resolved(reference: viewportDiagonal, fontSize: fontSize), 0) }
        case "stroke-dasharray":
            if v == "none" { dashArray = [] } else {
                let parts = v.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map { SVGLength(String($0)) }
                if parts.allSatisfy({ $0 != nil && $0!.value >= 0 }) {
                    dashArray = parts.map { $0!.resolved(reference: viewportDiagonal, fontSize: fontSize) }
                }
            }
        case "stroke-dashoffset":
            if let l = SVGLength(v) { dashOffset = l.resolved(reference: viewportDiagonal, fontSize: fontSize) }
        case "color": if let c = SVGColor.parse(v) { color = c }
        case "stop-color":
            if v == "currentColor" { stopColor = color } else if let c = SVGColor.parse(v) { stopColor = c }
        case "display": displayNone = v == "none"
        case "shape-rendering": crispEdges = v == "crispEdges" || v == "optimizeSpeed"
        case "visibility": visible = v == "visible"
        case "font-size": fontSize = SVGTextCollector.fontSize(v, parent: fontSize) ?? fontSize
        case "paint-order":
            paintOrder = SVGPaintPart.order(v)
            strokeFirst = paintOrder.firstIndex(of: .stroke)! < paintOrder.firstIndex(of: .fill)!
        case "marker-start", "marker-mid", "marker-end", "marker":
            guard let id = Self.markerReference(v) else { break }
            if name != "marker-mid" && name != "marker-end" { markerStart = id.isEmpty ? nil : id }
            if name != "marker-start" && name != "marker-end" { markerMid = id.isEmpty ? nil : id }
            if name != "marker-start" && name != "marker-mid" { markerEnd = id.isEmpty ? nil : id }
        case "clip-path", "mask", "filter":
            if v != "none" { unsupported[name] = v }
        case "mix-blend-mode": if v != "normal" { unsupported[name] = v }
        default: break
        }
    }

    /// `url(#id)`: the id; `none`: ""; anything else: nil (dropped).
    static func markerReference(_ v: String) -> String? {
        if v == "none" { return "" }
        guard case let .reference(id, _)? = SVGPaint(v) else { return nil }
        return id
    }
}
