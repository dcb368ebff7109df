/// File names in the order people count: `img2` before `img10`, case ignored. Runs of ASCII
/// digits compare as numbers (of any length: compared as digit strings, never overflowing),
/// everything else compares lowercased. Names equal that way (`IMG1`, `img1`, `img01`) fall
/// back to plain string order, so the order is total and the same on every machine (no locale).
public enum NaturalOrder {
    /// Whether `a` comes before `b`.
    public static func less(_ a: String, _ b: String) -> Bool {
        let ta = tokens(a), tb = tokens(b)
        for (x, y) in zip(ta, tb) {
            if x.isNumber && y.isNumber {
                let dx = x.text.drop { $0 == "0" }, dy = y.text.drop { $0 == "0" }
                if dx.count != dy.count { return dx.count < dy.count }
                if dx != dy { return dx.lexicographicallyPrecedes(dy) }
            } else if x.text != y.text {
                return x.text.lexicographicallyPrecedes(y.text)
            }
        }
        if ta.count != tb.count { return ta.count < tb.count }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }

    /// `names` sorted by `less`.
    public static func sorted(_ names: [String]) -> [String] {
        names.sorted(by: less)
    }

    struct Token {
        var text: [Unicode.Scalar]
        var isNumber: Bool
    }

    /// The name split into runs of digits and runs of anything else, the latter lowercased.
    static func tokens(_ s: String) -> [Token] {
        var out: [Token] = []
        for ch in s.lowercased().unicodeScalars {
            let digit = ch.value >= 0x30 && ch.value <= 0x39
            let k = out.count - 1  // no copy of the last token held while it grows
            if k >= 0, out[k].isNumber == digit {
                out[k].text.append(ch)
            } else {
                out.append(Token(text: [ch], isNumber: digit))
            }
        }
        return out
    }
}
