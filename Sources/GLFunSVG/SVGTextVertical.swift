import Foundation
import GLFunImages
import GLFunKit

// Vertical text (writing-mode tb, tb-rl, vertical-rl, vertical-lr on the <text> or above it),
// laid out as resvg does: each chunk is laid out as a horizontal line from its start (x, y),
// and that line is turned a quarter clockwise about the start so that it runs down the page.
// dx then moves across the column (to the right) and dy along it. Characters that Unicode's
// Vertical_Orientation property keeps upright (CJK, kana, Hangul, symbols) are turned back a
// quarter about the middle of their em box, which sits on the line; the others (Latin,
// Arabic...) stay on their side, moved so that the middle of their em box is on the line.

enum SVGTextVertical {
    /// Whether `text` is laid out top to bottom: the writing-mode declared nearest to it.
    static func isVertical(_ text: SVGNode) -> Bool {
        switch SVGDrawer.inherited(text, "writing-mode") {
        case "tb", "tb-rl", "vertical-rl", "vertical-lr": return true
        default: return false
        }
    }

    /// The character's place in the column: from its glyphs' own origin (a horizontal line's
    /// pen on the baseline) to the turned line's, for a character whose horizontal advance is
    /// `width` in a face of `ascent` above and `descent` below the baseline (negative), scaled,
    /// turned by `degrees` (rotate) and stretched along the line by `stretch` (lengthAdjust).
    static func glyphTransform(_ c: Character, width: Float, ascent: Float, descent: Float,
                               degrees: Double, stretch: Float) -> Transform {
        let mid = Double(ascent + descent) / 2
        let turn = Transform.rotation(degrees * .pi / 180).scaled(by: Double(stretch), 1)
        guard let s = c.unicodeScalars.first, isUpright(s) else {
            // On its side: moved across so that its em box's middle is on the line, then turned.
            return Transform.translation(0, mid).concatenating(turn)
        }
        // Turned back a quarter about the middle of its em box, then that middle put on the line.
        let cx = Double(width) / 2
        return turn.translated(by: 0, mid).translated(by: cx, -mid).rotated(by: -.pi / 2).translated(by: -cx, mid)
    }

    /// Unicode's Vertical_Orientation U (upright) ranges, in the main: the rest is R (on its side),
    /// as are Tu and Tr characters (resvg turns only U upright).
    static func isUpright(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0xA7 { return false }
        var lo = 0, hi = upright.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let r = upright[mid]
            if v < r.lowerBound { hi = mid - 1 } else if v > r.upperBound { lo = mid + 1 } else {
                return !turned.contains(v)
            }
        }
        return false
    }

    /// Upright ranges (sorted, disjoint).
    private static let upright: [ClosedRange<UInt32>] = [
        0xA7...0xA7, 0xA9...0xA9, 0xAE...0xAE, 0xB1...0xB1, 0xBC...0xBE, 0xD7...0xD7, 0xF7...0xF7,
        0x2EA...0x2EB, 0x1100...0x11FF, 0x1400...0x167F, 0x18B0...0x18FF, 0x2016...0x2016,
        0x2020...0x2021, 0x2030...0x2031, 0x203B...0x203C, 0x2042...0x2042, 0x2047...0x2049,
        0x2051...0x2051, 0x20DD...0x20E0, 0x20E2...0x20E4, 0x2100...0x2101, 0x2103...0x2109,
        0x210F...0x210F, 0x2113...0x2114, 0x2116...0x2117, 0x211E...0x2123, 0x2125...0x2125,
        0x2127...0x2127, 0x2129...0x2129, 0x212E...0x212E, 0x2135...0x213F, 0x2145...0x214A,
        0x214C...0x214D, 0x214F...0x2189, 0x218C...0x218F, 0x221E...0x221E, 0x2234...0x2235,
        0x2300...0x2307, 0x230C...0x231F, 0x2324...0x232B, 0x237D...0x239A, 0x23BE...0x23CD,
        0x23CF...0x23CF, 0x23D1...0x23DB, 0x23E2...0x2422, 0x2424...0x24FF, 0x25A0...0x2619,
        0x2620...0x2767, 0x2776...0x2793, 0x2B12...0x2B2F, 0x2B50...0x2B59, 0x2BB8...0x2BFF,
        0x2E80...0x3007, 0x3012...0x3013, 0x3020...0x302F, 0x3031...0x309F, 0x30A1...0x30FB,
        0x30FD...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xE000...0xFAFF, 0xFE10...0xFE1F,
        0xFE30...0xFE48, 0xFE50...0xFE57, 0xFE5F...0xFE62, 0xFE67...0xFE6F, 0xFF01...0xFF0C,
        0xFF0E...0xFF1B, 0xFF1F...0xFF60, 0xFFE0...0xFFE7, 0xFFF0...0xFFF8, 0xFFFC...0xFFFD,
        0x1F000...0x1FAFF, 0x20000...0x3FFFD,
    ]

    /// Characters inside the upright ranges that are Tu or Tr (turned or rotated by resvg).
    private static let turned: Set<UInt32> = [
        0x3001, 0x3002, 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E,
        0x3095, 0x3096, 0x309B, 0x309C, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5,
        0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x3127, 0x31F0, 0x31F1, 0x31F2, 0x31F3, 0x31F4, 0x31F5,
        0x31F6, 0x31F7, 0x31F8, 0x31F9, 0x31FA, 0x31FB, 0x31FC, 0x31FD, 0x31FE, 0x31FF, 0xFE50,
        0xFE51, 0xFE52, 0xFF01, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F,
        0x301C, 0x301D, 0x301E, 0x301F, 0x3030, 0x30A0, 0x30FC, 0xFE59, 0xFE5A, 0xFE5B, 0xFE5C, 0xFE5D,
        0xFE5E, 0xFF08, 0xFF09, 0xFF0D, 0xFF1C, 0xFF1D, 0xFF1E, 0xFF3B, 0xFF3D, 0xFF3F, 0xFF5B, 0xFF5C,
        0xFF5D, 0xFF5E, 0xFF5F, 0xFF60, 0xFFE3,
    ]
}
