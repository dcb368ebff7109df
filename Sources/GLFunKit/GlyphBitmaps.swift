import GLFunImages
import Synchronization

/// Colour fonts' bitmap glyphs (CBDT, sbix: an emoji font's) as drawable pictures, made once per
/// (face, glyph) and kept, a glyph with none remembered too: a line of emoji redrawn every frame
/// decodes its pictures on its first, and each emoji is one texture however often it is placed.
/// Bounded by the bytes held (dropped whole past the bound, made again on demand).
struct GlyphBitmaps {
    /// A glyph's picture and the pattern of its pixels every placement of it is made from (so
    /// that the renderer makes one texture for all of them: `ImagePattern.imageKey`).
    struct Picture {
        let bitmap: ColorGlyphBitmap
        let pattern: ImagePattern
    }
    private var pictures: [GlyphPaths.Key: Picture?] = [:]
    private var bytes = 0
    static let maxBytes = 64 << 20

    static let shared = Mutex(GlyphBitmaps())

    /// The glyph's colour picture, or nil when its face has none for it.
    static func picture(_ face: ShapedFace, _ glyph: UInt32) -> Picture? {
        let key = GlyphPaths.Key(face: face, glyph: glyph)
        if let p = shared.withLock({ $0.pictures[key] }) { return p }
        let p = TextShaper.colorBitmap(of: glyph, in: face).map { b in
            Picture(bitmap: b, pattern: ImagePattern(.pixels(width: b.width, height: b.height, rgba: b.rgba),
                                                     repetition: .none, sampling: .cubic))
        }
        shared.withLock { cache in
            let size = (p?.bitmap.rgba.count ?? 0) + 64
            if cache.bytes + size > maxBytes {
                cache.pictures = [:]
                cache.bytes = 0
            }
            cache.pictures[key] = .some(p)
            cache.bytes += size
        }
        return p
    }
}

extension TextRun {
    /// Glyph `glyph`'s colour picture (a bitmap glyph of an emoji font) at the run's size, its
    /// origin at (0, 0) on the baseline (y down), as `outline(of:)` places outlines: the box it
    /// covers, and the picture as a pattern on it (bicubic, as resvg scales pictures; nothing
    /// past its edges). nil for a glyph with no picture.
    public func colorPicture(of glyph: ShapedGlyph) -> (box: Path, pattern: ImagePattern)? {
        guard let picture = GlyphBitmaps.picture(glyph.face, glyph.glyph) else { return nil }
        let b = picture.bitmap
        let s = Double(shaped.font.size) / Double(glyph.face.unitsPerEm)
        let unit = Double(b.unitsPerPixel) * s
        let place = Transform(a: unit, b: 0, c: 0, d: unit, tx: Double(b.left) * s, ty: -Double(b.top) * s)
        let (w, h) = (Float(b.width), Float(b.height))
        let box = Path.polyline([Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)], closed: true).applying(place)
        return (box, picture.pattern.transformed(by: place))
    }
}
