import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// Gradients batched (`Renderer+GradientStream`, `RampAtlas`): fills of different gradients
/// share draw calls, each still painted with its own gradient; a frame whose gradients pass the
/// atlas's rows draws them all right; a second frame is the first.
final class GradientBatchTests: RenderTestCase {
    private func rect(_ x: Float, _ y: Float, _ w: Float, _ h: Float) -> Path {
        .polyline([Point(x, y), Point(x + w, y), Point(x + w, y + h), Point(x, y + h)], closed: true)
    }

    private func filled(_ path: Path, _ g: Gradient) -> Shape {
        var s = Shape.path(path, fill: .white)
        s.gradient = g
        return s
    }

    func testFillsOfDifferentLinearGradientsShareACallEachItsOwnColours() throws {
        // Three bands, each black to its own colour left to right over x0 ... x0 + 80, and a
        // translucent one and an ellipse among them.
        let ends: [Color] = [.red, Color(0, 1, 0), .blue]
        var shapes: [Shape] = []
        for (k, c) in ends.enumerated() {
            let y = Float(k * 20)
            shapes.append(filled(rect(10, y, 80, 20), .linear(from: Point(10, 0), to: Point(90, 0),
                                                              stops: [GradientStop(0, .black), GradientStop(1, c)])))
        }
        shapes.append(filled(.ellipse(from: Point(100, 5), to: Point(190, 55)),
                             .linear(from: Point(100, 0), to: Point(190, 0),
                                     stops: [GradientStop(0, .white), GradientStop(1, .black)], spread: .reflect)))
        shapes.append(filled(rect(120, 60, 60, 20), .linear(from: Point(120, 0), to: Point(180, 0),
                                                             stops: [GradientStop(0, Color(1, 0, 0, 0.5)),
                                                                     GradientStop(1, Color(0, 0, 1, 0.5))])))
        var scene = Scene(width: 200, height: 90, background: Color(0, 0, 0), shapes: shapes)
        scene.antialias = true
        let image = try renderAllWays(scene)
        // Pixel x's centre is at t = (x + 0.5 - 10) / 80.
        for (k, c) in ends.enumerated() {
            for x in [12, 50, 87] {
                let t = (Double(x) + 0.5 - 10) / 80
                let want = [c.r, c.g, c.b].map { Int((Double($0) * t * 255).rounded()) } + [255]
                assertPixel(image, x, k * 20 + 10, want, tolerance: 2, "band \(k) at x = \(x)")
            }
        }
        // t = 0.508: (0.492, 0, 0.508) at alpha 0.5 over black.
        assertPixel(image, 150, 70, [63, 0, 65, 255], tolerance: 2, "the translucent band's middle over black")
        _ = try render(scene)
        XCTAssertLessThanOrEqual(renderer.stats.drawCalls, 6, "five gradients, not a call (or two) each")
    }

    func testRadialAndConicFillsOfDifferentGradientsShareACall() throws {
        // Six discs, each a radial gradient of its own from its colour at the centre to black
        // at radius 20 (two with a focal point off centre), then six conic ones.
        var shapes: [Shape] = []
        var centres: [(Int, Int, Color)] = []
        for k in 0..<6 {
            let c = Color(Float(k) / 5, 1 - Float(k) / 5, 0.5)
            let x = Float(25 + k * 50), y: Float = 25
            let focal = k % 3 == 2 ? Point(x - 5, y) : Point(x, y)
            shapes.append(filled(.ellipse(from: Point(x - 20, y - 20), to: Point(x + 20, y + 20)),
                                 .radial(center: Point(x, y), radius: 20, focal: focal,
                                         stops: [GradientStop(0, c), GradientStop(1, .black)])))
            if k % 3 != 2 { centres.append((Int(x), Int(y), c)) }
            shapes.append(filled(rect(x - 20, 55, 40, 40), .conic(center: Point(x, 75), angle: 0,
                                                                 stops: [GradientStop(0, c), GradientStop(1, .white)])))
        }
        var scene = Scene(width: 300, height: 100, background: Color(0, 0, 0), shapes: shapes)
        scene.antialias = true
        let image = try renderAllWays(scene)
        for (x, y, c) in centres {
            // The pixel about the centre is 0.7 px out: t = 0.035.
            let want = [c.r, c.g, c.b].map { Int((Double($0) * (1 - 0.035) * 255).rounded()) } + [255]
            assertPixel(image, x, y, want, tolerance: 3, "the disc at \(x)")
            assertPixel(image, x + 19, y, [0, 0, 0, 255], tolerance: 20, "near the disc's edge at \(x)")
        }
        // Just below the conic's start (angle 0, +x): t near 0, its colour; just above: near 1, white.
        for k in 0..<6 {
            let x = 25 + k * 50
            let c = Color(Float(k) / 5, 1 - Float(k) / 5, 0.5)
            assertPixel(image, x + 15, 76, [c.r, c.g, c.b].map { Int(($0 * 255).rounded()) } + [255], tolerance: 12,
                        "the conic at \(x) just past its start")
            assertPixel(image, x + 15, 74, [255, 255, 255, 255], tolerance: 12, "the conic at \(x) just before its end")
        }
        _ = try render(scene)
        XCTAssertLessThanOrEqual(renderer.stats.drawCalls, 8, "twelve gradients, not a call (or two) each")
    }

    func testMoreGradientsThanTheAtlasHoldsAreEachTheirOwn() throws {
        // 20 x 15 cells, each one colour (both stops alike) of its own: 300 ramps, more than a
        // RampAtlas's rows, so the atlas starts again part way through the frame.
        var shapes: [Shape] = []
        var want: [(Int, Int, [Int])] = []
        for j in 0..<15 {
            for i in 0..<20 {
                let c = Color(Float(i) / 19, Float(j) / 14, Float((i * 7 + j * 3) % 11) / 10)
                let x = Float(i * 10), y = Float(j * 10)
                shapes.append(filled(rect(x, y, 10, 10), .linear(from: Point(x, y), to: Point(x + 10, y),
                                                                 stops: [GradientStop(0, c), GradientStop(1, c)])))
                want.append((i * 10 + 5, j * 10 + 5, [c.r, c.g, c.b].map { Int(($0 * 255).rounded()) } + [255]))
            }
        }
        var scene = Scene(width: 200, height: 150, background: .white, shapes: shapes)
        scene.antialias = true
        let image = try renderAllWays(scene)
        for (x, y, c) in want { assertPixel(image, x, y, c, tolerance: 1, "cell at \(x), \(y)") }
    }

    func testTranslucentFillsOnWholePixelsGoOnInTheMasksCall() throws {
        // Translucent rectangles on whole pixels (quads of coverage 1, no fringe) between
        // ellipses drawn from masks, the last half gradients: the rectangles are drawn by the
        // mask program reading the atlas's whole texel (`Renderer.emitWhole`), so the frame is a
        // call or two, not two a pair; and they are the pixels the core program gives them
        // (masks off: every fill from its quads, each rectangle by the core program).
        var shapes: [Shape] = []
        for k in 0..<16 {
            let x = Float(k * 12), c = Color(Float(k) / 15, 0.4, 1 - Float(k) / 15, 0.6)
            var r = Shape.path(rect(x, 4, 10, 30), fill: c)
            var e = Shape.path(.ellipse(from: Point(x + 3, 40), to: Point(x + 17, 70)), fill: c)
            if k >= 8 {
                let g = Gradient.linear(from: Point(x, 0), to: Point(x + 10, 0),
                                        stops: [GradientStop(0, c), GradientStop(1, Color(1, 1, 1, 0.3))])
                r.gradient = g
                e.gradient = g
            }
            shapes += [r, e]
        }
        var scene = Scene(width: 200, height: 80, background: Color(0.1, 0.2, 0.3), shapes: shapes)
        scene.antialias = true
        let image = try renderAllWays(scene)
        XCTAssertLessThanOrEqual(renderer.stats.drawCalls, 2, "32 translucent fills, not a call each")
        renderer.pathMasks = false
        defer { renderer.pathMasks = true }
        let quads = try renderAllWays(scene)
        XCTAssertGreaterThan(renderer.stats.drawCalls, 16, "masks off: the rectangles take the core program")
        assertSameImage(image, quads, "the rectangles' pixels as the core program draws them")
    }

    func testEveryProgramCompilesAndLinks() throws {
        // Every kind's variants (as it is, core, mask, opaque) with the gradient stream's attributes.
        try renderer.compileAllPrograms()
        for name in ["linear", "linearCore", "linearMask", "linearOpaque", "radial", "radialCore", "radialMask",
                     "radialOpaque", "conic", "conicCore", "conicMask", "conicOpaque"] {
            XCTAssertTrue(renderer.compiledPrograms.contains(name), name)
        }
    }

    func testASecondFrameIsTheFirst() throws {
        var shapes: [Shape] = []
        for k in 0..<12 {
            let x = Float(k * 15)
            let a = Color(Float(k) / 11, 0.3, 1 - Float(k) / 11, k % 3 == 0 ? 0.6 : 1)
            shapes.append(filled(k % 2 == 0 ? rect(x, 5, 40, 50) : .ellipse(from: Point(x, 20), to: Point(x + 45, 70)),
                                 .linear(from: Point(x, 0), to: Point(x + 40, 30), stops: [GradientStop(0, a),
                                                                                          GradientStop(1, .white)])))
        }
        var scene = Scene(width: 220, height: 80, background: Color(0.2, 0.2, 0.2), shapes: shapes)
        scene.antialias = true
        let first = try render(scene)
        let second = try render(scene)
        assertSameImage(second, first, "the frame drawn again")
    }
}
