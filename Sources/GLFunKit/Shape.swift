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
}

/// One thing drawn on the canvas, in points (top-left origin, y down).
///
/// A flat struct rather than an enum with payloads: documents hold hundreds
/// of thousands of them and the renderer walks them every frame.
public struct Shape: Equatable, Sendable {
    public var kind: ShapeKind
    public var from: Point
    public var to: Point
    public var color: Color
    /// Line width in points (lines only).
    public var width: Float
    /// The image's name (image shapes only): a path relative to the scene file.
    public var image: String?

    /// The default line width, 2 points.
    public static let defaultLineWidth: Float = 2

    public init(kind: ShapeKind, from: Point, to: Point, color: Color, width: Float = Shape.defaultLineWidth,
                image: String? = nil) {
        self.kind = kind
        self.from = from
        self.to = to
        self.color = color
        self.width = width
        self.image = image
    }

    public static func line(_ from: Point, _ to: Point, color: Color, width: Float = defaultLineWidth) -> Shape {
        Shape(kind: .line, from: from, to: to, color: color, width: width)
    }
    public static func rect(_ from: Point, _ to: Point, color: Color) -> Shape {
        Shape(kind: .rect, from: from, to: to, color: color)
    }
    public static func ellipse(_ from: Point, _ to: Point, color: Color) -> Shape {
        Shape(kind: .ellipse, from: from, to: to, color: color)
    }
    /// An image centered at `at`; `tint` multiplies its colors (white: unchanged).
    public static func image(_ name: String, at: Point, tint: Color = .white) -> Shape {
        Shape(kind: .image, from: at, to: at, color: tint, image: name)
    }

    /// Whether the shape hides everything under its area: fills with alpha 1.
    public var isOpaque: Bool { kind != .image && color.a >= 1 }

    /// Returns the shape moved by (dx, dy).
    public func offsetBy(_ dx: Float, _ dy: Float) -> Shape {
        var s = self
        s.from = Point(from.x + dx, from.y + dy)
        s.to = Point(to.x + dx, to.y + dy)
        return s
    }
}
