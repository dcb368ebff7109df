internal import CHarfBuzz
import Synchronization

// Text shaped with HarfBuzz into glyphs placed on lines, for drawing as outlines (GLFunKit's
// `TextRun`). Unlike `TextRasterizer` nothing here is hinted or rounded to pixels: positions
// are the font's units scaled to the size, so text keeps its shape at any transform.

/// One glyph placed on a line.
public struct ShapedGlyph: Equatable, Sendable {
    /// The face it is drawn from.
    public let face: ShapedFace
    /// The glyph's index in the face (not a character).
    public let glyph: UInt32
    /// Its origin from the line's start on the baseline, in user-space units (y down).
    public let x: Float
    /// Down from the baseline (a mark raised by the font is negative).
    public let y: Float
    /// The index of the first Unicode scalar of its cluster in the line's text.
    public let cluster: Int
}

/// One line: glyphs left to right in visual order.
public struct ShapedLine: Equatable, Sendable {
    /// The glyphs, left to right.
    public let glyphs: [ShapedGlyph]
    /// The pen's travel: the sum of the advances (kerning included).
    public let advance: Float
    /// The paragraph's direction: as asked, or with `.auto` its first strong character's
    /// (Arabic, Hebrew: right to left).
    public let isRightToLeft: Bool
    /// The line's text (after breaking; the spaces it broke at left out).
    public let text: String
}

/// A paragraph's direction, which the bidirectional algorithm orders its runs in (UAX #9's
/// paragraph level).
/// Its raw values are CSS's (the scene's "direction").
public enum TextDirection: String, Hashable, Sendable, CaseIterable {
    /// Its first strong character's (Arabic, Hebrew: right to left), left to right without one
    /// (UAX #9's rules P2 and P3, as HTML's dir="auto").
    case auto
    /// Left to right whatever it holds (as SVG lays text out: usvg's paragraphs are left to right).
    case leftToRight = "ltr"
    /// Right to left whatever it holds.
    case rightToLeft = "rtl"
}

/// Text shaped in one font description: lines, and the primary face's metrics at the size.
public struct ShapedText: Equatable, Sendable {
    /// What it was shaped in.
    public let font: FontDescription
    /// The lines, top to bottom.
    public let lines: [ShapedLine]
    /// Above the baseline, positive (the primary face's ascender at the size).
    public let ascent: Float
    /// Below the baseline, positive.
    public let descent: Float
    /// From one baseline to the next: ascent + descent + the face's line gap.
    public let lineHeight: Float
    /// File paths of the faces used, the primary first, then fallbacks as first needed.
    public let usedFonts: [String]
    /// The widest line's advance.
    public var advance: Float { lines.map(\.advance).max() ?? 0 }
}

/// Shapes text with HarfBuzz in fonts fontconfig finds. Faces and shaped results are kept
/// (behind locks); any thread may call.
public enum TextShaper {
    /// Longest text shaped, in Unicode scalars.
    public static let maxScalars = 1 << 20

    /// Shapes `text` (lines split on "\n", and, so that none is wider than `maxWidth` when
    /// given, at spaces, after hyphens, at dashes and between the characters of Chinese,
    /// Japanese and Korean text as `LineBreaks` allows; a word wider than it gets a line of its own) in `font`.
    /// Each character is drawn from the face fontconfig picks for the description, or when
    /// that face lacks it from the first face in fontconfig's order that has it; one no
    /// face has shows the primary's notdef glyph. `direction`: each paragraph's, which orders
    /// its runs of left-to-right and right-to-left text. Results are cached by text, font,
    /// width and direction.
    /// - Throws: `FontError.badTextSize` for a size outside `FontDescription.sizeRange`;
    ///   `.font` when no face matches or the text is over `maxScalars`.
    public static func shape(_ text: String, font: FontDescription, maxWidth: Float? = nil,
                             direction: TextDirection = .auto) throws(FontError) -> ShapedText {
        guard font.size.isFinite, FontDescription.sizeRange.contains(font.size) else {
            throw .badTextSize(font.size, range: FontDescription.sizeRange)
        }
        guard FontDescription.weightRange.contains(font.weight) else {
            throw .font(reason: "font weight \(font.weight) is not in \(FontDescription.weightRange)")
        }
        guard text.unicodeScalars.count <= maxScalars else {
            throw .font(reason: "text of \(text.unicodeScalars.count) characters is over the \(maxScalars) bound")
        }
        let key = ShapeKey(text: text, font: font, maxWidth: maxWidth, direction: direction)
        if let known = shapedCache.withLock({ $0.get(key) }) { return known }
        let shaped = try shapingFonts.withLock { (fonts) throws(FontError) -> ShapedText in
            try layout(text, font, maxWidth, direction, &fonts)
        }
        shapedCache.withLock { $0.put(key, shaped) }
        return shaped
    }

    private static func layout(_ text: String, _ font: FontDescription, _ maxWidth: Float?, _ direction: TextDirection,
                               _ fonts: inout ShapingFonts) throws(FontError) -> ShapedText {
        let primary = fonts.instance(try fonts.primary(font), font)
        let scale = font.size / Float(primary.shaped.unitsPerEm)
        var used: [String] = [primary.shaped.path]
        var lines: [ShapedLine] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let para = String(paragraph)
            let pieces = maxWidth == nil ? [] : LineBreaks.pieces(para)
            guard let maxWidth, pieces.count > 1 else {
                lines.append(try line(para, font, direction, &fonts, &used))
                continue
            }
            let space = try line(" ", font, direction, &fonts, &used).advance
            var current = "", width: Float = 0, empty = true
            for piece in pieces {
                let w = piece.text.isEmpty ? 0 : try line(piece.text, font, direction, &fonts, &used).advance
                let gap = piece.afterSpace ? space : 0
                if empty {
                    current = piece.text
                    width = w
                    empty = false
                } else if width + gap + w <= maxWidth {
                    current += (piece.afterSpace ? " " : "") + piece.text
                    width += gap + w
                } else {
                    lines.append(try line(current, font, direction, &fonts, &used))
                    current = piece.text
                    width = w
                }
            }
            lines.append(try line(current, font, direction, &fonts, &used))
        }
        let ascent = primary.ascender * scale, descent = -primary.descender * scale
        return ShapedText(font: font, lines: lines, ascent: ascent, descent: descent,
                          lineHeight: max(ascent + descent + primary.lineGap * scale, 0), usedFonts: used)
    }

    /// One line shaped: items (`TextShaper.items`) shaped one by one in visual order.
    private static func line(_ text: String, _ font: FontDescription, _ direction: TextDirection, _ fonts: inout ShapingFonts,
                             _ used: inout [String]) throws(FontError) -> ShapedLine {
        let scalars = text.unicodeScalars.filter { $0.properties.generalCategory != .control && !isBidiControl($0.value) }
            .map(\.value)
        let (items, rtl) = try items(scalars, font, direction, &fonts)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(scalars.count)
        var pen: Float = 0
        guard let buffer = hb_buffer_create() else { throw .font(reason: "hb_buffer_create failed") }
        defer { hb_buffer_destroy(buffer) }
        let features = font.features.compactMap { f -> hb_feature_t? in
            var out = hb_feature_t()
            return hb_feature_from_string(f, Int32(f.utf8.count), &out) != 0 ? out : nil
        }
        for item in visualOrder(items) {
            let face = fonts.instance(item.face, font)
            if !used.contains(face.shaped.path) { used.append(face.shaped.path) }
            hb_buffer_clear_contents(buffer)
            scalars.withUnsafeBufferPointer {
                hb_buffer_add_utf32(buffer, $0.baseAddress, Int32($0.count), UInt32(item.start), Int32(item.end - item.start))
            }
            hb_buffer_set_script(buffer, item.script)
            hb_buffer_set_direction(buffer, item.level % 2 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(face.hbFont, buffer, features, UInt32(features.count))
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { continue }
            let s = font.size / Float(face.shaped.unitsPerEm)
            for k in 0..<Int(count) {
                let p = positions[k]
                glyphs.append(ShapedGlyph(face: face.shaped, glyph: infos[k].codepoint,
                                          x: pen + Float(p.x_offset) * s, y: -Float(p.y_offset) * s,
                                          cluster: Int(infos[k].cluster)))
                pen += Float(p.x_advance) * s
            }
        }
        return ShapedLine(glyphs: glyphs, advance: pen, isRightToLeft: rtl, text: text)
    }

    /// U+200E/F and U+202A...U+202E, U+2066...U+2069: explicit bidi marks, embeddings and
    /// isolates, which this reduced bidi does not follow.
    static func isBidiControl(_ s: UInt32) -> Bool {
        s == 0x200E || s == 0x200F || (0x202A...0x202E).contains(s) || (0x2066...0x2069).contains(s)
    }
}

// MARK: - Shaped results kept

struct ShapeKey: Hashable {
    let text: String
    let font: FontDescription
    let maxWidth: Float?
    let direction: TextDirection
}

/// Shaped text by what it was shaped from: a page redrawn every frame shapes once. Bounded
/// by the characters it holds (dropped whole past the bound, remade on demand).
struct ShapedCache {
    private var entries: [ShapeKey: ShapedText] = [:]
    private var scalars = 0
    static let maxScalars = 4 << 20

    func get(_ key: ShapeKey) -> ShapedText? { entries[key] }

    mutating func put(_ key: ShapeKey, _ value: ShapedText) {
        let n = key.text.utf8.count
        if scalars + n > ShapedCache.maxScalars || entries.count >= 4096 {
            entries = [:]
            scalars = 0
        }
        entries[key] = value
        scalars += n
    }
}

let shapedCache = Mutex(ShapedCache())
