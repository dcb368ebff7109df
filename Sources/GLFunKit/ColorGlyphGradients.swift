import Foundation
import GLFunImages

/// COLRv1 gradients as the canvas's `Gradient`s (`GraphicsContext.paintColorGlyph`), in font
/// units with y up. A colour line's stops may lie anywhere (COLRv1 allows offsets outside
/// 0...1, and repeats or reflects over the stops' own span): the line is put on 0...1 by moving
/// the gradient's geometry to its first and last stops (exact: the same colour at every point).
/// A linear gradient's p2 turns its lines as COLRv1 says (p1 projected on the normal of p0-p2);
/// a sweep, which the canvas's conic gradient says as one whole turn from angle 0, gets the
/// line laid out over that turn: each stop, in every repeat the turn crosses, at its angle.
struct ColorGlyphGradients {
    /// The colour a graph's colour stands for: its palette entry, or `foreground`, times its
    /// alpha and `opacity`.
    let foreground: Color
    let opacity: Float

    func color(_ c: ColorGlyphColor) -> Color {
        let rgba = c.rgba.map { Color($0.x, $0.y, $0.z, $0.w) } ?? foreground
        return Color(rgba.r, rgba.g, rgba.b, rgba.a * c.alpha * opacity)
    }

    /// At most this many turns of a repeating sweep's line are laid out (past it: padded).
    static let maxRepeats = 256

    private func spread(_ e: ColorGlyphExtend) -> GradientSpread {
        switch e {
        case .pad: return .pad
        case .repeat: return .repeat
        case .reflect: return .reflect
        }
    }

    /// The line's stops in order of offset (the font's order among equal ones), and the span
    /// [a, b] they cover (b > a; a single offset is widened a little, a hard step).
    private func normalized(_ line: ColorGlyphLine) -> (stops: [GradientStop], a: Double, b: Double)? {
        let sorted = line.stops.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map(\.element)
        guard let first = sorted.first, let last = sorted.last, first.offset.isFinite, last.offset.isFinite else { return nil }
        let a = Double(first.offset), b = max(Double(last.offset), a + 1e-4)
        let stops = sorted.map { GradientStop(Float((Double($0.offset) - a) / (b - a)), color($0.color)) }
        return (stops, a, b)
    }

    /// The gradient of `paint` (linear, radial or sweep) with `transform` from its space to the
    /// glyph's; nil for another paint or one that paints nothing (a line of no stops, a linear
    /// gradient of no length).
    func gradient(_ paint: ColorGlyphPaint, transform: Transform) -> Gradient? {
        func point(_ v: SIMD2<Double>) -> Point { Point(Float(v.x), Float(v.y)) }
        switch paint {
        case let .linear(p0, p1, p2, line):
            guard let (stops, a, b) = normalized(line) else { return nil }
            // p1 projected on the line through p0 normal to p0-p2 (p2 = p0: no turn).
            let d = p2 - p0, n = SIMD2(d.y, -d.x)
            let nn = (n * n).sum()
            let p3 = nn > 0 ? p0 + n * (((p1 - p0) * n).sum() / nn) : p1
            guard p3 != p0 else { return nil }
            let from = p0 + (p3 - p0) * a, to = p0 + (p3 - p0) * b
            return .linear(from: point(from), to: point(to), stops: stops, spread: spread(line.extend), transform: transform)
        case let .radial(c0, r0, c1, r1, line):
            guard let (stops, a, b) = normalized(line) else { return nil }
            let ca = c0 + (c1 - c0) * a, cb = c0 + (c1 - c0) * b
            let ra = r0 + (r1 - r0) * a, rb = r0 + (r1 - r0) * b
            return .radial(center: point(cb), radius: Float(rb), focal: point(ca), focalRadius: Float(ra),
                           stops: stops, spread: spread(line.extend), transform: transform)
        case let .sweep(center, start, end, line):
            guard let (stops, a, b) = normalized(line) else { return nil }
            let s = start + (end - start) * a, e = start + (end - start) * b
            guard e != s, s.isFinite, e.isFinite else { return nil }
            return .conic(center: point(center), angle: 0, stops: turn(stops, start: s, end: e, extend: line.extend),
                          transform: transform)
        default:
            return nil
        }
    }

    /// The stops of a sweep from `start` to `end` degrees (the line on 0...1 there) laid out
    /// over one turn from 0 to 360 degrees (0...1), ascending.
    private func turn(_ stops: [GradientStop], start s: Double, end e: Double, extend: ColorGlyphExtend) -> [GradientStop] {
        // The line's u at the turn's position x (0...1): u = (360 x - s) / (e - s).
        let u0 = -s / (e - s), u1 = (360 - s) / (e - s)
        let lo = min(u0, u1), hi = max(u0, u1)
        var repeats = extend == .pad ? 0...0 : Int(floor(lo))...Int(ceil(hi))
        if repeats.count > Self.maxRepeats { repeats = 0...0 }
        var points: [(x: Double, color: Color)] = []
        for k in repeats {
            let reversed = extend == .reflect && k % 2 != 0
            for stop in reversed ? stops.reversed() : stops {
                let u = Double(k) + (reversed ? 1 - Double(stop.offset) : Double(stop.offset))
                points.append(((s + u * (e - s)) / 360, stop.color))
            }
        }
        if e < s { points.reverse() }
        // Cut to 0...1: the colour where the layout crosses each end, mixed from its neighbours.
        func mixed(at x: Double) -> Color? {
            guard let i = points.firstIndex(where: { $0.x >= x }), i > 0 else { return nil }
            let p = points[i - 1], q = points[i]
            return p.color.mixed(with: q.color, Float(q.x > p.x ? (x - p.x) / (q.x - p.x) : 1))
        }
        var out: [GradientStop] = []
        if let c = mixed(at: 0) { out.append(GradientStop(0, c)) }
        out += points.filter { $0.x >= 0 && $0.x <= 1 }.map { GradientStop(Float($0.x), $0.color) }
        if let c = mixed(at: 1) { out.append(GradientStop(1, c)) }
        return out
    }
}
