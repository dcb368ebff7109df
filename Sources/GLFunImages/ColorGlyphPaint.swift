// Colour fonts' COLRv1 glyphs as values: a glyph's paint graph (layers, solid colours, linear,
// radial and sweep gradients, glyph outlines as clips, transforms, compositing), read whole from
// the font (`TextShaper.colorPaint(of:in:)`, ColorGlyphPaintReader) with every reference to
// another colour glyph put in its place, so that a drawing layer can walk it without FreeType.
// What it is not: a renderer (GLFunKit draws it on its canvas: `GraphicsContext.paintColorGlyph`).
// Coordinates are font units, y up from the baseline, as the font says them.

/// A colour in a COLRv1 graph: a palette entry (straight red, green, blue, alpha) times `alpha`,
/// or the text's own colour (palette index 0xFFFF) times `alpha`.
public struct ColorGlyphColor: Equatable, Hashable, Sendable {
    /// Straight 0...1 components of the palette entry; nil: the text's own colour.
    public var rgba: SIMD4<Float>?
    /// The graph's alpha for this use of the colour, 0...1.
    public var alpha: Float

    /// A palette entry's colour (or the text's own, nil) at `alpha`.
    public init(rgba: SIMD4<Float>?, alpha: Float) {
        self.rgba = rgba
        self.alpha = alpha
    }
}

/// How a COLRv1 gradient goes on past its colour line's ends.
public enum ColorGlyphExtend: Equatable, Hashable, Sendable {
    case pad, `repeat`, reflect
}

/// A gradient's colour line: stops in the font's order (offsets may lie outside 0...1, as
/// COLRv1 allows) and how it extends.
public struct ColorGlyphLine: Equatable, Hashable, Sendable {
    /// The stops in the font's order.
    public var stops: [(offset: Float, color: ColorGlyphColor)]
    /// Past the first and last stops.
    public var extend: ColorGlyphExtend

    /// A colour line of `stops`, extended by `extend`.
    public init(stops: [(offset: Float, color: ColorGlyphColor)], extend: ColorGlyphExtend) {
        self.stops = stops
        self.extend = extend
    }

    /// Equal stops (offset and colour, in order) and extend.
    public static func == (a: ColorGlyphLine, b: ColorGlyphLine) -> Bool {
        a.extend == b.extend && a.stops.count == b.stops.count
            && zip(a.stops, b.stops).allSatisfy { $0.offset == $1.offset && $0.color == $1.color }
    }

    /// Hashes what `==` compares.
    public func hash(into h: inout Hasher) {
        h.combine(extend)
        for s in stops {
            h.combine(s.offset)
            h.combine(s.color)
        }
    }
}

/// An affine map of font units: x' = xx x + xy y + dx, y' = yx x + yy y + dy (FreeType's
/// FT_Affine23, COLRv1's Affine2x3).
public struct ColorGlyphAffine: Equatable, Hashable, Sendable {
    /// The coefficients: x' = xx x + xy y + dx, y' = yx x + yy y + dy.
    public var xx: Double, yx: Double, xy: Double, yy: Double, dx: Double, dy: Double

    /// The map of these coefficients.
    public init(xx: Double, yx: Double, xy: Double, yy: Double, dx: Double, dy: Double) {
        (self.xx, self.yx, self.xy, self.yy, self.dx, self.dy) = (xx, yx, xy, yy, dx, dy)
    }

    /// `self` after `other` (points go through `other` first).
    public func concatenating(_ o: ColorGlyphAffine) -> ColorGlyphAffine {
        ColorGlyphAffine(xx: xx * o.xx + xy * o.yx, yx: yx * o.xx + yy * o.yx,
                         xy: xx * o.xy + xy * o.yy, yy: yx * o.xy + yy * o.yy,
                         dx: xx * o.dx + xy * o.dy + dx, dy: yx * o.dx + yy * o.dy + dy)
    }

    /// Every point where it is.
    public static let identity = ColorGlyphAffine(xx: 1, yx: 0, xy: 0, yy: 1, dx: 0, dy: 0)
}

/// How PaintComposite puts its source on its backdrop (the W3C compositing spec's Porter-Duff
/// operators and blend modes, in COLRv1's order).
public enum ColorGlyphComposite: Int, Equatable, Hashable, Sendable, CaseIterable {
    case clear, src, dest, srcOver, destOver, srcIn, destIn, srcOut, destOut, srcAtop, destAtop, xor, plus
    case screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight, difference, exclusion
    case multiply, hue, saturation, color, luminosity
}

/// A COLRv1 glyph's paint graph, every PaintColrGlyph replaced by the graph it names and every
/// translate, scale, rotate and skew said as a `transform`.
public indirect enum ColorGlyphPaint: Equatable, Hashable, Sendable {
    /// Painted in order, each over the ones before (src-over).
    case layers([ColorGlyphPaint])
    /// One colour everywhere (inside the clips around it).
    case solid(ColorGlyphColor)
    /// Colour constant along lines parallel to p0-p2; at p0 the line's 0, at p1 projected
    /// onto the normal of p0-p2, its 1.
    case linear(p0: SIMD2<Double>, p1: SIMD2<Double>, p2: SIMD2<Double>, line: ColorGlyphLine)
    /// Two-point conical: the line's 0 on circle (c0, r0), its 1 on circle (c1, r1).
    case radial(c0: SIMD2<Double>, r0: Double, c1: SIMD2<Double>, r1: Double, line: ColorGlyphLine)
    /// Round `center`: the line's 0 at `start` degrees, its 1 at `end` (counter-clockwise, y up).
    case sweep(center: SIMD2<Double>, start: Double, end: Double, line: ColorGlyphLine)
    /// `paint` inside the outline of glyph `glyph` of the same face.
    case glyph(UInt32, ColorGlyphPaint)
    /// `paint` drawn through `transform`.
    case transform(ColorGlyphAffine, ColorGlyphPaint)
    /// `source` put on `backdrop` by `mode`, as one isolated group.
    case composite(source: ColorGlyphPaint, mode: ColorGlyphComposite, backdrop: ColorGlyphPaint)

    /// At most this many paint tables are read for one glyph (a graph may name a table many
    /// times: a hostile font could make a small table read as 2^depth); past it the glyph has
    /// no COLRv1 graph (its outline or COLRv0 layers stand for it).
    public static let maxNodes = 16_384
    /// Paint tables nested at most this deep.
    public static let maxDepth = 64

    /// Whether the text's own colour appears anywhere in the graph.
    public var usesForeground: Bool {
        func uses(_ l: ColorGlyphLine) -> Bool { l.stops.contains { $0.color.rgba == nil } }
        switch self {
        case let .layers(l): return l.contains { $0.usesForeground }
        case let .solid(c): return c.rgba == nil
        case let .linear(_, _, _, line), let .radial(_, _, _, _, line), let .sweep(_, _, _, line): return uses(line)
        case let .glyph(_, p), let .transform(_, p): return p.usesForeground
        case let .composite(s, _, b): return s.usesForeground || b.usesForeground
        }
    }
}
