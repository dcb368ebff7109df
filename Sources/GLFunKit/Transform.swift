import Foundation

/// An affine transform of the plane, as SVG's `matrix(a b c d e f)` and Blend2D's `BLMatrix2D`:
/// a point (x, y) goes to (a·x + c·y + tx, b·x + d·y + ty). Points, top-left origin, y down,
/// so a positive `rotated(by:)` angle turns clockwise on screen, as in SVG.
///
/// Composition reads as SVG's transform lists do: `t.translated(by: 10, 0).rotated(by: θ)` is
/// `translate(10 0) rotate(θ)`, the rotation applied to the points first.
public struct Transform: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The matrix's entries: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// The matrix (a b c d tx ty), SVG's `matrix(a, b, c, d, e, f)`.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// Leaves every point where it is.
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Moves points by (dx, dy).
    public static func translation(_ dx: Double, _ dy: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }
    /// Scales by sx across and sy down (sy defaults to sx).
    public static func scale(_ sx: Double, _ sy: Double? = nil) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy ?? sx, tx: 0, ty: 0)
    }
    /// Turns by `radians` about the origin (clockwise on screen, y being down).
    public static func rotation(_ radians: Double) -> Transform {
        let cs = cos(radians), sn = sin(radians)
        return Transform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }
    /// Skews: x moves by tan(ax)·y, y by tan(ay)·x (SVG's skewX(ax) then skewY(ay) for one of them zero).
    public static func skew(x ax: Double, y ay: Double = 0) -> Transform {
        Transform(a: 1, b: tan(ay), c: tan(ax), d: 1, tx: 0, ty: 0)
    }

    /// `self` after `other`: points go through `other` first (SVG's "self other").
    public func concatenating(_ other: Transform) -> Transform {
        Transform(a: a * other.a + c * other.b, b: b * other.a + d * other.b,
                  c: a * other.c + c * other.d, d: b * other.c + d * other.d,
                  tx: a * other.tx + c * other.ty + tx, ty: b * other.tx + d * other.ty + ty)
    }
    /// This transform, then the points first moved by (dx, dy).
    public func translated(by dx: Double, _ dy: Double) -> Transform { concatenating(.translation(dx, dy)) }
    /// This transform, the points first scaled.
    public func scaled(by sx: Double, _ sy: Double? = nil) -> Transform { concatenating(.scale(sx, sy)) }
    /// This transform, the points first turned by `radians`.
    public func rotated(by radians: Double) -> Transform { concatenating(.rotation(radians)) }
    /// This transform, the points first skewed.
    public func skewed(x ax: Double, y ay: Double = 0) -> Transform { concatenating(.skew(x: ax, y: ay)) }

    /// The determinant a·d - b·c: the factor areas are scaled by (negative: mirrored).
    public var determinant: Double { a * d - b * c }

    /// The transform that undoes this one; nil when it squashes the plane to a line or a point.
    public var inverted: Transform? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// The one factor lengths are scaled by in every direction when the transform is a
    /// similarity (rotation, uniform scale, translation, mirror); otherwise the geometric mean
    /// of its two, sqrt(|det|), which is what a stroke's width is scaled by (see `isSimilarity`).
    public var lengthScale: Double { abs(determinant).squareRoot() }

    /// Whether lengths scale alike in every direction (no skew, no unequal scale): a stroke
    /// transformed so is exactly the stroke of the transformed path at the scaled width.
    public var isSimilarity: Bool {
        let tol = 1e-9 * max(1, abs(a) + abs(b) + abs(c) + abs(d))
        return (abs(a - d) <= tol && abs(b + c) <= tol) || (abs(a + d) <= tol && abs(b - c) <= tol)
    }

    /// Where `p` goes.
    public func apply(_ p: Point) -> Point {
        let x = Double(p.x), y = Double(p.y)
        return Point(Float(a * x + c * y + tx), Float(b * x + d * y + ty))
    }

    /// Whether every entry is a finite number.
    public var isFinite: Bool { [a, b, c, d, tx, ty].allSatisfy(\.isFinite) }

    /// SVG's `matrix(a b c d e f)`.
    public var description: String { "matrix(\(a) \(b) \(c) \(d) \(tx) \(ty))" }
}

extension Path {
    /// The path with every point (ends and control points) moved by `t`: Béziers map to the
    /// Béziers of the moved points, so the result is exact, and it is flattened afterwards, in
    /// the target's pixels, as any path is.
    public func applying(_ t: Transform) -> Path {
        if t == .identity { return self }
        return Path(elements: commands.map { e in
            switch e {
            case let .move(p): return .move(t.apply(p))
            case let .line(p): return .line(t.apply(p))
            case let .quad(c, p): return .quad(control: t.apply(c), to: t.apply(p))
            case let .cubic(c1, c2, p): return .cubic(control1: t.apply(c1), control2: t.apply(c2), to: t.apply(p))
            case .close: return .close
            }
        })
    }
}
