internal import CHarfBuzz

// Colour fonts' OT-SVG glyphs (the 'SVG ' table: Twitter Color Emoji, many emoji and icon
// fonts): the SVG document that holds a glyph, as the font stores it (it may be gzip'd, and
// hold other glyphs too; the glyph is its element with id "glyph" and the glyph's number, in
// font units with y down from the baseline). HarfBuzz's hb_ot_color_glyph_reference_svg.
// What it is not: a reader of the document (GLFunSVG draws it).

extension TextShaper {
    /// The bytes of the SVG document holding `glyph` of `face` (a face `shape` returned); nil
    /// when the face has no SVG glyph for it.
    public static func svgDocument(of glyph: UInt32, in face: ShapedFace) -> [UInt8]? {
        shapingFonts.withLock { fonts -> [UInt8]? in
            guard let f = fonts.face(face), let hbFace = hb_font_get_face(f.hbFont), hb_ot_color_has_svg(hbFace) != 0,
                  let blob = hb_ot_color_glyph_reference_svg(hbFace, glyph) else { return nil }
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
            return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
        }
    }
}
