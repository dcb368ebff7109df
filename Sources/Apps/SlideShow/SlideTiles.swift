import GLFunGLES
import GLFunKit
import GLFunPhotos
import GLFunTransitions

/// A zoomed-in picture drawn at full resolution: over the fitted picture (drawn first, so a
/// tile not decoded yet shows it magnified, never a blank), the tiles on screen at the level
/// the zoom needs (`TileGrid.level`), each a texture of its own. The ring of tiles around the
/// screen is asked for too, so that panning finds them decoded. Textures are kept in a
/// least-recently-drawn cache of `budget` tiles: the screen's tiles and their ring at most, so
/// memory is bounded by the view's size, whatever the picture's.
///
/// Waiting (`waits`: a replay, an export, a test) every tile on screen is had before the frame
/// is drawn (`TileLoader.wait(for:)`), so the pixels depend only on the events and the file; live
/// (the window), what is decoded is drawn and the loader's `onReady` wakes the host for the rest.
final class SlideTiles {
    /// The slide whose tiles these are.
    let slide: Int
    let loader: TileLoader
    private var textures: [TileKey: (texture: Texture2D, texcoords: (Float, Float, Float, Float), used: Int)] = [:]
    private var frame = 0
    /// The first failure of a tile's decode (the fitted picture is shown in its place).
    private(set) var failure: PhotoError?
    /// Tiles whose decode failed: never asked for again (the fitted picture stays there).
    private var failed: Set<TileKey> = []
    /// Tiles on screen that were not there to draw, in the last frame (live only).
    private(set) var missing = 0

    private let context: Context

    init(slide: Int, loader: TileLoader, context: Context) {
        self.slide = slide
        self.loader = loader
        self.context = context
    }

    /// Tile textures kept now.
    var residentTextures: Int { textures.count }

    /// How many tile textures a view of `canvas` keeps at most: the tiles that can be on
    /// screen at once (a column and a row more than fill it, as the grid falls across it) and
    /// the ring of one tile around them.
    static func budget(_ canvas: Canvas) -> Int {
        let side = TileGrid.side
        let columns = (canvas.pixelWidth + side - 1) / side, rows = (canvas.pixelHeight + side - 1) / side
        return (columns + 3) * (rows + 3)
    }

    /// Draws the tiles over the fitted picture `fitted` (already drawn into the bound target
    /// with `corners`, the picture's corners in view points) when the view shows the picture
    /// finer than `fitted` holds it; else nothing.
    func draw(over fitted: Texture2D, corners p: [Point], composer: SlideComposer, canvas: Canvas, background: Color,
              waits: Bool) throws(GLESError) {
        missing = 0
        let grid = loader.grid
        let e1 = Point(p[1].x - p[0].x, p[1].y - p[0].y), e2 = Point(p[3].x - p[0].x, p[3].y - p[0].y)
        let pixels = (e1.x * e1.x + e1.y * e1.y).squareRoot() * canvas.scale  // the picture's width on screen
        let scale = Double(pixels) / Double(grid.width)
        guard scale > Double(fitted.width) / Double(grid.width) * 1.001 else { return }
        let det = e1.x * e2.y - e1.y * e2.x
        guard abs(det) > 1e-6 else { return }
        // The view's corners in the picture, as fractions of its sides.
        var u0: Float = 1, v0: Float = 1, u1: Float = 0, v1: Float = 0
        for (x, y) in [(0, 0), (canvas.width, 0), (0, canvas.height), (canvas.width, canvas.height)] as [(Float, Float)] {
            let dx = x - p[0].x, dy = y - p[0].y
            let u = (dx * e2.y - dy * e2.x) / det, v = (e1.x * dy - e1.y * dx) / det
            u0 = min(u0, u); u1 = max(u1, u); v0 = min(v0, v); v1 = max(v1, v)
        }
        guard u1 > 0, v1 > 0, u0 < 1, v0 < 1 else { return }
        let keys = grid.keys(level: TileGrid.level(forScale: scale), u0: u0, v0: v0, u1: u1, v1: v1)
        let budget = SlideTiles.budget(canvas)
        // A turned view's box can hold more than the budget: then the fitted picture alone.
        guard keys.covering.count + keys.ring.count <= budget else { return }
        frame += 1
        loader.want((keys.covering + keys.ring).filter { textures[$0] == nil && !failed.contains($0) })
        for key in keys.covering where !failed.contains(key) {
            if textures[key] == nil {
                guard let result = waits ? loader.wait(for: key) : loader.take(key) else {
                    missing += 1
                    continue
                }
                try keep(key, result)
            }
            guard let t = textures[key] else { continue }
            textures[key]!.used = frame
            let f = grid.fractions(key)
            func at(_ u: Float, _ v: Float) -> Point { Point(p[0].x + u * e1.x + v * e2.x, p[0].y + u * e1.y + v * e2.y) }
            try composer.drawPart(t.texture, texcoords: t.texcoords,
                                  corners: [at(f.u0, f.v0), at(f.u1, f.v0), at(f.u1, f.v1), at(f.u0, f.v1)],
                                  canvas: canvas, background: background)
        }
        for key in keys.ring where textures[key] == nil && !failed.contains(key) {
            if let result = loader.take(key) { try keep(key, result) }
        }
        evict(beyond: budget, keeping: Set(keys.covering + keys.ring))
    }

    /// Uploads a decoded tile (a failure is kept to be said once; the fitted picture shows there).
    private func keep(_ key: TileKey, _ result: Result<Image, PhotoError>) throws(GLESError) {
        switch result {
        case let .success(image):
            let r = loader.grid.rect(key), e = loader.grid.padded(key)
            let w = Float(image.width), h = Float(image.height)
            let st = (Float(r.x - e.x) / w, Float(r.y - e.y) / h, Float(r.x - e.x + r.width) / w, Float(r.y - e.y + r.height) / h)
            let texture = try Texture2D(context: context, image: image, options: TextureOptions(filter: .linear))
            textures[key] = (texture, st, frame)
        case let .failure(error):
            if failure == nil { failure = error }
            failed.insert(key)
        }
    }

    /// Lets go of the least recently drawn textures not in `keep` while more than `budget` are held.
    private func evict(beyond budget: Int, keeping keep: Set<TileKey>) {
        guard textures.count > budget else { return }
        let old = textures.filter { !keep.contains($0.key) }.sorted { $0.value.used < $1.value.used }
        for (key, _) in old.prefix(textures.count - budget) { textures[key] = nil }
    }
}
