import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// Path shapes drawn by the scene renderer on llvmpipe: fills and strokes inside, outside and
/// at their edges, with and without antialiasing, joins and caps, fill rules, smooth curves.
final class PathPixelTests: RenderTestCase {
    static let white = [255, 255, 255, 255], black = [0, 0, 0, 255]

    private func draw(_ shapes: [Shape], aa: Bool, size: Int = 64, scale: Float = 1) throws -> Image {
        var s = Scene(width: size, height: size, scale: scale, background: .white, shapes: shapes)
        s.antialias = aa
        return try renderAllWays(s)
    }

    private func gray(_ image: Image, _ x: Int, _ y: Int) -> Int { rgba(image, x, y)[0] }

    private func rect(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) -> Path {
        .polyline([Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)], closed: true)
    }

    func testAFilledPathInsideOutsideAndAtItsEdge() throws {
        // Left edge at 10.7: pixel 10's center (10.5) is 0.2 outside.
        let shape = Shape.path(rect(10.7, 10, 40, 40), fill: .black)
        let aliased = try draw([shape], aa: false)
        assertPixel(aliased, 25, 25, Self.black)
        assertPixel(aliased, 5, 25, Self.white)
        assertPixel(aliased, 11, 25, Self.black)
        assertPixel(aliased, 10, 25, Self.white, "an aliased edge is all or nothing")
        let smooth = try draw([shape], aa: true)
        assertPixel(smooth, 25, 25, Self.black)
        assertPixel(smooth, 5, 25, Self.white)
        assertPixel(smooth, 11, 25, Self.black)
        assertPixel(smooth, 9, 25, Self.white, "more than half a pixel out")
        // Coverage 0.5 - 0.2 = 0.3: 255 × 0.7.
        XCTAssertEqual(Double(gray(smooth, 10, 25)), 178.5, accuracy: 6, "the edge pixel is between the two colors")
        // The top edge on a whole pixel: as sharp as aliased.
        assertPixel(smooth, 25, 9, Self.white)
        assertPixel(smooth, 25, 10, Self.black)
    }

    func testAStrokedPathInsideOutsideAndAtItsEdge() throws {
        // A horizontal stroke 6 wide on y = 32: rows 29...34, with AA or not (whole pixels).
        let line = Path.polyline([Point(10, 32), Point(54, 32)])
        for aa in [false, true] {
            let image = try draw([.path(line, stroke: .black, style: StrokeStyle(width: 6))], aa: aa)
            for y in 29...34 { assertPixel(image, 30, y, Self.black, "row \(y), aa \(aa)") }
            assertPixel(image, 30, 28, Self.white)
            assertPixel(image, 30, 35, Self.white)
            assertPixel(image, 8, 32, Self.white, "before the butt end")
            assertPixel(image, 10, 32, Self.black)
        }
        // Half a pixel off the grid, AA gives in-between rows on both sides.
        let off = Path.polyline([Point(10, 32.5), Point(54, 32.5)])
        let image = try draw([.path(off, stroke: .black, style: StrokeStyle(width: 6))], aa: true)
        assertPixel(image, 30, 32, Self.black)
        XCTAssertTrue((60...200).contains(gray(image, 30, 29)), "top edge row: \(gray(image, 30, 29))")
        XCTAssertTrue((60...200).contains(gray(image, 30, 35)), "bottom edge row: \(gray(image, 30, 35))")
    }

    func testAliasedPathsHaveNoInBetweenColorsAndAntialiasedOnesDo() throws {
        let shapes: [Shape] = [.path(.circle(center: Point(32, 32), radius: 20), fill: .black),
                               .path(.polyline([Point(4, 60), Point(60, 4)]), stroke: .black, style: StrokeStyle(width: 3))]
        let aliased = try draw(shapes, aa: false)
        XCTAssertEqual(share(aliased) { $0[0] > 10 && $0[0] < 245 }, 0, "aliased: every pixel black or white")
        let smooth = try draw(shapes, aa: true)
        XCTAssertGreaterThan(share(smooth) { $0[0] > 10 && $0[0] < 245 }, 0.01, "antialiased edges")
        // AA changes pixels only near the edges: the middle is black, the corners white.
        assertPixel(smooth, 32, 32, Self.black)
        assertPixel(smooth, 2, 2, Self.white)
    }

    func testJoinsAndCapsShowWhereTheyShould() throws {
        let corner = Path.polyline([Point(10, 20), Point(40, 20), Point(40, 50)])
        func draw(_ join: LineJoin, _ cap: LineCap) throws -> Image {
            try self.draw([.path(corner, stroke: .black, style: StrokeStyle(width: 10, join: join, cap: cap))], aa: false)
        }
        // The miter's tip (44.5, 15.5) is inside the corner square (35...45, 15...25); a bevel cuts it.
        assertPixel(try draw(.miter, .butt), 44, 15, Self.black)
        assertPixel(try draw(.bevel, .butt), 44, 15, Self.white)
        let round = try draw(.round, .butt)
        assertPixel(round, 44, 15, Self.white, "outside the round join's radius")
        assertPixel(round, 42, 17, Self.black, "inside it")
        // Caps: at x 6...9 before the start (10, 20), only square and round reach.
        assertPixel(try draw(.miter, .butt), 7, 20, Self.white)
        assertPixel(try draw(.miter, .square), 7, 20, Self.black)
        assertPixel(try draw(.miter, .square), 6, 16, Self.black, "a square cap's corner")
        let roundCap = try draw(.miter, .round)
        assertPixel(roundCap, 6, 20, Self.black)
        assertPixel(roundCap, 6, 16, Self.white, "outside the half disc")
    }

    func testEvenOddStarShowsTheBackgroundInTheMiddle() throws {
        let small = Path.polyline((0..<5).map { k -> Point in
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return Point(Float(32 + 28 * cos(a)), Float(32 + 28 * sin(a)))
        }, closed: true)
        for aa in [false, true] {
            let evenOdd = try draw([.path(small, fill: .red, rule: .evenOdd)], aa: aa)
            assertPixel(evenOdd, 32, 32, Self.white, "even-odd: the pentagon is a hole")
            assertPixel(evenOdd, 32, 10, [255, 0, 0, 255], "a point of the star")
            let nonzero = try draw([.path(small, fill: .red, rule: .nonzero)], aa: aa)
            assertPixel(nonzero, 32, 32, [255, 0, 0, 255], "nonzero: filled")
        }
    }

    func testATranslucentSelfOverlappingFillIsOneLayer() throws {
        var p = rect(8, 8, 40, 40)
        p.append(rect(24, 24, 56, 56))
        let image = try draw([.path(p, fill: Color(0, 0, 1, 0.5))], aa: true)
        XCTAssertEqual(rgba(image, 16, 16), rgba(image, 32, 32), "the overlap is drawn once")
        XCTAssertEqual(rgba(image, 16, 16), rgba(image, 48, 48))
        let evenOdd = try draw([.path(p, fill: Color(0, 0, 1, 0.5), rule: .evenOdd)], aa: true)
        assertPixel(evenOdd, 32, 32, Self.white)
    }

    /// A circle's pixels: every one more than a pixel inside the true circle is the color, every
    /// one more than a pixel outside is the background, at several scales, filled and stroked.
    func testCurvesAreSmoothAtEveryScale() throws {
        for scale: Float in [1, 4] {
            for aa in [false, true] {
                let c = Point(32, 32), r: Float = 24
                let image = try draw([.path(.circle(center: c, radius: r), fill: .black),
                                      .path(.circle(center: c, radius: r - 8), stroke: .white, style: StrokeStyle(width: 4))],
                                     aa: aa, scale: scale)
                var bad = 0, first = ""
                let s = Double(scale)
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let d = hypot((Double(x) + 0.5) / s - 32, (Double(y) + 0.5) / s - 32) * s  // in pixels
                        let ringDistance = abs(d - 16 * s)
                        let want: Int?
                        if d > 24 * s + 1 { want = 255 } else if ringDistance < 2 * s - 1 { want = 255 }
                        else if d < 24 * s - 1 && ringDistance > 2 * s + 1 { want = 0 } else { want = nil }
                        if let want, abs(gray(image, x, y) - want) > 1 {
                            bad += 1
                            if first.isEmpty { first = "(\(x), \(y)) \(gray(image, x, y)) want \(want)" }
                        }
                    }
                }
                XCTAssertEqual(bad, 0, "scale \(scale), aa \(aa): first \(first)")
            }
        }
    }

    func testAPathFromSceneJSONDraws() throws {
        let json = """
        {"version": 1, "width": 64, "height": 64, "background": "white", "antialias": true, "shapes": [
          {"type": "path", "d": "M8 8 h48 v48 h-48 z M20 20 v24 h24 v-24 z", "fill": "black", "rule": "evenodd"},
          {"type": "path", "d": "M0 32 L64 32", "stroke": "red", "width": 2}]}
        """
        let image = try render(Scene(json: Data(json.utf8)))
        assertPixel(image, 12, 12, Self.black)
        assertPixel(image, 30, 24, Self.white, "the hole")
        assertPixel(image, 30, 31, [255, 0, 0, 255])
        assertPixel(image, 4, 4, Self.white)
    }
}
