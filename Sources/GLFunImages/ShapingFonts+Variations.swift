internal import CFreeType
internal import CHarfBuzz

// Variable fonts for shaped text: a face with an fvar table is opened once more per set of
// axis values (`FontDescription.variations(forAxes:)`), HarfBuzz's font with
// hb_font_set_variations (advances, kerning, metrics: HVAR, MVAR) and FreeType's face with
// FT_Set_Var_Design_Coordinates (outlines: gvar, CFF2), both from the file's base face (a
// named instance fontconfig matched is replaced by the axes' defaults and the values set).
// `ShapedFace.variations` names the instance, so outlines are kept per instance.

extension ShapingFonts {
    /// `face` with its axes set for `font`: the face itself when it is not variable.
    mutating func instance(_ face: Face, _ font: FontDescription) -> Face {
        guard !face.axes.isEmpty else { return face }
        let vars = font.variations(forAxes: face.axes)
        guard !vars.isEmpty else { return face }
        let key = ShapedFace(path: face.shaped.path, index: face.shaped.index, unitsPerEm: face.shaped.unitsPerEm,
                             variations: vars)
        if let known = instances[key] { return known }
        guard let made = openInstance(face, key) else { return face }
        if instances.count > 256 { instances = [:] }
        instances[key] = made
        return made
    }

    private mutating func openInstance(_ base: Face, _ key: ShapedFace) -> Face? {
        guard let lib = try? start() else { return nil }
        let baseIndex = key.index & 0xFFFF
        var ft: FT_Face?
        guard FT_New_Face(lib, key.path, FT_Long(baseIndex), &ft) == 0, let ft else { return nil }
        var mm: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(ft, &mm) == 0, let mm else {
            FT_Done_Face(ft)
            return nil
        }
        defer { FT_Done_MM_Var(lib, mm) }
        let count = Int(mm.pointee.num_axis)
        var coords = [FT_Fixed](repeating: 0, count: count)
        for i in 0..<count {
            let axis = mm.pointee.axis[i]
            coords[i] = axis.def
            if let v = key.variations.last(where: { $0.code == UInt32(axis.tag) }) {
                let fixed = FT_Fixed((Double(v.value) * 65536).rounded())
                coords[i] = min(max(fixed, axis.minimum), axis.maximum)
            }
        }
        guard FT_Set_Var_Design_Coordinates(ft, FT_UInt(count), &coords) == 0,
              let hbFace = hb_font_get_face(base.hbFont), let hbFont = hb_font_create(hbFace) else {
            FT_Done_Face(ft)
            return nil
        }
        let hbVars = key.variations.map { hb_variation_t(tag: $0.code, value: $0.value) }
        hbVars.withUnsafeBufferPointer { hb_font_set_variations(hbFont, $0.baseAddress, UInt32($0.count)) }
        var extents = hb_font_extents_t()
        _ = hb_font_get_h_extents(hbFont, &extents)
        var ascender = Float(extents.ascender), descender = Float(extents.descender)
        if ascender == 0 && descender == 0 {
            ascender = base.ascender
            descender = base.descender
        }
        return Face(shaped: key, hbFont: hbFont, ftFace: ft, ascender: ascender, descender: descender,
                    lineGap: Float(extents.line_gap))
    }
}

/// The tags of a variable face's axes (FT_Get_MM_Var); empty when FreeType reads none.
func variationAxes(_ face: FT_Face) -> Set<String> {
    var mm: UnsafeMutablePointer<FT_MM_Var>?
    guard FT_Get_MM_Var(face, &mm) == 0, let mm else { return [] }
    defer { FT_Done_MM_Var(face.pointee.glyph.pointee.library, mm) }
    var tags: Set<String> = []
    for i in 0..<Int(mm.pointee.num_axis) {
        let t = UInt32(truncatingIfNeeded: mm.pointee.axis[i].tag)
        let bytes = [UInt8(t >> 24), UInt8(t >> 16 & 0xFF), UInt8(t >> 8 & 0xFF), UInt8(t & 0xFF)]
        tags.insert(String(decoding: bytes, as: UTF8.self))
    }
    return tags
}
