// Text as pictures (GLES's `Texture2D(text:)` turns them into textures), the classic sample's
// Texture2D initWithString:dimensions:alignment:fontName:fontSize: on Linux: fontconfig finds the font, FreeType
// rasterizes the glyphs to 8-bit coverage, and the lines are laid out left to
// right with the font's advances and kerning. This does not shape text (no
// HarfBuzz: no ligatures, no right-to-left runs, no mark positioning beyond what
// a font's advances give) and does not wrap lines: lines break only at "\n".

/// How each line sits horizontally in the image.
public enum TextAlignment: Sendable {
    case left, center, right
}

/// Text rasterized to 8-bit coverage (A8), rows top to bottom.
public struct TextImage: Sendable, Equatable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// width * height coverage bytes: 0 is no ink, 255 full ink.
    public var pixels: [UInt8]
    /// Pixels from the top to the first baseline.
    public let ascent: Int
    /// Pixels from one baseline to the next (the primary face's height, at least ascent + descent).
    public let lineHeight: Int
    /// File paths of the faces used: the primary (the font matched for the name) first,
    /// then each fallback face in the order it was first needed.
    public let usedFonts: [String]

    /// The coverage at (x, y), top-left origin.
    public subscript(x: Int, y: Int) -> UInt8 {
        pixels[y * width + x]
    }
}

/// Lays out and rasterizes text with fontconfig and FreeType. Fonts, faces and
/// glyphs are made once and kept, behind a lock; any thread may call.
public enum TextRasterizer {
    /// Font sizes accepted, in pixels.
    public static let sizeRange: ClosedRange<Float> = 1...512
    /// Largest width or height `render` makes.
    public static let maxSide = 16384
    /// Largest image `render` makes, in bytes (one a pixel).
    public static let maxBytes = 64 << 20

    /// Rasterizes `text` (lines split on "\n") with the font fontconfig matches for `fontName`
    /// (a family or pattern such as "DejaVu Sans", "sans-serif", "monospace:bold") at `size` pixels.
    ///
    /// `dimensions`: nil = tight box around the text (the widest line's advance, rounded up,
    /// by the number of lines times `lineHeight`); otherwise the image is exactly that size,
    /// each line aligned horizontally by `alignment` inside it, lines from the top, clipped.
    /// In the tight box lines are aligned inside the widest one. Widths are the pen's travel,
    /// as UIKit's sizeWithFont: measured: ink overhanging the first or last advance (an
    /// italic's tail, the left hook of a `j`) is clipped, usually a column of faint coverage.
    /// Characters the matched font lacks are drawn with a fallback face that fontconfig finds
    /// for that character (so Japanese renders when a CJK font is installed), and a character
    /// no installed font covers is skipped (its advance is the font's notdef advance).
    /// Control characters other than "\n" take no room. Empty text gives a 1 x lineHeight
    /// image of zeros. The corresponding C calls are FcFontMatch, FcFontSort, FT_Load_Glyph
    /// (FT_LOAD_RENDER) and FT_Get_Kerning.
    /// - Throws: `FontError.badTextSize` when `size` is outside `sizeRange`; `.font` when
    ///   fontconfig or FreeType fail (no font matches, a face cannot be opened); `.badPixels` when the image would be empty or over `maxSide` or
    ///   `maxBytes` (checked before allocating).
    public static func render(_ text: String, fontName: String = "sans-serif", size: Float,
                              dimensions: (width: Int, height: Int)? = nil,
                              alignment: TextAlignment = .left) throws(FontError) -> TextImage {
        let layout = try layout(text, fontName: fontName, size: size)
        let width = dimensions?.width ?? layout.width
        let height = dimensions?.height ?? layout.height
        guard width > 0, height > 0 else {
            throw .badPixels("text dimensions must be positive, not \(width)x\(height)")
        }
        guard width <= maxSide, height <= maxSide else {
            throw .badPixels("text image \(width)x\(height) is over the \(maxSide)-pixel side bound")
        }
        guard width * height <= maxBytes else {
            throw .badPixels("text image \(width)x\(height) is over the \(maxBytes >> 20) MiB bound")
        }
        var pixels = [UInt8](repeating: 0, count: width * height)
        for (i, line) in layout.lines.enumerated() {
            let top = i * layout.lineHeight
            if top >= height { break }
            let slack = width - line.width
            let offset: Int
            switch alignment {
            case .left: offset = 0
            case .center: offset = slack / 2
            case .right: offset = slack
            }
            let baseline = top + layout.ascent
            for placed in line.glyphs {
                draw(placed.glyph, x: offset + placed.x + placed.glyph.left, y: baseline - placed.glyph.top,
                     into: &pixels, width: width, height: height)
            }
        }
        return TextImage(width: width, height: height, pixels: pixels, ascent: layout.ascent,
                         lineHeight: layout.lineHeight, usedFonts: layout.usedFonts)
    }

    /// The size `render` would produce with dimensions nil (measure without drawing).
    /// Not checked against `maxSide` or `maxBytes`, so a caller can measure before deciding.
    public static func measure(_ text: String, fontName: String = "sans-serif",
                               size: Float) throws(FontError) -> (width: Int, height: Int) {
        let layout = try layout(text, fontName: fontName, size: size)
        return (layout.width, layout.height)
    }

    static func layout(_ text: String, fontName: String, size: Float) throws(FontError) -> TextLayout {
        guard size.isFinite, sizeRange.contains(size) else {
            throw .badTextSize(size, range: sizeRange)
        }
        let size26 = Int((size * 64).rounded())
        return try fontCache.withLock { (cache) throws(FontError) -> TextLayout in
            try cache.layout(text, fontName: fontName, size: size26)
        }
    }

    /// Draws a glyph's coverage with its top-left at (x, y), clipped to the image.
    /// Overlapping ink (a kerned pair) keeps the larger coverage, so it never wraps past 255.
    private static func draw(_ glyph: GlyphBitmap, x: Int, y: Int, into pixels: inout [UInt8],
                             width: Int, height: Int) {
        let x0 = max(0, x), x1 = min(width, x + glyph.width)
        let y0 = max(0, y), y1 = min(height, y + glyph.rows)
        guard x0 < x1, y0 < y1 else { return }
        glyph.coverage.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for row in y0..<y1 {
                    let s = (row - y) * glyph.width - x, d = row * width
                    for col in x0..<x1 where src[s + col] > dst[d + col] {
                        dst[d + col] = src[s + col]
                    }
                }
            }
        }
    }
}
