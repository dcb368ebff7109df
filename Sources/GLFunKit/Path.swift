/// A vector path: subpaths of straight lines and quadratic and cubic Bézier curves, in
/// points (top-left origin, y down), as SVG and nanovg describe them.
///
/// A `Path` is only geometry: what it looks like (filled or stroked, how wide, which color)
/// is a `PathPaint` on the `Shape` that draws it. Arcs become cubic Béziers when added (at
/// most a quarter turn each, well under a thousandth of the radius off the circle); curves
/// are flattened to line segments only when drawn, to a tolerance in pixels, so a path stays
/// smooth at every scale and zoom (`PathTessellator`).
public struct Path: Equatable, Hashable, Sendable {
    /// One drawing command. Points are absolute.
    public enum Element: Equatable, Hashable, Sendable {
        /// Starts a subpath at the point.
        case move(Point)
        /// A straight line to the point.
        case line(Point)
        /// A quadratic Bézier through `control` to `to`.
        case quad(control: Point, to: Point)
        /// A cubic Bézier through `control1` and `control2` to `to`.
        case cubic(control1: Point, control2: Point, to: Point)
        /// Closes the subpath with a line back to its first point.
        case close
    }

    /// How a command is stored: a verb a command, and its points (none for `close`, one for
    /// `move` and `line`, two for `quad`, three for `cubic`) one after another in `points`:
    /// 9 bytes a point of a polyline, where an array of `Element`s takes 28.
    enum Verb: UInt8 { case move, line, quad, cubic, close }
    private(set) var verbs: [Verb] = []
    private(set) var points: [Point] = []

    /// The commands, in order.
    public var elements: [Element] { Array(commands) }

    /// The commands, decoded one by one from the compact storage (no array of them made).
    var commands: Commands { Commands(verbs: verbs, points: points) }

    /// The commands of a path as a sequence.
    struct Commands: Sequence {
        let verbs: [Verb]
        let points: [Point]
        struct Iterator: IteratorProtocol {
            let verbs: [Verb]
            let points: [Point]
            var v = 0, p = 0
            mutating func next() -> Element? {
                guard v < verbs.count else { return nil }
                defer { v += 1 }
                switch verbs[v] {
                case .move: p += 1; return .move(points[p - 1])
                case .line: p += 1; return .line(points[p - 1])
                case .quad: p += 2; return .quad(control: points[p - 2], to: points[p - 1])
                case .cubic: p += 3; return .cubic(control1: points[p - 3], control2: points[p - 2], to: points[p - 1])
                case .close: return .close
                }
            }
        }
        func makeIterator() -> Iterator { Iterator(verbs: verbs, points: points) }
        var underestimatedCount: Int { verbs.count }
    }

    /// An empty path.
    public init() {}

    /// A path of these commands.
    public init(elements: [Element]) {
        verbs.reserveCapacity(elements.count)
        points.reserveCapacity(elements.count)
        for e in elements { add(e) }
    }

    private mutating func add(_ e: Element) {
        switch e {
        case let .move(p): verbs.append(.move); points.append(p)
        case let .line(p): verbs.append(.line); points.append(p)
        case let .quad(c, p): verbs.append(.quad); points.append(c); points.append(p)
        case let .cubic(c1, c2, p): verbs.append(.cubic); points.append(c1); points.append(c2); points.append(p)
        case .close: verbs.append(.close)
        }
    }

    /// Whether the path has no commands.
    public var isEmpty: Bool { verbs.isEmpty }

    /// The point the next command starts from (the origin before any command).
    public var currentPoint: Point {
        var start = Point.zero, p = Point.zero
        for e in commands {
            switch e {
            case let .move(q): start = q; p = q
            case let .line(q), let .quad(_, q), let .cubic(_, _, q): p = q
            case .close: p = start
            }
        }
        return p
    }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) { verbs.append(.move); points.append(p) }
    /// A straight line to `p`.
    public mutating func line(to p: Point) { verbs.append(.line); points.append(p) }
    /// A quadratic Bézier curve to `p` with control point `c`.
    public mutating func quad(to p: Point, control c: Point) { add(.quad(control: c, to: p)) }
    /// A cubic Bézier curve to `p` with control points `c1` and `c2`.
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        add(.cubic(control1: c1, control2: c2, to: p))
    }
    /// Closes the subpath with a line back to its start.
    public mutating func close() { verbs.append(.close) }

    /// Appends every command of `other`.
    public mutating func append(_ other: Path) {
        verbs += other.verbs
        points += other.points
    }

    /// Appends every command of `other` with each point p put at `offset` + p × `scale` (a
    /// glyph's outline placed on a line: `TextRun`), without making a path in between.
    mutating func append(_ other: Path, scale: Float, offset: Point) {
        verbs += other.verbs
        for p in other.points { points.append(Point(offset.x + p.x * scale, offset.y + p.y * scale)) }
    }

    /// The same commands in arrays of exactly their size (a parsed path's arrays have grown
    /// by doubling: up to twice what they hold).
    mutating func compact() {
        if verbs.capacity > verbs.count + verbs.count / 8 { verbs = verbs.withUnsafeBufferPointer { Array($0) } }
        if points.capacity > points.count + points.count / 8 { points = points.withUnsafeBufferPointer { Array($0) } }
    }

    /// The smallest box holding every point of the commands, control points included
    /// (so it holds the curves); nil for an empty path.
    public var controlBounds: (min: Point, max: Point)? {
        var lo = Point(.infinity, .infinity), hi = Point(-.infinity, -.infinity)
        func add(_ p: Point) {
            lo = Point(min(lo.x, p.x), min(lo.y, p.y))
            hi = Point(max(hi.x, p.x), max(hi.y, p.y))
        }
        for p in points { add(p) }
        return lo.x <= hi.x ? (lo, hi) : nil
    }
}

/// How the corners of a stroke are drawn.
public enum LineJoin: String, Sendable, CaseIterable {
    /// Sharp corners, cut to a bevel where the miter would pass `miterLimit` × the half width.
    case miter
    /// Round corners.
    case round
    /// Corners cut straight across.
    case bevel
    /// Sharp corners, their miters clipped where they would pass `miterLimit` × the half width
    /// (SVG 2's `miter-clip`: cut square to the bisector at that distance from the corner).
    case miterClip = "miter-clip"

    /// Whether the join is a miter within the limit (`miter` or `miter-clip`).
    var isMiter: Bool { self == .miter || self == .miterClip }
}

/// How the open ends of a stroke are drawn.
public enum LineCap: String, Sendable, CaseIterable {
    /// The stroke stops at the end point.
    case butt
    /// A half disc past the end point.
    case round
    /// Half the width past the end point, square.
    case square
}

/// Which points a fill paints.
public enum FillRule: String, Sendable, CaseIterable {
    /// Points the path winds around a nonzero number of times (SVG's default).
    case nonzero
    /// Points the path winds around an odd number of times.
    case evenOdd = "evenodd"
}

/// How a path is stroked.
public struct StrokeStyle: Equatable, Hashable, Sendable {
    /// Width in points.
    public var width: Float
    /// How segments meet.
    public var join: LineJoin
    /// How open ends are drawn.
    public var cap: LineCap
    /// The longest miter, as a multiple of half the width (SVG's stroke-miterlimit; 4).
    public var miterLimit: Float
    /// Which way a join or a cap at a curve's end turns (`CurveEnds`; `.chords` by default).
    public var curveEnds: CurveEnds

    /// A style; by default 2 points wide, miter joins (limit 4), butt caps, ends by the chords.
    public init(width: Float = 2, join: LineJoin = .miter, cap: LineCap = .butt, miterLimit: Float = 4,
                curveEnds: CurveEnds = .chords) {
        self.width = width
        self.join = join
        self.cap = cap
        self.miterLimit = miterLimit
        self.curveEnds = curveEnds
    }
}

/// Which direction a stroke's joins and caps take where a curve ends.
public enum CurveEnds: Equatable, Hashable, Sendable {
    /// The flattened curve's first and last chords (GLFun's pictures and scenes).
    case chords
    /// The curve's own tangents, as a stroker of curves draws them (Skia, tiny-skia, so resvg:
    /// the SVG reader's): a miter near its limit stays a miter, a dash's butt end is square to
    /// the curve. A curve within the flattening tolerance of its chord is a line either way.
    case tangents
}

/// What a path shape paints: its inside or its outline.
public enum PathPaint: Equatable, Hashable, Sendable {
    case fill(FillRule)
    case stroke(StrokeStyle)
}
