/// What a shape is.
public enum ShapeKind: String, Sendable, CaseIterable {
    /// A segment `from` -> `to`, `width` points wide.
    case line
    /// A filled axis-aligned rectangle with corners `from` and `to`.
    case rect
    /// A filled ellipse inscribed in the box spanned by `from` and `to`.
    case ellipse
    /// The image `image` at its native size, centered on `from` (the scene's "at").
    case image
    /// A vector path (`pathShape`), filled or stroked; `from` and `to` bound what it paints.
    case path
}

/// One thing drawn on the canvas, in points (top-left origin, y down).
///
/// A flat struct rather than an enum with payloads: documents hold hundreds
/// of thousands of them and the renderer walks them every frame.
public struct Shape: Equatable, Sendable {
    /// What is drawn.
    public var kind: ShapeKind
    /// The first point: a line's start, a box's corner.
    public var from: Point
    /// The second point: a line's end, the box's opposite corner.
    public var to: Point
    /// The fill or line color.
    public var color: Color
    /// Line width in points (lines only).
    public var width: Float
    /// The image's name (image shapes only): a path relative to the scene file.
    public var image: String?
    /// The path and its paint (path shapes only).
    public var pathShape: PathShape?
    /// A path shape's gradient, in document points (nil: painted in `color`); `color`'s alpha
    /// then multiplies the gradient's (the shape's opacity) and its r, g, b are not used.
    public var gradient: Gradient?
    /// A path shape's image pattern, in document points (nil: none); `color`'s alpha multiplies it as for a gradient.
    public var pattern: ImagePattern?
    /// A group drawn through a layer of its own (`Shape.layer(_:)`); nil for every other shape.
    public var layer: Layer?

    /// The default line width, 2 points.
    public static let defaultLineWidth: Float = 2

    /// A shape of `kind` between `from` and `to`.
    public init(kind: ShapeKind, from: Point, to: Point, color: Color, width: Float = Shape.defaultLineWidth,
                image: String? = nil) {
        self.kind = kind
        self.from = from
        self.to = to
        self.color = color
        self.width = width
        self.image = image
    }

    /// A line from `from` to `to`, `width` points wide.
    public static func line(_ from: Point, _ to: Point, color: Color, width: Float = defaultLineWidth) -> Shape {
        Shape(kind: .line, from: from, to: to, color: color, width: width)
    }
    /// A filled rectangle with corners `from` and `to`.
    public static func rect(_ from: Point, _ to: Point, color: Color) -> Shape {
        Shape(kind: .rect, from: from, to: to, color: color)
    }
    /// A filled ellipse in the box with corners `from` and `to`.
    public static func ellipse(_ from: Point, _ to: Point, color: Color) -> Shape {
        Shape(kind: .ellipse, from: from, to: to, color: color)
    }
    /// An image centered at `at`; `tint` multiplies its colors (white: unchanged).
    public static func image(_ name: String, at: Point, tint: Color = .white) -> Shape {
        Shape(kind: .image, from: at, to: at, color: tint, image: name)
    }

    /// A path filled with `color` by `rule`.
    public static func path(_ path: Path, fill color: Color, rule: FillRule = .nonzero) -> Shape {
        PathShape(path, paint: .fill(rule)).shape(color: color)
    }
    /// A path stroked with `color` in `style`.
    public static func path(_ path: Path, stroke color: Color, style: StrokeStyle = StrokeStyle()) -> Shape {
        PathShape(path, paint: .stroke(style)).shape(color: color)
    }

    /// Whether the shape hides everything under its area: rect, ellipse and line fills with alpha 1.
    public var isOpaque: Bool { kind != .image && kind != .path && color.a >= 1 }

    /// Returns the shape moved by (dx, dy).
    public func offsetBy(_ dx: Float, _ dy: Float) -> Shape {
        var s = self
        s.from = Point(from.x + dx, from.y + dy)
        s.to = Point(to.x + dx, to.y + dy)
        if let p = pathShape { s.pathShape = p.offsetBy(dx, dy) }
        return s
    }
}
