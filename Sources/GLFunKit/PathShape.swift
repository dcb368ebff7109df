import Foundation

/// A path with its paint, as a shape draws it: shared by reference, so that a document of
/// thousands of pen strokes copies pointers, and so that a stroke's triangles, made once for a
/// given pixel size, are kept with it (`mesh(pixel:antialias:)`).
///
/// Immutable; the cache is behind a lock, so a `PathShape` may be shared across threads.
public final class PathShape: Equatable, Hashable, @unchecked Sendable {
    /// The geometry.
    public let path: Path
    /// The fill or stroke.
    public let paint: PathPaint

    /// Drawn without antialiasing even in an antialiased frame (SVG's `shape-rendering:
    /// crispEdges`): the aliased mesh, pixels in where their centres are.
    public let aliased: Bool

    /// A stroke's dashes, kept whole (`StrokeDash`: the renderer dashes the stroke per pixel,
    /// or cuts it by `Path.dashed` where it must); nil for a path drawn as it is.
    let dash: StrokeDash?

    /// A mesh the renderer made for this shape and one frame's pixels (a clipped group's child
    /// with the clip folded into its coverage, `GroupFold`): drawn as it is, whatever the grid.
    let given: PathMesh?

    /// `path` painted with `paint` (`aliased`: never antialiased).
    public init(_ path: Path, paint: PathPaint, aliased: Bool = false) {
        self.path = path
        self.paint = paint
        self.aliased = aliased
        dash = nil
        given = nil
    }

    /// `path` filled, drawn as `mesh` (made for the frame's pixels by the renderer).
    init(_ path: Path, given mesh: PathMesh) {
        self.path = path
        paint = .fill(.nonzero)
        aliased = false
        dash = nil
        given = mesh
    }

    /// `path` stroked with `style`, dashed by `dash` (`aliased`: never antialiased).
    init(_ path: Path, style: StrokeStyle, dash: StrokeDash?, aliased: Bool = false) {
        self.path = path
        paint = .stroke(style)
        self.aliased = aliased
        self.dash = dash
        given = nil
    }

    /// This path moved by (dx, dy), painted and dashed the same.
    public func offsetBy(_ dx: Float, _ dy: Float) -> PathShape {
        if let dash, case let .stroke(style) = paint {
            return PathShape(path.offsetBy(dx, dy), style: style, dash: dash, aliased: aliased)
        }
        return PathShape(path.offsetBy(dx, dy), paint: paint, aliased: aliased)
    }

    /// A shape drawing this path in `color`, its box the path's control bounds grown by what
    /// a stroke adds (half the width, times the miter limit for miter joins).
    public func shape(color: Color) -> Shape {
        var lo = Point.zero, hi = Point.zero
        if let b = path.controlBounds { (lo, hi) = b }
        var width = Shape.defaultLineWidth
        if case let .stroke(style) = paint {
            width = style.width
            let grow = style.width / 2 * (style.join.isMiter ? max(1, style.miterLimit) : 1) * 1.5
            lo = Point(lo.x - grow, lo.y - grow)
            hi = Point(hi.x + grow, hi.y + grow)
        }
        var s = Shape(kind: .path, from: lo, to: hi, color: color, width: width)
        s.pathShape = self
        return s
    }

    /// Equal when the paths and the paints are.
    public static func == (a: PathShape, b: PathShape) -> Bool {
        a === b || (a.given == nil && b.given == nil && a.path == b.path && a.paint == b.paint && a.aliased == b.aliased
                    && a.dash == b.dash)
    }

    /// Hashes the path and the paint.
    public func hash(into h: inout Hasher) {
        h.combine(path)
        h.combine(paint)
        h.combine(dash)
    }

    // MARK: - The cached triangles

    private let lock = NSLock()
    private var cached: (pixel: Float, antialias: Bool, dashRoute: Bool, mesh: PathMesh)?
    /// An antialiased fill's: the pixels it was made for.
    private var cachedCoverage: (key: CoverageKey, masks: Bool, core: Bool, mesh: PathMesh)?

    /// The path's triangles for a pixel `pixel` points wide (1 / pixels per point), made on
    /// first use and kept until asked for another pixel size or antialiasing setting; with
    /// `keep` false, made and not kept (a frame drawn once: a headless render). An
    /// antialiased fill's are for pixels with a corner at the document's origin, unclipped
    /// (`PixelGrid(pixel:)`).
    public func mesh(pixel: Float, antialias: Bool, keep: Bool = true) -> PathMesh {
        mesh(grid: PixelGrid(pixel: pixel), pixel: pixel, antialias: antialias, keep: keep)
    }

    /// The path's triangles for the target's pixels `grid`, `pixel` points wide: an
    /// antialiased fill's are quads of the exact coverage of those pixels (made again when the
    /// grid moves by a fraction of a pixel, turns or zooms, or when the pixels of the target
    /// the path meets change); the others depend on `pixel` alone.
    public func mesh(grid: PixelGrid, pixel: Float, antialias: Bool, keep: Bool = true) -> PathMesh {
        mesh(grid: grid, pixel: pixel, antialias: antialias, keep: keep, masks: false)
    }

    /// The antialiased fill's mesh kept for `grid`'s pixels (as `mesh` would give it), if any;
    /// nothing is made.
    func keptMesh(grid: PixelGrid, masks: Bool, core: Bool) -> PathMesh? {
        if let given { return given }
        guard case .fill = paint, let b = path.controlBounds, let key = CoverageKey(grid: grid, bounds: b) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return coverageKept(key: key, masks: masks, core: core)
    }

    /// The antialiased fill's mesh kept for `key` with `masks` and `core`, if that is the one
    /// kept (the caller holds the lock). The key is compared in place: the mesh alone is copied
    /// out, once.
    private func coverageKept(key: CoverageKey, masks: Bool, core: Bool) -> PathMesh? {
        guard cachedCoverage?.key == key, cachedCoverage?.masks == masks, cachedCoverage?.core == core else { return nil }
        return cachedCoverage?.mesh
    }

    /// `mesh(grid:pixel:antialias:keep:)`; with `masks`, an antialiased fill may come as its
    /// coverage picture (`PathMesh.mask`) where that pays (the renderer's `pathMasks`).
    /// With `core`, an antialiased fill's mesh comes with its core (`PathMesh.core`: an opaque
    /// fill's, for the opaque pass).
    /// With `dashRoute`, a dashed stroke may come dashed by the shader (`PathMesh.dashPattern`).
    func mesh(grid: PixelGrid, pixel: Float, antialias: Bool, keep: Bool, masks: Bool, core: Bool = false,
              dashRoute: Bool = false) -> PathMesh {
        if let given { return given }
        lock.lock()
        defer { lock.unlock() }
        if antialias, case let .fill(rule) = paint {
            guard let b = path.controlBounds, let key = CoverageKey(grid: grid, bounds: b) else { return PathMesh() }
            if let m = coverageKept(key: key, masks: masks, core: core) { return m }
            let m = PathTessellator.coverageMesh(path, rule: rule, key: key, masks: masks, core: core)
            if keep { cachedCoverage = (key, masks, core, m) }
            return m
        }
        let route = dashRoute && dash != nil
        if let c = cached, c.pixel == pixel, c.antialias == antialias, c.dashRoute == route { return c.mesh }
        let m = PathTessellator.mesh(path, paint: paint, pixel: pixel, antialias: antialias, dash: dash, dashRoute: route)
        if keep { cached = (pixel, antialias, route, m) }
        return m
    }
}

extension Path {
    /// The path moved by (dx, dy).
    public func offsetBy(_ dx: Float, _ dy: Float) -> Path {
        func m(_ p: Point) -> Point { Point(p.x + dx, p.y + dy) }
        return Path(elements: commands.map { e in
            switch e {
            case let .move(p): return .move(m(p))
            case let .line(p): return .line(m(p))
            case let .quad(c, p): return .quad(control: m(c), to: m(p))
            case let .cubic(c1, c2, p): return .cubic(control1: m(c1), control2: m(c2), to: m(p))
            case .close: return .close
            }
        })
    }
}
