import GLFunGLES

/// The drawing vocabulary as calls, in the spirit of Blend2D's `BLContext` and nanovg: a state
/// (transform, paints, stroke style, dashes, fill rule) that `save` and `restore` stack, and
/// `fill` and `stroke` of any `Path`, recorded as the `Shape`s the `Renderer` draws. The scene
/// reader's groups draw through it; so can an SVG reader or an app.
///
/// Paths are transformed before they are flattened (`Path.applying`): a fill's coverage is
/// the exact area of the transformed outline, as for a path given in document points. A
/// stroke is dashed in user space (`Path.dashed`), then transformed, its width scaled by the
/// transform's `lengthScale` for a similarity (translate, rotate, uniform scale, mirror); under
/// a skew or an unequal scale it is stroked in user space and its outline transformed and
/// filled (`PathStrokeOutline`), wider one way than the other as SVG's stroke is. Gradients
/// are given in user space and put in document points with the transform in force.
///
/// Recording makes no GL calls; `draw(with:canvas:background:targetHasDepth:)` hands the shapes to a renderer.
public struct GraphicsContext {
    /// What `save` keeps and `restore` brings back.
    public struct State: Equatable, Sendable {
        /// From user space to document points.
        public var transform = Transform.identity
        /// What `fill` paints with when given no paint (default black).
        public var fillPaint = Paint.solid(.black)
        /// What `stroke` paints with when given no paint (default black).
        public var strokePaint = Paint.solid(.black)
        /// Width (user space), join, cap and miter limit of strokes.
        public var strokeStyle = StrokeStyle()
        /// The dash pattern, in user space (empty: solid).
        public var dash: [Float] = []
        /// How far into the pattern each subpath starts.
        public var dashOffset: Float = 0
        /// The fill rule `fill` uses when given none.
        public var fillRule = FillRule.nonzero
        /// Whether fills and strokes are antialiased when the renderer is (false: SVG's
        /// `shape-rendering: crispEdges`, `PathShape.aliased`).
        public var antialias = true
        /// The default state: identity, black paints, a 2-point miter stroke, no dashes, nonzero.
        public init() {}
    }

    /// The state in force.
    public var state = State()
    /// The pixels a document point will be drawn at: with the transform's scale, Skia's
    /// resolution scale, which sets how finely dashes measure curves (`Path.dashed`).
    public var pixelScale = 1.0
    private var stack: [State] = []
    /// Layers begun and not yet ended (`GraphicsContext+Layers`).
    var openLayers: [OpenLayer] = []
    /// How many layers `endLayer` has made (masks' included).
    public internal(set) var layerCount = 0
    /// What has been drawn, in order, in document points (the shapes of an open layer join it
    /// when the layer ends, as one `Shape.layer`).
    public internal(set) var shapes: [Shape] = []

    /// An empty recording, identity transform, black paints.
    public init() {}

    // MARK: - The state stack

    /// Pushes the state (restored by the matching `restore`).
    public mutating func save() { stack.append(state) }

    /// Brings back the state of the last `save`; false (and nothing changed) with none left.
    @discardableResult
    public mutating func restore() -> Bool {
        guard let s = stack.popLast() else { return false }
        state = s
        return true
    }

    /// How many `save`s are not yet restored.
    public var saveDepth: Int { stack.count }

    // MARK: - Transforms (each applies to what is drawn after, before the ones in force)

    /// The transform in force, from user space to document points.
    public var transform: Transform {
        get { state.transform }
        set { state.transform = newValue }
    }
    /// Points drawn after move by (dx, dy) in user space.
    public mutating func translate(_ dx: Double, _ dy: Double) { concatenate(.translation(dx, dy)) }
    /// Turns user space by `radians` (clockwise on screen).
    public mutating func rotate(_ radians: Double) { concatenate(.rotation(radians)) }
    /// Scales user space (sy defaults to sx).
    public mutating func scale(_ sx: Double, _ sy: Double? = nil) { concatenate(.scale(sx, sy)) }
    /// Skews user space by the angles (radians).
    public mutating func skew(x ax: Double, y ay: Double = 0) { concatenate(.skew(x: ax, y: ay)) }
    /// Applies `t` to user space (SVG's `transform` on a group: `t` first, then the rest).
    public mutating func concatenate(_ t: Transform) { state.transform = state.transform.concatenating(t) }

    // MARK: - Drawing

    /// Fills `path` (user space) with `paint` (default `state.fillPaint`) by `rule` (default `state.fillRule`).
    public mutating func fill(_ path: Path, paint: Paint? = nil, rule: FillRule? = nil) {
        let p = path.applying(state.transform)
        append(PathShape(p, paint: .fill(rule ?? state.fillRule), aliased: !state.antialias), paint ?? state.fillPaint)
    }

    /// Strokes `path` (user space) with `paint` (default `state.strokePaint`) in `style`
    /// (default `state.strokeStyle`), dashed by `state.dash` and `state.dashOffset`.
    public mutating func stroke(_ path: Path, paint: Paint? = nil, style: StrokeStyle? = nil) {
        var style = style ?? state.strokeStyle
        let t = state.transform
        let paint = paint ?? state.strokePaint
        // Dashed per pixel by the renderer (StrokeDash) where it can be: the dashes kept whole.
        var kept: StrokeDash?
        if !state.dash.isEmpty, t.isSimilarity, state.antialias, StrokeDash.drawsJoins(of: style), case .solid = paint {
            kept = StrokeDash(state.dash, offset: state.dashOffset, scale: t.lengthScale)
        }
        let dashed = state.dash.isEmpty || kept != nil
            ? path : path.dashed(state.dash, offset: state.dashOffset, resolution: PathMeasure.resolutionScale(of: t) * pixelScale)
        if !t.isSimilarity {
            // Stroked in user space, then transformed (PathStrokeOutline): to a sixteenth of a point.
            guard style.width > 0, style.width.isFinite, t.largestStretch > 0,
                  let outline = dashed.strokeOutline(style, tolerance: 1 / (16 * t.largestStretch)) else { return }
            append(PathShape(outline.applying(t), paint: .fill(.nonzero), aliased: !state.antialias), paint)
            return
        }
        style.width = Float(Double(style.width) * t.lengthScale)
        guard style.width > 0, style.width.isFinite else { return }
        append(PathShape(dashed.applying(t), style: style, dash: kept, aliased: !state.antialias), paint)
    }

    /// Appends a shape as it is, in document points (the transform is not applied): an image,
    /// or a scene's shape drawn under no transform.
    public mutating func append(_ shape: Shape) { shapes.append(shape) }

    private mutating func append(_ p: PathShape, _ paint: Paint) { append(p.shape(color: .white), painted: paint) }

    /// Appends a path's shape (`PathShape.shape`) painted with `paint` under the transform in force.
    mutating func append(_ shape: Shape, painted paint: Paint) {
        var s = shape
        switch paint {
        case let .solid(c):
            s.color = c
        case let .gradient(g):
            s.color = .white
            s.gradient = g.transformed(by: state.transform)
        case let .pattern(pat):
            s.color = Color(1, 1, 1, pat.opacity)
            s.pattern = pat.transformed(by: state.transform)
        }
        shapes.append(s)
    }

    /// Draws what was recorded (`Renderer.draw`): clears to `background` (nil keeps the target).
    public func draw(with renderer: Renderer, canvas: Canvas, background: Color?, targetHasDepth: Bool,
                     view: ViewTransform = .identity) throws(GLESError) {
        try renderer.draw(shapes, canvas: canvas, background: background, targetHasDepth: targetHasDepth, view: view)
    }
}
