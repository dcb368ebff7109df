/// What fills or strokes a path: one colour, a gradient or an image pattern (nanovg's `NVGpaint`, Blend2D's
/// `BLGradient`): a value the renderer hands to its gradient program as a few uniforms and a
/// ramp texture, multiplied by the path's coverage, so antialiasing stays what it is.
public enum Paint: Equatable, Hashable, Sendable {
    /// One colour (straight alpha).
    case solid(Color)
    /// A linear, radial or conic gradient.
    case gradient(Gradient)
    /// An image, repeated or not (`ImagePattern`).
    case pattern(ImagePattern)

    /// Whether every pixel it paints is opaque.
    public var isOpaque: Bool {
        switch self {
        case let .solid(c): return c.isOpaque
        case let .gradient(g): return g.isOpaque
        case let .pattern(p): return p.isOpaque
        }
    }
}

/// How a gradient goes on past its ends (SVG's `spreadMethod`).
public enum GradientSpread: String, Sendable, CaseIterable {
    /// The end colours go on (SVG's default).
    case pad
    /// The ramp starts again: t - floor(t).
    case `repeat`
    /// The ramp goes back and forth: 0→1, 1→0, ...
    case reflect
}

/// A colour at an offset of a gradient's ramp.
public struct GradientStop: Equatable, Hashable, Sendable {
    /// Where on the ramp, 0...1.
    public var offset: Float
    /// The colour there (straight alpha); between stops colours are mixed linearly, unpremultiplied, as SVG 1.1 does.
    public var color: Color
    /// `color` at `offset`.
    public init(_ offset: Float, _ color: Color) {
        self.offset = offset
        self.color = color
    }
}

/// A gradient: its geometry in its own space, which `transform` (SVG's `gradientTransform`)
/// takes to the space the path is drawn in; `Canvas`-style callers give both in user space and
/// the drawing context folds its current transform in (`transformed(by:)`).
///
/// A final class, immutable: a shape holds one pointer to it, and the renderer keeps the ramp
/// texture of equal stops once.
public final class Gradient: Equatable, Hashable, @unchecked Sendable {
    /// The geometry.
    public enum Kind: Equatable, Hashable, Sendable {
        /// t = 0 at `from`, 1 at `to`, constant across the line between them.
        case linear(from: Point, to: Point)
        /// Two-point conical (SVG 2's radialGradient, Skia's): t = 1 on the circle (`center`,
        /// `radius`), 0 at the focal circle (`focal`, `focalRadius`), and beyond and in between
        /// on the circles that extrapolate and interpolate them, the largest t with a radius >= 0
        /// wins; the focal circle may be the larger or lie outside (outside the cone: nothing).
        case radial(center: Point, radius: Float, focal: Point, focalRadius: Float)
        /// Conic (sweep, CSS's conic-gradient): t goes once round `center`, 0 at `angle`
        /// (radians from the +x axis, clockwise on screen as y is down) up to 1 just before it.
        case conic(center: Point, angle: Float)
    }
    /// Linear or radial, and where.
    public let kind: Kind
    /// At least one stop, offsets ascending (made so by `init`: clamped to 0...1, each at least the one before, as SVG says).
    public let stops: [GradientStop]
    /// What happens past the ends.
    public let spread: GradientSpread
    /// From the gradient's own space to the drawing's.
    public let transform: Transform

    /// A gradient; `stops` are sorted into SVG's order (each offset clamped to 0...1 and to at
    /// least the one before). No stops: transparent black throughout.
    public init(_ kind: Kind, stops: [GradientStop], spread: GradientSpread = .pad, transform: Transform = .identity) {
        self.kind = kind
        var s: [GradientStop] = []
        var last: Float = 0
        for stop in stops {
            let o = max(last, min(max(stop.offset.isFinite ? stop.offset : 0, 0), 1))
            s.append(GradientStop(o, stop.color))
            last = o
        }
        self.stops = s.isEmpty ? [GradientStop(0, Color(0, 0, 0, 0))] : s
        self.spread = spread
        self.transform = transform
    }

    /// A linear gradient from `from` (offset 0) to `to` (offset 1).
    public static func linear(from: Point, to: Point, stops: [GradientStop], spread: GradientSpread = .pad,
                              transform: Transform = .identity) -> Gradient {
        Gradient(.linear(from: from, to: to), stops: stops, spread: spread, transform: transform)
    }

    /// A radial gradient, its focal point `focal` (default: the centre).
    public static func radial(center: Point, radius: Float, focal: Point? = nil, focalRadius: Float = 0,
                              stops: [GradientStop], spread: GradientSpread = .pad,
                              transform: Transform = .identity) -> Gradient {
        Gradient(.radial(center: center, radius: radius, focal: focal ?? center, focalRadius: focalRadius),
                 stops: stops, spread: spread, transform: transform)
    }

    /// A conic (sweep) gradient round `center`, starting at `angle` radians (clockwise from +x).
    public static func conic(center: Point, angle: Float = 0, stops: [GradientStop], spread: GradientSpread = .pad,
                             transform: Transform = .identity) -> Gradient {
        Gradient(.conic(center: center, angle: angle), stops: stops, spread: spread, transform: transform)
    }

    /// The same gradient with `t` applied after its own transform (how a drawing context puts
    /// it in document points).
    public func transformed(by t: Transform) -> Gradient {
        t == .identity ? self : Gradient(kind, stops: stops, spread: spread, transform: t.concatenating(transform))
    }

    /// Whether every stop is opaque.
    public var isOpaque: Bool { stops.allSatisfy { $0.color.isOpaque } }

    /// Whether it paints every pixel opaque: every stop opaque, its transform invertible, and,
    /// radial, its focal circle well inside the end circle (else the cone leaves pixels
    /// unpainted, SVG 2). Such a fill's core may be drawn unblended (the renderer's opaque pass).
    public var isOpaqueEverywhere: Bool {
        guard isOpaque, transform.inverted != nil else { return false }
        if case let .radial(center, radius, focal, focalRadius) = kind {
            let dx = Double(center.x - focal.x), dy = Double(center.y - focal.y)
            return radius.isFinite && focalRadius >= 0
                && (dx * dx + dy * dy).squareRoot() + Double(focalRadius) < 0.99 * Double(radius)
        }
        return true
    }

    /// The colour at ramp position `t` (after the spread), mixing the stops about it.
    public func color(at t: Float) -> Color {
        guard let first = stops.first, let last = stops.last else { return Color(0, 0, 0, 0) }
        if t <= first.offset { return first.color }
        if t >= last.offset { return last.color }
        var i = 1
        while stops[i].offset < t { i += 1 }
        let s0 = stops[i - 1], s1 = stops[i]
        let span = s1.offset - s0.offset
        return s0.color.mixed(with: s1.color, span > 0 ? (t - s0.offset) / span : 1)
    }

    /// Equal when kind, stops, spread and transform are.
    public static func == (a: Gradient, b: Gradient) -> Bool {
        a === b || (a.kind == b.kind && a.stops == b.stops && a.spread == b.spread && a.transform == b.transform)
    }

    /// Hashes what `==` compares.
    public func hash(into h: inout Hasher) {
        h.combine(kind)
        h.combine(stops)
        h.combine(spread)
        h.combine(transform)
    }
}
