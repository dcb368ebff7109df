import GLFunImages

// Font properties beyond family, size, weight and style (usvg's rules): font-stretch (a keyword or a
// percentage: the `wdth` axis) and font-variation-settings (`"wght" 700, 'wdth' 50`: the
// nearest element that declares it; `normal` none; a tag not four characters or a value not a
// number drops that entry). font-weight and font-style set `wght`, `ital` and `slnt` in
// `FontDescription.variations(forAxes:)`. font-variant small-caps and font-kerning
// none (or kerning 0) become OpenType features.

enum SVGFontProperties {
    /// The presentation attributes read here.
    static let presentation: Set<String> = ["font-variation-settings", "font-optical-sizing", "kerning"]

    /// HarfBuzz features: "smcp" for font-variant small-caps, "-kern" for font-kerning none
    /// (in a style only, as resvg) or kerning 0 (the nearest element declaring each).
    static func features(_ n: SVGNode) -> [String] {
        var out: [String] = []
        if SVGDrawer.inherited(n, "font-variant") == "small-caps" { out.append("smcp") }
        let kerning = SVGDrawer.inherited(n, "kerning").flatMap { Double($0.hasSuffix("px") ? String($0.dropLast(2)) : $0) }
        if kerning == 0 || SVGDrawer.inherited(n, "font-kerning") == "none" { out.append("-kern") }
        return out
    }

    /// font-stretch as a percentage of the normal width: the keyword's CSS value, or a
    /// percentage; 100 when none is declared or it does not parse.
    static func stretch(_ n: SVGNode) -> Float {
        guard let v = SVGDrawer.inherited(n, "font-stretch")?.lowercased() else { return 100 }
        switch v {
        case "ultra-condensed": return 50
        case "extra-condensed": return 62.5
        case "condensed", "narrower": return 75
        case "semi-condensed": return 87.5
        case "semi-expanded": return 112.5
        case "expanded", "wider": return 125
        case "extra-expanded": return 150
        case "ultra-expanded": return 200
        default:
            if v.hasSuffix("%"), let p = Float(v.dropLast()), p > 0 { return p }
            return 100
        }
    }

    /// font-variation-settings of the nearest element that declares it.
    static func variations(_ n: SVGNode) -> [FontVariation] {
        guard let v = SVGDrawer.inherited(n, "font-variation-settings"), v.lowercased() != "normal" else { return [] }
        return parse(v)
    }

    /// `"wght" 700, 'wdth' 50` as variations; entries that do not parse are dropped.
    static func parse(_ value: String) -> [FontVariation] {
        value.split(separator: ",").compactMap { part -> FontVariation? in
            let p = part.trimmingCharacters()
            guard let q = p.first, q == "\"" || q == "'" else { return nil }
            let rest = p.dropFirst()
            guard let end = rest.firstIndex(of: q) else { return nil }
            let tag = String(rest[..<end])
            guard let value = Float(rest[rest.index(after: end)...].trimmingCharacters()) else { return nil }
            return FontVariation(tag: tag, value: value)
        }
    }

    /// font-optical-sizing: off only when `none`.
    static func opticalSizing(_ n: SVGNode) -> Bool { SVGDrawer.inherited(n, "font-optical-sizing") != "none" }
}
