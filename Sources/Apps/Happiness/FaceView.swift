import GLFunKit

/// Where a `FaceView` gets its smile: the view knows nothing of happiness, only of a
/// smiliness -1 (a frown) ... 1 (a smile), asked for whenever it makes its shapes (CS193p's
/// `FaceViewDataSource`).
public protocol FaceViewDataSource: AnyObject {
    /// -1 ... 1; values outside are clamped.
    func smiliness(for face: FaceView) -> Float
}

/// CS193p's FaceView: a face stroked in one color, as big as `scale` of the smaller side of
/// its bounds, with two eyes and a mouth whose bend the data source decides. It draws on a
/// canvas (`draw(into:width:height:)`, GLFunKit's `GraphicsContext`: strokes with round joins
/// and caps); `shapes(width:height:)` is that recording; `geometry(width:height:)` gives the
/// numbers they are made of.
public final class FaceView {
    /// UIKit's `orangeColor()`: (1, 0.5, 0).
    public static let orange = Color(1, 0.5, 0)
    /// The scales `scale` may take: a pinch or a key never shrinks the face to nothing (where
    /// no pinch could bring it back) nor grows it without end.
    public static let scaleLimits: ClosedRange<Float> = 0.01...10

    /// Asked for the smiliness each time the shapes are made (nil: a straight mouth).
    public weak var dataSource: FaceViewDataSource?
    /// The face's radius as a share of half the bounds' smaller side (0.9), kept within
    /// `scaleLimits`.
    public var scale: Float = 0.9 {
        didSet { scale = FaceView.clampScale(scale) }
    }
    /// Stroke width in points (5).
    public var lineWidth: Float = 5
    /// The strokes' color (orange).
    public var color: Color = FaceView.orange

    /// A face at `scale` (clamped to `scaleLimits`).
    public init(scale: Float = 0.9) {
        self.scale = FaceView.clampScale(scale)
    }

    /// `value` within `scaleLimits` (the lower limit for NaN).
    public static func clampScale(_ value: Float) -> Float {
        if value.isNaN { return scaleLimits.lowerBound }
        return min(max(value, scaleLimits.lowerBound), scaleLimits.upperBound)
    }

    /// The data source's smiliness, clamped to -1 ... 1 (0 without a data source or for NaN).
    public var smiliness: Float {
        let s = dataSource?.smiliness(for: self) ?? 0
        return s.isNaN ? 0 : min(max(s, -1), 1)
    }

    /// The face's numbers for bounds `width` x `height` points (origin at the top left).
    public func geometry(width: Float, height: Float) -> FaceGeometry {
        FaceGeometry(width: width, height: height, scale: scale, smiliness: smiliness)
    }

    /// How every stroke is drawn: `lineWidth` wide, round joins and round caps.
    public var strokeStyle: StrokeStyle {
        StrokeStyle(width: lineWidth, join: .round, cap: .round)
    }

    /// Draws the face for bounds `width` x `height` points on the canvas `context`: the head,
    /// the left and right eyes and the mouth, in that order, each stroked in `color` with
    /// `strokeStyle` (under the context's transform).
    public func draw(into context: inout GraphicsContext, width: Float, height: Float) {
        let g = geometry(width: width, height: height)
        for path in [g.headPath, g.eyePath(g.leftEye), g.eyePath(g.rightEye), g.mouthPath] {
            context.stroke(path, paint: .solid(color), style: strokeStyle)
        }
    }

    /// The face for bounds `width` x `height` points, as `draw(into:width:height:)` records it
    /// on a new canvas: the head, the eyes and the mouth, each a stroked path shape.
    public func shapes(width: Float, height: Float) -> [Shape] {
        var context = GraphicsContext()
        draw(into: &context, width: width, height: height)
        return context.shapes
    }
}

/// The numbers a face is made of (CS193p's `Scaling` ratios), in points, y down:
/// - the head: a circle of radius R = min(width, height) / 2 × scale about the bounds' center;
/// - the eyes: circles of radius R / 10, R / 3 above the center, R / 1.5 apart;
/// - the mouth: a cubic Bézier R wide, its ends R / 10 below the center, its control points at
///   a third and two thirds of its width, at the ends' y + smiliness × R / 10 (y down: a smile,
///   smiliness > 0, bends its middle below its ends).
/// The mouth's numbers are the issue's: CS193p's own put the ends R / 3 below the center and
/// bend the control points by smiliness × R / 3.
public struct FaceGeometry: Equatable, Sendable {
    /// The head's center.
    public var center: Point
    /// The head's radius, R.
    public var radius: Float
    /// The eyes' radius.
    public var eyeRadius: Float
    /// The left eye's center.
    public var leftEye: Point
    /// The right eye's center.
    public var rightEye: Point
    /// The mouth's left end.
    public var mouthStart: Point
    /// The mouth's first control point.
    public var mouthControl1: Point
    /// The mouth's second control point.
    public var mouthControl2: Point
    /// The mouth's right end.
    public var mouthEnd: Point

    /// The face's geometry in a view of `width` × `height` points.
    /// - Parameters:
    ///   - width: the view's width in points.
    ///   - height: the view's height in points.
    ///   - scale: the face's radius as a share of half the view's smaller side.
    ///   - smiliness: -1 ... 1 (clamped).
    public init(width: Float, height: Float, scale: Float, smiliness: Float) {
        let s = min(max(smiliness, -1), 1)
        center = Point(width / 2, height / 2)
        radius = min(width, height) / 2 * scale
        let r = radius
        eyeRadius = r / 10
        let eyeOffset = r / 3, eyeSeparation = r / 1.5
        leftEye = Point(center.x - eyeSeparation / 2, center.y - eyeOffset)
        rightEye = Point(center.x + eyeSeparation / 2, center.y - eyeOffset)
        let mouthWidth = r, mouthOffset = r / 10, smileHeight = s * r / 10
        mouthStart = Point(center.x - mouthWidth / 2, center.y + mouthOffset)
        mouthEnd = Point(mouthStart.x + mouthWidth, mouthStart.y)
        mouthControl1 = Point(mouthStart.x + mouthWidth / 3, mouthStart.y + smileHeight)
        mouthControl2 = Point(mouthEnd.x - mouthWidth / 3, mouthStart.y + smileHeight)
    }

    /// The mouth's point halfway along the curve (t = 1/2): below its ends for a smile.
    public var mouthMiddle: Point {
        Point((mouthStart.x + 3 * mouthControl1.x + 3 * mouthControl2.x + mouthEnd.x) / 8,
              (mouthStart.y + 3 * mouthControl1.y + 3 * mouthControl2.y + mouthEnd.y) / 8)
    }

    /// The head's circle.
    public var headPath: Path { FaceGeometry.circle(center: center, radius: radius) }

    /// An eye's circle, about `eye`.
    public func eyePath(_ eye: Point) -> Path { FaceGeometry.circle(center: eye, radius: eyeRadius) }

    /// The mouth's cubic Bézier.
    public var mouthPath: Path {
        var p = Path()
        p.move(to: mouthStart)
        p.cubic(to: mouthEnd, control1: mouthControl1, control2: mouthControl2)
        return p
    }

    /// A closed circle as four cubic Béziers, one a quarter turn, clockwise on screen from the
    /// rightmost point (off the circle by at most 0.03 % of the radius).
    public static func circle(center c: Point, radius r: Float) -> Path {
        let k = r * 0.552_284_75  // 4/3 (√2 − 1)
        var p = Path()
        p.move(to: Point(c.x + r, c.y))
        p.cubic(to: Point(c.x, c.y + r), control1: Point(c.x + r, c.y + k), control2: Point(c.x + k, c.y + r))
        p.cubic(to: Point(c.x - r, c.y), control1: Point(c.x - k, c.y + r), control2: Point(c.x - r, c.y + k))
        p.cubic(to: Point(c.x, c.y - r), control1: Point(c.x - r, c.y - k), control2: Point(c.x - k, c.y - r))
        p.cubic(to: Point(c.x + r, c.y), control1: Point(c.x + k, c.y - r), control2: Point(c.x + r, c.y - k))
        p.close()
        return p
    }
}
