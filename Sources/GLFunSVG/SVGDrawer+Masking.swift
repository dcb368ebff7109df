import GLFunKit

/// `clip-path` and `mask` through GLFunKit's layers. A clipPath of one plain shape is the
/// layer's clip path (its exact coverage by its clip-rule); any other (several children, mixed
/// clip-rules, a clip-path on a child or on the clipPath itself) is drawn white into an alpha
/// mask. A mask's children are drawn as anywhere else, inside its region, into a luminance or
/// alpha mask; a mask on the mask multiplies the element again (resvg). A reference to no
/// element, or to an element of another kind, is ignored; one that leads back to a clipPath or
/// mask being resolved (a cycle) is ignored there, as resvg drops it.
/// A clip-path or mask property on an element.
struct MaskingLink: Hashable {
    var node: ObjectIdentifier
    var attribute: String
}

extension SVGDrawer {
    /// What a clip path comes to.
    enum Clip {
        /// Clips everything away: the element is not drawn.
        case nothing
        /// A path in the element's user space and its rule.
        case path(Path, FillRule)
        /// An alpha mask, in document points.
        case mask(LayerMask)
    }

    /// The id in `url(#id)` (quotes allowed), nil for anything else.
    static func urlID(_ value: String?) -> String? {
        guard let v = value?.trimmingWhitespace(), v.hasPrefix("url("), v.hasSuffix(")") else { return nil }
        var inner = v.dropFirst(4).dropLast().trimmingCharacters()
        if inner.count >= 2, let q = inner.first, q == "'" || q == "\"", inner.last == q { inner = String(inner.dropFirst().dropLast()) }
        guard inner.hasPrefix("#") else { return nil }
        return String(inner.dropFirst())
    }

    /// The `kind` element the `attribute` (clip-path or mask) of `node` refers to; nil when none
    /// is, when the link is dropped (`recursiveLinks`), or when it is being resolved now.
    func maskingTarget(_ node: SVGNode, _ attribute: String, _ kind: String) -> SVGNode? {
        guard let id = Self.urlID(node.declared[attribute]), let t = ids[id], t.name == kind,
              !droppedLinks.contains(MaskingLink(node: ObjectIdentifier(node), attribute: attribute)),
              !maskingStack.contains(ObjectIdentifier(t)) else { return nil }
        return t
    }

    /// The links resvg drops before drawing (its order, the document's): for each clipPath
    /// (mask), in it and on it, a clip-path (mask) to the element itself; and in or on the
    /// element such a link leads to, one that leads back.
    static func recursiveLinks(_ ids: [String: SVGNode]) -> Set<MaskingLink> {
        guard var root = ids.values.first else { return [] }
        while let p = root.parent { root = p }
        func descendants(_ n: SVGNode) -> [SVGNode] {
            var out: [SVGNode] = []
            func walk(_ m: SVGNode) {
                out.append(m)
                for c in m.children { walk(c) }
            }
            walk(n)
            return out
        }
        let all = descendants(root).filter { $0.name == "clipPath" || $0.name == "mask" }
        guard !all.isEmpty else { return [] }
        var dropped = Set<MaskingLink>()
        for (kind, attribute) in [("clipPath", "clip-path"), ("mask", "mask")] {
            func link(_ n: SVGNode) -> SVGNode? {
                guard !dropped.contains(MaskingLink(node: ObjectIdentifier(n), attribute: attribute)),
                      let id = urlID(n.declared[attribute]), let t = ids[id], t.name == kind else { return nil }
                return t
            }
            for element in all where element.name == kind {
                for child in descendants(element) {
                    guard let target = link(child) else { continue }
                    if target === element {
                        dropped.insert(MaskingLink(node: ObjectIdentifier(child), attribute: attribute))
                        continue
                    }
                    for n2 in descendants(target) where link(n2) === element {
                        dropped.insert(MaskingLink(node: ObjectIdentifier(n2), attribute: attribute))
                    }
                }
            }
        }
        return dropped
    }

    /// Begins the layers `n` draws through (after its transform): its opacity and blend mode,
    /// its clip-path and its mask. Returns how many were begun (to end after drawing it), nil
    /// when the element draws nothing.
    mutating func beginLayers(_ n: SVGNode, _ p: SVGProperties, _ vp: Viewport, opacity: Float,
                              blend: BlendMode) throws(SVGError) -> Int? {
        let clipNode = maskingTarget(n, "clip-path", "clipPath")
        let maskNode = maskingTarget(n, "mask", "mask")
        guard clipNode != nil || maskNode != nil else {
            guard opacity < 1 || blend != .srcOver else { return 0 }
            ctx.beginLayer(opacity: opacity, blend: blend)
            return 1
        }
        let box = SVGBounds.of(n, p, vp, ids: ids).flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
        var clip: Clip?
        if let c = clipNode {
            clip = try resolveClip(c, box, vp)
            if case .nothing = clip { return nil }
        }
        var masks: [LayerMask] = []
        if let m = maskNode {
            guard let chain = try maskChain(m, box, vp) else { return nil }
            masks = chain
        }
        var begun = 1
        switch clip {
        case let .path(path, rule):
            ctx.beginLayer(opacity: opacity, blend: blend, clip: path, clipRule: rule, mask: masks.first)
            if !masks.isEmpty { masks.removeFirst() }
        case let .mask(m):
            ctx.beginLayer(opacity: opacity, blend: blend, mask: m)
        default:
            ctx.beginLayer(opacity: opacity, blend: blend, mask: masks.removeFirst())
        }
        for m in masks {
            ctx.beginLayer(mask: m)
            begun += 1
        }
        return begun
    }

    /// What `body` draws on a fresh context with this one's state, as shapes in document points.
    mutating func record(_ body: (inout SVGDrawer) throws(SVGError) -> Void) throws(SVGError) -> [Shape] {
        let saved = ctx
        ctx = GraphicsContext()
        ctx.state = saved.state
        do { try body(&self) } catch {
            ctx = saved
            throw error
        }
        while ctx.endLayer() {}
        let shapes = ctx.shapes
        ctx = saved
        return shapes
    }

    /// The clipPath `c` for an element whose bounding box is `box`, under the current transform.
    mutating func resolveClip(_ c: SVGNode, _ box: SVGRect?, _ vp: Viewport) throws(SVGError) -> Clip {
        let key = ObjectIdentifier(c)
        maskingStack.append(key)
        defer { maskingStack.removeLast() }
        var t = Transform.identity
        if let raw = c.declared["transform"] ?? c.attributes["transform"] {
            guard let parsed = try? Transform(svg: raw), parsed.determinant != 0, parsed.isFinite else { return .nothing }
            t = parsed
            if let o = c.declared["transform-origin"] ?? c.attributes["transform-origin"],
               let origin = TransformOrigin.point(o, viewport: vp, fontSize: SVGProperties.defaultFontSize) {
                t = TransformOrigin.apply(t, about: origin)
            }
        }
        if c.attributes["clipPathUnits"] == "objectBoundingBox" {
            guard let box else { return .nothing }
            t = t.concatenating(box.unitTransform)
        }
        // The clipPath's own clip-path, in the element's user space.
        var outer: Clip?
        if let o = maskingTarget(c, "clip-path", "clipPath") {
            outer = try resolveClip(o, box, vp)
            if case .nothing = outer { return .nothing }
        }
        let cp = SVGProperties.computed(for: c, viewportDiagonal: vp.diagonal)
        var parts: [(path: Path, rule: FillRule, transform: Transform, clip: SVGNode?)] = []
        for child in c.children {
            var node = child
            var q = cp.child(declared: child.declared, viewportDiagonal: vp.diagonal)
            var ct = SVGBounds.transform(of: child)
            if child.name == "use" {
                guard let href = child.attributes["href"], href.hasPrefix("#"), let target = ids[String(href.dropFirst())],
                      Self.shapes.contains(target.name), !q.displayNone else { continue }
                func len(_ name: String, _ ref: Double) -> Double {
                    child.attributes[name].flatMap(SVGLength.init)?.resolved(reference: ref, fontSize: q.fontSize) ?? 0
                }
                ct = ct.concatenating(.translation(len("x", vp.width), len("y", vp.height)))
                    .concatenating(SVGBounds.transform(of: target))
                q = q.child(declared: target.declared, viewportDiagonal: vp.diagonal)
                node = target
            }
            if node.name == "text" {
                // Text clips by its glyphs (and decorations), each run of one element a part; a
                // colour glyph's picture is an image, which clips nothing (as usvg has it).
                guard !q.displayNone, let (pieces, _) = textPieces(node, q, vp) else { continue }
                for piece in pieces where piece.props.visible && !piece.path.isEmpty && piece.color?.isPicture != true {
                    parts.append((piece.path, piece.props.clipRule, ct, maskingTarget(child, "clip-path", "clipPath")))
                }
                continue
            }
            guard Self.shapes.contains(node.name), !q.displayNone, q.visible,
                  let path = try SVGShapes.path(of: node, viewport: vp, fontSize: q.fontSize), !path.isEmpty else { continue }
            parts.append((path, q.clipRule, ct, maskingTarget(child, "clip-path", "clipPath")))
        }
        if parts.isEmpty { return .nothing }
        if outer == nil, parts.count == 1, parts[0].clip == nil {
            return .path(parts[0].path.applying(t.concatenating(parts[0].transform)), parts[0].rule)
        }
        let shapes = try record { (d: inout SVGDrawer) throws(SVGError) in
            if let outer { d.beginClipLayer(outer) }
            d.ctx.concatenate(t)
            for part in parts {
                d.ctx.save()
                d.ctx.concatenate(part.transform)
                var inner: Clip?
                if let pc = part.clip {
                    let childBox = SVGShapes.bounds(of: part.path).map {
                        SVGRect(x: Double($0.min.x), y: Double($0.min.y), width: Double($0.max.x - $0.min.x), height: Double($0.max.y - $0.min.y))
                    }
                    inner = try d.resolveClip(pc, childBox, vp)
                }
                switch inner {
                case .nothing: break
                case let .some(i):
                    d.beginClipLayer(i)
                    d.ctx.fill(part.path, paint: .solid(.white), rule: part.rule)
                    d.ctx.endLayer()
                case nil:
                    d.ctx.fill(part.path, paint: .solid(.white), rule: part.rule)
                }
                d.ctx.restore()
            }
        }
        return .mask(LayerMask(.alpha, shapes: shapes))
    }

    /// Begins a layer clipped by `clip` (not `.nothing`).
    mutating func beginClipLayer(_ clip: Clip) {
        switch clip {
        case let .path(p, r): ctx.beginLayer(clip: p, clipRule: r)
        case let .mask(m): ctx.beginLayer(mask: m)
        case .nothing: ctx.beginLayer(clip: Path(), clipRule: .nonzero)
        }
    }

    /// The mask `m` for an element whose bounding box is `box`, then the masks on the mask in
    /// turn; nil when the element draws nothing (a region of no size, objectBoundingBox units
    /// without a box, no children).
    mutating func maskChain(_ m: SVGNode, _ box: SVGRect?, _ vp: Viewport) throws(SVGError) -> [LayerMask]? {
        let key = ObjectIdentifier(m)
        maskingStack.append(key)
        defer { maskingStack.removeLast() }
        let mp = SVGProperties.computed(for: m, viewportDiagonal: vp.diagonal)
        let userUnits = m.attributes["maskUnits"] == "userSpaceOnUse"
        func coordinate(_ name: String, _ def: String, _ ref: Double, _ origin: Double, _ size: Double) -> Double {
            let l = m.attributes[name].flatMap(SVGLength.init) ?? SVGLength(def)!
            if userUnits { return l.resolved(reference: ref, fontSize: mp.fontSize) }
            let fraction = l.unit == .percent ? l.value / 100 : l.value
            return origin + fraction * size
        }
        var region: SVGRect
        if userUnits {
            region = SVGRect(x: coordinate("x", "-10%", vp.width, 0, 0), y: coordinate("y", "-10%", vp.height, 0, 0),
                             width: coordinate("width", "120%", vp.width, 0, 0), height: coordinate("height", "120%", vp.height, 0, 0))
        } else {
            guard let b = box else { return nil }
            region = SVGRect(x: coordinate("x", "-10%", 0, b.x, b.width), y: coordinate("y", "-10%", 0, b.y, b.height),
                             width: coordinate("width", "120%", 0, 0, b.width), height: coordinate("height", "120%", 0, 0, b.height))
        }
        guard region.width > 0, region.height > 0, !m.children.isEmpty else { return nil }
        var content = Transform.identity
        if m.attributes["maskContentUnits"] == "objectBoundingBox" {
            guard let b = box else { return nil }
            content = b.unitTransform
        }
        let kind: LayerMask.Kind = (m.declared["mask-type"] ?? m.attributes["mask-type"])?.trimmingWhitespace() == "alpha"
            ? .alpha : .luminance
        let shapes = try record { (d: inout SVGDrawer) throws(SVGError) in
            d.ctx.beginLayer(clip: region.path)
            d.ctx.concatenate(content)
            for c in m.children { try d.draw(c, parent: mp, viewport: vp, opacity: 1) }
        }
        var chain = [LayerMask(kind, shapes: shapes)]
        if let inner = maskingTarget(m, "mask", "mask") {
            guard let more = try maskChain(inner, box, vp) else { return nil }
            chain += more
        }
        return chain
    }
}

extension SVGDrawer {
    /// A nested svg's or a symbol's viewport clip (its `overflow` is hidden unless `visible` or
    /// `auto`): begins a layer clipped to (0, 0, width, height) in the current user space; true
    /// when one was begun.
    mutating func beginViewportClip(_ n: SVGNode, width: Double, height: Double) -> Bool {
        let overflow = (n.declared["overflow"] ?? n.attributes["overflow"])?.trimmingWhitespace()
        guard overflow != "visible", overflow != "auto" else { return false }
        ctx.beginLayer(clip: SVGRect(x: 0, y: 0, width: width, height: height).path)
        return true
    }
}
