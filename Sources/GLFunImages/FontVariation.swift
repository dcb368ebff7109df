/// One axis of a variable font set to a value (CSS font-variation-settings' `"wght" 700`):
/// `wght` weight, `wdth` width in percent, `slnt` slant in degrees, `ital`, `opsz` optical
/// size, or any four-letter axis the font defines (`GRAD`, `XTRA`, ...).
public struct FontVariation: Hashable, Sendable {
    /// The axis' OpenType tag, four ASCII characters.
    public let tag: String
    /// The value in the axis' design units (the face clamps it to the axis' range).
    public let value: Float

    /// nil unless `tag` is four ASCII characters and `value` finite.
    public init?(tag: String, value: Float) {
        guard tag.utf8.count == 4, tag.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 }),
              value.isFinite else { return nil }
        self.tag = tag
        self.value = value
    }

    /// The tag as FreeType's and HarfBuzz's 32-bit number (big-endian letters).
    var code: UInt32 { tag.utf8.reduce(0) { $0 << 8 | UInt32($1) } }
}

extension FontDescription {
    /// The axes set for a face with axes `axes` (tags), as usvg sets them: those asked for,
    /// then unless asked for: `wght` from the weight, `wdth` from the stretch (when not 100),
    /// `ital` 1 when italic, `slnt` -12 when oblique, `opsz` the size (optical sizing on).
    /// Only axes the face has, in tag order (one entry per tag, the last asked for winning):
    /// empty for a face that is not variable, which is then drawn as it is.
    func variations(forAxes axes: Set<String>) -> [FontVariation] {
        guard !axes.isEmpty else { return [] }
        var out: [String: Float] = [:]
        for v in variations { out[v.tag] = v.value }
        func auto(_ tag: String, _ value: Float) { if out[tag] == nil { out[tag] = value } }
        auto("wght", Float(weight))
        if stretch != 100 { auto("wdth", stretch) }
        if style == .italic { auto("ital", 1) }
        if style == .oblique { auto("slnt", -12) }
        if opticalSizing { auto("opsz", size) }
        return out.filter { axes.contains($0.key) }.sorted { $0.key < $1.key }
            .compactMap { FontVariation(tag: $0.key, value: $0.value) }
    }
}
