// Where a paragraph may break when it has to fit a width (`TextShaper.shape(maxWidth:)`): at
// spaces (the space is dropped), and between the characters of Chinese, Japanese and Korean
// text, which runs on without spaces (nothing is dropped), as UAX #14 allows for its ideographic
// classes (ID, and Hangul syllables' H2 and H3): before and after such a character, but never
// before closing punctuation, iteration marks, small kana and the prolonged sound mark (its CL,
// CP, NS and CJ: "。", "」", "ぁ", "ー") nor after opening punctuation (OP: "「", "（"). Breaks
// fall between grapheme clusters only, so a mark or a variation selector stays with its base.
// What it is not: all of UAX #14 (no hyphens, no breaks after dashes or slashes in Latin text).

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
            var current = "", last: Character?, first = true
            for c in word {
                if let l = last, breaks(between: l, and: c) {
                    out.append(LinePiece(text: current, afterSpace: first && i > 0))
                    first = false
                    current = ""
                }
                current.append(c)
                last = c
            }
            out.append(LinePiece(text: current, afterSpace: first && i > 0))
        }
        return out
    }

    /// Whether the line may break between `a` and `b` (no space between them).
    static func breaks(between a: Character, and b: Character) -> Bool {
        guard let x = a.unicodeScalars.last, let y = b.unicodeScalars.first else { return false }
        guard isIdeographic(x) || isIdeographic(y) else { return false }
        return !closes(y) && !opens(x)
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
