import Foundation
import GLFunGLES
import GLFunKit
import TestFixtures
import PixelAssertions
import XCTest

/// Pixels drawn by SceneRenderer on llvmpipe. Each picture is also checked to be
/// the same with culling and the depth buffer on or off (`renderAllWays`).
final class RenderingTests: RenderTestCase {
    static let bg = [194, 194, 194, 255]  // 0.76 * 255 = 193.8

    func isBackground(_ image: Image, _ x: Int, _ y: Int) -> Bool { close(rgba(image, x, y), Self.bg, 1) }

    func testBackgroundDefaultsToTheSampleGray() throws {
        let image = try renderAllWays(Scene(width: 64, height: 48))
        XCTAssertEqual(image.width, 64)
        XCTAssertEqual(image.height, 48)
        for y in 0..<48 { for x in 0..<64 { assertPixel(image, x, y, Self.bg, tolerance: 1) } }
        let custom = try render(Scene(width: 8, height: 8, background: Color(0, 0.5, 1)))
        assertPixel(custom, 3, 3, [0, 128, 255, 255], tolerance: 1)
    }

    func testRectCoversExactlyItsPixelsWithATopLeftOrigin() throws {
        for (from, to) in [(Point(10, 0), Point(30, 10)), (Point(30, 10), Point(10, 0))] {
            let image = try renderAllWays(Scene(width: 64, height: 48, shapes: [.rect(from, to, color: .red)]))
            for y in 0..<48 {
                for x in 0..<64 {
                    if (10..<30).contains(x) && (0..<10).contains(y) {
                        assertPixel(image, x, y, [255, 0, 0, 255], "inside \(from)-\(to)")
                    } else {
                        XCTAssertTrue(isBackground(image, x, y), "(\(x), \(y)) outside \(from)-\(to) is \(rgba(image, x, y))")
                    }
                }
            }
        }
    }

    func testFractionalRectCoversThePixelCentersInside() throws {
        // Centers x + 0.5 in (10.3, 20.7): x 10...20; y + 0.5 in (5.25, 15.75): y 5...15.
        let image = try renderAllWays(Scene(width: 32, height: 24, shapes: [.rect(Point(10.3, 5.25), Point(20.7, 15.75), color: .blue)]))
        for y in 0..<24 {
            for x in 0..<32 {
                let inside = (10...20).contains(x) && (5...15).contains(y)
                if inside { assertPixel(image, x, y, [0, 0, 255, 255]) } else {
                    XCTAssertTrue(isBackground(image, x, y), "(\(x), \(y)) is \(rgba(image, x, y))")
                }
            }
        }
    }

    /// Every pixel whose center is more than 1 px inside the analytic ellipse is
    /// the color; every one more than 1 px outside is background.
    func checkEllipse(from: Point, to: Point, canvas: (Int, Int), scale: Float = 1,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let scene = Scene(width: canvas.0, height: canvas.1, scale: scale, shapes: [.ellipse(from, to, color: .green)])
        let image = try renderAllWays(scene, file: file, line: line)
        let s = Double(scale)
        let cx = Double(from.x + to.x) / 2 * s, cy = Double(from.y + to.y) / 2 * s
        let rx = abs(Double(to.x - from.x)) / 2 * s, ry = abs(Double(to.y - from.y)) / 2 * s
        var inside = 0, outside = 0, bad = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                func norm(_ grow: Double) -> Double {
                    let a = rx + grow, b = ry + grow
                    return (dx * dx) / (a * a) + (dy * dy) / (b * b)
                }
                if rx > 1 && ry > 1 && norm(-1) < 1 {
                    inside += 1
                    if rgba(image, x, y) != [0, 255, 0, 255] {
                        bad += 1
                        if bad < 5 { XCTFail("(\(x), \(y)) inside is \(rgba(image, x, y))", file: file, line: line) }
                    }
                } else if norm(1) > 1 {
                    outside += 1
                    if !isBackground(image, x, y) {
                        bad += 1
                        if bad < 5 { XCTFail("(\(x), \(y)) outside is \(rgba(image, x, y))", file: file, line: line) }
                    }
                }
            }
        }
        XCTAssertEqual(bad, 0, "\(bad) wrong pixels for ellipse \(from)-\(to)", file: file, line: line)
        XCTAssertGreaterThan(inside + outside, 0, file: file, line: line)
    }

    func testLargeEllipse() throws {
        try checkEllipse(from: Point(20, 30), to: Point(220, 150), canvas: (240, 180))
        try checkEllipse(from: Point(220.4, 150.6), to: Point(20.7, 30.2), canvas: (240, 180))
    }

    func testTinyEllipse() throws {
        try checkEllipse(from: Point(10, 10), to: Point(16, 14), canvas: (32, 24))
        try checkEllipse(from: Point(10.5, 10.25), to: Point(13.5, 12.25), canvas: (32, 24))
        // Smaller than a pixel: nothing more than 1 px outside it is drawn.
        try checkEllipse(from: Point(10.1, 10.1), to: Point(10.6, 10.4), canvas: (32, 24))
    }

    func testHugeEllipse() throws {
        // 20000 x 12000 points; only its bottom edge crosses the 320x240 canvas.
        try checkEllipse(from: Point(160 - 10_000, -5880 - 6000), to: Point(160 + 10_000, -5880 + 6000), canvas: (320, 240))
        // One that contains the whole canvas.
        try checkEllipse(from: Point(-5000, -4000), to: Point(5000, 4000), canvas: (64, 48))
    }

    func testEllipseAtScale2() throws {
        try checkEllipse(from: Point(5, 5), to: Point(55, 35), canvas: (64, 48), scale: 2)
    }

    /// Rows (for a horizontal line) or columns whose pixels are not background.
    func coveredRows(_ image: Image, column x: Int) -> [Int] {
        (0..<image.height).filter { !isBackground(image, x, $0) }
    }

    func testLineWidths() throws {
        for (width, rows) in [(Float(2), 19..<21), (6, 17..<23), (4, 18..<22), (10, 15..<25)] {
            let image = try renderAllWays(Scene(width: 64, height: 48, shapes: [
                .line(Point(8, 20), Point(56, 20), color: .black, width: width)]))
            for x in 9..<55 {
                XCTAssertEqual(coveredRows(image, column: x), Array(rows), "width \(width) at column \(x)")
                for y in rows { assertPixel(image, x, y, [0, 0, 0, 255]) }
            }
            // Ends: the segment's length, ±1 px, no caps.
            for x in [0, 5, 6, 57, 58, 63] { XCTAssertEqual(coveredRows(image, column: x), [], "column \(x), width \(width)") }
        }
    }

    func testDefaultLineWidthIsTwo() throws {
        let scene = try Scene(json: Data(#"{"width": 64, "height": 48, "shapes": [{"type": "line", "from": [8, 20], "to": [56, 20], "color": "black"}]}"#.utf8))
        let image = try renderAllWays(scene)
        for x in 9..<55 { XCTAssertEqual(coveredRows(image, column: x), [19, 20]) }
        let coded = try renderAllWays(Scene(width: 64, height: 48, shapes: [.line(Point(8, 20), Point(56, 20), color: .black)]))
        XCTAssertEqual(coded, image)
    }

    func testVerticalAndDiagonalLines() throws {
        let image = try renderAllWays(Scene(width: 64, height: 48, shapes: [
            .line(Point(20, 4), Point(20, 44), color: .blue, width: 4),
            .line(Point(30, 10), Point(60, 40), color: .red, width: 3),
        ]))
        for y in 6..<42 {
            XCTAssertEqual((0..<25).filter { !isBackground(image, $0, y) }, [18, 19, 20, 21], "row \(y)")
        }
        // The diagonal passes through (45, 25): covered, and far from it is background.
        assertPixel(image, 45, 25, [255, 0, 0, 255])
        assertPixel(image, 44, 24, [255, 0, 0, 255])
        XCTAssertTrue(isBackground(image, 50, 25))
        XCTAssertTrue(isBackground(image, 40, 25))
    }

    func testZeroLengthLineDrawsNothing() throws {
        let image = try renderAllWays(Scene(width: 16, height: 16, shapes: [.line(Point(8, 8), Point(8, 8), color: .red, width: 6)]))
        for y in 0..<16 { for x in 0..<16 { XCTAssertTrue(isBackground(image, x, y)) } }
    }

    func testSpriteIsDrawnAtNativeSizeCenteredAndBlended() throws {
        let pixels: [UInt8] = [
            255, 0, 0, 128, 0, 0, 255, 255,
            0, 255, 0, 0, 255, 255, 255, 64,
        ]
        try registerSprite("blend-2x2", width: 2, height: 2, pixels: pixels)
        let image = try renderAllWays(Scene(width: 64, height: 48, shapes: [.image("blend-2x2", at: Point(32, 24))]))
        // Centered on (32, 24): pixels 31...32 x 23...24, texture row 0 on top.
        assertPixel(image, 31, 23, over([255, 0, 0, 128], Self.bg), tolerance: 2)
        assertPixel(image, 31, 23, [225, 97, 97, 255], tolerance: 2)
        assertPixel(image, 32, 23, [0, 0, 255, 255])
        assertPixel(image, 31, 24, Self.bg, tolerance: 1)
        assertPixel(image, 32, 24, over([255, 255, 255, 64], Self.bg), tolerance: 2)
        for (x, y) in [(30, 23), (33, 23), (31, 22), (32, 25)] { XCTAssertTrue(isBackground(image, x, y), "(\(x), \(y))") }
    }

    func testSpriteOverAShapeAndTinted() throws {
        try registerSprite("half-red-4x4", width: 4, height: 4,
                           pixels: Array([[UInt8]](repeating: [255, 0, 0, 128], count: 16).joined()))
        let image = try renderAllWays(Scene(width: 32, height: 32, shapes: [
            .rect(Point(0, 0), Point(32, 16), color: .blue),
            .image("half-red-4x4", at: Point(16, 16)),
            .image("half-red-4x4", at: Point(6, 26), tint: Color(1, 1, 1, 0.5)),
        ]))
        // Over blue (rows 14, 15) and over background (rows 16, 17).
        assertPixel(image, 15, 15, over([255, 0, 0, 128], [0, 0, 255, 255]), tolerance: 2)
        assertPixel(image, 15, 16, over([255, 0, 0, 128], Self.bg), tolerance: 2)
        // The tint halves alpha: 128 * 0.5 -> 64.
        assertPixel(image, 5, 25, over([255, 0, 0, 64], Self.bg), tolerance: 2)
        XCTAssertTrue(isBackground(image, 3, 25))
    }

    func testSpriteOrientationAndPosition() throws {
        // 4x4: top row red, bottom row green, left column of the middle rows blue.
        var p = [UInt8](repeating: 255, count: 64)
        for x in 0..<4 { p.replaceSubrange(x * 4..<x * 4 + 4, with: [255, 0, 0, 255]) }
        for x in 0..<4 { p.replaceSubrange((12 + x) * 4..<(12 + x) * 4 + 4, with: [0, 255, 0, 255]) }
        for y in 1...2 { p.replaceSubrange(y * 16..<y * 16 + 4, with: [0, 0, 255, 255]) }
        try registerSprite("orient-4x4", width: 4, height: 4, pixels: p)
        let image = try renderAllWays(Scene(width: 20, height: 20, shapes: [.image("orient-4x4", at: Point(10, 10))]))
        for x in 8..<12 {
            assertPixel(image, x, 8, [255, 0, 0, 255])
            assertPixel(image, x, 11, [0, 255, 0, 255])
        }
        assertPixel(image, 8, 9, [0, 0, 255, 255])
        assertPixel(image, 9, 9, [255, 255, 255, 255])
        XCTAssertTrue(isBackground(image, 7, 8))
        XCTAssertTrue(isBackground(image, 12, 11))
        XCTAssertTrue(isBackground(image, 8, 12))
    }

    /// "An image at native size": at scale 1 each texel is one pixel, wherever
    /// the center falls. Odd sizes on whole points (and even sizes on half
    /// points) put pixel centers exactly on texel boundaries; every texel must
    /// still appear exactly once, as a w x h block.
    func testSpriteAtNativeSizeShowsEveryTexelOnce() throws {
        for (w, h, at) in [(4, 4, Point(10, 10)), (5, 7, Point(22, 16)), (5, 7, Point(22.5, 16.5)),
                           (4, 6, Point(10.5, 10.5)), (3, 1, Point(12, 12)), (5, 7, Point(21.25, 15.75))] {
            var p: [UInt8] = []
            for i in 0..<(w * h) { p += [UInt8(i * 7), UInt8(255 - i * 7), UInt8((i * 53) & 255), 255] }
            let name = "native-\(w)x\(h)"
            try registerSprite(name, width: w, height: h, pixels: p)
            let image = try renderAllWays(Scene(width: 40, height: 32, shapes: [.image(name, at: at)]))
            let covered = (0..<32).flatMap { y in (0..<40).map { x in (x, y) } }.filter { !isBackground(image, $0.0, $0.1) }
            guard let x0 = covered.map(\.0).min(), let y0 = covered.map(\.1).min() else {
                XCTFail("\(w)x\(h) at \(at): nothing drawn"); continue
            }
            XCTAssertEqual(covered.count, w * h, "\(w)x\(h) at \(at) covers \(covered.count) pixels")
            // Which texel each pixel of the block shows (texels are all different).
            func texel(_ x: Int, _ y: Int) -> String {
                let c = rgba(image, x, y).map { UInt8($0) }
                guard let i = (0..<(w * h)).first(where: { Array(p[$0 * 4..<$0 * 4 + 4]) == c }) else { return "?" }
                return "(\(i % w),\(i / w))"
            }
            var wrong: [String] = []
            for y in y0..<(y0 + h) {
                for x in x0..<(x0 + w) where texel(x, y) != "(\(x - x0),\(y - y0))" {
                    wrong.append("pixel (\(x),\(y)) shows texel \(texel(x, y)), not (\(x - x0),\(y - y0))")
                }
            }
            XCTAssertTrue(wrong.isEmpty, "\(w)x\(h) at \(at), drawn from (\(x0), \(y0)): \(wrong.count) of \(w * h) "
                          + "pixels show the wrong texel, e.g. \(wrong.prefix(3).joined(separator: "; "))")
            XCTAssertLessThanOrEqual(abs(Float(x0) + Float(w) / 2 - at.x), 0.5, "\(w)x\(h) at \(at): centered")
            XCTAssertLessThanOrEqual(abs(Float(y0) + Float(h) / 2 - at.y), 0.5, "\(w)x\(h) at \(at): centered")
        }
    }

    func testA8SpriteUsesItsTintAsColor() throws {
        let t = try Texture2D(context: ctx, rgba: [0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 128, 0, 0, 0, 255], width: 2, height: 2,
                              options: TextureOptions(format: .a8, filter: .nearest))
        renderer.setTexture(t, forImage: "a8-2x2")
        let image = try renderAllWays(Scene(width: 16, height: 16, shapes: [.image("a8-2x2", at: Point(8, 8), tint: .red)]))
        assertPixel(image, 7, 7, [255, 0, 0, 255])
        assertPixel(image, 8, 7, Self.bg, tolerance: 1)
        assertPixel(image, 7, 8, over([255, 0, 0, 128], Self.bg), tolerance: 2)
    }

    func testPaintersOrderLaterShapesOnTop() throws {
        let image = try renderAllWays(Scene(width: 64, height: 48, shapes: [
            .rect(Point(10, 10), Point(40, 30), color: .red),
            .rect(Point(20, 20), Point(50, 40), color: .blue),
        ]))
        assertPixel(image, 15, 15, [255, 0, 0, 255])
        assertPixel(image, 30, 25, [0, 0, 255, 255], "the later rect wins the overlap")
        assertPixel(image, 45, 35, [0, 0, 255, 255])
        // The other way round.
        let swapped = try renderAllWays(Scene(width: 64, height: 48, shapes: [
            .rect(Point(20, 20), Point(50, 40), color: .blue),
            .rect(Point(10, 10), Point(40, 30), color: .red),
        ]))
        assertPixel(swapped, 30, 25, [255, 0, 0, 255])
    }

    func testPaintersOrderWithEllipsesAndLines() throws {
        let image = try renderAllWays(Scene(width: 64, height: 48, shapes: [
            .ellipse(Point(0, 0), Point(40, 40), color: .green),
            .ellipse(Point(20, 0), Point(60, 40), color: .yellow),
            .rect(Point(24, 14), Point(36, 26), color: .blue),
            .ellipse(Point(26, 16), Point(34, 24), color: .red),
            .line(Point(0, 44), Point(64, 44), color: .black, width: 4),
            .ellipse(Point(50, 38), Point(60, 48), color: .blue),
        ]))
        assertPixel(image, 10, 20, [0, 255, 0, 255])
        assertPixel(image, 25, 8, [255, 255, 0, 255], "the later ellipse is on top")
        assertPixel(image, 30, 20, [255, 0, 0, 255], "the ellipse over the rect")
        assertPixel(image, 24, 14, [0, 0, 255, 255], "the rect's corner is outside the red ellipse")
        assertPixel(image, 35, 20, [0, 0, 255, 255], "the rect is over both ellipses")
        assertPixel(image, 10, 44, [0, 0, 0, 255])
        assertPixel(image, 55, 43, [0, 0, 255, 255], "the last ellipse is over the line")
    }

    func testPaintersOrderWithTranslucentFills() throws {
        let halfBlue = Color(0, 0, 1, 0.5), quarterRed = Color(1, 0, 0, 0.25)
        let image = try renderAllWays(Scene(width: 64, height: 48, shapes: [
            .rect(Point(0, 0), Point(32, 48), color: .green),          // opaque, left half
            .rect(Point(16, 0), Point(48, 24), color: halfBlue),       // translucent, over green and background
            .rect(Point(40, 0), Point(64, 48), color: .yellow),        // opaque, over the blue's right end
            .ellipse(Point(0, 24), Point(64, 48), color: quarterRed),  // translucent over everything below
            .rect(Point(0, 40), Point(8, 48), color: .black),          // opaque on top of the ellipse
        ]))
        let green = [0, 255, 0, 255], yellow = [255, 255, 0, 255]
        let halfBlue8 = [0, 0, 255, 128], quarterRed8 = [255, 0, 0, 64]
        assertPixel(image, 8, 8, green)
        assertPixel(image, 20, 8, over(halfBlue8, green), tolerance: 2)
        assertPixel(image, 36, 8, over(halfBlue8, Self.bg), tolerance: 2)
        assertPixel(image, 44, 8, yellow, "an opaque shape hides the translucent one under it")
        assertPixel(image, 44, 36, over(quarterRed8, yellow), tolerance: 2)
        assertPixel(image, 34, 36, over(quarterRed8, Self.bg), tolerance: 2)
        assertPixel(image, 20, 36, over(quarterRed8, green), tolerance: 2)
        assertPixel(image, 4, 44, [0, 0, 0, 255])
    }

    func testTranslucentFillsBlendInOrder() throws {
        let image = try renderAllWays(Scene(width: 16, height: 16, shapes: [
            .rect(Point(0, 0), Point(16, 16), color: Color(1, 0, 0, 0.5)),
            .rect(Point(0, 0), Point(16, 16), color: Color(0, 0, 1, 0.5)),
        ]))
        let expected = over([0, 0, 255, 128], over([255, 0, 0, 128], Self.bg))
        assertPixel(image, 8, 8, expected, tolerance: 2)
    }

    func testScaleTwoDoublesEverything() throws {
        try registerSprite("scale-2x2", width: 2, height: 2, pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 0, 255])
        let shapes: [Shape] = [
            .rect(Point(10, 5), Point(20, 15), color: .red),
            .line(Point(30, 10), Point(50, 10), color: .black, width: 2),
            .image("scale-2x2", at: Point(40, 30)),
        ]
        let one = try renderAllWays(Scene(width: 64, height: 48, scale: 1, shapes: shapes))
        let two = try renderAllWays(Scene(width: 64, height: 48, scale: 2, shapes: shapes))
        XCTAssertEqual(Canvas(width: 64, height: 48, scale: 2).pixelWidth, 128)
        XCTAssertEqual(two.width, 128)
        XCTAssertEqual(two.height, 96)
        // Every pixel of the scale-1 picture is a 2x2 block in the scale-2 one.
        for y in 0..<48 {
            for x in 0..<64 {
                let p = rgba(one, x, y)
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] where rgba(two, 2 * x + dx, 2 * y + dy) != p {
                    XCTFail("(\(2 * x + dx), \(2 * y + dy)) at scale 2 is \(rgba(two, 2 * x + dx, 2 * y + dy)), at scale 1 (\(x), \(y)) is \(p)")
                    return
                }
            }
        }
        assertPixel(two, 20, 10, [255, 0, 0, 255])
        assertPixel(two, 39, 29, [255, 0, 0, 255])
        XCTAssertTrue(isBackground(two, 40, 30))
        XCTAssertEqual(coveredRows(two, column: 70), [18, 19, 20, 21], "a 2-point line is 4 pixels at scale 2")
        // The render call's scale overrides the scene's.
        XCTAssertEqual(try render(Scene(width: 64, height: 48, scale: 1, shapes: shapes), scale: 2), two)
    }

    func testShapesOffTheCanvasAreClipped() throws {
        let image = try renderAllWays(Scene(width: 32, height: 32, shapes: [
            .rect(Point(-100, -100), Point(8, 8), color: .red),
            .ellipse(Point(0, 16), Point(1000, 48), color: .blue),
            .rect(Point(100, 100), Point(200, 200), color: .green),
        ]))
        assertPixel(image, 0, 0, [255, 0, 0, 255])
        assertPixel(image, 7, 7, [255, 0, 0, 255])
        XCTAssertTrue(isBackground(image, 8, 8))
        assertPixel(image, 31, 31, [0, 0, 255, 255])
    }
}
