/// The slant of a font asked for (CSS's and SVG's `font-style`).
public enum FontStyle: String, Sendable, CaseIterable {
    case normal, italic, oblique
}

/// A font asked for by what a document says of it (CSS's font shorthand, SVG's font-*):
/// fontconfig picks the installed face that fits best, and falls back per character to
/// others (`TextShaper`).
public struct FontDescription: Hashable, Sendable {
    /// Family names, comma-separated, most wanted first: "DejaVu Serif", "Noto Sans, sans-serif".
    /// Generic names (sans-serif, serif, monospace) are fontconfig's aliases.
    public var family: String
    /// The em size in user-space units (pixels at scale 1), in `sizeRange`.
    public var size: Float
    /// CSS weight in `weightRange`: 400 normal, 700 bold.
    public var weight: Int
    /// Upright, italic or oblique.
    public var style: FontStyle
    /// CSS font-stretch as a percentage of the normal width (75 condensed, 125 expanded):
    /// a variable font's `wdth` axis.
    public var stretch: Float
    /// Axis values asked for (CSS font-variation-settings), over those set from weight,
    /// stretch, style and size (`FontVariation`); a face without the axis ignores it.
    public var variations: [FontVariation]
    /// CSS font-optical-sizing auto: a face with an `opsz` axis gets the size on it.
    public var opticalSizing: Bool
    /// OpenType features turned on or off, in HarfBuzz's syntax: "-kern" (CSS
    /// font-kerning: none), "smcp" (font-variant: small-caps); one that does not parse is ignored.
    public var features: [String]

    /// Sizes accepted.
    public static let sizeRange: ClosedRange<Float> = 0.01...10000
    /// Weights accepted (CSS Fonts 4).
    public static let weightRange: ClosedRange<Int> = 1...1000

    /// sans-serif 16, weight 400, upright by default.
    public init(family: String = "sans-serif", size: Float = 16, weight: Int = 400, style: FontStyle = .normal,
                stretch: Float = 100, variations: [FontVariation] = [], opticalSizing: Bool = true,
                features: [String] = []) {
        self.family = family
        self.size = size
        self.weight = weight
        self.style = style
        self.stretch = stretch
        self.variations = variations
        self.opticalSizing = opticalSizing
        self.features = features
    }

    /// The families, trimmed, quotes removed, empty ones dropped ("sans-serif" when none is left).
    var families: [String] {
        let names = family.split(separator: ",").map {
            $0.trimmingCharacters(in: " \t\n\r\"'")
        }.filter { !$0.isEmpty }
        return names.isEmpty ? ["sans-serif"] : names
    }

    /// What picks the same face: the size is no part of it (outlines are scaled).
    struct Key: Hashable {
        let families: [String]
        let weight: Int
        let style: FontStyle
    }

    var key: Key { Key(families: families, weight: weight, style: style) }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var s = self[...]
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
