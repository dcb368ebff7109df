internal import CFreeType

/// A glyph's outline as FreeType gives it (FT_Outline_Decompose), in font units with y up,
/// the origin on the baseline at the pen: contours of lines and quadratic (TrueType) or
/// cubic (CFF) Béziers, each closed. Filled nonzero.
public struct GlyphOutline: Equatable, Sendable {
    /// One step of a contour (points in font units, y up).
    public enum Segment: Equatable, Sendable {
        case move(x: Float, y: Float)
        case line(x: Float, y: Float)
        case quad(cx: Float, cy: Float, x: Float, y: Float)
        case cubic(c1x: Float, c1y: Float, c2x: Float, c2y: Float, x: Float, y: Float)
        case close
    }
    /// The contours, each a move, then its segments, then a close.
    public var segments: [Segment]
}

extension TextShaper {
    /// The outline of glyph `glyph` of `face` (a face that `shape` returned), unhinted, in font
    /// units (FT_Load_Glyph with FT_LOAD_NO_SCALE, then FT_Outline_Decompose). Empty for a
    /// glyph with no ink (a space) or a bitmap-only one.
    /// - Throws: `FontError.font` when the face is not one shaping opened or the glyph does not load.
    public static func outline(of glyph: UInt32, in face: ShapedFace) throws(FontError) -> GlyphOutline {
        try shapingFonts.withLock { (fonts) throws(FontError) -> GlyphOutline in
            guard let f = fonts.face(face) else {
                throw .font(reason: "\(face.path) (face \(face.index)) was not opened by shaping")
            }
            let flags = FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP
            let err = FT_Load_Glyph(f.ftFace, glyph, FT_Int32(flags))
            guard err == 0, let slot = f.ftFace.pointee.glyph else {
                throw .font(reason: "FT_Load_Glyph(glyph \(glyph) of \(face.path)) failed: \(freeTypeError(err))")
            }
            guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return GlyphOutline(segments: []) }
            return decompose(&slot.pointee.outline)
        }
    }

    private final class Sink {
        var segments: [GlyphOutline.Segment] = []
        var open = false
    }

    private static func decompose(_ outline: inout FT_Outline) -> GlyphOutline {
        let sink = Sink()
        var funcs = FT_Outline_Funcs()
        funcs.move_to = { to, user in
            let s = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
            if s.open { s.segments.append(.close) }
            s.open = true
            s.segments.append(.move(x: Float(to!.pointee.x), y: Float(to!.pointee.y)))
            return 0
        }
        funcs.line_to = { to, user in
            let s = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
            s.segments.append(.line(x: Float(to!.pointee.x), y: Float(to!.pointee.y)))
            return 0
        }
        funcs.conic_to = { c, to, user in
            let s = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
            s.segments.append(.quad(cx: Float(c!.pointee.x), cy: Float(c!.pointee.y),
                                    x: Float(to!.pointee.x), y: Float(to!.pointee.y)))
            return 0
        }
        funcs.cubic_to = { c1, c2, to, user in
            let s = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
            s.segments.append(.cubic(c1x: Float(c1!.pointee.x), c1y: Float(c1!.pointee.y),
                                     c2x: Float(c2!.pointee.x), c2y: Float(c2!.pointee.y),
                                     x: Float(to!.pointee.x), y: Float(to!.pointee.y)))
            return 0
        }
        funcs.shift = 0
        funcs.delta = 0
        let user = Unmanaged.passUnretained(sink).toOpaque()
        let err = withExtendedLifetime(sink) { FT_Outline_Decompose(&outline, &funcs, user) }
        if err != 0 { return GlyphOutline(segments: []) }
        if sink.open { sink.segments.append(.close) }
        return GlyphOutline(segments: sink.segments)
    }
}
