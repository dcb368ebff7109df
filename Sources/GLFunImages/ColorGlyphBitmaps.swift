internal import CFreeType

// Colour fonts' bitmap glyphs (CBDT/CBLC, as Noto Color Emoji's, and sbix): a glyph is a
// picture at a few sizes (strikes) in the font; FreeType decodes the largest strike's
// (FT_Select_Size, FT_Load_Glyph with FT_LOAD_COLOR: premultiplied BGRA), and the text drawing
// scales it to the text's size as an image (`ImagePattern`).

/// A colour glyph's picture and where it goes: premultiplied RGBA, rows top first, placed
/// with its top-left corner at (`left`, -`top`) from the glyph's origin on the baseline, in
/// font units (y down from the baseline, as shaped glyphs are placed), each pixel
/// `unitsPerPixel` font units square.
public struct ColorGlyphBitmap: Equatable, Sendable {
    /// The picture's size in pixels.
    public let width: Int, height: Int
    /// Premultiplied RGBA, `width` x `height`, rows top first.
    public let rgba: [UInt8]
    /// The picture's left edge right of the glyph's origin, in font units.
    public let left: Float
    /// The picture's top edge above the baseline, in font units.
    public let top: Float
    /// Font units a pixel of the picture covers (the face's units per em over the strike's
    /// pixels per em).
    public let unitsPerPixel: Float
}

extension TextShaper {
    /// The largest picture colour-bitmap font `face` holds for `glyph` (a face `shape`
    /// returned); nil when the face has no colour strikes or the glyph no picture in them.
    /// Bounded: a picture of at most 1024 x 1024 pixels.
    public static func colorBitmap(of glyph: UInt32, in face: ShapedFace) -> ColorGlyphBitmap? {
        shapingFonts.withLock { fonts -> ColorGlyphBitmap? in
            guard let f = fonts.face(face), glfun_ft_has_color(f.ftFace) != 0, glfun_ft_has_fixed_sizes(f.ftFace) != 0
            else { return nil }
            let ft = f.ftFace
            let count = Int(ft.pointee.num_fixed_sizes)
            guard count > 0, let sizes = ft.pointee.available_sizes else { return nil }
            var best = 0
            for i in 1..<max(count, 1) where sizes[i].y_ppem > sizes[best].y_ppem { best = i }
            let ppem = Float(sizes[best].y_ppem) / 64
            guard ppem > 0, FT_Select_Size(ft, FT_Int(best)) == 0,
                  FT_Load_Glyph(ft, glyph, FT_Int32(FT_LOAD_COLOR)) == 0, let slot = ft.pointee.glyph,
                  slot.pointee.format == FT_GLYPH_FORMAT_BITMAP else { return nil }
            let b = slot.pointee.bitmap
            let w = Int(b.width), h = Int(b.rows), pitch = Int(b.pitch)
            guard b.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), w > 0, h > 0, w <= 1024, h <= 1024,
                  pitch >= 4 * w, let src = b.buffer else { return nil }
            var rgba = [UInt8](repeating: 0, count: w * h * 4)
            for y in 0..<h {
                for x in 0..<w {
                    let s = y * pitch + 4 * x, d = 4 * (y * w + x)
                    rgba[d] = src[s + 2]
                    rgba[d + 1] = src[s + 1]
                    rgba[d + 2] = src[s]
                    rgba[d + 3] = src[s + 3]
                }
            }
            let unit = Float(face.unitsPerEm) / ppem
            let (left, top) = (Float(slot.pointee.bitmap_left) * unit, Float(slot.pointee.bitmap_top) * unit)
            let (dx, dy) = sbixOutlineShift(ft, glyph)
            return ColorGlyphBitmap(width: w, height: h, rgba: rgba, left: left + dx, top: top + dy, unitsPerPixel: unit)
        }
    }

    /// An sbix picture's origin is the lower left of its glyph's outline box where the glyph has
    /// an outline (Apple's sbix, as usvg and FreeType's TrueType driver place it); FreeType's
    /// CFF driver leaves it on the glyph's origin: the outline box's corner, in font units, for
    /// a CFF face's sbix glyph with an outline, else none.
    private static func sbixOutlineShift(_ ft: FT_Face, _ glyph: UInt32) -> (Float, Float) {
        var length: FT_ULong = 0
        let sbix = FT_ULong(0x7362_6978)  // 'sbix'
        guard FT_Load_Sfnt_Table(ft, sbix, 0, nil, &length) == 0, length > 0,
              let format = FT_Get_Font_Format(ft), String(cString: format) == "CFF",
              FT_Load_Glyph(ft, glyph, FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_BITMAP)) == 0,
              let slot = ft.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE,
              slot.pointee.outline.n_points > 0 else { return (0, 0) }
        var box = FT_BBox()
        FT_Outline_Get_CBox(&slot.pointee.outline, &box)
        return (Float(box.xMin), Float(box.yMin))
    }
}

