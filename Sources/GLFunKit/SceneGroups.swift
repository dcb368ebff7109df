import GLFunJSONText

// A scene group's layer keys (DESIGN.md "Scene document"): "opacity", "blend", "clip" and
// "mask", validated into `GraphicsContext.beginLayer`'s arguments.

/// A group's "clip" object as read.
struct RawClip {
    var isObject = true
    var path: Field<String> = .missing
    var rule: Field<String> = .missing
    var transform: Field<RawTransform> = .missing
}

/// A group's "mask" object as read.
struct RawMask {
    var isObject = true
    var type: Field<String> = .missing
    var children: Field<[RawShape]> = .missing
}

extension Scene {
    /// How deep groups may nest above a group that needs a layer (each level of layers holds
    /// up to three framebuffers the canvas's size while it is drawn).
    public static let maxLayerDepth = 32
    /// How many groups in a scene may need a layer (each is a few full-canvas framebuffers and
    /// one full-canvas composite a frame).
    public static let maxLayers = 4096

    /// Whether a non-group shape has a group's layer key (an error: only groups take them).
    static func layerKey(of r: RawShape) -> String? {
        if case .value = r.opacity { return "opacity" }
        if case .value = r.blend { return "blend" }
        if case .value = r.clip { return "clip" }
        if case .value = r.mask { return "mask" }
        return nil
    }

    /// Begins the group `r`'s layer on `g` (in the group's user space: its transform is in
    /// force), or a plain save when it needs none.
    static func beginGroup(_ r: RawShape, _ path: String, to g: inout GraphicsContext,
                           _ report: (String, String, SceneError.Kind) -> SceneError) throws(SceneError) {
        func fail(_ key: String, _ message: String) -> SceneError { report(path + "." + key, message, .invalidValue) }
        let opacity = try Scene.opacity(r.opacity) { fail("opacity", $0) }
        var blend = BlendMode.srcOver
        switch r.blend {
        case .missing: break
        case .invalid: throw fail("blend", "expected a blend mode's name")
        case let .value(v):
            guard let m = BlendMode(name: v) else {
                throw fail("blend", "unknown blend mode \(JSONText.excerpt(v)) (expected normal, "
                           + BlendMode.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            blend = m
        }
        var clip: Path?
        var rule = FillRule.nonzero
        switch r.clip {
        case .missing: break
        case .invalid: throw fail("clip", "expected an object {\"path\": \"SVG path data\", \"rule\", \"transform\"}")
        case let .value(c):
            guard c.isObject else { throw fail("clip", "expected an object {\"path\": \"SVG path data\", \"rule\", \"transform\"}") }
            switch c.path {
            case .missing: throw fail("clip.path", "missing")
            case .invalid: throw fail("clip.path", "expected a string of SVG path data")
            case let .value(d):
                do { clip = try Path(svgData: d) } catch { throw fail("clip.path", error.description) }
            }
            switch c.rule {
            case .missing: break
            case .invalid: throw fail("clip.rule", "expected \"nonzero\" or \"evenodd\"")
            case let .value(v):
                guard let k = FillRule(rawValue: v) else {
                    throw fail("clip.rule", "unknown fill rule \(JSONText.excerpt(v)) (expected nonzero or evenodd)")
                }
                rule = k
            }
            if let t = try transform(c.transform, path + ".clip.transform", report) { clip = clip?.applying(t) }
        }
        var mask: LayerMask?
        switch r.mask {
        case .missing: break
        case .invalid: throw fail("mask", "expected an object {\"type\", \"children\"}")
        case let .value(m):
            guard m.isObject else { throw fail("mask", "expected an object {\"type\", \"children\"}") }
            var kind = LayerMask.Kind.luminance
            switch m.type {
            case .missing: break
            case .invalid: throw fail("mask.type", "expected \"luminance\" or \"alpha\"")
            case let .value(v):
                guard let k = LayerMask.Kind(rawValue: v) else {
                    throw fail("mask.type", "unknown mask type \(JSONText.excerpt(v)) (expected luminance or alpha)")
                }
                kind = k
            }
            guard case let .value(children) = m.children else {
                if case .missing = m.children { throw fail("mask.children", "missing") }
                throw fail("mask.children", "expected an array of shapes")
            }
            mask = try g.mask(kind) { (c: inout GraphicsContext) throws(SceneError) in
                for (i, child) in children.enumerated() {
                    try appendShapes(child, path + ".mask.children[\(i)]", to: &c, report)
                    guard c.shapes.count <= Scene.maxShapes else {
                        throw report(path + ".mask", "more than \(Scene.maxShapes) shapes; a scene may have at most that many", .tooLarge)
                    }
                }
            }
        }
        if Layer.isNeeded(opacity: opacity, blend: blend, clip: clip.map { LayerClip(path: $0) }, mask: mask) {
            guard g.layerCount < Scene.maxLayers else {
                throw report(path, "more than \(Scene.maxLayers) groups with opacity, blend, clip or mask", .tooLarge)
            }
            let depth = path.components(separatedBy: "children[").count
            guard depth <= Scene.maxLayerDepth else {
                throw report(path, "groups nest more than \(Scene.maxLayerDepth) deep above a group with opacity, blend, clip or mask", .tooLarge)
            }
        }
        g.beginLayer(opacity: opacity, blend: blend, clip: clip, clipRule: rule, mask: mask)
    }
}
