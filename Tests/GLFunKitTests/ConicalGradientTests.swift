import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// SVG 2's two-point conical gradient (`Gradient.Kind.radial` with a focal circle): t is the
/// largest whose circle, from the focal circle (t = 0) to the end circle (t = 1), passes through
/// the pixel with a radius of at least 0; a focal circle larger than the end circle, or a focal
/// point outside it, is drawn as it is (not moved inside, as SVG 1.1 did), and outside the cone
/// the circles sweep nothing is painted.
final class ConicalGradientTests: RenderTestCase {
    private let blackToWhite = [GradientStop(0, .black), GradientStop(1, .white)]

    private func draw(_ g: Gradient) throws -> Image {
        var s = Shape.path(.polyline([Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)], closed: true),
                           fill: .white)
        s.gradient = g
        var scene = Scene(width: 100, height: 100, background: Color(0, 1, 0), shapes: [s])
        scene.antialias = true
        return try renderAllWays(scene)
    }

    private func grey(_ t: Double) -> [Int] {
        let v = Int((min(max(t, 0), 1) * 255).rounded())
        return [v, v, v, 255]
    }

    func testFocalCircleLargerThanTheEndCircle() throws {
        // Both centred at (50, 50): focal radius 40 (t = 0), end radius 20 (t = 1), so at a
        // distance d from the centre t = (d - 40) / (20 - 40) (the larger root with a radius >= 0).
        let g = Gradient.radial(center: Point(50, 50), radius: 20, focalRadius: 40, stops: blackToWhite)
        let image = try draw(g)
        func t(_ x: Int) -> Double { (Double(x) + 0.5 - 50 - 40) / -20 }
        for x in [80, 84, 88] {
            assertPixel(image, x, 50, grey(t(x)), tolerance: 3, "at x = \(x), t = \(t(x))")
        }
        assertPixel(image, 60, 50, grey(1), tolerance: 2, "inside the end circle: t > 1, padded white")
        assertPixel(image, 95, 50, grey(0), tolerance: 2, "outside the focal circle: t < 0, padded black")
    }

    func testFocalPointOutsideTheEndCircleDrawsTheCone() throws {
        // End circle (30, 50) radius 10; focal point (70, 50), radius 0. On the axis at x = 50
        // the circles through it are t = 0.4 and t = 2/3; the larger is taken.
        let g = Gradient.radial(center: Point(30, 50), radius: 10, focal: Point(70, 50), stops: blackToWhite)
        let image = try draw(g)
        assertPixel(image, 50, 50, grey(2.0 / 3), tolerance: 4, "on the axis between them")
        // Far off the axis no circle of the cone passes: the background shows.
        assertPixel(image, 50, 90, [0, 255, 0, 255], tolerance: 1, "outside the cone")
        assertPixel(image, 50, 10, [0, 255, 0, 255], tolerance: 1, "outside the cone")
        // Beyond the end circle, on the axis, t > 1: padded white.
        assertPixel(image, 5, 50, grey(1), tolerance: 2, "past the end circle")
    }
}
