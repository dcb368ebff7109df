import GLFunImages

/// Where a line sits across from the anchor (canvas `textAlign`): `start` and `end` follow
/// the line's direction (start is the left of a left-to-right line, the right of an Arabic one).
public enum TextAlign: String, Sendable, CaseIterable {
    case left, center, right, start, end
}

/// Where the text sits up and down from the anchor (canvas `textBaseline`): on the first
/// line's baseline, under the top of the first line (its ascent), around the middle of the
/// block (first line's ascent to last line's descent), or over the last line's descent.
public enum TextBaseline: String, Sendable, CaseIterable {
    case alphabetic, top, middle, bottom
}

/// Text shaped (`TextShaper`: HarfBuzz, fontconfig's faces and fallbacks) and laid out about
/// an anchor, ready to measure and then to `fill` or `stroke` as a path: every glyph is its
/// outline in font units scaled to the size (`GlyphPaths`), so text has the path coverage at
/// any transform, rotated or scaled, and takes any paint.
public struct TextRun: Sendable {
    /// The glyphs on their lines.
    public let shaped: ShapedText
    /// Where each line sits across from the anchor.
    public let align: TextAlign
    /// Where the block sits up and down from the anchor.
    public let baseline: TextBaseline

    /// Shapes `text` in `font`, breaking lines to fit `maxWidth` (at spaces, hyphens and
    /// dashes, and between CJK characters: `TextShaper.shape`; and at "\n"), each paragraph in
    /// `direction` (`.auto`: its first strong character's).
    /// - Throws: `FontError` when no face matches, or the size or weight is out of range.
    public init(_ text: String, font: FontDescription = FontDescription(), maxWidth: Float? = nil,
                align: TextAlign = .start, baseline: TextBaseline = .alphabetic,
                direction: TextDirection = .auto) throws(FontError) {
        shaped = try TextShaper.shape(text, font: font, maxWidth: maxWidth, direction: direction)
        self.align = align
        self.baseline = baseline
    }

    /// The widest line's advance (the pen's travel, kerning included).
    public var advance: Float { shaped.advance }
    /// Above the baseline, positive: the primary face's at the size.
    public var ascent: Float { shaped.ascent }
    /// Below the baseline, positive.
    public var descent: Float { shaped.descent }
    /// From one baseline to the next.
    public var lineHeight: Float { shaped.lineHeight }
    /// The lines, after breaking.
    public var lines: [ShapedLine] { shaped.lines }

    /// From the anchor down to the first line's baseline.
    public var firstBaseline: Float {
        let block = Float(max(lines.count - 1, 0)) * lineHeight
        switch baseline {
        case .alphabetic: return 0
        case .top: return ascent
        case .middle: return ascent - (block + ascent + descent) / 2
        case .bottom: return -descent - block
        }
    }

    /// From the anchor across to where `line` starts.
    public func lineStart(_ line: ShapedLine) -> Float {
        let side: TextAlign
        switch align {
        case .start: side = line.isRightToLeft ? .right : .left
        case .end: side = line.isRightToLeft ? .left : .right
        default: side = align
        }
        switch side {
        case .center: return -line.advance / 2
        case .right: return -line.advance
        default: return 0
        }
    }

    /// Every glyph's outline placed, the anchor at `anchor` (user space); a colour glyph's is
    /// left out (its layers or its picture stand for it: `colorGlyphShapes`).
    public func path(at anchor: Point = .zero) -> Path {
        var path = Path()
        var y = anchor.y + firstBaseline
        for line in lines {
            let x = anchor.x + lineStart(line)
            for g in line.glyphs {
                let outline = GlyphPaths.path(g.face, g.glyph)
                if outline.isEmpty || TextRun.isColorGlyph(g) { continue }
                path.append(outline, scale: shaped.font.size / Float(g.face.unitsPerEm), offset: Point(x + g.x, y + g.y))
            }
            y += lineHeight
        }
        return path
    }

    /// The box of the outlines' points about an anchor at the origin (it holds the ink; a
    /// curve's control points may reach a little past it); nil when nothing has ink.
    public var bounds: (min: Point, max: Point)? { path().controlBounds }
}
