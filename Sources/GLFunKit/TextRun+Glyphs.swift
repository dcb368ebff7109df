import GLFunImages

extension TextRun {
    /// One glyph's outline at the run's size, its origin at (0, 0) on the baseline (y down);
    /// for placing glyphs one by one (SVG's per-character positions, text on a path).
    public func outline(of glyph: ShapedGlyph) -> Path {
        let outline = GlyphPaths.path(glyph.face, glyph.glyph)
        var path = Path()
        guard !outline.isEmpty else { return path }
        path.append(outline, scale: shaped.font.size / Float(glyph.face.unitsPerEm), offset: .zero)
        return path
    }
}
