// Where a paragraph may break when it has to fit a width (`TextShaper.shape(maxWidth:)`), as
// UAX #14 allows, in part:
// - at spaces (the space is dropped);
// - between the characters of Chinese, Japanese and Korean text, which runs on without spaces
//   (its ideographic classes, ID, and Hangul syllables' H2 and H3), but never before closing
//   punctuation, iteration marks, small kana and the prolonged sound mark (its CL, CP, NS and
//   CJ: "。", "」", "ぁ", "ー") nor after opening punctuation (OP: "「", "（");
// - after a hyphen or an en dash between a letter or digit and a letter (HY, BA: "well-|known";
//   not "-|5", nor a hyphen that starts a word), and before and after an em dash (B2), not
//   between two.
// Breaks fall between grapheme clusters only, so a mark or a variation selector stays with its
// base; nothing but a space is dropped. What it is not: all of UAX #14 (no soft hyphens, no
// breaks after slashes, no dictionary breaks for Thai).

/// A piece of a paragraph between two break opportunities, and what stands between it and the
/// piece before: a space (dropped where the line breaks there) or nothing.
struct LinePiece: Equatable {
    var text: String
    var afterSpace: Bool
}

enum LineBreaks {
    /// The paragraph cut at every opportunity; joined back (a space where `afterSpace`), it is
    /// the paragraph again.
    static func pieces(_ paragraph: String) -> [LinePiece] {
        var out: [LinePiece] = []
        for (i, word) in paragraph.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            var current = "", last: Character?, beforeLast: Character?, first = true
            for c in word {
                if let l = last, breaks(between: l, and: c, after: beforeLast) {
                    out.append(LinePiece(text: current, afterSpace: first && i > 0))
                    first = false
                    current = ""
                }
                current.append(c)
                beforeLast = last
                last = c
            }
            out.append(LinePiece(text: current, afterSpace: first && i > 0))
        }
        return out
    }

    /// Whether the line may break between `a` and `b` (no space between them; `before`: the
    /// character before `a` in the word, if any).
    static func breaks(between a: Character, and b: Character, after before: Character? = nil) -> Bool {
        guard let x = a.unicodeScalars.last, let y = b.unicodeScalars.first else { return false }
        if isIdeographic(x) || isIdeographic(y) { return !closes(y) && !opens(x) }
        if (x == "\u{2014}") != (y == "\u{2014}") { return !closes(y) && !opens(x) }  // an em dash
        if "-\u{2010}\u{2013}".unicodeScalars.contains(x), let p = before?.unicodeScalars.last {
            return (p.properties.isAlphabetic || p.properties.numericType != nil) && y.properties.isAlphabetic
        }
        return false
    }

    /// Ideographs, kana, Hangul syllables, and CJK and fullwidth punctuation.
    static func isIdeographic(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E80...0x2FFF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x31FF, 0x3200...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// No break before it: closing punctuation, small kana, iteration and prolonged sound marks.
    static func closes(_ s: Unicode.Scalar) -> Bool {
        "、。，．：；？！）」』】〕〉》〙〗〛〟｝］｠｡｣､ー〜～・ヽヾゝゞ々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ!),.:;?]}"
            .unicodeScalars.contains(s)
    }

    /// No break after it: opening punctuation.
    static func opens(_ s: Unicode.Scalar) -> Bool {
        "（「『【〔〈《〘〖〚〝｛［｟｢([{".unicodeScalars.contains(s)
    }
}
