import GLFunImages
import Synchronization

/// Glyph outlines as `Path`s, in font units with y down, made once per (face, glyph) and kept:
/// a page of text redrawn every frame reads FreeType only on its first. Bounded by the
/// points held (dropped whole past the bound, remade on demand).
struct GlyphPaths {
    struct Key: Hashable {
        let face: ShapedFace
        let glyph: UInt32
    }
    private var paths: [Key: Path] = [:]
    private var points = 0
    static let maxPoints = 8 << 20

    static let shared = Mutex(GlyphPaths())

    /// The glyph's outline; an empty path for a glyph with none (or one FreeType cannot load).
    static func path(_ face: ShapedFace, _ glyph: UInt32) -> Path {
        let key = Key(face: face, glyph: glyph)
        if let p = shared.withLock({ $0.paths[key] }) { return p }
        var path = Path()
        if let outline = try? TextShaper.outline(of: glyph, in: face) {
            for s in outline.segments {
                switch s {
                case let .move(x, y): path.move(to: Point(x, -y))
                case let .line(x, y): path.line(to: Point(x, -y))
                case let .quad(cx, cy, x, y): path.quad(to: Point(x, -y), control: Point(cx, -cy))
                case let .cubic(c1x, c1y, c2x, c2y, x, y):
                    path.cubic(to: Point(x, -y), control1: Point(c1x, -c1y), control2: Point(c2x, -c2y))
                case .close: path.close()
                }
            }
            path.compact()
        }
        shared.withLock { cache in
            if cache.points + path.points.count > maxPoints {
                cache.paths = [:]
                cache.points = 0
            }
            cache.paths[key] = path
            cache.points += path.points.count + 1
        }
        return path
    }

    /// How many outlines are held (tests: the second frame makes none).
    static var count: Int { shared.withLock { $0.paths.count } }
}
