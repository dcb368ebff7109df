/// How document points land on a target's pixels, for an antialiased fill's exact coverage
/// (`PathCoverage`): the pixel at column i, row j (top-left origin) is the square
/// [i, i+1) x [j, j+1) of *device* coordinates, device = (a x + c y + tx, b x + d y + ty) for
/// a document point (x, y); the target is `width` x `height` pixels. The renderer makes one a
/// frame from its canvas and view (`init(canvas:view:)`); `init(pixel:)` is a grid with no
/// target: a pixel `pixel` points wide, its corners on multiples of it, nothing clipped.
public struct PixelGrid: Equatable, Sendable {
    /// The linear part, document points to pixels.
    public var a: Double, b: Double, c: Double, d: Double
    /// Where the document's origin lands, in pixels.
    public var tx: Double, ty: Double
    /// The target's size in pixels; nil: no target (no clipping).
    public var width: Int?, height: Int?

    /// A grid of pixels `pixel` points wide, one corner at the document's origin, unclipped.
    public init(pixel: Float) {
        let s = 1 / Double(pixel)
        a = s; b = 0; c = 0; d = s; tx = 0; ty = 0
        width = nil; height = nil
    }

    /// The pixels of a canvas seen through `view`, as the renderer's projection puts them:
    /// the view's matrix in Float, then points to the framebuffer's whole pixels.
    public init(canvas: Canvas, view: ViewTransform = .identity) {
        let sx = Double(canvas.pixelWidth) / Double(canvas.width), sy = Double(canvas.pixelHeight) / Double(canvas.height)
        let m = view.matrix
        a = sx * Double(m[0]); c = sx * Double(m[4]); tx = sx * Double(m[12])
        b = sy * Double(m[1]); d = sy * Double(m[5]); ty = sy * Double(m[13])
        width = canvas.pixelWidth; height = canvas.pixelHeight
    }

    /// The general grid: device = (a x + c y + tx, b x + d y + ty), a target of width x height pixels.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double, width: Int?, height: Int?) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
        self.width = width; self.height = height
    }

    /// The width of a pixel in points (the square root of a pixel's area in points), for
    /// flattening curves; NaN or infinite when the grid maps the plane to nothing.
    var pixelInPoints: Double { 1 / abs(a * d - b * c).squareRoot() }

    /// A point's device coordinates.
    @inline(__always)
    func apply(_ p: Vec) -> Vec { Vec(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }

    /// A device point back in document points.
    @inline(__always)
    func invert(_ q: Vec) -> Vec {
        let det = a * d - b * c, x = q.x - tx, y = q.y - ty
        return Vec((d * x - c * y) / det, (a * y - b * x) / det)
    }
}

/// What fixes an antialiased fill's mesh (`PathShape`'s cache key): the grid's linear part,
/// the fraction of a pixel its origin lands at, and the pixels drawn (the target's that the
/// path's control bounds meet), counted from the whole pixel its origin lands in. Moving the
/// grid by whole pixels keeps the key (and the mesh, in document points) as long as the path
/// stays wholly inside the target.
struct CoverageKey: Equatable {
    /// The grid with its origin in [0, 1) x [0, 1).
    var grid: PixelGrid
    /// Columns x0..<x1 and rows y0..<y1 of that grid, none past the target.
    var x0: Int, y0: Int, x1: Int, y1: Int

    /// The key's pixels.
    var pixels: PathCoverage.PixelRect { PathCoverage.PixelRect(x0: x0, y0: y0, x1: x1, y1: y1) }

    /// `g` with its origin moved by whole pixels into [0, 1) x [0, 1): the grid a key's (and so
    /// a mask's) pixels are counted on.
    static func shifted(_ g: PixelGrid) -> PixelGrid {
        var s = g
        s.tx -= g.tx.rounded(.down)
        s.ty -= g.ty.rounded(.down)
        return s
    }

    /// Device coordinates are kept within this many pixels of the origin, so that cells fit
    /// an Int and the walk's Double arithmetic keeps a fraction of a pixel.
    static let reach = Double(1 << 40)

    /// The key for `bounds` (the path's control bounds, points) on `grid`; nil when nothing of
    /// it is on the target, or the grid is degenerate.
    init?(grid g: PixelGrid, bounds: (min: Point, max: Point)) {
        let det = g.a * g.d - g.b * g.c
        guard det.isFinite, det != 0, g.tx.isFinite, g.ty.isFinite, g.a.isFinite, g.b.isFinite,
              g.c.isFinite, g.d.isFinite else { return nil }
        let nx = g.tx.rounded(.down), ny = g.ty.rounded(.down)
        var shifted = Self.shifted(g)
        var lo = Vec(.infinity, .infinity), hi = Vec(-.infinity, -.infinity)
        for p in [Vec(Double(bounds.min.x), Double(bounds.min.y)), Vec(Double(bounds.max.x), Double(bounds.min.y)),
                  Vec(Double(bounds.max.x), Double(bounds.max.y)), Vec(Double(bounds.min.x), Double(bounds.max.y))] {
            let q = shifted.apply(p)
            lo = Vec(min(lo.x, q.x), min(lo.y, q.y)); hi = Vec(max(hi.x, q.x), max(hi.y, q.y))
        }
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return nil }
        let r = Self.reach
        var fx0 = max(-r, lo.x.rounded(.down)), fy0 = max(-r, lo.y.rounded(.down))
        var fx1 = min(r, hi.x.rounded(.up)), fy1 = min(r, hi.y.rounded(.up))
        if let w = g.width, let h = g.height {
            fx0 = max(fx0, -nx); fy0 = max(fy0, -ny)
            fx1 = min(fx1, Double(w) - nx); fy1 = min(fy1, Double(h) - ny)
        }
        guard fx0 < fx1, fy0 < fy1 else { return nil }
        shifted.width = nil; shifted.height = nil
        grid = shifted
        x0 = Int(fx0); y0 = Int(fy0); x1 = Int(fx1); y1 = Int(fy1)
    }
}
