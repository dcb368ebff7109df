internal import CHarfBuzz

// One line of text cut into items HarfBuzz shapes one at a time (one face, one script, one
// direction each), then put in visual order: fonts per character (the face fontconfig gives
// the description, else the first that covers it), scripts from HarfBuzz's Unicode data
// (common characters, spaces and punctuation, join their neighbours), and a reduced form of
// the Unicode bidirectional algorithm: the paragraph's direction is the one asked, or its
// first strong character's, right-to-left scripts (Arabic, Hebrew, ...) get an odd level, numbers in a
// right-to-left context stay left to right, neutrals between two runs of one direction take
// it, and runs are reversed from the highest level down (UAX #9's rule L2). No explicit
// embeddings or isolates (U+202A...U+2069 are dropped as controls).

struct TextItem {
    var start: Int
    var end: Int
    let face: ShapingFonts.Face
    let script: hb_script_t
    let level: Int
}

extension TextShaper {
    /// `scalars` (one line, no controls) in items of one face, script and level, in logical order.
    static func items(_ scalars: [UInt32], _ font: FontDescription, _ direction: TextDirection,
                      _ fonts: inout ShapingFonts) throws(FontError)
        -> (items: [TextItem], rightToLeft: Bool) {
        let primary = try fonts.primary(font)
        let n = scalars.count
        guard n > 0 else { return ([], false) }
        let ufuncs = hb_unicode_funcs_get_default()
        // Faces: the primary's, else a fallback; marks and joiners stay with what precedes them.
        var faces: [ShapingFonts.Face] = []
        faces.reserveCapacity(n)
        for (i, s) in scalars.enumerated() {
            if i > 0, isCombining(s), faces[i - 1].has(s) || !primary.has(s) || isSelectorOrJoiner(s) {
                faces.append(faces[i - 1])
            } else if isEmoji(s, before: i + 1 < n ? scalars[i + 1] : nil), !primary.isColor,
                      let e = fonts.emoji(font, s) {
                faces.append(e)
            } else if primary.has(s) {
                faces.append(primary)
            } else {
                faces.append(fonts.fallback(font, s) ?? primary)
            }
        }
        // Scripts, and each scalar's strong direction: 1 right to left, 0 left to right,
        // 2 a number (weak), -1 neutral.
        var scripts = [hb_script_t](repeating: HB_SCRIPT_COMMON, count: n)
        var strong = [Int](repeating: -1, count: n)
        for (i, s) in scalars.enumerated() {
            let sc = hb_unicode_script(ufuncs, s)
            if isDigit(s) {
                strong[i] = 2
            } else if sc != HB_SCRIPT_COMMON && sc != HB_SCRIPT_INHERITED && sc != HB_SCRIPT_UNKNOWN {
                scripts[i] = sc
                strong[i] = hb_script_get_horizontal_direction(sc) == HB_DIRECTION_RTL ? 1 : 0
            }
        }
        let firstStrong = scripts.firstIndex { $0 != HB_SCRIPT_COMMON }
        if let f = firstStrong {
            for i in 0..<n {
                if scripts[i] == HB_SCRIPT_COMMON { scripts[i] = i < f ? scripts[f] : scripts[i - 1] }
            }
        }
        let rtl: Bool
        switch direction {
        case .auto: rtl = firstStrong.map { strong[$0] == 1 } ?? false
        case .leftToRight: rtl = false
        case .rightToLeft: rtl = true
        }
        let base = rtl ? 1 : 0
        // Levels: numbers take the direction of the strong character before them for neutrals.
        var levels = [Int](repeating: base, count: n)
        var context = rtl ? 1 : 0
        var dirs = strong
        for i in 0..<n {
            switch strong[i] {
            case 0: context = 0; levels[i] = rtl ? 2 : 0
            case 1: context = 1; levels[i] = 1
            case 2: dirs[i] = context; levels[i] = (context == 1 || rtl) ? 2 : 0
            default: break
            }
        }
        var i = 0
        while i < n {
            guard dirs[i] < 0 else { i += 1; continue }
            var j = i
            while j < n, dirs[j] < 0 { j += 1 }
            let before = i > 0 ? dirs[i - 1] : base
            let after = j < n ? dirs[j] : base
            let level = before == after ? (before == 1 ? 1 : (rtl ? 2 : 0)) : base
            for k in i..<j { levels[k] = level }
            i = j
        }
        // A neutral or a number whose level is not that of the character it took its script
        // from (a full stop after Arabic in a left-to-right paragraph) is of the text about it
        // at its level: it takes the script of the next character of its own script at that
        // level, or none (HarfBuzz's default), as a run of the bidirectional algorithm is shaped.
        if let f = firstStrong {
            var from = f  // the character the scripts of the neutrals here come from
            for i in 0..<n {
                guard strong[i] < 0 || strong[i] == 2 else { from = i; continue }
                guard i > f, levels[i] != levels[from] else { continue }
                let next = (i + 1..<n).first { (strong[$0] == 0 || strong[$0] == 1) && levels[$0] == levels[i] }
                scripts[i] = next.map { scripts[$0] } ?? HB_SCRIPT_COMMON
            }
        }
        var items: [TextItem] = []
        var start = 0
        for k in 1...n where k == n || faces[k] !== faces[start] || scripts[k] != scripts[start] || levels[k] != levels[start] {
            items.append(TextItem(start: start, end: k, face: faces[start], script: scripts[start], level: levels[start]))
            start = k
        }
        return (items, rtl)
    }

    /// `items` in visual order, left to right (UAX #9 L2: from the highest level down to
    /// the lowest odd one, every run of items at that level or above is reversed).
    static func visualOrder(_ items: [TextItem]) -> [TextItem] {
        var order = items
        guard let high = items.map(\.level).max(), let lowOdd = items.map(\.level).filter({ $0 % 2 == 1 }).min()
        else { return order }
        var level = high
        while level >= lowOdd {
            var i = 0
            while i < order.count {
                guard order[i].level >= level else { i += 1; continue }
                var j = i
                while j < order.count, order[j].level >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }

    /// Marks, joiners and variation selectors: drawn with the character before them.
    static func isCombining(_ s: UInt32) -> Bool {
        if isSelectorOrJoiner(s) { return true }
        guard let u = Unicode.Scalar(s) else { return false }
        switch u.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Whether `s` is drawn as an emoji: an emoji by default (Emoji_Presentation: 😀, 🎉, not
    /// ☺ or #), unless a text variation selector (U+FE0E) follows, or any emoji followed by
    /// the emoji variation selector (U+FE0F: ☺️, the 1 of the keycap 1️⃣).
    static func isEmoji(_ s: UInt32, before next: UInt32?) -> Bool {
        guard let u = Unicode.Scalar(s) else { return false }
        if next == 0xFE0E { return false }
        if next == 0xFE0F { return u.properties.isEmoji }
        return u.properties.isEmojiPresentation
    }

    /// A variation selector or a zero-width (non-)joiner: it stays with the character before
    /// it even where that face has no glyph for it (HarfBuzz hides it there), so that an emoji
    /// sequence (1️⃣, ☺️) is not cut between an emoji font and the text's.
    static func isSelectorOrJoiner(_ s: UInt32) -> Bool {
        (0x200C...0x200D).contains(s) || (0xFE00...0xFE0F).contains(s) || (0xE0100...0xE01EF).contains(s)
    }

    static func isDigit(_ s: UInt32) -> Bool {
        guard let u = Unicode.Scalar(s) else { return false }
        return u.properties.generalCategory == .decimalNumber
    }
}
