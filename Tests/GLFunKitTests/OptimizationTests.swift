import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// Occlusion culling and the depth-buffer opaque pass must never change the
/// picture: the painter's-order picture (both off) is the reference.
final class OptimizationTests: RenderTestCase {
    func testCullingAndDepthDoNotChangeARandomScene() throws {
        let sprites = try registerSprites()
        for seed: UInt64 in [1, 2, 3] {
            let scene = randomScene(seed: seed, count: 300, width: 320, height: 240, sprites: sprites)
            _ = try renderAllWays(scene, "(seed \(seed))")
            _ = try render(scene)
            XCTAssertGreaterThan(renderer.stats.culled, 0, "seed \(seed): the scene should exercise culling")
            XCTAssertTrue(renderer.stats.usedDepth)
        }
    }

    func testCullingAndDepthDoNotChangeARandomSceneOnWholePoints() throws {
        let sprites = try registerSprites()
        for seed: UInt64 in [11, 12] {
            _ = try renderAllWays(randomScene(seed: seed, count: 300, width: 256, height: 192, sprites: sprites,
                                              fractional: false), "(seed \(seed))")
        }
    }

    func testCullingAndDepthDoNotChangeARandomSceneAtScale2() throws {
        let sprites = try registerSprites()
        _ = try renderAllWays(randomScene(seed: 21, count: 250, width: 160, height: 120, sprites: sprites), scale: 2)
    }

    func testCullingAndDepthDoNotChangeARandomSceneAtScale1_5() throws {
        let sprites = try registerSprites()
        _ = try renderAllWays(randomScene(seed: 31, count: 250, width: 160, height: 120, sprites: sprites), scale: 1.5)
    }

    /// The smallest case of what the random scenes found: a sprite whose pixel
    /// centers fall on texel boundaries (odd size, centered on a whole point),
    /// partly under an opaque rect. Culling draws the visible part as a piece
    /// with its own texture coordinates, and nearest sampling must still pick
    /// the same texels as for the whole quad.
    func testSpriteSplitByCullingKeepsItsTexels() throws {
        var p: [UInt8] = []
        for i in 0..<(5 * 7) { p += [UInt8(i * 7), UInt8(255 - i * 7), UInt8((i * 53) & 255), 255] }
        try registerSprite("split-5x7", width: 5, height: 7, pixels: p)
        let scene = Scene(width: 64, height: 64, shapes: [
            .image("split-5x7", at: Point(22, 16)),
            .rect(Point(22, -8), Point(80, 80), color: .red),
        ])
        let whole = try render(scene, cull: false, depth: false)
        let culled = try render(scene, cull: true, depth: false)
        assertSameImage(culled, whole, "sprite split by culling vs drawn whole")
        assertSameImage(try render(scene, cull: true, depth: true), whole, "with depth")
    }

    /// Many small shapes under a big opaque rect on top: they are culled, and
    /// the picture is the rect alone.
    func testHiddenShapesAreCulled() throws {
        var shapes: [Shape] = []
        for i in 0..<50 {
            let x = Float(i % 10) * 6, y = Float(i / 10) * 9
            shapes.append(i % 2 == 0 ? .rect(Point(x, y), Point(x + 5, y + 5), color: .red)
                                     : .ellipse(Point(x, y), Point(x + 5, y + 8), color: Color(0, 0, 1, 0.5)))
        }
        shapes.append(.line(Point(0, 0), Point(64, 48), color: .green, width: 3))
        shapes.append(.rect(Point(-1, -1), Point(65, 49), color: .yellow))
        let scene = Scene(width: 64, height: 48, shapes: shapes)
        let image = try render(scene)
        XCTAssertEqual(renderer.stats.shapes, 52)
        XCTAssertEqual(renderer.stats.culled, 51, "everything under the full-canvas rect is culled")
        for y in 0..<48 { for x in 0..<64 { assertPixel(image, x, y, [255, 255, 0, 255]) } }
        XCTAssertEqual(try render(scene, cull: false), image)
        XCTAssertEqual(renderer.stats.culled, 0, "culling off culls nothing")
        XCTAssertEqual(try render(scene, cull: true, depth: false), image)
        XCTAssertEqual(renderer.stats.culled, 51)
        XCTAssertFalse(renderer.stats.usedDepth)
    }

    /// A shape only partly under an opaque one is drawn (and its visible part is right).
    func testPartlyHiddenShapesAreNotCulled() throws {
        let scene = Scene(width: 64, height: 48, shapes: [
            .rect(Point(0, 0), Point(40, 48), color: .red),
            .ellipse(Point(30, 10), Point(60, 40), color: .blue),
            .rect(Point(0, 0), Point(32, 48), color: .green),
        ])
        let image = try renderAllWays(scene)
        _ = try render(scene)
        XCTAssertEqual(renderer.stats.culled, 0)
        assertPixel(image, 35, 25, [0, 0, 255, 255])
        assertPixel(image, 34, 4, [255, 0, 0, 255])
        assertPixel(image, 31, 25, [0, 255, 0, 255])
    }

    /// Translucent fills and sprites hide nothing: nothing under them is culled.
    func testTranslucentShapesAndSpritesDoNotCull() throws {
        try registerSprite("opaque-64x48", width: 64, height: 48,
                           pixels: Array([[UInt8]](repeating: [10, 20, 30, 255], count: 64 * 48).joined()))
        let scene = Scene(width: 64, height: 48, shapes: [
            .rect(Point(10, 10), Point(20, 20), color: .red),
            .rect(Point(-1, -1), Point(65, 49), color: Color(0, 0, 1, 0.99)),
            .image("opaque-64x48", at: Point(32, 24)),
        ])
        let image = try renderAllWays(scene)
        _ = try render(scene)
        XCTAssertEqual(renderer.stats.culled, 0)
        assertPixel(image, 15, 15, [10, 20, 30, 255])
    }

    /// An opaque ellipse covers only what is well inside it.
    func testShapeJustOutsideAnEllipseIsNotCulled() throws {
        let scene = Scene(width: 64, height: 64, shapes: [
            .rect(Point(2, 2), Point(6, 6), color: .red),      // the box corner: outside the ellipse
            .rect(Point(28, 28), Point(36, 36), color: .blue),  // the middle: hidden
            .ellipse(Point(0, 0), Point(64, 64), color: .green),
        ])
        let image = try renderAllWays(scene)
        _ = try render(scene)
        XCTAssertEqual(renderer.stats.culled, 1)
        assertPixel(image, 3, 3, [255, 0, 0, 255])
        assertPixel(image, 32, 32, [0, 255, 0, 255])
    }
}

extension RenderTestCase {
    /// Sprites of awkward kinds: even and odd sizes, varying alpha, A8, 1x1.
    func registerSprites() throws -> [String] {
        var rng = SplitMix64(seed: 99)
        func randomPixels(_ n: Int) -> [UInt8] {
            (0..<n).flatMap { _ -> [UInt8] in
                let a: UInt8 = [0, 255, 128, UInt8.random(in: 0...255, using: &rng)][Int.random(in: 0..<4, using: &rng)]
                return [UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                        UInt8.random(in: 0...255, using: &rng), a]
            }
        }
        try registerSprite("opt-16x16", width: 16, height: 16, pixels: randomPixels(256))
        try registerSprite("opt-5x7", width: 5, height: 7, pixels: randomPixels(35))
        try registerSprite("opt-1x1", width: 1, height: 1, pixels: [255, 128, 0, 100])
        try registerSprite("opt-opaque-12x6", width: 12, height: 6,
                           pixels: randomPixels(72).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element })
        try registerSprite("opt-a8-9x9", width: 9, height: 9, pixels: randomPixels(81),
                           options: TextureOptions(format: .a8, filter: .nearest))
        try registerSprite("opt-pot-10x3", width: 10, height: 3, pixels: randomPixels(30),
                           options: TextureOptions(powerOfTwo: true, filter: .nearest))
        return ["opt-16x16", "opt-5x7", "opt-1x1", "opt-opaque-12x6", "opt-a8-9x9", "opt-pot-10x3"]
    }

    /// A few hundred mixed shapes: opaque and translucent fills, lines, sprites,
    /// big opaque rects and ellipses that hide much of what is under them, shapes
    /// off the canvas and with reversed corners. Deterministic for a seed.
    func randomScene(seed: UInt64, count: Int, width: Int, height: Int, sprites: [String],
                     fractional: Bool = true) -> Scene {
        var rng = SplitMix64(seed: seed)
        func f(_ lo: Float, _ hi: Float) -> Float {
            let v = Float.random(in: lo...hi, using: &rng)
            return fractional ? v : v.rounded()
        }
        func color() -> Color {
            let c = Color(Float.random(in: 0...1, using: &rng), Float.random(in: 0...1, using: &rng),
                          Float.random(in: 0...1, using: &rng))
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<6: return c
            case 6: return Color(c.r, c.g, c.b, 0)
            default: return Color(c.r, c.g, c.b, Float.random(in: 0.1...0.9, using: &rng))
            }
        }
        let w = Float(width), h = Float(height)
        var shapes: [Shape] = []
        for _ in 0..<count {
            let x = f(-20, w + 20), y = f(-20, h + 20)
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<8:  // big opaque rect: the culling's business
                shapes.append(.rect(Point(x - f(20, 100), y - f(20, 80)), Point(x + f(20, 100), y + f(20, 80)),
                                    color: Color(Float.random(in: 0...1, using: &rng), 0.5, 0.5)))
            case 8..<12:  // big opaque ellipse
                shapes.append(.ellipse(Point(x - f(30, 150), y - f(30, 100)), Point(x + f(30, 150), y + f(30, 100)),
                                       color: Color(0.5, Float.random(in: 0...1, using: &rng), 0.5)))
            case 12..<35:
                let a = Point(x, y), b = Point(x + f(-40, 40), y + f(-40, 40))
                shapes.append(.rect(a, b, color: color()))
            case 35..<55:
                let a = Point(x, y), b = Point(x + f(-60, 60), y + f(-50, 50))
                shapes.append(.ellipse(a, b, color: color()))
            case 55..<75:
                shapes.append(.line(Point(x, y), Point(x + f(-80, 80), y + f(-80, 80)), color: color(),
                                    width: [0.5, 1, 2, 3, 6, 11.5][Int.random(in: 0..<6, using: &rng)]))
            default:
                let name = sprites[Int.random(in: 0..<sprites.count, using: &rng)]
                let tint = Bool.random(using: &rng) ? Color.white : Color(1, 1, 1, Float.random(in: 0.2...1, using: &rng))
                // Half of the sprites land on whole points, the others anywhere.
                let at = Bool.random(using: &rng) ? Point(x.rounded(), y.rounded()) : Point(x, y)
                shapes.append(.image(name, at: at, tint: tint))
            }
        }
        return Scene(width: width, height: height, shapes: shapes)
    }
}
