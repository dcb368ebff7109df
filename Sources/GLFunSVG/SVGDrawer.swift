import Foundation
import GLFunKit

/// Walks the document and draws it through a `GraphicsContext`: structure (svg, g, a, switch,
/// use, symbol; defs and the paint servers not drawn in place), the basic shapes, their
/// fills and strokes. What this slice cannot draw is reported once per kind (`SVGWarning`).
struct SVGDrawer {
    var ctx = GraphicsContext()
    let ids: [String: SVGNode]
    let warn: (SVGWarning) -> Void
    private var warned: Set<SVGWarning.Feature> = []
    private var instances = 0
    /// Dashes so far (estimated), against `SVGLimits.maxDashes`.
    var dashes = 0.0
    /// The `use` elements being drawn (their targets), for cycle detection.
    var useStack: [ObjectIdentifier] = []
    /// The markers being drawn, for cycle detection (SVGDrawer+Markers).
    var markerStack: [ObjectIdentifier] = []
    /// What context-fill and context-stroke stand for here (a marker's shape, a use).
    var context: SVGContextPaint?
    /// The clipPaths and masks being resolved, for cycle detection (SVGDrawer+Masking).
    var maskingStack: [ObjectIdentifier] = []
    /// clip-path and mask links dropped because they close a cycle (SVGDrawer+Masking).
    let droppedLinks: Set<MaskingLink>
    /// Pixels a point the picture is drawn at (`SVGDrawer+Patterns`: tiles at the device's resolution).
    var deviceScale = 1.0
    /// The patterns whose tiles are being drawn, for cycle detection.
    var patternStack: [ObjectIdentifier] = []
    /// The folder `<image>`'s relative paths are read from (nil: only data: URLs), and how deep
    /// in SVG images this document is (`SVGDrawer+Images`).
    var baseDirectory: String?
    /// A folder relative paths may step up into (`SVGDocument.allowedDirectory`).
    var allowedDirectory: String?
    var imageDepth = 0

    init(ids: [String: SVGNode], warn: @escaping (SVGWarning) -> Void) {
        self.ids = ids
        self.warn = warn
        droppedLinks = Self.recursiveLinks(ids)
    }

    private static let notDrawn: Set<String> = [
        "defs", "symbol", "linearGradient", "radialGradient", "pattern", "clipPath", "mask", "marker", "filter",
        "style", "title", "desc", "metadata", "stop", "script",
    ]
    static let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]

    mutating func report(_ f: SVGWarning.Feature, _ n: SVGNode) {
        guard warned.insert(f).inserted else { return }
        warn(SVGWarning(feature: f, element: n.id.map { "<\(n.name) id=\"\($0)\">" } ?? "<\(n.name)>"))
    }

    /// Draws `n` (and what is under it) under the properties `parent`, in `viewport`, with
    /// `opacity` from the groups above folded in.
    mutating func draw(_ n: SVGNode, parent: SVGProperties, viewport: Viewport, opacity: Float) throws(SVGError) {
        guard !Self.notDrawn.contains(n.name), Self.languageMatches(n) else { return }
        let p = parent.child(declared: n.declared, viewportDiagonal: viewport.diagonal)
        guard !p.displayNone else { return }
        // mix-blend-mode: the element drawn through a layer onto what is under it (GLFunKit's
        // BlendMode has CSS's names); a name it does not know is warned.
        var blend = BlendMode.srcOver
        for (k, v) in p.unsupported {
            switch k {
            case "filter": report(.filter, n)
            case "clip-path", "mask": break  // SVGDrawer+Masking
            case "mix-blend-mode":
                if let m = SVGBlend.mode(v) { blend = m } else { report(.blendMode, n) }
            default: report(.marker, n)
            }
        }
        var transform = Transform.identity
        if let t = n.declared["transform"] ?? n.attributes["transform"] {
            // CSS's transform (a <style> rule, the style attribute) may carry units: deg and px read as SVG's numbers.
            let plain = t.replacingOccurrences(of: "deg", with: "").replacingOccurrences(of: "px", with: "")
            do { transform = try Transform(svg: plain) } catch {
                // A flat (or not finite) transform draws nothing; one that does not read is ignored (resvg).
                if case .notFinite = error { return }
            }
            if let o = n.declared["transform-origin"] ?? n.attributes["transform-origin"],
               let origin = TransformOrigin.point(o, viewport: viewport, fontSize: p.fontSize) {
                transform = TransformOrigin.apply(transform, about: origin)
            }
        }
        ctx.save()
        defer { ctx.restore() }
        ctx.concatenate(transform)
        // A container's opacity is one layer of paint (overlapping children are not darker
        // where they overlap); a shape's own opacity is folded into its paints.
        let layerOpacity: Float = Self.containers.contains(n.name) ? p.opacity : 1
        guard var layers = try beginLayers(n, p, viewport, opacity: layerOpacity, blend: blend) else { return }
        if layers == 0, SVGBlend.isolated(n) {
            ctx.beginLayer(isolated: true)
            layers = 1
        }
        defer { for _ in 0..<layers { ctx.endLayer() } }
        switch n.name {
        case "g", "a":
            try group(n, p, viewport, opacity)
        case "switch":
            var q = p
            q.opacity = 1
            let o = opacity
            if let chosen = n.children.first(where: Self.passesConditions) {
                try draw(chosen, parent: q, viewport: viewport, opacity: o)
            }
        case "svg":
            try nested(n, p, viewport, opacity)
        case "use":
            try use(n, p, viewport, opacity)
        case "image": try image(n, p, viewport, opacity * p.opacity)
        case "text": try text(n, p, viewport, opacity * p.opacity)
        default:
            if Self.shapes.contains(n.name) { try shape(n, p, viewport, opacity * p.opacity) }
        }
    }

    /// The elements whose opacity is a group's (a layer), not a shape's.
    private static let containers: Set<String> = ["g", "a", "switch", "svg", "use"]

    private mutating func group(_ n: SVGNode, _ p: SVGProperties, _ vp: Viewport, _ opacity: Float) throws(SVGError) {
        let o = opacity
        for c in n.children { try draw(c, parent: p, viewport: vp, opacity: o) }
    }

    /// systemLanguage (English matches), requiredExtensions (none known) and
    /// requiredFeatures (SVG 2 ignores it).
    static func passesConditions(_ n: SVGNode) -> Bool {
        guard shapes.contains(n.name) || ["g", "a", "svg", "use", "switch", "image", "text", "foreignObject"].contains(n.name) else {
            return false  // not an element switch can choose
        }
        if n.attributes["requiredExtensions"] != nil { return false }
        return languageMatches(n)
    }

    /// systemLanguage, on any element (in a switch or not): English matches; none written matches.
    static func languageMatches(_ n: SVGNode) -> Bool {
        guard let langs = n.attributes["systemLanguage"] else { return true }
        return langs.split(separator: ",").contains { $0.trimmingCharacters().lowercased().hasPrefix("en") }
    }

    /// A nested `<svg>`: its own viewport at (x, y), its viewBox mapped into it.
    private mutating func nested(_ n: SVGNode, _ p: SVGProperties, _ vp: Viewport, _ opacity: Float) throws(SVGError) {
        func len(_ name: String, _ def: String, _ ref: Double) -> Double {
            (n.attributes[name].flatMap(SVGLength.init) ?? SVGLength(def)!).resolved(reference: ref, fontSize: p.fontSize)
        }
        let w = len("width", "100%", vp.width), h = len("height", "100%", vp.height)
        guard w > 0, h > 0 else { return }
        ctx.translate(len("x", "0", vp.width), len("y", "0", vp.height))
        let clipped = beginViewportClip(n, width: w, height: h)
        defer { if clipped { ctx.endLayer() } }
        var inner = Viewport(width: w, height: h)
        if let box = SVGViewBox(n.attributes["viewBox"]) {
            ctx.concatenate(box.transform(toWidth: w, height: h, aspect: n.attributes["preserveAspectRatio"]))
            inner = Viewport(width: box.width, height: box.height)
        }
        try group(n, p, inner, opacity)
    }

    /// `use`: its target drawn at (x, y), a symbol in a viewport of the use's size; a target
    /// already being drawn is a cycle.
    private mutating func use(_ n: SVGNode, _ p: SVGProperties, _ vp: Viewport, _ opacity: Float) throws(SVGError) {
        guard let href = n.attributes["href"] else { return }
        guard href.hasPrefix("#") else { report(.externalReference, n); return }
        let id = String(href.dropFirst())
        guard let target = ids[id] else { return }
        let key = ObjectIdentifier(target)
        guard !useStack.contains(key), target !== n else { throw .referenceCycle(element: n.name, id: id) }
        instances += 1
        guard instances <= SVGLimits.maxInstances else { throw .tooManyInstances(limit: SVGLimits.maxInstances) }
        func len(_ name: String, _ def: String, _ ref: Double) -> Double {
            (n.attributes[name].flatMap(SVGLength.init) ?? SVGLength(def)!).resolved(reference: ref, fontSize: p.fontSize)
        }
        ctx.translate(len("x", "0", vp.width), len("y", "0", vp.height))
        let outerContext = context
        context = try useContext(n, p, target, vp)
        defer { context = outerContext }
        let o = opacity
        var q = p
        q.opacity = 1
        useStack.append(key)
        defer { useStack.removeLast() }
        if target.name == "symbol" {
            let tp = q.child(declared: target.declared, viewportDiagonal: vp.diagonal)
            guard !tp.displayNone else { return }
            let w = len("width", "100%", vp.width), h = len("height", "100%", vp.height)
            guard w > 0, h > 0 else { return }
            let clipped = beginViewportClip(target, width: w, height: h)
            defer { if clipped { ctx.endLayer() } }
            // A symbol's own transform is ignored (SVG 1.1; resvg's structure/symbol/with-transform).
            var inner = Viewport(width: w, height: h)
            if let box = SVGViewBox(target.attributes["viewBox"]) {
                ctx.concatenate(box.transform(toWidth: w, height: h, aspect: target.attributes["preserveAspectRatio"]))
                inner = Viewport(width: box.width, height: box.height)
            }
            for c in target.children { try draw(c, parent: tp, viewport: inner, opacity: o * tp.opacity) }
        } else if target.name == "svg" {
            // The use's width and height, when given, are the svg's.
            let copy = SVGNode(name: "svg", attributes: target.attributes)
            for k in ["width", "height"] { if let v = n.attributes[k] { copy.attributes[k] = v } }
            copy.children = target.children
            copy.declared = target.declared
            try draw(copy, parent: q, viewport: vp, opacity: o)
        } else {
            try draw(target, parent: q, viewport: vp, opacity: o)
        }
    }
}
