internal import CHarfBuzz

/// A face's lines for decorations and baselines, in font units (y up, as the font says),
/// from its OpenType tables (post, OS/2) with HarfBuzz's fallbacks where a table lacks one.
public struct FaceMetrics: Equatable, Sendable {
    /// Font units in an em (the units of every other value).
    public let unitsPerEm: Int
    /// How far the face reaches above the baseline (its typographic ascender).
    public let ascender: Float
    /// How far it reaches below (negative: below the baseline).
    public let descender: Float
    /// The top of the underline (negative: below the baseline).
    public let underlinePosition: Float
    /// The underline's thickness.
    public let underlineThickness: Float
    /// The top of the line-through.
    public let strikeoutPosition: Float
    /// The line-through's thickness.
    public let strikeoutThickness: Float
    /// The height of a lowercase x.
    public let xHeight: Float
    /// The height of a capital letter.
    public let capHeight: Float
    /// How far subscripts go down (positive; OS/2).
    public let subscriptOffset: Float
    /// How far superscripts go up (OS/2).
    public let superscriptOffset: Float
}

extension TextShaper {
    /// The metrics of a face shaping has opened (a `ShapedGlyph`'s face); nil for another.
    public static func metrics(of face: ShapedFace) -> FaceMetrics? {
        shapingFonts.withLock { fonts -> FaceMetrics? in
            guard let f = fonts.face(face) else { return nil }
            func get(_ tag: hb_ot_metrics_tag_t) -> Float {
                var v: hb_position_t = 0
                hb_ot_metrics_get_position_with_fallback(f.hbFont, tag, &v)
                return Float(v)
            }
            return FaceMetrics(unitsPerEm: face.unitsPerEm,
                               ascender: get(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER),
                               descender: get(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER),
                               underlinePosition: get(HB_OT_METRICS_TAG_UNDERLINE_OFFSET),
                               underlineThickness: get(HB_OT_METRICS_TAG_UNDERLINE_SIZE),
                               strikeoutPosition: get(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET),
                               strikeoutThickness: get(HB_OT_METRICS_TAG_STRIKEOUT_SIZE),
                               xHeight: get(HB_OT_METRICS_TAG_X_HEIGHT),
                               capHeight: get(HB_OT_METRICS_TAG_CAP_HEIGHT),
                               subscriptOffset: get(HB_OT_METRICS_TAG_SUBSCRIPT_EM_Y_OFFSET),
                               superscriptOffset: get(HB_OT_METRICS_TAG_SUPERSCRIPT_EM_Y_OFFSET))
        }
    }
}
