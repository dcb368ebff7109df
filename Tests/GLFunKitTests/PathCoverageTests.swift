import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// Antialiased fills drawn on llvmpipe: each pixel's coverage is the exact area of it inside
/// the path (issue 29: fills were drawn fat, every pixel whose centre was inside fully painted
/// and a fringe outside), against `CoverageReference`, within 1/255 (the target's rounding)
/// for polygons and a stated tolerance for curves.
final class PathCoverageTests: RenderTestCase {
    typealias R = CoverageReference
    static let size = 64
    /// Polygons: the target's rounding (and the reference's 1e-4).
    static let exact = 1.0
    /// Curves, flattened to 1/64 of a pixel: the chords lie inside the curve by up to that.
    static let curves = 4.0

    private func draw(_ shapes: [Shape], size: Int = size, scale: Float = 1) throws -> Image {
        var s = Scene(width: size, height: size, scale: scale, background: .white, shapes: shapes)
        s.antialias = true
        return try renderAllWays(s)
    }

    /// Draws `polygons` in `color` by `rule` and checks every pixel against the reference.
    private func check(_ polygons: [R.Polygon], rule: FillRule = .nonzero, color: Color = .black,
                       tolerance: Double = exact, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try draw([.path(R.path(polygons), fill: color, rule: rule)])
        let cov = R.coverage(width: Self.size, height: Self.size, inside: R.intervals(polygons, rule: rule))
        let w = R.worst(image, cov, color: color)
        XCTAssertLessThanOrEqual(w.error, tolerance, "\(message): pixel (\(w.x), \(w.y)) is \(w.got), want \(w.want)",
                                 file: file, line: line)
    }

    func testARectanglePathOnQuarterPixelsIsExact() throws {
        // The rectangle: pixels 70 and 90 are 75% covered (and the rows 10...29 whole).
        let rect = R.polygon([(70.25, 10), (90.75, 10), (90.75, 30), (70.25, 30)])
        let image = try draw([.path(R.path([rect]), fill: Color(0, 0, 1))], size: 100)
        for y in [10, 20, 29] {
            assertPixel(image, 70, y, [64, 64, 255, 255], tolerance: 1, "75% blue at the left edge")
            assertPixel(image, 90, y, [64, 64, 255, 255], tolerance: 1, "75% blue at the right edge")
            assertPixel(image, 80, y, [0, 0, 255, 255])
            assertPixel(image, 69, y, [255, 255, 255, 255])
            assertPixel(image, 91, y, [255, 255, 255, 255])
        }
        assertPixel(image, 80, 9, [255, 255, 255, 255])
        assertPixel(image, 80, 30, [255, 255, 255, 255])
        // A rect shape with the same edges gives the same pixels.
        var s = Scene(width: 100, height: 100, background: .white,
                      shapes: [.rect(Point(70.25, 10), Point(90.75, 30), color: Color(0, 0, 1))])
        s.antialias = true
        assertSameImage(image, try render(s), tolerance: 1)
    }

    func testAHalfPixelBarInsideOnePixelIsHalfCovered() throws {
        try check([R.polygon([(20.25, 5), (20.75, 5), (20.75, 25), (20.25, 25)])], "a bar 0.5 px wide in column 20")
        let image = try draw([.path(R.path([R.polygon([(20.25, 5), (20.75, 5), (20.75, 25), (20.25, 25)])]), fill: .black)])
        XCTAssertEqual(rgba(image, 20, 15)[0], 128, accuracy: 1, "half covered, not solid")
    }

    func testARotatedSquareIsExact() throws {
        let a = 30 * Double.pi / 180
        let square = R.polygon((0..<4).map { k in
            let t = a + Double(k) * Double.pi / 2
            return (31.3 + 20 * cos(t), 32.6 + 20 * sin(t))
        })
        try check([square], "a square rotated 30 degrees")
    }

    func testASubPixelTriangleCoversItsArea() throws {
        let tri = R.polygon([(10.2, 10.1), (10.9, 10.3), (10.4, 10.8)])
        try check([tri], "a triangle inside pixel (10, 10)")
        let image = try draw([.path(R.path([tri]), fill: .black)])
        // Area 0.225: 255 × 0.775.
        XCTAssertEqual(Double(rgba(image, 10, 10)[0]), 197.6, accuracy: 1)
    }

    static let star = R.polygon((0..<5).map { k in
        let t = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
        return (32.2 + 28 * cos(t), 33.1 + 28 * sin(t))
    })

    func testStarsByBothRulesAreExact() throws {
        try check([Self.star], rule: .evenOdd, "an even-odd star (a pentagon hole)")
        try check([Self.star], rule: .nonzero, "a nonzero star")
    }

    func testASelfOverlappingPathIsExactByBothRules() throws {
        let a = R.polygon([(8.3, 10.6), (40.2, 10.6), (40.2, 44.4), (8.3, 44.4)])
        let b = R.polygon([(24.7, 20.2), (56.1, 20.2), (56.1, 54.8), (24.7, 54.8)])
        // Wound the other way: where it overlaps the rect, a hole by either rule.
        let c = R.polygon([(30.1, 3.3), (12.6, 60.2), (60.7, 40.9)])
        for rule in FillRule.allCases {
            try check([a, b], rule: rule, "two overlapping rects, \(rule)")
            try check([a, c], rule: rule, "a rect and a triangle wound the other way, \(rule)")
        }
    }

    func testATranslucentFillIsOneLayerOfExactCoverage() throws {
        let a = R.polygon([(8.3, 10.6), (40.2, 10.6), (40.2, 44.4), (8.3, 44.4)])
        let b = R.polygon([(24.7, 20.2), (56.1, 20.2), (56.1, 54.8), (24.7, 54.8)])
        let ink = Color(0.1, 0.3, 0.9, 0.5)
        let image = try draw([.path(R.path([a, b]), fill: ink)])
        let cov = R.coverage(width: Self.size, height: Self.size, inside: R.intervals([a, b], rule: .nonzero))
        for channel in 0..<3 {
            let w = R.worst(image, cov, color: ink, channel: channel)
            XCTAssertLessThanOrEqual(w.error, Self.exact, "channel \(channel): pixel (\(w.x), \(w.y)) is \(w.got), want \(w.want)")
        }
    }

    func testTwoAbuttingPathsEachHalfCoverTheSeam() throws {
        let left = R.polygon([(10, 10), (20.5, 10), (20.5, 30), (10, 30)])
        let right = R.polygon([(20.5, 10), (31, 10), (31, 30), (20.5, 30)])
        let red = Color(1, 0, 0), blue = Color(0, 0, 1)
        let image = try draw([.path(R.path([left]), fill: red), .path(R.path([right]), fill: blue)])
        // Red at half coverage over white, then blue at half over that.
        let once = over([255, 0, 0, 128], [255, 255, 255, 255])
        assertPixel(image, 20, 20, over([0, 0, 255, 128], once), tolerance: 1, "each half covers the seam's pixel")
        assertPixel(image, 19, 20, [255, 0, 0, 255])
        assertPixel(image, 21, 20, [0, 0, 255, 255])
    }

    func testACircleIsWithinTheFlatteningTolerance() throws {
        // Four cubics (the reference follows the same curves, 512 points a quarter: within 3e-5 px).
        let c = (32.4, 31.7), r = 21.3, k = 0.552284749831 * r
        let quarters: [[(Double, Double)]] = [
            [(c.0 + r, c.1), (c.0 + r, c.1 + k), (c.0 + k, c.1 + r), (c.0, c.1 + r)],
            [(c.0, c.1 + r), (c.0 - k, c.1 + r), (c.0 - r, c.1 + k), (c.0 - r, c.1)],
            [(c.0 - r, c.1), (c.0 - r, c.1 - k), (c.0 - k, c.1 - r), (c.0, c.1 - r)],
            [(c.0, c.1 - r), (c.0 + k, c.1 - r), (c.0 + r, c.1 - k), (c.0 + r, c.1)],
        ].map { R.polygon($0) }
        var path = Path()
        path.move(to: Point(Float(quarters[0][0].0), Float(quarters[0][0].1)))
        var outline: R.Polygon = []
        for q in quarters {
            path.cubic(to: Point(Float(q[3].0), Float(q[3].1)), control1: Point(Float(q[1].0), Float(q[1].1)),
                       control2: Point(Float(q[2].0), Float(q[2].1)))
            for i in 0..<512 {
                let t = Double(i) / 512, u = 1 - t
                let w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t]
                outline.append((zip(w, q).reduce(0) { $0 + $1.0 * $1.1.0 }, zip(w, q).reduce(0) { $0 + $1.0 * $1.1.1 }))
            }
        }
        path.close()
        let image = try draw([.path(path, fill: .black)])
        let cov = R.coverage(width: Self.size, height: Self.size, inside: R.intervals([outline], rule: .nonzero))
        let w = R.worst(image, cov, color: .black)
        print("circle r = \(r): worst \(w.error)/255 at (\(w.x), \(w.y))")
        XCTAssertLessThanOrEqual(w.error, Self.curves, "pixel (\(w.x), \(w.y)) is \(w.got), want \(w.want)")
    }

    func testAtScaleTwoTheCoverageIsOfDevicePixels() throws {
        // 70.25 points is pixel 140.5 at scale 2: pixel 140 half covered.
        let rect = R.polygon([(70.25, 10), (80, 10), (80, 20), (70.25, 20)])
        let image = try draw([.path(R.path([rect]), fill: .black)], size: 100, scale: 2)
        XCTAssertEqual(rgba(image, 140, 30)[0], 128, accuracy: 1)
        XCTAssertEqual(rgba(image, 141, 30)[0], 0)
    }

    func testAGridRotatedAndZoomedByTheViewIsExact() throws {
        // The square (10, 10)-(30, 30) seen through a view that zooms by 1.3, turns by 0.4 and
        // moves by a fraction of a pixel: exact in the target's pixels.
        let view = ViewTransform(tx: 20.3, ty: 5.7, scale: 1.3, rotation: 0.4)
        let square = R.polygon([(10, 10), (30, 10), (30, 30), (10, 30)])
        let fb = try Framebuffer(context: ctx, width: Self.size, height: Self.size, depth: true)
        fb.bind()
        renderer.antialias = true
        defer { renderer.antialias = false }
        try renderer.draw([.path(R.path([square]), fill: .black)], canvas: Canvas(width: 64, height: 64),
                          background: .white, targetHasDepth: true, view: view)
        let image = try fb.readPixels()
        let m = view.matrix.map(Double.init)
        let seen = square.map { p in (m[0] * p.0 + m[4] * p.1 + m[12], m[1] * p.0 + m[5] * p.1 + m[13]) }
        let cov = R.coverage(width: Self.size, height: Self.size, inside: R.intervals([seen], rule: .nonzero))
        let w = R.worst(image, cov, color: .black)
        XCTAssertLessThanOrEqual(w.error, Self.exact, "pixel (\(w.x), \(w.y)) is \(w.got), want \(w.want)")
    }

    /// Strokes keep their distance model (coverage = clamp(v - |u|) at the pixel's centre, a
    /// pixel wide): exact across an edge along a pixel row or column, and off the exact area by
    /// up to (sqrt 2 / 2 - 1/2)² = 0.043, 11/255, across an edge at 45 degrees (a pixel whose
    /// centre is half a pixel inside is not wholly covered), as DESIGN.md states.
    func testStrokeCoverageIsWithinItsStatedTolerance() throws {
        func worst(from a: (Double, Double), to b: (Double, Double), width: Double) throws -> Double {
            let style = StrokeStyle(width: Float(width), cap: .butt)
            let image = try draw([.path(.polyline([Point(Float(a.0), Float(a.1)), Point(Float(b.0), Float(b.1))]),
                                        stroke: .black, style: style)])
            let len = hypot(b.0 - a.0, b.1 - a.1), d = ((b.0 - a.0) / len, (b.1 - a.1) / len)
            let n = (-d.1 * width / 2, d.0 * width / 2)
            let box = [(a.0 + n.0, a.1 + n.1), (b.0 + n.0, b.1 + n.1), (b.0 - n.0, b.1 - n.1), (a.0 - n.0, a.1 - n.1)]
            let cov = R.coverage(width: Self.size, height: Self.size, inside: R.intervals([box], rule: .nonzero))
            var worst = 0.0
            for y in 0..<Self.size {
                for x in 0..<Self.size {
                    // Away from the ends (their fringe is another model).
                    let t = (Double(x) + 0.5 - a.0) * d.0 + (Double(y) + 0.5 - a.1) * d.1
                    guard t > 3, t < len - 3 else { continue }
                    let want = 255 * (1 - cov[y * Self.size + x])
                    worst = max(worst, abs(Double(rgba(image, x, y)[0]) - want))
                }
            }
            return worst
        }
        let flat = try worst(from: (6, 32.3), to: (58, 32.3), width: 5.4)
        let diagonal = try worst(from: (8.2, 9.1), to: (54.2, 55.1), width: 5.4)
        print("stroke coverage against exact area: along a row \(flat)/255, at 45 degrees \(diagonal)/255")
        XCTAssertLessThanOrEqual(flat, Self.exact, "a stroke along a row is exact")
        XCTAssertLessThanOrEqual(diagonal, 12, "at 45 degrees, within the stated tolerance")
    }
}
