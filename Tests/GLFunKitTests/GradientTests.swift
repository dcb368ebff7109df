import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// Gradient paints drawn on llvmpipe (`PathGradient.fsh`): the colour at known pixels for
/// linear gradients with each spread, radial ones centred and with a focal point, a gradient
/// transform, and the coverage exactly a solid fill's.
final class GradientTests: RenderTestCase {
    private let blackToWhite = [GradientStop(0, .black), GradientStop(1, .white)]

    private func draw(_ shapes: [Shape], width: Int = 100, height: Int = 20, antialias: Bool = true) throws -> Image {
        var s = Scene(width: width, height: height, background: Color(0, 1, 0), shapes: shapes)
        s.antialias = antialias
        return try renderAllWays(s)
    }

    private func filled(_ g: Gradient, width: Float = 100, height: Float = 20) -> Shape {
        var s = Shape.path(.polyline([Point(0, 0), Point(width, 0), Point(width, height), Point(0, height)], closed: true),
                           fill: .white)
        s.gradient = g
        return s
    }

    /// The grey a black-to-white ramp has at `t` (already spread).
    private func grey(_ t: Double) -> [Int] {
        let v = Int((min(max(t, 0), 1) * 255).rounded())
        return [v, v, v, 255]
    }

    func testLinearGradientsPadRepeatAndReflect() throws {
        // From x = 10 to x = 90: pixel x's centre is at t = (x + 0.5 - 10) / 80.
        func t(_ x: Int) -> Double { (Double(x) + 0.5 - 10) / 80 }
        let xs = [0, 2, 9, 10, 30, 49, 50, 89, 90, 95, 99]
        for spread in GradientSpread.allCases {
            let g = Gradient.linear(from: Point(10, 0), to: Point(90, 0), stops: blackToWhite, spread: spread)
            let image = try draw([filled(g)])
            for x in xs {
                let v = t(x)
                let spreadT: Double
                switch spread {
                case .pad: spreadT = min(max(v, 0), 1)
                case .repeat: spreadT = v - v.rounded(.down)
                case .reflect:
                    let m = v - 2 * (v / 2).rounded(.down)
                    spreadT = 1 - abs(m - 1)
                }
                assertPixel(image, x, 10, grey(spreadT), tolerance: 2, "\(spread) at x = \(x) (t = \(v))")
            }
        }
    }

    func testStopsInBetweenAndTranslucentStops() throws {
        // Red at 0, blue at 0.25, half-transparent blue at 1; over green.
        let stops = [GradientStop(0, .red), GradientStop(0.25, .blue), GradientStop(1, Color(0, 0, 1, 0.5))]
        let g = Gradient.linear(from: Point(0, 0), to: Point(100, 0), stops: stops)
        let image = try draw([filled(g)])
        // x = 12: t = 0.125, halfway red to blue.
        assertPixel(image, 12, 5, [128, 0, 128, 255], tolerance: 2, "red to blue")
        assertPixel(image, 24, 5, [3, 0, 252, 255], tolerance: 3, "blue at the second stop")
        // x = 99: t = 0.995: alpha 0.5 + 0.5 * 0.0067 over green.
        let a = 1 - 0.5 * (0.995 - 0.25) / 0.75
        assertPixel(image, 99, 5, [0, Int(((1 - a) * 255).rounded()), Int((a * 255).rounded()), 255], tolerance: 2,
                    "translucent blue over green")
    }

    func testRadialGradientCentred() throws {
        let g = Gradient.radial(center: Point(50, 50), radius: 40, stops: blackToWhite)
        let image = try draw([filled(g, width: 100, height: 100)], width: 100, height: 100)
        for (x, y) in [(50, 50), (60, 50), (50, 79), (20, 30), (75, 75), (95, 95), (10, 50)] {
            let d = hypot(Double(x) + 0.5 - 50, Double(y) + 0.5 - 50) / 40
            assertPixel(image, x, y, grey(d), tolerance: 2, "at (\(x), \(y))")
        }
    }

    func testRadialGradientWithAFocalPoint() throws {
        // Centre (50, 50), radius 40, focal (30, 50): t is the circle through the pixel of the
        // family centre f + t (c - f), radius t r; found here by bisection.
        let c = (50.0, 50.0), f = (30.0, 50.0), r = 40.0
        func t(_ px: Double, _ py: Double) -> Double {
            var lo = 0.0, hi = 10.0
            for _ in 0..<100 {
                let m = (lo + hi) / 2
                let cx = f.0 + m * (c.0 - f.0), cy = f.1 + m * (c.1 - f.1)
                if hypot(px - cx, py - cy) > m * r { lo = m } else { hi = m }
            }
            return lo
        }
        let g = Gradient.radial(center: Point(50, 50), radius: 40, focal: Point(30, 50), stops: blackToWhite)
        let image = try draw([filled(g, width: 100, height: 100)], width: 100, height: 100)
        for (x, y) in [(30, 50), (25, 50), (40, 50), (70, 50), (15, 50), (50, 20), (30, 80), (85, 60)] {
            let v = t(Double(x) + 0.5, Double(y) + 0.5)
            assertPixel(image, x, y, grey(v), tolerance: 2, "at (\(x), \(y)), t = \(v)")
        }
        // Near the focal point it is dark; on the end circle's far side white.
        XCTAssertLessThan(rgba(image, 30, 50)[0], 10)
        XCTAssertEqual(rgba(image, 89, 50)[0], 255, accuracy: 2)
    }

    func testConicGradientGoesOnceRound() throws {
        for angle in [0, Float.pi / 3] {
            let g = Gradient.conic(center: Point(50, 50), angle: angle, stops: blackToWhite)
            let image = try draw([filled(g, width: 100, height: 100)], width: 100, height: 100)
            for (x, y) in [(90, 52), (90, 47), (50, 90), (10, 50), (50, 10), (70, 30), (20, 80), (75, 75)] {
                var t = (atan2(Double(y) + 0.5 - 50, Double(x) + 0.5 - 50) - Double(angle)) / (2 * Double.pi)
                t -= t.rounded(.down)
                assertPixel(image, x, y, grey(t), tolerance: 2, "angle \(angle) at (\(x), \(y)), t = \(t)")
            }
        }
    }

    func testTheGradientTransformPlacesTheGradient() throws {
        // (0, 0)-(1, 0) scaled 80 across and moved 10 is (10, 0)-(90, 0).
        let plain = Gradient.linear(from: Point(10, 0), to: Point(90, 0), stops: blackToWhite, spread: .reflect)
        let moved = Gradient.linear(from: Point(0, 0), to: Point(1, 0), stops: blackToWhite, spread: .reflect,
                                    transform: Transform.translation(10, 0).scaled(by: 80, 1))
        assertSameImage(try draw([filled(moved)]), try draw([filled(plain)]), tolerance: 1, "gradientTransform")
        // Turned a quarter turn, it runs down the picture.
        let down = Gradient.linear(from: Point(0, 0), to: Point(20, 0), stops: blackToWhite,
                                   transform: .rotation(Double.pi / 2))
        let image = try draw([filled(down)])
        assertPixel(image, 50, 5, grey(5.5 / 20), tolerance: 2)
        assertPixel(image, 3, 15, grey(15.5 / 20), tolerance: 2)
    }

    func testAOneColourGradientHasASolidFillsCoverageToTheBit() throws {
        // Antialiased and aliased, fills and strokes: the coverage is the same program's.
        let red = Gradient.linear(from: Point(0, 0), to: Point(100, 0),
                                  stops: [GradientStop(0, Color(1, 0, 0, 0.6)), GradientStop(1, Color(1, 0, 0, 0.6))])
        let circle = Path.circle(center: Point(40.3, 30.7), radius: 21.4)
        let zigzag = Path.polyline([Point(5, 70), Point(30, 45), Point(55, 90), Point(95, 50)])
        for aa in [true, false] {
            var a = Shape.path(circle, fill: .white)
            a.gradient = red
            var b = Shape.path(zigzag, stroke: .white, style: StrokeStyle(width: 7.5, join: .round, cap: .square))
            b.gradient = red
            let painted = try draw([a, b], width: 100, height: 100, antialias: aa)
            let solid = try draw([.path(circle, fill: Color(1, 0, 0, 0.6)),
                                  .path(zigzag, stroke: Color(1, 0, 0, 0.6),
                                        style: StrokeStyle(width: 7.5, join: .round, cap: .square))],
                                 width: 100, height: 100, antialias: aa)
            assertSameImage(painted, solid, tolerance: 1, "antialias \(aa)")
        }
    }
}
