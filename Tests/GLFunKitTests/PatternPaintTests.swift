import Foundation
import GLFunGLES
@testable import GLFunKit
import PixelAssertions
import XCTest

/// Image-pattern paints drawn on llvmpipe (`PathPattern.fsh`): pixels placed by the pattern's
/// transform, each repetition, nearest and linear sampling (linear wraps across the seam), a
/// drawing as the image (drawn offscreen first, rows the right way up), strokes, and the
/// coverage exactly a solid fill's.
final class PatternPaintTests: RenderTestCase {
    /// 2 x 2 premultiplied: red, green / blue, white.
    private let quad: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]

    private func square(_ side: Float = 40) -> Path {
        .polyline([Point(0, 0), Point(side, 0), Point(side, side), Point(0, side)], closed: true)
    }

    private func draw(_ paint: Paint, path: Path? = nil, size: Int = 40, scale: Float? = nil) throws -> Image {
        var g = GraphicsContext()
        g.fill(path ?? square(Float(size)), paint: paint)
        var s = Scene(width: size, height: size, background: Color(0, 0, 0, 0), shapes: g.shapes)
        s.antialias = true
        return try renderAllWays(s, scale: scale)
    }

    private func quadPattern(_ r: ImagePattern.Repetition, _ sampling: ImagePattern.Sampling = .nearest) -> Paint {
        .pattern(ImagePattern(.pixels(width: 2, height: 2, rgba: quad), transform: .scale(10, 10), repetition: r,
                              sampling: sampling))
    }

    func testRepetitionsPlaceTheTexels() throws {
        let red = [255, 0, 0, 255], green = [0, 255, 0, 255], blue = [0, 0, 255, 255], white = [255, 255, 255, 255]
        let clear = [0, 0, 0, 0]
        let cases: [(ImagePattern.Repetition, [(Int, Int, [Int])])] = [
            (.none, [(5, 5, red), (15, 5, green), (5, 15, blue), (15, 15, white), (25, 5, clear), (5, 25, clear)]),
            (.repeat, [(5, 5, red), (25, 5, red), (35, 5, green), (25, 35, blue), (35, 25, green)]),
            (.repeatX, [(25, 5, red), (35, 15, white), (5, 25, clear)]),
            (.repeatY, [(5, 25, red), (15, 35, white), (25, 5, clear)]),
            (.reflect, [(5, 5, red), (25, 5, green), (35, 5, red), (5, 25, blue), (25, 25, white)]),
        ]
        for (r, pixels) in cases {
            let image = try draw(quadPattern(r))
            for (x, y, c) in pixels { assertPixel(image, x, y, c, tolerance: 1, "\(r) at (\(x), \(y))") }
        }
    }

    func testLinearSamplingWrapsAcrossTheSeam() throws {
        // 2 x 1: black, white; 10 points a texel. Pixel 10's centre is 1.05 texels in: 55 % white;
        // pixel 0's is 0.05 in: 45 % of the white texel before it (the repeat's) and 55 % black;
        // pixel 5's 0.55 in: 5 % of the white after it.
        let pixels: [UInt8] = [0, 0, 0, 255, 255, 255, 255, 255]
        let p = ImagePattern(.pixels(width: 2, height: 1, rgba: pixels), transform: .scale(10, 10), sampling: .linear)
        let image = try draw(.pattern(p))
        assertPixel(image, 10, 5, [140, 140, 140, 255], tolerance: 2, "between the texels")
        assertPixel(image, 0, 5, [115, 115, 115, 255], tolerance: 2, "across the seam")
        assertPixel(image, 5, 5, [13, 13, 13, 255], tolerance: 1, "just past a texel's centre")
        let none = ImagePattern(.pixels(width: 2, height: 1, rgba: pixels), transform: .scale(10, 10), repetition: .none)
        // Once: past the left edge and the bottom row (0.55 texels down) it fades to transparent: 0.55 x 0.95.
        assertPixel(try draw(.pattern(none)), 0, 5, [0, 0, 0, 133], tolerance: 2, "fades out past the edges")
    }

    func testCubicSamplingIsMitchellNetravalis() throws {
        // 4 x 1: black, black, white, white, repeated; 10 points a texel. Pixel 15's centre is
        // 1.05 texels past texel 1's centre: weights far(1.05), near(0.05), near(0.95), far(1.95)
        // of B = C = 1/3 on black, black, white, white: 0.0842 - 0.0008 = 21/255 (bilinear: 13).
        // Pixel 5's: the white texel before (the repeat's) and the one 1.95 away: 0.0326 - 0.0008 = 8/255 (bilinear: 0).
        let pixels: [UInt8] = [0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255]
        let p = ImagePattern(.pixels(width: 4, height: 1, rgba: pixels), transform: .scale(10, 10), sampling: .cubic)
        let image = try draw(.pattern(p))
        assertPixel(image, 15, 5, [21, 21, 21, 255], tolerance: 2, "the far side's white reaches in")
        assertPixel(image, 5, 5, [8, 8, 8, 255], tolerance: 2, "across the seam, two texels away")
        assertPixel(image, 25, 5, [247, 247, 247, 255], tolerance: 2, "near(0.05) + near(0.95) of white: 0.968")
    }

    func testADrawingIsDrawnOffscreenTheRightWayUp() throws {
        // A 10 x 10 tile with red in its top-left quarter, repeated.
        var tile = GraphicsContext()
        tile.fill(.polyline([Point(0, 0), Point(5, 0), Point(5, 5), Point(0, 5)], closed: true), paint: .solid(.red))
        let p = ImagePattern(.drawing(tile.shapes, width: 10, height: 10), sampling: .nearest)
        let image = try draw(.pattern(p))
        assertPixel(image, 2, 2, [255, 0, 0, 255])
        assertPixel(image, 22, 12, [255, 0, 0, 255])
        assertPixel(image, 7, 2, [0, 0, 0, 0])
        assertPixel(image, 2, 7, [0, 0, 0, 0])
        // Twice the scale: the tile's pixels are twice as big on the canvas.
        let double = try draw(.pattern(p), scale: 2)
        assertPixel(double, 9, 9, [255, 0, 0, 255])
        assertPixel(double, 11, 9, [0, 0, 0, 0])
    }

    func testCoverageIsASolidFillsAndStrokesArePainted() throws {
        let circle = Path.ellipse(from: Point(3.3, 4.1), to: Point(36.2, 31.7))
        let white: [UInt8] = [255, 255, 255, 255]
        let p = ImagePattern(.pixels(width: 1, height: 1, rgba: white), opacity: 0.5)
        let patterned = try draw(.pattern(p), path: circle)
        let solid = try draw(.solid(Color(1, 1, 1, 0.5)), path: circle)
        assertSameImage(patterned, solid, tolerance: 1, "the same coverage")
        var g = GraphicsContext()
        g.stroke(.polyline([Point(0, 20), Point(40, 20)]),
                 paint: .pattern(ImagePattern(.pixels(width: 1, height: 1, rgba: [0, 0, 255, 255]))),
                 style: StrokeStyle(width: 6))
        let image = try renderAllWays(Scene(width: 40, height: 40, background: Color(0, 0, 0, 0), shapes: g.shapes))
        assertPixel(image, 20, 20, [0, 0, 255, 255])
        assertPixel(image, 20, 10, [0, 0, 0, 0])
    }

    func testAGroupTransformMovesThePattern() throws {
        var g = GraphicsContext()
        g.translate(10, 0)
        g.fill(.polyline([Point(0, 0), Point(20, 0), Point(20, 20), Point(0, 20)], closed: true), paint: quadPattern(.none))
        let image = try renderAllWays(Scene(width: 40, height: 40, background: Color(0, 0, 0, 0), shapes: g.shapes))
        assertPixel(image, 15, 5, [255, 0, 0, 255])
        assertPixel(image, 25, 5, [0, 255, 0, 255])
    }

    /// One pattern placed many times (moved, faded) is one texture: each placement is made from
    /// it (`ImagePattern.imageKey`), and draws its own place and opacity.
    func testPlacementsOfOnePatternShareItsTexture() throws {
        let base = ImagePattern(.pixels(width: 2, height: 2, rgba: quad), transform: .scale(5, 5), repetition: .none,
                                sampling: .nearest)
        var g = GraphicsContext()
        for k in 0..<40 {
            let placed = base.transformed(by: .translation(Double(k % 8) * 10, Double(k / 8) * 10))
            XCTAssertEqual(placed.imageKey, base.imageKey)
            g.fill(.polyline([Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)], closed: true)
                .applying(.translation(Double(k % 8) * 10, Double(k / 8) * 10)),
                   paint: .pattern(k == 9 ? placed.withOpacity(0.5) : placed))
        }
        XCTAssertNotEqual(ImagePattern(base.source).imageKey, base.imageKey, "another pattern of the same pixels: its own")
        renderer.patternTextures.removeAll()
        let image = try render(Scene(width: 80, height: 50, background: Color(0, 0, 0, 0), shapes: g.shapes))
        XCTAssertEqual(renderer.patternTextures.count, 1, "one texture for 40 placements")
        assertPixel(image, 2, 2, [255, 0, 0, 255])
        assertPixel(image, 77, 47, [255, 255, 255, 255])
        assertPixel(image, 12, 12, [255, 0, 0, 128], tolerance: 1)
    }
}

