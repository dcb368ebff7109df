/// A group drawn into a layer of its own (skia's saveLayer): its shapes are drawn into an
/// offscreen target the size of the canvas (bounded by the scissor to the pixels it can
/// change, `LayerBounds`), cleared to transparent, which is then put onto
/// what is under it times `opacity` and the mask, through `blend`, inside the clip. Made by
/// `GraphicsContext.beginLayer`/`endLayer`; a `Shape` carries it (`Shape.layer`).
///
/// A final class, immutable: a shape holds one pointer.
public final class Layer: Equatable, @unchecked Sendable {
    /// What is drawn in the layer, in document points (layers may nest).
    public let shapes: [Shape]
    /// Multiplies the layer (0...1; group opacity: overlapping shapes are one layer of paint).
    public let opacity: Float
    /// How the layer goes onto its backdrop.
    public let blend: BlendMode
    /// Where the layer may change the backdrop, in document points (nil: everywhere).
    public let clip: LayerClip?
    /// What multiplies the layer (nil: nothing).
    public let mask: LayerMask?

    /// A layer of `shapes`; `opacity` is clamped to 0...1 (not finite: 1).
    public init(shapes: [Shape], opacity: Float = 1, blend: BlendMode = .srcOver, clip: LayerClip? = nil,
                mask: LayerMask? = nil) {
        self.shapes = shapes
        self.opacity = opacity.isFinite ? min(max(opacity, 0), 1) : 1
        self.blend = blend
        self.clip = clip
        self.mask = mask
    }

    /// Whether a group with these settings needs a layer at all (a plain group draws directly).
    public static func isNeeded(opacity: Float, blend: BlendMode, clip: LayerClip?, mask: LayerMask?) -> Bool {
        opacity < 1 || blend != .srcOver || clip != nil || mask != nil
    }

    /// Equal when shapes, opacity, blend, clip and mask are.
    public static func == (a: Layer, b: Layer) -> Bool {
        a === b || (a.opacity == b.opacity && a.blend == b.blend && a.clip == b.clip && a.mask == b.mask
                    && a.shapes == b.shapes)
    }
}

/// A clip: a path's exact coverage by its fill rule (antialiased when the renderer is). The
/// layer changes the backdrop by that share: result = backdrop + coverage × (composite - backdrop).
public struct LayerClip: Equatable, Sendable {
    /// The outline, in document points.
    public var path: Path
    /// How it is filled.
    public var rule: FillRule
    /// A clip to `path` (document points) by `rule`.
    public init(path: Path, rule: FillRule = .nonzero) {
        self.path = path
        self.rule = rule
    }
}

/// A mask: shapes drawn into a layer of their own, whose alpha, or luminance
/// (0.2125 R + 0.7154 G + 0.0721 B of its premultiplied sRGB values, SVG's coefficients),
/// multiplies the layer.
public struct LayerMask: Equatable, Sendable {
    /// What of the mask's pixels is used.
    public enum Kind: String, Sendable, CaseIterable {
        /// Alpha.
        case alpha
        /// Luminance times alpha (SVG's default).
        case luminance
    }
    /// Alpha or luminance.
    public var kind: Kind
    /// The mask's shapes, in document points.
    public var shapes: [Shape]
    /// A mask of `shapes` by `kind`.
    public init(_ kind: Kind, shapes: [Shape]) {
        self.kind = kind
        self.shapes = shapes
    }
}

extension Shape {
    /// A shape that stands for `layer` in a list of shapes: an empty, transparent rect (code
    /// that does not know layers draws nothing for it) whose `layer` the renderer draws.
    public static func layer(_ layer: Layer) -> Shape {
        var s = Shape(kind: .rect, from: .zero, to: .zero, color: Color(0, 0, 0, 0))
        s.layer = layer
        return s
    }
}
