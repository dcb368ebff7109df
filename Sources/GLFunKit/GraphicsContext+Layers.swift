/// Layers on the drawing context (skia's saveLayer, Blend2D's and the HTML canvas's
/// globalAlpha and globalCompositeOperation for a group): `beginLayer` saves the state and
/// starts a group; `endLayer` ends it and restores the state. A group that needs a layer
/// (opacity below 1, a blend mode other than src-over, a clip or a mask) becomes one
/// `Shape.layer` in `shapes`; any other group's shapes are appended as they are, so a plain
/// group draws exactly as if it were not there.
extension GraphicsContext {
    /// A group begun and not yet ended.
    struct OpenLayer {
        var outer: [Shape]
        var opacity: Float
        var blend: BlendMode
        var clip: LayerClip?
        var mask: LayerMask?
        var saveDepth: Int
        var isolated = false
    }

    /// Saves the state and starts a group, drawn when `endLayer` ends it: times `opacity`
    /// (0...1; the group is one layer of paint), onto what is under it by `blend`, only inside
    /// `clip` (user space, under the transform in force now; filled by `clipRule`, its exact
    /// coverage), times `mask` (from `mask(_:_:)`). Clips of nested groups intersect.
    /// `isolated` (CSS's `isolation: isolate`): a layer even when plain, if what it holds blends
    /// by a mode other than src-over (which then blends with the group's transparency).
    public mutating func beginLayer(opacity: Float = 1, blend: BlendMode = .srcOver, clip: Path? = nil,
                                    clipRule: FillRule = .nonzero, mask: LayerMask? = nil, isolated: Bool = false) {
        let c = clip.map { LayerClip(path: $0.applying(state.transform), rule: clipRule) }
        save()
        openLayers.append(OpenLayer(outer: shapes, opacity: opacity, blend: blend, clip: c, mask: mask,
                                    saveDepth: saveDepth, isolated: isolated))
        shapes = []
    }

    /// Ends the last group begun (restoring the state of its `beginLayer`, and any `save`s
    /// since left open); false (nothing changed) with none open.
    @discardableResult
    public mutating func endLayer() -> Bool {
        guard let open = openLayers.popLast() else { return false }
        while saveDepth >= open.saveDepth { restore() }
        let inner = shapes
        shapes = open.outer
        if Layer.isNeeded(opacity: open.opacity, blend: open.blend, clip: open.clip, mask: open.mask)
            || open.isolated && inner.contains(where: { $0.layer.map { $0.blend != .srcOver } ?? false }) {
            layerCount += 1
            shapes.append(.layer(Layer(shapes: inner, opacity: open.opacity, blend: open.blend, clip: open.clip,
                                       mask: open.mask)))
        } else {
            shapes.append(contentsOf: inner)
        }
        return true
    }

    /// How many groups are begun and not yet ended.
    public var layerDepth: Int { openLayers.count }

    /// A mask: what `body` draws on a context that starts with this one's state (so its
    /// transform), as alpha or luminance, for `beginLayer(mask:)`.
    public mutating func mask<E: Error>(_ kind: LayerMask.Kind,
                                        _ body: (inout GraphicsContext) throws(E) -> Void) throws(E) -> LayerMask {
        var c = GraphicsContext()
        c.state = state
        c.layerCount = layerCount
        try body(&c)
        while c.endLayer() {}
        layerCount = c.layerCount
        return LayerMask(kind, shapes: c.shapes)
    }
}
