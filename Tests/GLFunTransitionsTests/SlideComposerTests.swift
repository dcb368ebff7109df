import GLFunGLES
import GLFunKit
import GLFunTransitions
import PixelAssertions
import XCTest

/// The slide composer on pixels: fit letterboxes, fill crops, quarter turns put the photo's
/// corners where a turn clockwise puts them, zoom and pan move it, and a photo shown at its
/// own size is copied texel for pixel.
final class SlideComposerTests: TransitionTestCase {
    static let red = [230, 30, 30, 255], blue = [30, 60, 220, 255]
    static let bg = Color(0.1, 0.5, 0.2)

    /// A 40x20 photo: its top-left quarter red, the rest blue.
    func marked() throws -> Texture2D {
        try photo(40, 20) { x, y in (x < 20 && y < 10 ? Self.red : Self.blue).map(UInt8.init) }
    }

    func compose(_ photo: Texture2D, _ layout: SlideLayout, canvas: Canvas = Canvas(width: 80, height: 80)) throws -> Image {
        try slide(photo, canvas: canvas, layout: layout, background: Self.bg).readPixels()
    }

    func testFitLetterboxes() throws {
        // 40x20 in 80x80: twice its size, 80x40, bars of 20 above and below.
        let image = try compose(try marked(), SlideLayout())
        let bg = rgba8(Self.bg)
        for x in stride(from: 0, to: 80, by: 7) {
            assertPixel(image, x, 0, bg, tolerance: 1, "the bar above")
            assertPixel(image, x, 19, bg, tolerance: 1, "the bar above")
            assertPixel(image, x, 60, bg, tolerance: 1, "the bar below")
            assertPixel(image, x, 79, bg, tolerance: 1, "the bar below")
        }
        assertPixel(image, 2, 22, Self.red, tolerance: 1, "the photo's top-left corner")
        assertPixel(image, 77, 57, Self.blue, tolerance: 1, "the photo's bottom-right corner")
        assertPixel(image, 38, 38, Self.red, tolerance: 1, "the red quarter ends at the middle")
        assertPixel(image, 42, 42, Self.blue, tolerance: 1)
    }

    func testFillCrops() throws {
        // 40x20 filling 80x80: four times its size, 160x80, its middle half shown.
        let image = try compose(try marked(), SlideLayout(contentMode: .aspectFill))
        let bg = rgba8(Self.bg)
        XCTAssertEqual(share(image) { close($0, bg, 2) }, 0, "no background shows")
        // Photo column 10...30 across the view: red on the left half of the top half.
        assertPixel(image, 2, 2, Self.red, tolerance: 1)
        assertPixel(image, 37, 37, Self.red, tolerance: 1)
        assertPixel(image, 43, 2, Self.blue, tolerance: 1)
        assertPixel(image, 2, 43, Self.blue, tolerance: 1)
    }

    func testQuarterTurnsPutTheTopLeftCornerWhereATurnClockwiseDoes() throws {
        let photo = try marked()
        let bg = rgba8(Self.bg)
        // A quarter turn: the photo stands 20x40, fitted to 40x80 in the middle (x 20...60);
        // its top-left corner is now at the top right.
        let quarter = try compose(photo, SlideLayout(rotation: .pi / 2))
        assertPixel(quarter, 10, 40, bg, tolerance: 1, "a bar on the left")
        assertPixel(quarter, 70, 40, bg, tolerance: 1, "a bar on the right")
        assertPixel(quarter, 57, 3, Self.red, tolerance: 1, "top right")
        assertPixel(quarter, 23, 3, Self.blue, tolerance: 1)
        assertPixel(quarter, 57, 76, Self.blue, tolerance: 1)
        // Half a turn: the top-left corner at the bottom right.
        let half = try compose(photo, SlideLayout(rotation: .pi))
        assertPixel(half, 77, 57, Self.red, tolerance: 1, "bottom right")
        assertPixel(half, 2, 22, Self.blue, tolerance: 1)
        // Three quarters: at the bottom left.
        let threeQuarters = try compose(photo, SlideLayout(rotation: 3 * .pi / 2))
        assertPixel(threeQuarters, 23, 76, Self.red, tolerance: 1, "bottom left")
        assertPixel(threeQuarters, 57, 3, Self.blue, tolerance: 1)
    }

    func testATurnOnTheWayFitsThePhotoWhole() {
        let canvas = Canvas(width: 160, height: 90)
        for degrees in stride(from: Float(0), through: 90, by: 7.5) {
            let layout = SlideLayout(rotation: degrees * .pi / 180)
            let corners = layout.corners(imageWidth: 4000, imageHeight: 3000, canvas: canvas)
            let xs = corners.map(\.x), ys = corners.map(\.y)
            XCTAssertGreaterThanOrEqual(xs.min()!, -0.51, "\(degrees)°")
            XCTAssertLessThanOrEqual(xs.max()!, 160.51, "\(degrees)°")
            XCTAssertGreaterThanOrEqual(ys.min()!, -0.51, "\(degrees)°")
            XCTAssertLessThanOrEqual(ys.max()!, 90.51, "\(degrees)°")
            // ... and as large as fits: it touches two sides of the view.
            XCTAssertTrue(abs(ys.max()! - ys.min()! - 90) < 0.6 || abs(xs.max()! - xs.min()! - 160) < 0.6, "\(degrees)°")
        }
        // Filled, the turned photo still covers the whole view.
        let fill = SlideLayout(contentMode: .aspectFill, rotation: .pi / 5)
        let k = fill.fittedScale(imageWidth: 400, imageHeight: 300, viewWidth: 160, viewHeight: 90)
        let c = cos(Float.pi / 5), s = sin(Float.pi / 5)
        // The view's corners, turned back into the photo's frame, lie inside it.
        for (x, y) in [(-80, -45), (80, -45), (80, 45), (-80, 45)] as [(Float, Float)] {
            let u = (x * c + y * s) / k, v = (-x * s + y * c) / k
            XCTAssertLessThanOrEqual(abs(u), 200.01)
            XCTAssertLessThanOrEqual(abs(v), 150.01)
        }
    }

    func testZoomAndPan() throws {
        // Zoomed twice about the view's center (fitted 80x40, now 160x80) and moved 20 points
        // right: the photo spans x -20...140, y 0...80, its red quarter x -20...60, y 0...40.
        let image = try compose(try marked(), SlideLayout(zoom: 2, pan: Point(20, 0)))
        assertPixel(image, 2, 2, Self.red, tolerance: 1)
        assertPixel(image, 57, 37, Self.red, tolerance: 1)
        assertPixel(image, 63, 37, Self.blue, tolerance: 1)
        assertPixel(image, 57, 43, Self.blue, tolerance: 1)
        let corners = SlideLayout(zoom: 2, pan: Point(20, 0)).corners(imageWidth: 40, imageHeight: 20,
                                                                       canvas: Canvas(width: 80, height: 80))
        XCTAssertEqual(corners, [Point(-20, 0), Point(140, 0), Point(140, 80), Point(-20, 80)])
    }

    /// A photo shown at its own size is copied exactly (linear filtering at texel centers),
    /// turned a quarter too.
    func testAPhotoAtItsOwnSizeIsSharp() throws {
        var rng = SystemRandomNumberGenerator()
        var pixels: [[UInt8]] = []
        for _ in 0..<(48 * 48) { pixels.append([UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                                                 UInt8.random(in: 0...255, using: &rng), 255]) }
        let noise = try photo(48, 48) { x, y in pixels[y * 48 + x] }
        let same = try compose(noise, SlideLayout(), canvas: Canvas(width: 48, height: 48))
        assertEveryPixel(same, tolerance: 0, "1:1") { x, y in pixels[y * 48 + x].map(Int.init) }
        let turned = try compose(noise, SlideLayout(rotation: .pi / 2), canvas: Canvas(width: 48, height: 48))
        assertEveryPixel(turned, tolerance: 0, "a quarter turn") { x, y in pixels[(47 - x) * 48 + y].map(Int.init) }
    }
}
