// The values `FontCache` (TextFonts.swift) hands `TextRasterizer`: a font file, a glyph's
// coverage bitmap, and a string laid out in lines of placed glyphs.

/// A font file fontconfig named: its path and the face inside it (a TrueType
/// collection holds several).
struct FontFile: Hashable, Sendable {
    let path: String
    let index: Int
}

/// One glyph rasterized by FreeType (FT_LOAD_RENDER, 8-bit antialiased), with its advance.
struct GlyphBitmap: Sendable {
    /// From the pen to the bitmap's left column, and from the baseline up to its top row.
    let left: Int
    let top: Int
    let width: Int
    let rows: Int
    /// How far the pen moves, in 26.6 fixed point (1/64 pixel).
    let advance: Int
    /// width * rows coverage bytes, rows top to bottom.
    let coverage: [UInt8]
}

/// A glyph on a line, its pen position in pixels from the line's origin.
struct PlacedGlyph: Sendable {
    let x: Int
    let glyph: GlyphBitmap
}

/// One line of text: its glyphs and its width, the pen's travel rounded up to a
/// pixel. Ink past the advances (an italic's tail, a `j` reaching left) is not
/// counted, so widths are the font's metrics: equal for equal advances, as in a
/// monospaced font, and what UIKit's sizeWithFont: measured.
struct LineLayout: Sendable {
    var glyphs: [PlacedGlyph] = []
    var width = 0
}

/// Lines of glyphs with the primary face's metrics: what `render` draws and `measure` sizes.
struct TextLayout: Sendable {
    let lines: [LineLayout]
    let ascent: Int
    let lineHeight: Int
    let usedFonts: [String]
    /// The tight box: the widest line (at least 1 pixel), every line's height.
    var width: Int { max(1, lines.map(\.width).max() ?? 0) }
    var height: Int { lines.count * lineHeight }
}
