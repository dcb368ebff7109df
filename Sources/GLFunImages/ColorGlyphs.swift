internal import CFreeType

// Colour fonts' COLRv0 glyphs: a base glyph drawn as other glyphs of the face (layers, bottom
// first), each filled with a colour of the face's first palette (CPAL) or with the text's
// own paint (index 0xFFFF). FreeType 2.12's FT_Get_Color_Glyph_Layer and FT_Palette_Select.

/// One layer of a colour glyph: a glyph of the same face, filled with `color`.
public struct ColorGlyphLayer: Equatable, Sendable {
    /// The layer's glyph (its outline: `TextShaper.outline(of:in:)`).
    public let glyph: UInt32
    /// Straight (not premultiplied) red, green, blue, alpha; nil: the text's own fill.
    public let color: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)?

    /// Equal glyphs with equal colours (or both the text's own fill).
    public static func == (a: ColorGlyphLayer, b: ColorGlyphLayer) -> Bool {
        guard a.glyph == b.glyph else { return false }
        switch (a.color, b.color) {
        case (nil, nil): return true
        case let (x?, y?): return x == y
        default: return false
        }
    }
}

extension TextShaper {
    /// The COLRv0 layers of `glyph` in `face` (a face `shape` returned), bottom first; empty
    /// when the glyph is not a colour one (or the face has no COLR table).
    public static func colorLayers(of glyph: UInt32, in face: ShapedFace) -> [ColorGlyphLayer] {
        shapingFonts.withLock { fonts -> [ColorGlyphLayer] in
            guard let f = fonts.face(face), glfun_ft_has_color(f.ftFace) != 0 else { return [] }
            let palette = firstPalette(f.ftFace)
            var layers: [ColorGlyphLayer] = []
            var iterator = FT_LayerIterator()
            var layerGlyph: FT_UInt = 0, colorIndex: FT_UInt = 0
            while FT_Get_Color_Glyph_Layer(f.ftFace, glyph, &layerGlyph, &colorIndex, &iterator) != 0 {
                guard layers.count < 4096 else { break }
                var color: (UInt8, UInt8, UInt8, UInt8)?
                if colorIndex != 0xFFFF, colorIndex < palette.count {
                    let c = palette[Int(colorIndex)]
                    color = (c.red, c.green, c.blue, c.alpha)
                }
                layers.append(ColorGlyphLayer(glyph: UInt32(layerGlyph), color: color))
            }
            return layers
        }
    }

    /// The entries of the face's first CPAL palette (none without one), for COLRv0 layers and
    /// COLRv1 graphs alike.
    static func firstPalette(_ face: FT_Face) -> [FT_Color] {
        var data = FT_Palette_Data()
        var entries: UnsafeMutablePointer<FT_Color>?
        guard FT_Palette_Data_Get(face, &data) == 0, data.num_palettes > 0, FT_Palette_Select(face, 0, &entries) == 0,
              let entries else { return [] }
        return Array(UnsafeBufferPointer(start: entries, count: Int(data.num_palette_entries)))
    }
}

extension ShapedGlyph {
    /// The same placement with another glyph of the face (a colour glyph's layer).
    public func replacingGlyph(_ other: UInt32) -> ShapedGlyph {
        ShapedGlyph(face: face, glyph: other, x: x, y: y, cluster: cluster)
    }
}
