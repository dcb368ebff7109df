// CSS's `font` shorthand, in a style (as resvg, the `font` attribute is ignored): `[style ||
// variant || weight || stretch] size[/line-height] family`, as its longhands. Those it leaves
// out go back to their initial values (font-kerning too), so nothing is inherited past it;
// a longhand declared on the same element wins. A value without a size and a family is ignored.

enum SVGFontShorthand {
    /// `declared` with its `font` (when it parses, and is not the element's `font` attribute)
    /// expanded into the longhands.
    static func expand(_ declared: inout [String: String], attribute: String?) {
        guard let value = declared["font"], value != attribute?.trimmingWhitespace(), let parsed = parse(value) else { return }
        for (k, v) in parsed where declared[k] == nil { declared[k] = v }
    }

    private static let styles: Set<String> = ["italic", "oblique"]
    private static let weights: Set<String> = ["bold", "bolder", "lighter"]
    private static let stretches: Set<String> = [
        "ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "semi-expanded", "expanded",
        "extra-expanded", "ultra-expanded",
    ]

    /// The longhands `value` sets, or nil when it does not parse.
    static func parse(_ value: String) -> [String: String]? {
        var out: [String: String] = [
            "font-style": "normal", "font-variant": "normal", "font-weight": "normal", "font-stretch": "normal",
            "font-kerning": "auto", "font-variation-settings": "normal",
        ]
        var rest = Substring(value)
        func word() -> Substring {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            return rest.prefix { $0 != " " && $0 != "\t" && $0 != "\n" }
        }
        for _ in 0..<4 {
            let w = word()
            let l = w.lowercased()
            if l == "normal" {
            } else if styles.contains(l) {
                out["font-style"] = l
            } else if l == "small-caps" {
                out["font-variant"] = l
            } else if weights.contains(l) || isWeightNumber(l) {
                out["font-weight"] = l
            } else if stretches.contains(l) {
                out["font-stretch"] = l
            } else {
                break
            }
            rest = rest.dropFirst(w.count)
        }
        let size = word()
        guard !size.isEmpty else { return nil }
        rest = rest.dropFirst(size.count)
        let sizeOnly = size.split(separator: "/", maxSplits: 1).first.map(String.init) ?? String(size)
        guard let first = sizeOnly.first, first.isNumber || first == "." || sizeOnly.hasSuffix("%")
                || ["xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "larger", "smaller"].contains(sizeOnly)
        else { return nil }
        let family = rest.trimmingCharacters()
        guard !family.isEmpty else { return nil }
        out["font-size"] = sizeOnly
        out["font-family"] = family
        return out
    }

    /// A weight given as a number: a multiple of 100 from 100 to 900 (CSS 2), so that the
    /// size after it ("bold 700 20px") is not taken for one.
    private static func isWeightNumber(_ s: String) -> Bool {
        guard let v = Int(s) else { return false }
        return v % 100 == 0 && (100...900).contains(v)
    }
}
