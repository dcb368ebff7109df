import GLFunGLES
import GLFunKit

/// A static SVG document, read and ready to draw: `SVGDocument(bytes:)` parses it (libxml2,
/// safely: `XMLTree`), applies its `<style>` sheets and style attributes, and works out its
/// size; `draw(into:warn:)` draws it through a `GraphicsContext`, `scene(scale:warn:)` makes
/// it a `Scene` that `SceneRenderer` renders.
public struct SVGDocument {
    /// The picture's size in px (user units of the outermost svg): its width and height,
    /// or the viewBox's size where they are missing; with no viewBox and a side missing or a
    /// percentage, the right and bottom of what it draws (usvg's), 100 x 100 if that is empty.
    public private(set) var width: Double
    /// The picture's height in px (see `width`).
    public private(set) var height: Double
    /// The folder `<image>`s' relative paths are read from (only files in it or below it);
    /// nil: only `data:` URLs are read.
    public var baseDirectory: String?
    /// A folder the user names (`glfun render --svg-files DIR`): an `<image>`'s relative path
    /// that steps out of `baseDirectory` (`../`) is read when the file it reaches, symbolic
    /// links resolved, is inside this folder. nil: only files in `baseDirectory` or below it.
    public var allowedDirectory: String?
    /// How deep in SVG images this document is drawn (an image's SVG draws no SVG images past `SVGLimits.maxImageDepth`).
    var imageDepth = 0
    let root: SVGNode
    let ids: [String: SVGNode]

    /// Reads a document from its bytes (gzip'd ones, an .svgz, inflated first).
    public init(bytes: [UInt8]) throws(SVGError) {
        let (root, ids) = try Self.read(bytes)
        self.root = root
        self.ids = ids
        let box = SVGViewBox(root.attributes["viewBox"])
        func side(_ name: String, _ boxSide: Double?) throws(SVGError) -> Double {
            guard let text = root.attributes[name] else { return boxSide ?? 100 }
            guard let l = SVGLength(text) else {
                throw .invalidAttribute(element: "svg", attribute: name, value: text, reason: "not a length")
            }
            if l.unit == .percent { return (boxSide ?? 100) * l.value / 100 }
            return l.resolved(reference: 100)
        }
        width = try side("width", box?.width)
        height = try side("height", box?.height)
        guard width > 0, height > 0, width.isFinite, height.isFinite else { throw .noSize }
        for (name, v) in [("width", width), ("height", height)] where v > SVGLimits.maxSide {
            throw .invalidAttribute(element: "svg", attribute: name, value: root.attributes[name] ?? root.attributes["viewBox"] ?? "",
                                    reason: "more than \(Int(SVGLimits.maxSide)) px")
        }
        let relative = { (name: String) in root.attributes[name].flatMap(SVGLength.init)?.unit ?? .percent == .percent }
        if box == nil, relative("width") || relative("height"), let (right, bottom) = contentExtent(),
           right > 0, bottom > 0, right <= SVGLimits.maxSide, bottom <= SVGLimits.maxSide {
            width = right
            height = bottom
        }
    }

    /// A document's tree and its elements by id, its style sheets applied (gzip'd bytes
    /// inflated first).
    static func read(_ bytes: [UInt8]) throws(SVGError) -> (root: SVGNode, ids: [String: SVGNode]) {
        let root = try XMLTree.parse(SVGGzip.inflatedIfGzip(bytes))
        guard root.name == "svg" else { throw .notSVG(root: root.name) }
        var ids: [String: SVGNode] = [:]
        var sheet = StyleSheet()
        var elements = 0
        func collect(_ n: SVGNode) {
            elements += 1
            if let id = n.id, ids[id] == nil { ids[id] = n }
            if n.name == "style", (n.attributes["type"] ?? "text/css").trimmingWhitespace().lowercased() == "text/css" || n.attributes["type"]?.isEmpty == true {
                sheet.add(n.text)
            }
            for c in n.children { collect(c) }
        }
        collect(root)
        // Every rule is tried on every element: bound the work.
        guard sheet.rules.count * elements <= SVGLimits.maxRuleMatches else {
            throw .styleTooComplex(rules: sheet.rules.count, elements: elements, limit: SVGLimits.maxRuleMatches)
        }
        sheet.cascade(root)
        return (root, ids)
    }

    /// How far right and down what the document draws reaches (its shapes' boxes, strokes'
    /// half widths in), drawn once at the size worked out so far. No SVG image is opened for
    /// it: an image's document, sized so too, would draw its own images once more at every
    /// level, past `SVGLimits.maxImageDepth` (a chain of nested data: URLs, 2^depth draws).
    private func contentExtent() -> (Double, Double)? {
        var ctx = GraphicsContext()
        var probe = self
        probe.imageDepth = SVGLimits.maxImageDepth
        guard (try? probe.draw(into: &ctx)) != nil else { return nil }
        var right = -Double.infinity, bottom = -Double.infinity
        for s in ctx.shapes where s.layer == nil {
            let box: (min: Point, max: Point)?
            switch s.kind {
            case .path:
                // A stroke's half width out from its path (the reference pictures' extent).
                var half: Float = 0
                if case let .stroke(style)? = s.pathShape?.paint { half = style.width / 2 }
                box = s.pathShape.flatMap { SVGShapes.bounds(of: $0.path) }.map {
                    (Point($0.min.x - half, $0.min.y - half), Point($0.max.x + half, $0.max.y + half))
                }
            default: box = (Point(min(s.from.x, s.to.x), min(s.from.y, s.to.y)), Point(max(s.from.x, s.to.x), max(s.from.y, s.to.y)))
            }
            guard let box, box.max.x.isFinite, box.max.y.isFinite else { continue }
            right = max(right, Double(box.max.x))
            bottom = max(bottom, Double(box.max.y))
        }
        return right.isFinite && bottom.isFinite ? (right, bottom) : nil
    }

    /// Draws the document into `context` (px: one user unit of the outer svg a point);
    /// `warn` hears what is not drawn, once per kind; `scale` is the pixels a point it will be
    /// drawn at (patterns' tiles are drawn at it).
    public func draw(into context: inout GraphicsContext, scale: Float = 1,
                     warn: @escaping (SVGWarning) -> Void = { _ in }) throws(SVGError) {
        var d = SVGDrawer(ids: ids, warn: warn)
        d.deviceScale = Double(scale)
        d.baseDirectory = baseDirectory
        d.allowedDirectory = allowedDirectory
        d.imageDepth = imageDepth
        d.ctx = context
        let pixelScale = context.pixelScale
        d.ctx.pixelScale = Double(scale)
        let rootProps = SVGProperties().child(declared: root.declared, viewportDiagonal: Viewport(width: width, height: height).diagonal)
        // A root whose systemLanguage does not match draws nothing (resvg's structure/systemLanguage/on-svg).
        guard !rootProps.displayNone, SVGDrawer.languageMatches(root) else { return }
        var vp = Viewport(width: width, height: height)
        d.ctx.save()
        var area = (x: 0.0, y: 0.0, w: width, h: height)
        if let box = SVGViewBox(root.attributes["viewBox"]) {
            d.ctx.concatenate(box.transform(toWidth: width, height: height, aspect: root.attributes["preserveAspectRatio"]))
            vp = Viewport(width: box.width, height: box.height)
            area = (box.x, box.y, box.width, box.height)
        }
        SVGBackground.draw(root, x: area.x, y: area.y, width: area.w, height: area.h, into: &d.ctx)
        // The root's opacity is one layer of paint, as a group's; its clip-path and mask too.
        let o = min(max(rootProps.opacity, 0), 1)
        guard let layers = try d.beginLayers(root, rootProps, vp, opacity: o, blend: .srcOver) else { return }
        var p = rootProps
        p.opacity = 1
        for c in root.children { try d.draw(c, parent: p, viewport: vp, opacity: 1) }
        for _ in 0..<layers { d.ctx.endLayer() }
        d.ctx.restore()
        try SVGLayerLimits.check(d.ctx.shapes)
        d.ctx.pixelScale = pixelScale
        context = d.ctx
    }

    /// The document as a scene: its size (rounded up to whole points), transparent, antialiased,
    /// at `scale` pixels a point.
    public func scene(scale: Float = 1, warn: @escaping (SVGWarning) -> Void = { _ in }) throws(SVGError) -> Scene {
        var ctx = GraphicsContext()
        try draw(into: &ctx, scale: scale, warn: warn)
        guard ctx.shapes.count <= Scene.maxShapes else { throw .tooManyElements(limit: Scene.maxShapes) }
        var scene = Scene(width: Int(width.rounded(.up)), height: Int(height.rounded(.up)), scale: scale,
                          background: Color(0, 0, 0, 0), shapes: ctx.shapes.filter(Self.withinLimits))
        scene.antialias = true
        return scene
    }

    /// Whether a shape lies within the scene's coordinate limits (±`Scene.maxCoordinate`, a
    /// stroke's width too, a gradient's transform finite and invertible), as a scene file's
    /// must: transforms may take an SVG's paths past them (scale(1e30) twice), and such a
    /// shape, far off the picture, is left out rather than handed to the renderer.
    static func withinLimits(_ s: Shape) -> Bool {
        let limit = Scene.maxCoordinate
        func fine(_ v: Float) -> Bool { v.isFinite && abs(v) <= limit }
        if let ps = s.pathShape {
            if let b = ps.path.controlBounds, ![b.min.x, b.min.y, b.max.x, b.max.y].allSatisfy(fine) { return false }
            if case let .stroke(style) = ps.paint, !fine(style.width) { return false }
        }
        if let g = s.gradient, !g.transform.isFinite || g.transform.inverted == nil { return false }
        if let p = s.pattern, !p.transform.isFinite || p.transform.inverted == nil { return false }
        return true
    }

    /// Whether `bytes` look like SVG (XML whose first element is `svg`), for callers that
    /// take scenes and SVG files alike.
    public static func sniff(_ bytes: some Collection<UInt8>) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard let firstNonSpace = head.first(where: { !$0.isWhitespace && $0 != "\u{FEFF}" }), firstNonSpace == "<" else { return false }
        return head.contains("<svg")
    }
}
