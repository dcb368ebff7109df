import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// Antialiased strokes of glyph-sized outlines: very short segments (a fraction of a pixel to a
/// pixel or two) between longer ones at sharp and shallow turns, tight curves flattened to tiny
/// segments, near-collinear back-and-forth, with every join, drawn on llvmpipe and compared with
/// the ideal stroke (`IdealStroke`, 16 x 16 samples a pixel). A wedge past the outline or a
/// pinhole inside it is an error of a whole pixel's coverage; the strip's own approximations
/// (its miter standing in for a round or bevel join within a quarter pixel, a fan's chords, the
/// linear ramp across an edge) stay well under `solid`.
final class PathShortSegmentJoinTests: RenderTestCase {
    /// The most a pixel may be off where the ideal is wholly outside or wholly inside.
    static let solid = 0.15
    /// The most an opaque stroke's pixel at the edge may be off (tiny features: a butt end's
    /// fringe half a pixel out, fringes of pieces a fraction of a pixel apart).
    static let edge = 0.6
    /// Half-transparent black: one layer over white is 127.5.
    static let ink = Color(0, 0, 0, 0.5)

    struct Case {
        let name: String
        let points: [Point]
        var closed = false
    }

    static func arc(_ cx: Double, _ cy: Double, _ r: Double, from a0: Double, to a1: Double, segments: Int) -> [Point] {
        (0...segments).map { k in
            let a = a0 + (a1 - a0) * Double(k) / Double(segments)
            return Point(Float(cx + r * cos(a)), Float(cy + r * sin(a)))
        }
    }

    static let cases: [Case] = [
        Case(name: "two 45° turns around a 0.7 px segment",
             points: [Point(4, 8), Point(18, 8), Point(18.5, 8.5), Point(18.5, 28)]),
        Case(name: "two 60° turns around a 1 px segment",
             points: [Point(4, 22), Point(16, 22), Point(16.5, 21.134), Point(10, 9.876)]),
        Case(name: "hairpin round a 1.3 px segment",
             points: [Point(4, 12), Point(22, 12), Point(22.6, 13.2), Point(4, 14.4)]),
        Case(name: "two 90° turns around a 0.4 px segment",
             points: [Point(4, 14), Point(20, 14), Point(20, 14.4), Point(6, 14.4)]),
        Case(name: "shallow turns on short segments",
             points: [Point(4, 16), Point(14, 16), Point(14.8, 15.7), Point(15.4, 15.1), Point(15.9, 14.3),
                      Point(16.2, 13.5), Point(16.3, 4)]),
        Case(name: "zig-zag of short segments",
             points: [Point(4, 16), Point(14, 16), Point(14.8, 16.9), Point(15.3, 15.8), Point(16.4, 16.6), Point(28, 16)]),
        Case(name: "back and forth, near collinear",
             points: [Point(4, 16), Point(22, 16), Point(21.4, 16.2), Point(24, 16.5), Point(8, 17.2)]),
        Case(name: "a small loop: radius 2.2 in 16 segments",
             points: arc(16, 16, 2.2, from: 0, to: 2 * Double.pi, segments: 16), closed: true),
        Case(name: "a tight arc: radius 2.6 in 12 segments",
             points: [Point(4, 18.6)] + arc(16, 16, 2.6, from: Double.pi / 2, to: -Double.pi, segments: 12)
                 + [Point(13.4, 4)]),
        Case(name: "an 'e' counter: radius 3.4 in 20 segments, a bar",
             points: arc(16, 16, 3.4, from: 0, to: 1.8 * Double.pi, segments: 20)
                 + [Point(Float(16 + 3.4 * cos(1.8 * Double.pi)), 16), Point(19.4, 16)]),
        // A glyph's contour starting mid-curve (a smooth first point) with sharp corners on
        // the way round: the strip breaks at the corners and must still close.
        Case(name: "a closed 'D' starting mid-curve",
             points: arc(14, 16, 7, from: 0, to: Double.pi / 2, segments: 8)
                 + [Point(8, 23), Point(8, 9), Point(14, 9)]
                 + arc(14, 16, 7, from: -Double.pi / 2, to: -0.2, segments: 7), closed: true),
        Case(name: "a closed tight loop starting mid-curve with a spur",
             points: arc(16, 16, 2.6, from: 0, to: 1.5 * Double.pi, segments: 12)
                 + [Point(16, 12.6), Point(16.4, 12.2), Point(18.6, 16.0 - 2.6 * 0.7)], closed: true),
    ]

    /// Compares `got` with `ideal`: where the ideal is 0 or 1 within `solid`, elsewhere within
    /// `edge` (nil: not compared), and, translucent, never darker than one layer.
    private func assertMatches(_ got: [Double], _ ideal: [Double], size: Int, edge: Double?, solid: Double = solid,
                               _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let e = errors(got, ideal, size: size)
        XCTAssertLessThanOrEqual(e.solid, solid, "\(what): at \(e.solidAt), where the ideal is 0 or 1",
                                 file: file, line: line)
        if let edge {
            XCTAssertLessThanOrEqual(e.edge, edge, "\(what): at \(e.edgeAt), at the edge", file: file, line: line)
        }
        XCTAssertLessThanOrEqual(got.max() ?? 0, 1 + 1.5 / 127.5, "\(what): darker than one layer", file: file, line: line)
    }

    func testShortSegmentsMatchTheIdealStroke() throws {
        for c in Self.cases {
            for join in LineJoin.allCases {
                // Width 3 (5 too in the work that made this; the suite's time is kept short, and
                // these references are computed at 16 x 16 samples a pixel in a debug build).
                for width: Float in [3] {
                    let style = StrokeStyle(width: width, join: join, cap: .butt, miterLimit: 4)
                    let ideal = idealCoverage(IdealStroke(c.points, closed: c.closed, style: style), size: 32)
                    let what = "\(c.name), \(join) joins, width \(width)"
                    assertMatches(try coverage(c, style: style, scale: 1, allWays: join == .round), ideal, size: 32,
                                  edge: Self.edge, what)
                    if c.closed {
                        assertMatches(try coverage(c, style: style, scale: 1, ink: Self.ink, allWays: false), ideal, size: 32,
                                      edge: nil, what + ", translucent")
                    }
                }
            }
        }
    }

    /// The same paths five times larger, boxed down: the reference the small ones are held to.
    func testShortSegmentsFiveTimesLargerMatchTheIdealStroke() throws {
        for c in Self.cases where c.closed {  // the ones that failed (every case in the work that made this)
            for join in [LineJoin.round] {
                let style = StrokeStyle(width: 5, join: join, cap: .butt, miterLimit: 4)
                let ideal = idealCoverage(IdealStroke(c.points, closed: c.closed, style: style), size: 32)
                assertMatches(try coverage(c, style: style, scale: 5, allWays: false), ideal, size: 32, edge: 0.2,
                              "\(c.name), \(join) joins, scale 5")
            }
        }
    }

    /// Random polylines, mostly of short segments (0.1 to 2 px) among long ones, turning by up to
    /// 170° (a third of them closed), every join, widths 3, 5 and 8.
    func testRandomShortSegmentPathsMatchTheIdealStroke() throws {
        var rng = SplitMix64(seed: 7)
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        for trial in 0..<8 {  // 90 in the work that made it (trials 3, 57, 63, 84 failed before); 8 keep the suite's time
            var pts = [Point(Float(12 + 16 * unit()), Float(12 + 16 * unit()))]
            var angle = unit() * 2 * Double.pi
            for _ in 0..<(3 + Int(rng.next() % 6)) {
                let short = unit() < 0.6
                let l = short ? 0.1 + 1.9 * unit() : 3 + 8 * unit()
                angle += (unit() - 0.5) * (unit() < 0.3 ? 6 : 2.4)
                let last = pts[pts.count - 1]
                let x = min(36, max(4, Double(last.x) + l * cos(angle))), y = min(36, max(4, Double(last.y) + l * sin(angle)))
                pts.append(Point(Float(x), Float(y)))
            }
            let closed = trial % 3 == 0
            let width: Float = [3, 5, 8][trial % 3 == 0 ? Int(rng.next() % 3) : trial % 3]
            let join = LineJoin.allCases[Int(rng.next() % 3)]
            let style = StrokeStyle(width: width, join: join, cap: .butt, miterLimit: 4)
            let c = Case(name: "random \(trial)", points: pts, closed: closed)
            let ideal = idealCoverage(IdealStroke(pts, closed: closed, style: style), size: 40)
            let what = "random \(trial) (\(join), width \(width), closed \(closed)): " + pts.map { "(\($0.x), \($0.y))" }.joined()
            // A sharp miter's fringe runs on past its tip by half a pixel over cos(turn / 2) (up to
            // 2 px at limit 4), a ramp of a quarter at most where the ideal is 0: held to 0.3.
            assertMatches(try coverage(c, style: style, scale: 1, size: 40, allWays: false), ideal, size: 40,
                          edge: Self.edge, solid: 0.3, what)
            // Translucent: pieces that overlap at the edge give the first one's coverage there.
            let e = errors(try coverage(c, style: style, scale: 1, ink: Self.ink, size: 40, allWays: false), ideal, size: 40)
            XCTAssertLessThanOrEqual(e.solid, 0.3, "\(what), translucent: at \(e.solidAt)")
        }
    }

    // MARK: - Helpers

    /// Renders `c` stroked black on white at `scale` and returns each pixel's coverage (scale 1
    /// pixels; a larger scale boxed down).
    private func coverage(_ c: Case, style: StrokeStyle, scale: Int, ink: Color = .black,
                          size: Int = 32, allWays: Bool = true) throws -> [Double] {
        var s = Scene(width: size, height: size, scale: Float(scale), background: .white,
                      shapes: [.path(.polyline(c.points, closed: c.closed), stroke: ink, style: style)])
        s.antialias = true
        let image = allWays ? try renderAllWays(s, scale: Float(scale), "\(c.name) \(style.join) scale \(scale)")
            : try render(s, scale: Float(scale))
        var out = [Double](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                var sum = 0.0
                for j in 0..<scale { for i in 0..<scale { sum += Double(rgba(image, x * scale + i, y * scale + j)[0]) } }
                out[y * size + x] = (1 - sum / Double(scale * scale) / 255) / Double(ink.a)
            }
        }
        return out
    }

    /// The worst pixel where the ideal is 0 or 1 and the worst elsewhere, with where.
    private func idealCoverage(_ ideal: IdealStroke, size: Int) -> [Double] {
        var out = [Double](repeating: 0, count: size * size)
        for y in 0..<size { for x in 0..<size { out[y * size + x] = ideal.coverage(x, y, near: true) } }
        return out
    }

    private func errors(_ got: [Double], _ ideal: [Double], size: Int = 32)
        -> (solid: Double, solidAt: (Int, Int), edge: Double, edgeAt: (Int, Int)) {
        var solid = 0.0, edge = 0.0, solidAt = (0, 0), edgeAt = (0, 0)
        for y in 0..<size {
            for x in 0..<size {
                let want = ideal[y * size + x], e = abs(got[y * size + x] - want)
                if want == 0 || want == 1 {
                    if e > solid { (solid, solidAt) = (e, (x, y)) }
                } else if e > edge {
                    (edge, edgeAt) = (e, (x, y))
                }
            }
        }
        return (solid, solidAt, edge, edgeAt)
    }

}
