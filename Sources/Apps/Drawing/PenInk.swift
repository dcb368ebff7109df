import GLFunKit

/// A freehand pen stroke as the finger draws it: the points it kept and its smoothed path.
///
/// **Points.** A motion closer than `minSpacing` (2 view points) to the last kept point is
/// dropped: a mouse or a finger reports many tiny, jittery moves, and a curve through each of
/// them would wobble. The touch's last location is always kept, so the stroke ends under it.
///
/// **Smoothing: midpoint quadratics.** With kept points p0…pn−1 and mk the midpoint of pk and
/// pk+1, the path is `M p0 L m0`, then `Q pk mk` for k = 1…n−2, then `L pn−1`: each kept
/// point is the control point of a quadratic Bézier between the midpoints on either side. The
/// curve is smooth (C1: the tangents at each midpoint agree), it never overshoots (each piece
/// stays in the triangle of its control points, so a quick zigzag does not bulge past where the
/// finger went), and — the reason it is chosen over Catmull-Rom — a new point changes only the
/// last piece: segment k depends on pk and pk+1 alone, while a Catmull-Rom segment also needs the
/// point after, so the curve behind the finger would keep moving as it is drawn.
///
/// **Cheap while live.** Because the pieces behind the finger are final, they are frozen into
/// path shapes of `chunkSegments` pieces (`chunks`): a shape keeps its triangles once made
/// (`PathShape.mesh`), so a motion event re-tessellates only the unfrozen tail (at most
/// `chunkSegments` pieces), whatever the stroke's length. When the finger lifts the stroke is
/// committed as one path shape (`finalShape`): stroked, round joins, round caps.
public struct PenInk: Equatable, Sendable {
    /// Motions closer than this to the last kept point (view points) are dropped.
    public static let minSpacing: Float = 2
    /// How many pieces a frozen chunk of the live stroke holds.
    public static let chunkSegments = 32

    /// The kept points, document points.
    public private(set) var points: [Point]
    /// The stroke's width in points.
    public let width: Float
    /// The stroke's color.
    public let color: Color
    /// The last kept point in view points (spacing is measured on screen).
    private var lastScreen: Point
    /// Frozen pieces of the live stroke, in order.
    public private(set) var chunks: [Shape] = []
    /// How many pieces the chunks cover.
    private var chunkedSegments = 0
    /// The rest of the live stroke, from the last chunk to the last point.
    public private(set) var tail: Shape

    /// A stroke starting at `start` (document points; `screen` in view points).
    public init(start: Point, screen: Point, width: Float, color: Color) {
        points = [start]
        lastScreen = screen
        self.width = width
        self.color = color
        tail = Shape(kind: .path, from: start, to: start, color: color)
        tail = makeTail()
    }

    /// The stroke's paint: `width` wide, round joins and caps.
    public var style: StrokeStyle { StrokeStyle(width: width, join: .round, cap: .round) }

    /// What to draw while the finger is down: the frozen chunks, then the tail.
    public var liveShapes: [Shape] { chunks + [tail] }

    /// The finished stroke: one path shape.
    public var finalShape: Shape { PenInk.shape(PenInk.smoothPath(points), style: style, color: color) }

    /// Adds the touch's location `p` (document points; `screen` in view points) unless it is
    /// within `minSpacing` of the last kept point.
    public mutating func add(_ p: Point, screen: Point) {
        let dx = screen.x - lastScreen.x, dy = screen.y - lastScreen.y
        guard dx * dx + dy * dy >= PenInk.minSpacing * PenInk.minSpacing else { return }
        append(p, screen: screen)
    }

    /// Keeps the touch's last location, however close (the stroke ends where the touch did).
    public mutating func finish(at p: Point, screen: Point) {
        if p != points.last { append(p, screen: screen) }
    }

    private mutating func append(_ p: Point, screen: Point) {
        points.append(p)
        lastScreen = screen
        // Pieces 0…n−2 exist and are final; freeze them a chunk at a time.
        while points.count - 1 - chunkedSegments >= PenInk.chunkSegments {
            var path = Path()
            path.move(to: PenInk.segmentStart(points, chunkedSegments))
            for k in chunkedSegments..<(chunkedSegments + PenInk.chunkSegments) {
                PenInk.appendSegment(&path, points, k)
            }
            chunks.append(PenInk.shape(path, style: style, color: color))
            chunkedSegments += PenInk.chunkSegments
        }
        tail = makeTail()
    }

    private func makeTail() -> Shape {
        if chunkedSegments == 0 { return PenInk.shape(PenInk.smoothPath(points), style: style, color: color) }
        var path = Path()
        path.move(to: PenInk.segmentStart(points, chunkedSegments))
        for k in chunkedSegments..<(points.count - 1) { PenInk.appendSegment(&path, points, k) }
        path.line(to: points[points.count - 1])
        return PenInk.shape(path, style: style, color: color)
    }

    // MARK: The smoothed path

    static func mid(_ a: Point, _ b: Point) -> Point { Point((a.x + b.x) / 2, (a.y + b.y) / 2) }

    /// Where piece `k` starts: p0 for the first, else the midpoint before pk.
    static func segmentStart(_ p: [Point], _ k: Int) -> Point { k == 0 ? p[0] : mid(p[k - 1], p[k]) }

    /// Piece `k` (needs pk+1): a line to m0 for the first, else a quadratic through pk to mk.
    static func appendSegment(_ path: inout Path, _ p: [Point], _ k: Int) {
        if k == 0 { path.line(to: mid(p[0], p[1])) } else { path.quad(to: mid(p[k], p[k + 1]), control: p[k]) }
    }

    /// The midpoint-quadratic path through `points` (see the type's comment). One point is a
    /// dot (a line of no length: its round caps make a disc), two a straight line.
    public static func smoothPath(_ points: [Point]) -> Path {
        guard let first = points.first, let last = points.last else { return Path() }
        var path = Path()
        path.move(to: first)
        if points.count > 2 {
            for k in 0..<(points.count - 1) { appendSegment(&path, points, k) }
        }
        path.line(to: last)
        return path
    }

    /// `path` stroked in `color` and `style` on a canvas (`GraphicsContext.stroke`, no
    /// transform: the shape a stroke path of the scene format is).
    static func shape(_ path: Path, style: StrokeStyle, color: Color) -> Shape {
        var canvas = GraphicsContext()
        canvas.stroke(path, paint: .solid(color), style: style)
        return canvas.shapes.first ?? .path(path, stroke: color, style: style)  // a width the canvas refuses (0): as before
    }

    /// A path shape scaled by `k` about `center` (the three-finger pinch); its stroke width stays.
    public static func scaled(_ s: Shape, by k: Float, about c: Point) -> Shape {
        guard let ps = s.pathShape else { return s }
        func m(_ p: Point) -> Point { Point(c.x + (p.x - c.x) * k, c.y + (p.y - c.y) * k) }
        let path = Path(elements: ps.path.elements.map { e in
            switch e {
            case let .move(p): return .move(m(p))
            case let .line(p): return .line(m(p))
            case let .quad(q, p): return .quad(control: m(q), to: m(p))
            case let .cubic(q1, q2, p): return .cubic(control1: m(q1), control2: m(q2), to: m(p))
            case .close: return .close
            }
        })
        return PathShape(path, paint: ps.paint).shape(color: s.color)
    }

    // MARK: Widths

    /// The pen widths `[` and `]` step through, points.
    public static let widths: [Float] = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64]
    /// A new drawing's pen width.
    public static let defaultWidth: Float = 4

    /// The next width up (`up`) or down from `w`, clamped to 1…64.
    public static func step(_ w: Float, up: Bool) -> Float {
        if up { return widths.first { $0 > w } ?? widths[widths.count - 1] }
        return widths.last { $0 < w } ?? widths[0]
    }
}
