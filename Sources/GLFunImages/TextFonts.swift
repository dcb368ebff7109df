internal import CFreeType
import Synchronization

// Fonts for `TextRasterizer`: fontconfig finds a file for a font name and for each
// character the named font lacks; FreeType opens the file at a size and rasterizes
// glyphs to 8-bit coverage. Both are slow to start and cheap to reuse, so the
// library, its faces, their glyphs and fontconfig's answers are made once and kept
// in `fontCache`. FreeType's objects are not thread-safe (a face has one glyph
// slot), so all of it lives behind one lock and every FreeType call is made holding it.

/// Every font and glyph made so far. Global because FreeType faces are costly
/// to open and are shared by every caller; guarded because Swift 6 allows no
/// unguarded global mutable state and FreeType allows no concurrent use of a face.
let fontCache = Mutex(FontCache())

/// The state behind `fontCache`. Bounded: past the limits in `trim()` a part is
/// dropped and remade on demand, so a program that renders many sizes or names
/// does not grow without end.
struct FontCache {
    /// A face opened at one size, known by its index in `faces`.
    private struct Face {
        let id: Int
        let face: FT_Face
        let path: String
        let hasKerning: Bool
    }

    private struct FaceKey: Hashable {
        let file: FontFile
        /// The size in 26.6 fixed-point pixels.
        let size: Int
    }

    private struct GlyphKey: Hashable {
        let face: Int
        let glyph: UInt32
    }

    private struct FallbackKey: Hashable {
        let fontName: String
        let scalar: UInt32
    }

    /// A font in fontconfig's preference order for a name, and the characters it covers.
    struct Candidate {
        let file: FontFile
        /// Owned (FcCharSetCopy); destroyed when the list is dropped.
        let charset: OpaquePointer
        /// Its first family name, OpenType weight and fontconfig slant (CSS weight matching:
        /// `ShapingFonts+Weight`).
        var family = "", weight = 400, slant: Int32 = 0
        /// A colour font (fontconfig's FC_COLOR: COLR, CBDT or sbix glyphs; an emoji font).
        var isColor = false
    }

    private var library: FT_Library?
    /// Font name -> the file fontconfig matched.
    private var matches: [String: FontFile] = [:]
    /// Font name -> every usable font, best first (FcFontSort), for fallbacks.
    private var candidates: [String: [Candidate]] = [:]
    /// (font name, character) -> the fallback file chosen for it, or nil when no font covers it.
    private var fallbacks: [FallbackKey: FontFile?] = [:]
    private var faceIDs: [FaceKey: Int] = [:]
    private var faces: [Face] = []
    /// Fallback faces FreeType could not open or size: their characters are skipped.
    private var brokenFaces: Set<FaceKey> = []
    private var glyphs: [GlyphKey: GlyphBitmap] = [:]
    private var glyphBytes = 0

    init() {}

    /// Lays out `text` in the face matched for `fontName` at `size` (26.6 pixels),
    /// rasterizing (and caching) every glyph it needs.
    mutating func layout(_ text: String, fontName: String, size: Int) throws(FontError) -> TextLayout {
        trim()
        let primaryFile = try match(fontName)
        let primary = try face(primaryFile, size: size)
        let metrics = primary.face.pointee.size.pointee.metrics
        let ascent = ceilPixels(metrics.ascender)
        let descent = ceilPixels(-metrics.descender)
        let lineHeight = max(ceilPixels(metrics.height), ascent + descent, 1)

        var usedFonts = [primaryFile.path]
        var lines: [LineLayout] = []
        var line = LineLayout()
        var pen = 0  // 26.6
        var previous: (face: Int, glyph: UInt32)?
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                line.width = ceilPixels(pen)
                lines.append(line)
                line = LineLayout()
                pen = 0
                previous = nil
                continue
            }
            // Controls (a "\r" before "\n", a tab) have no glyph in any font: searching
            // every font for one would only find nothing, slowly.
            if scalar.properties.generalCategory == .control { continue }
            var face = primary
            var index = FT_Get_Char_Index(primary.face, FT_ULong(scalar.value))
            if index == 0, let (fallback, fallbackIndex) = fallbackFace(for: scalar, fontName: fontName,
                                                                        primary: primaryFile, size: size) {
                face = fallback
                index = fallbackIndex
                if !usedFonts.contains(fallback.path) { usedFonts.append(fallback.path) }
            }
            if index == 0 {
                // No installed font covers it: skipped, taking the room of the primary's notdef.
                pen += try glyph(primary, 0).advance
                previous = nil
                continue
            }
            if let previous, previous.face == face.id, face.hasKerning {
                var delta = FT_Vector()
                if FT_Get_Kerning(face.face, previous.glyph, index, FT_UInt(FT_KERNING_DEFAULT.rawValue), &delta) == 0 {
                    pen += delta.x
                }
            }
            let g = try glyph(face, index)
            let x = (pen + 32) >> 6
            if g.width > 0, g.rows > 0 { line.glyphs.append(PlacedGlyph(x: x, glyph: g)) }
            pen += g.advance
            previous = (face.id, index)
        }
        line.width = ceilPixels(pen)
        lines.append(line)
        return TextLayout(lines: lines, ascent: ascent, lineHeight: lineHeight, usedFonts: usedFonts)
    }

    // MARK: - FreeType

    /// FcInit and FT_Init_FreeType, the first time only.
    private mutating func start() throws(FontError) -> FT_Library {
        if let library { return library }
        let lib = try startFontLibraries()
        library = lib
        return lib
    }

    /// The face for `file` at `size` (26.6 pixels): FT_New_Face, then FT_Set_Char_Size at
    /// 72 dpi, where a point is a pixel and fractional sizes stay fractional.
    private mutating func face(_ file: FontFile, size: Int) throws(FontError) -> Face {
        let key = FaceKey(file: file, size: size)
        if let id = faceIDs[key] { return faces[id] }
        let lib = try start()
        var opened: FT_Face?
        var err = FT_New_Face(lib, file.path, FT_Long(file.index), &opened)
        guard err == 0, let opened else {
            throw .font(reason: "FT_New_Face(\(file.path), face \(file.index)) failed: \(freeTypeError(err))")
        }
        err = FT_Set_Char_Size(opened, 0, FT_F26Dot6(size), 72, 72)
        guard err == 0 else {
            FT_Done_Face(opened)
            throw .font(reason: "FT_Set_Char_Size(\(Double(size) / 64) px) failed for \(file.path): \(freeTypeError(err))")
        }
        let face = Face(id: faces.count, face: opened, path: file.path, hasKerning: glfun_ft_has_kerning(opened) != 0)
        faces.append(face)
        faceIDs[key] = face.id
        return face
    }

    /// Glyph `index` of `face`, rasterized once (FT_Load_Glyph with FT_LOAD_RENDER:
    /// hinted, 8-bit antialiased coverage) and then kept.
    private mutating func glyph(_ face: Face, _ index: UInt32) throws(FontError) -> GlyphBitmap {
        let key = GlyphKey(face: face.id, glyph: index)
        if let g = glyphs[key] { return g }
        let err = FT_Load_Glyph(face.face, index, FT_Int32(FT_LOAD_RENDER))
        guard err == 0, let slot = face.face.pointee.glyph else {
            throw .font(reason: "FT_Load_Glyph(glyph \(index) of \(face.path)) failed: \(freeTypeError(err))")
        }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows)
        var coverage = [UInt8](repeating: 0, count: width * rows)
        if width > 0, rows > 0, let buffer = bitmap.buffer {
            let pitch = Int(bitmap.pitch)
            let mode = bitmap.pixel_mode
            let grays = max(Int(bitmap.num_grays), 2)
            guard mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) || mode == UInt8(FT_PIXEL_MODE_MONO.rawValue) else {
                throw .font(reason: "glyph \(index) of \(face.path) came in FreeType pixel mode \(mode), "
                             + "not 8-bit gray or 1-bit mono")
            }
            for y in 0..<rows {
                // A negative pitch means the rows are stored bottom up.
                let row = buffer + (pitch >= 0 ? y * pitch : (rows - 1 - y) * -pitch)
                for x in 0..<width {
                    let v: Int
                    if mode == UInt8(FT_PIXEL_MODE_MONO.rawValue) {
                        v = (Int(row[x >> 3]) >> (7 - x & 7)) & 1 == 0 ? 0 : 255
                    } else {
                        v = grays == 256 ? Int(row[x]) : Int(row[x]) * 255 / (grays - 1)
                    }
                    coverage[y * width + x] = UInt8(clamping: v)
                }
            }
        }
        let g = GlyphBitmap(left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                            width: width, rows: rows, advance: slot.pointee.advance.x, coverage: coverage)
        glyphs[key] = g
        glyphBytes += coverage.count + 64
        return g
    }

    // MARK: - fontconfig

    /// The file fontconfig matches for `fontName` (FcNameParse, FcConfigSubstitute,
    /// FcDefaultSubstitute, FcFontMatch: what `fc-match NAME` prints).
    private mutating func match(_ fontName: String) throws(FontError) -> FontFile {
        if let file = matches[fontName] { return file }
        _ = try start()
        guard let pattern = FontCache.pattern(fontName) else {
            throw .font(reason: "no font matches \"\(fontName)\" (fontconfig cannot parse it as a font name)")
        }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let font = FcFontMatch(nil, pattern, &result) else {
            throw .font(reason: "no font matches \"\(fontName)\" (fontconfig found no fonts; is fontconfig set up?)")
        }
        defer { FcPatternDestroy(font) }
        guard let file = FontCache.file(of: font) else {
            throw .font(reason: "no font matches \"\(fontName)\" (fontconfig's match names no file)")
        }
        matches[fontName] = file
        return file
    }

    /// A face that has `scalar`, for text in `fontName` whose primary face lacks it:
    /// the first font in fontconfig's order for the name (FcFontSort, as Pango does)
    /// whose charset holds it. The choice is kept per name and character.
    private mutating func fallbackFace(for scalar: Unicode.Scalar, fontName: String, primary: FontFile,
                                       size: Int) -> (Face, UInt32)? {
        let key = FallbackKey(fontName: fontName, scalar: scalar.value)
        let file: FontFile?
        if let known = fallbacks[key] {
            file = known
        } else {
            file = sortedCandidates(fontName).first {
                $0.file != primary && FcCharSetHasChar($0.charset, scalar.value) != FcFalse
            }?.file
            fallbacks[key] = .some(file)
        }
        guard let file else { return nil }
        let faceKey = FaceKey(file: file, size: size)
        guard !brokenFaces.contains(faceKey) else { return nil }
        guard let face = try? face(file, size: size) else {
            brokenFaces.insert(faceKey)
            return nil
        }
        let index = FT_Get_Char_Index(face.face, FT_ULong(scalar.value))
        return index == 0 ? nil : (face, index)
    }

    /// Every scalable, non-color font in fontconfig's order of preference for `fontName`.
    /// Color (emoji bitmap) fonts are left out: they have no coverage to give, and
    /// FreeType cannot size their fixed strikes to arbitrary pixels.
    private mutating func sortedCandidates(_ fontName: String) -> [Candidate] {
        if let list = candidates[fontName] { return list }
        var list: [Candidate] = []
        if let pattern = FontCache.pattern(fontName) {
            defer { FcPatternDestroy(pattern) }
            list = FontCache.sorted(pattern)
        }
        candidates[fontName] = list
        return list
    }

    /// Every scalable, non-color font fontconfig sorts for `pattern` (substituted), best
    /// first, with its charset (owned: the caller destroys it). Shaped text's fonts
    /// (`ShapingFonts`) are found the same way.
    /// Colour fonts are left out unless `keepingColor` (shaped text draws COLR layers).
    static func sorted(_ pattern: OpaquePointer, keepingColor: Bool = false) -> [Candidate] {
        var list: [Candidate] = []
        var result = FcResultNoMatch
        guard let set = FcFontSort(nil, pattern, FcFalse, nil, &result) else { return list }
        defer { FcFontSetDestroy(set) }
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i], let file = FontCache.file(of: font) else { continue }
            var scalable: FcBool = FcTrue, color: FcBool = FcFalse
            if FcPatternGetBool(font, FC_SCALABLE, 0, &scalable) == FcResultMatch, scalable == FcFalse { continue }
            let isColor = FcPatternGetBool(font, FC_COLOR, 0, &color) == FcResultMatch && color != FcFalse
            if !keepingColor, isColor { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                  let owned = FcCharSetCopy(charset) else { continue }
            var c = Candidate(file: file, charset: owned)
            c.isColor = isColor
            var name: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(font, FC_FAMILY, 0, &name) == FcResultMatch, let name { c.family = String(cString: name) }
            var w: Int32 = 0, sl: Int32 = 0
            if FcPatternGetInteger(font, FC_WEIGHT, 0, &w) == FcResultMatch { c.weight = Int(FcWeightToOpenType(w)) }
            if FcPatternGetInteger(font, FC_SLANT, 0, &sl) == FcResultMatch { c.slant = sl }
            list.append(c)
        }
        return list
    }

    /// `fontName` parsed as a fontconfig pattern ("DejaVu Sans", "monospace:bold")
    /// with the configuration's and the default substitutions applied; nil if it does not parse.
    private static func pattern(_ fontName: String) -> OpaquePointer? {
        guard !fontName.unicodeScalars.contains("\0"),
              let pattern = FcNameParse(Array(fontName.utf8) + [0]) else { return nil }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        return pattern
    }

    /// FC_FILE and FC_INDEX of a font pattern.
    static func file(of font: OpaquePointer) -> FontFile? {
        var path: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FILE, 0, &path) == FcResultMatch, let path else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        return FontFile(path: String(cString: path), index: Int(index))
    }

    // MARK: - Bounds

    /// Drops what has grown past its bound; each is remade on demand. Called at the
    /// start of a layout, so nothing dropped is in use.
    private mutating func trim() {
        if faces.count > 64 {
            for f in faces { FT_Done_Face(f.face) }
            faces = []
            faceIDs = [:]
            brokenFaces = []
            glyphs = [:]
            glyphBytes = 0
        }
        if glyphBytes > 32 << 20 || glyphs.count > 1 << 16 {
            glyphs = [:]
            glyphBytes = 0
        }
        if matches.count > 256 || candidates.count > 64 || fallbacks.count > 1 << 16 {
            for list in candidates.values { for c in list { FcCharSetDestroy(c.charset) } }
            matches = [:]
            candidates = [:]
            fallbacks = [:]
        }
    }
}

/// 26.6 fixed point rounded up to whole pixels.
private func ceilPixels(_ v: Int) -> Int { (v + 63) >> 6 }

/// A FreeType error as its message and code: "invalid pixel size (FreeType error 0x17)".
func freeTypeError(_ code: FT_Error) -> String {
    let hex = "FreeType error 0x" + String(UInt32(bitPattern: code), radix: 16)
    guard let message = glfun_ft_error_message(code) else { return hex }
    return "\(String(cString: message)) (\(hex))"
}

/// FcInit and a FreeType library of its own (the rasterizer's and the shaper's font caches each
/// keep theirs): fontconfig's configuration not loading, or FreeType not starting, is a `FontError`.
func startFontLibraries() throws(FontError) -> FT_Library {
    guard FcInit() != FcFalse else {
        throw .font(reason: "FcInit failed: fontconfig could not load its configuration")
    }
    var lib: FT_Library?
    let err = FT_Init_FreeType(&lib)
    guard err == 0, let lib else { throw .font(reason: "FT_Init_FreeType failed: \(freeTypeError(err))") }
    return lib
}
