internal import CFreeType
internal import CHarfBuzz
import Synchronization

// The fonts shaped text uses (`TextShaper`): fontconfig sorts the installed faces for a
// `FontDescription` (family, weight, slant), HarfBuzz opens each from its file (positions in
// font units, unhinted: the same at every size and transform) and FreeType opens it unscaled
// for outlines (FT_LOAD_NO_SCALE). All of it is made once and kept behind one lock, apart
// from `fontCache` (the rasterizer's sized faces): a few dozen faces at most. Colour fonts are
// candidates too (their COLR layers are drawn: `ColorGlyphs`), unlike for the rasterizer.

let shapingFonts = Mutex(ShapingFonts())

/// A face text was shaped with: its file, and what turns its units into pixels.
public struct ShapedFace: Hashable, Sendable {
    /// The font file and the face inside it (a collection holds several).
    public let path: String
    /// Which face in the file (0 but in a collection).
    public let index: Int
    /// Font units per em: a glyph's outline and advances are in these.
    public let unitsPerEm: Int
    /// The variable font's axes as set (`FontDescription.variations(forAxes:)`); empty for a
    /// face drawn as it is.
    public let variations: [FontVariation]

    init(path: String, index: Int, unitsPerEm: Int, variations: [FontVariation] = []) {
        self.path = path
        self.index = index
        self.unitsPerEm = unitsPerEm
        self.variations = variations
    }
}

struct ShapingFonts {
    /// One opened face: HarfBuzz's font and FreeType's unscaled face of the same file.
    final class Face: @unchecked Sendable {
        let shaped: ShapedFace
        let hbFont: OpaquePointer
        let ftFace: FT_Face
        /// hb_font_get_h_extents, font units: ascender up (positive), descender down (negative).
        let ascender: Float
        let descender: Float
        let lineGap: Float
        /// The tags of its variation axes (fvar); empty for a face that is not variable.
        let axes: Set<String>
        init(shaped: ShapedFace, hbFont: OpaquePointer, ftFace: FT_Face, ascender: Float, descender: Float, lineGap: Float) {
            self.shaped = shaped
            self.axes = glfun_ft_has_variations(ftFace) != 0 ? variationAxes(ftFace) : []
            self.hbFont = hbFont
            self.ftFace = ftFace
            self.ascender = ascender
            self.descender = descender
            self.lineGap = lineGap
        }
        func has(_ scalar: UInt32) -> Bool { FT_Get_Char_Index(ftFace, FT_ULong(scalar)) != 0 }
        /// A colour font's face (COLR, CBDT or sbix glyphs).
        var isColor: Bool { glfun_ft_has_color(ftFace) != 0 }
    }

    private struct FallbackKey: Hashable {
        let font: FontDescription.Key
        let scalar: UInt32
        /// An emoji's face (a colour font's), not any fallback.
        let colorOnly: Bool
    }

    private var library: FT_Library?
    private var faces: [FontFile: Face] = [:]
    /// Variable faces with their axes set, by file and variations (`instance`).
    var instances: [ShapedFace: Face] = [:]
    /// Files HarfBuzz or FreeType could not open (a Type 1 font, a broken file): skipped.
    private var broken: Set<FontFile> = []
    private var candidates: [FontDescription.Key: [FontCache.Candidate]] = [:]
    private var primaries: [FontDescription.Key: Face] = [:]
    private var fallbacks: [FallbackKey: Face?] = [:]

    init() {}

    /// The best face for `font`: the first in fontconfig's order that opens.
    mutating func primary(_ font: FontDescription) throws(FontError) -> Face {
        let key = font.key
        if let f = primaries[key] { return f }
        for c in try sorted(key) {
            if let f = open(c.file) {
                primaries[key] = f
                return f
            }
        }
        throw .font(reason: "no font matches \"\(font.family)\" (fontconfig found no face HarfBuzz and FreeType open)")
    }

    /// The face for `scalar` in text set in `font` whose primary face lacks it: the first in
    /// fontconfig's order whose charset holds it; nil when none does.
    mutating func fallback(_ font: FontDescription, _ scalar: UInt32) -> Face? {
        first(font, scalar, colorOnly: false)
    }

    /// The face for emoji `scalar` in text set in `font`: the first colour font in
    /// fontconfig's order that has it (an emoji font), nil when none does (`TextItems`: an
    /// emoji drawn in colour where a colour font is installed, as browsers draw it).
    mutating func emoji(_ font: FontDescription, _ scalar: UInt32) -> Face? {
        first(font, scalar, colorOnly: true)
    }

    /// The first face in fontconfig's order for `font` (a colour one, if `colorOnly`) that has
    /// `scalar`, remembered.
    private mutating func first(_ font: FontDescription, _ scalar: UInt32, colorOnly: Bool) -> Face? {
        let key = FallbackKey(font: font.key, scalar: scalar, colorOnly: colorOnly)
        if let known = fallbacks[key] { return known }
        var found: Face?
        for c in (try? sorted(font.key)) ?? [] where (c.isColor || !colorOnly) && FcCharSetHasChar(c.charset, scalar) != FcFalse {
            if let f = open(c.file), f.has(scalar) {
                found = f
                break
            }
        }
        if fallbacks.count > 1 << 16 { fallbacks = [:] }
        fallbacks[key] = .some(found)
        return found
    }

    /// An opened face by what `ShapedFace` names (for outlines).
    func face(_ shaped: ShapedFace) -> Face? {
        shaped.variations.isEmpty ? faces[FontFile(path: shaped.path, index: shaped.index)] : instances[shaped]
    }

    private mutating func sorted(_ key: FontDescription.Key) throws(FontError) -> [FontCache.Candidate] {
        if let list = candidates[key] { return list }
        _ = try start()
        guard let pattern = FcPatternCreate() else { throw .font(reason: "FcPatternCreate failed") }
        defer { FcPatternDestroy(pattern) }
        for family in key.families where !family.unicodeScalars.contains("\0") {
            _ = FcPatternAddString(pattern, FC_FAMILY, Array(family.utf8) + [0])
        }
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(key.weight)))
        let slant: Int32
        switch key.style {
        case .normal: slant = Int32(FC_SLANT_ROMAN)
        case .italic: slant = Int32(FC_SLANT_ITALIC)
        case .oblique: slant = Int32(FC_SLANT_OBLIQUE)
        }
        _ = FcPatternAddInteger(pattern, FC_SLANT, slant)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        let list = Self.cssWeightOrder(FontCache.sorted(pattern, keepingColor: true), weight: key.weight)
        if candidates.count > 64 {
            for l in candidates.values { for c in l { FcCharSetDestroy(c.charset) } }
            candidates = [:]
            primaries = [:]
            fallbacks = [:]
        }
        candidates[key] = list
        return list
    }

    mutating func start() throws(FontError) -> FT_Library {
        if let library { return library }
        let lib = try startFontLibraries()
        library = lib
        return lib
    }

    /// HarfBuzz's font and FreeType's face of `file`, opened once; nil (remembered) when
    /// either cannot read it or it has no glyphs (HarfBuzz reads no Type 1 font).
    private mutating func open(_ file: FontFile) -> Face? {
        if let f = faces[file] { return f }
        guard !broken.contains(file), let lib = try? start() else { return nil }
        var ft: FT_Face?
        guard FT_New_Face(lib, file.path, FT_Long(file.index), &ft) == 0, let ft else {
            broken.insert(file)
            return nil
        }
        let blob = hb_blob_create_from_file(file.path)
        let hbFace = hb_face_create(blob, UInt32(file.index))
        hb_blob_destroy(blob)
        let upem = Int(hb_face_get_upem(hbFace))
        guard hb_face_get_glyph_count(hbFace) > 0, upem > 0, let hbFont = hb_font_create(hbFace) else {
            hb_face_destroy(hbFace)
            FT_Done_Face(ft)
            broken.insert(file)
            return nil
        }
        hb_face_destroy(hbFace)
        var extents = hb_font_extents_t()
        _ = hb_font_get_h_extents(hbFont, &extents)
        var ascender = Float(extents.ascender), descender = Float(extents.descender)
        if ascender == 0 && descender == 0 {
            ascender = Float(upem) * 0.8
            descender = -Float(upem) * 0.2
        }
        let face = Face(shaped: ShapedFace(path: file.path, index: file.index, unitsPerEm: upem), hbFont: hbFont,
                        ftFace: ft, ascender: ascender, descender: descender, lineGap: Float(extents.line_gap))
        faces[file] = face
        return face
    }
}
