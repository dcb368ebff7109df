import GLFunKit

/// `<pattern>` as GLFunKit's `ImagePattern`: the tile's content drawn through the canvas (a
/// fresh `GraphicsContext`, this drawer's state otherwise) into an image at the device's
/// resolution, which the renderer draws offscreen before the frame (`ImagePattern.Source.drawing`)
/// and repeats.
///
/// Attributes (x, y, width, height, patternUnits, patternContentUnits, patternTransform,
/// viewBox, preserveAspectRatio) and the children come through `href` from the first pattern
/// in the chain that has them; a chain that loops, or a tile whose content paints with its
/// own pattern, is a reference cycle (`SVGError.referenceCycle`), as a `use` cycle is.
extension SVGDrawer {
    /// The most pixels a tile may have (it is redrawn smaller past it).
    static let maxTilePixels = 4096.0 * 4096.0
    /// The longest side a tile may have (llvmpipe's largest texture).
    static let maxTileSide = 16384.0

    /// The chain of patterns from `node` through its hrefs (itself first).
    func patternChain(_ node: SVGNode) throws(SVGError) -> [SVGNode] {
        var out = [node]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(node)]
        var cur = node
        while let href = cur.attributes["href"], href.hasPrefix("#"), let next = ids[String(href.dropFirst())],
              next.name == "pattern" {
            guard seen.insert(ObjectIdentifier(next)).inserted else {
                throw .referenceCycle(element: node.name, id: String(href.dropFirst()))
            }
            out.append(next)
            cur = next
        }
        return out
    }

    /// The paint of pattern `node` for a shape whose box is `bounds`, `opacity` multiplying it;
    /// nil when it draws nothing (a tile of no size, an empty box with objectBoundingBox units,
    /// no children).
    mutating func patternPaint(_ node: SVGNode, opacity: Float, bounds: (min: Point, max: Point)?,
                               viewport: Viewport) throws(SVGError) -> Paint? {
        let chain = try patternChain(node)
        func attr(_ name: String) -> String? { chain.lazy.compactMap { $0.attributes[name] }.first }
        let key = ObjectIdentifier(node)
        guard !patternStack.contains(key) else { throw .referenceCycle(element: node.name, id: node.id ?? "") }
        let props = SVGProperties.computed(for: node, viewportDiagonal: viewport.diagonal)
        var box = (x: 0.0, y: 0.0, w: 0.0, h: 0.0)
        if let b = bounds {
            box = (Double(b.min.x), Double(b.min.y), Double(b.max.x - b.min.x), Double(b.max.y - b.min.y))
        }
        let bboxUnits = attr("patternUnits") != "userSpaceOnUse"
        let bboxContent = attr("patternContentUnits") == "objectBoundingBox"
        if bboxUnits || bboxContent { guard box.w > 0, box.h > 0 else { return nil } }
        // The tile in the shape's user space (before patternTransform).
        func len(_ name: String, _ ref: Double) -> Double {
            guard let text = attr(name), let l = SVGLength(text) else { return 0 }
            if bboxUnits { return l.unit == .percent ? l.value / 100 : l.resolved(reference: 1, fontSize: props.fontSize) }
            return l.resolved(reference: ref, fontSize: props.fontSize)
        }
        var x = len("x", viewport.width), y = len("y", viewport.height)
        var w = len("width", viewport.width), h = len("height", viewport.height)
        if bboxUnits {
            x = box.x + x * box.w
            y = box.y + y * box.h
            w *= box.w
            h *= box.h
        }
        guard w > 0, h > 0, w.isFinite, h.isFinite else { return nil }
        // A patternTransform that does not read, or is flat, is ignored (as resvg does).
        var patternTransform = attr("patternTransform").flatMap { try? Transform(svg: $0) } ?? .identity
        if patternTransform.inverted == nil { patternTransform = .identity }
        patternTransform = TransformOrigin.apply(patternTransform, origin: attr("transform-origin"), viewport: viewport,
                                                 fontSize: props.fontSize)
        guard let contentNode = chain.first(where: { !$0.children.isEmpty }) else { return nil }
        // The content's transform in the tile (origin at the tile's corner).
        var content = Transform.identity
        var contentViewport = viewport
        if let vb = SVGViewBox(attr("viewBox")) {
            content = vb.transform(toWidth: w, height: h, aspect: attr("preserveAspectRatio"))
            contentViewport = Viewport(width: vb.width, height: vb.height)
        } else if bboxContent {
            content = .scale(box.w, box.h)
        }
        // The tile's size in device pixels: the scales of the whole transform to the picture.
        let full = ctx.transform.concatenating(patternTransform)
        let sx = (full.a * full.a + full.b * full.b).squareRoot() * deviceScale
        let sy = (full.c * full.c + full.d * full.d).squareRoot() * deviceScale
        guard sx.isFinite, sy.isFinite, sx > 0, sy > 0 else { return nil }
        // The content at the device's scale exactly, the tile rounded to whole pixels (so the
        // period is pw / sx, as resvg has it); past the limits (its pixels, or a side's), scaled
        // down to fit: a side past its limit (as long as a pattern 2e31 units tall) is cut to it
        // first, then both sides alike until the pixels fit.
        let limit = Self.maxTilePixels, side = Self.maxTileSide
        var pw = min(max((w * sx).rounded(), 1), side), ph = min(max((h * sy).rounded(), 1), side)
        var kx = sx, ky = sy
        if pw * ph > limit || pw < (w * sx).rounded() || ph < (h * sy).rounded() {
            let k = min((limit / (pw * ph)).squareRoot(), 1)
            pw = max((pw * k).rounded(.down), 1)
            ph = min(max((ph * k).rounded(.down), 1), (limit / pw).rounded(.down))
            kx = pw / w
            ky = ph / h
        }
        // Draw the content into a context of its own, in the tile's pixels.
        let outer = ctx
        ctx = GraphicsContext()
        ctx.scale(kx, ky)
        ctx.concatenate(content)
        patternStack.append(key)
        // The tile's context is in device pixels already: a pattern inside it (paint-servers/
        // pattern/pattern-on-child) sizes its own tile by that context's transform alone.
        let outerScale = deviceScale
        deviceScale = 1
        defer { deviceScale = outerScale }
        var failure: SVGError?
        do {
            var p = props
            p.opacity = 1
            for c in contentNode.children { try draw(c, parent: p, viewport: contentViewport, opacity: 1) }
        } catch {
            failure = error
        }
        patternStack.removeLast()
        let tile = ctx.shapes
        ctx = outer
        if let failure { throw failure }
        guard !tile.isEmpty else { return nil }
        let place = patternTransform.concatenating(.translation(x, y)).concatenating(.scale(1 / kx, 1 / ky))
        return .pattern(ImagePattern(.drawing(tile, width: Int(pw), height: Int(ph)), transform: place,
                                     repetition: .repeat, sampling: .linear, opacity: opacity))
    }
}
