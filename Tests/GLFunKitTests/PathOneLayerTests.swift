import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// One layer of paint: a translucent stroke or fill is exactly as dark where its own pieces,
/// joins, caps or fringes overlap as anywhere else, with antialiasing on and off, in every
/// combination of culling and depth (`renderAllWays`). The expected pictures are computed here,
/// independently of the renderer: the stroke of a polyline with round joins and caps is the set
/// of points within half the width of it, a fill the union of its rects; coverage per pixel is
/// the share of 16 x 16 samples inside.
final class PathOneLayerTests: RenderTestCase {
    /// Black at half alpha over white: one layer is 127.5, two would be 63.75.
    static let ink = Color(0, 0, 0, 0.5)
    static let single = 255.0 * 0.5

    private func draw(_ shapes: [Shape], aa: Bool, size: Int = 64) throws -> Image {
        var s = Scene(width: size, height: size, scale: 1, background: .white, shapes: shapes)
        s.antialias = aa
        return try renderAllWays(s, "aa \(aa)")
    }

    private func gray(_ image: Image, _ x: Int, _ y: Int) -> Double { Double(rgba(image, x, y)[0]) }

    /// The distance from (x, y) to the polyline.
    private static func distance(_ x: Double, _ y: Double, _ pts: [Point]) -> Double {
        var best = Double.infinity
        for k in 0..<(pts.count - 1) {
            let ax = Double(pts[k].x), ay = Double(pts[k].y), bx = Double(pts[k + 1].x), by = Double(pts[k + 1].y)
            let dx = bx - ax, dy = by - ay
            let t = max(0, min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
            best = min(best, hypot(x - ax - t * dx, y - ay - t * dy))
        }
        return best
    }

    /// The share of pixel (px, py) where `inside` holds, by 16 x 16 samples.
    private static func coverage(_ px: Int, _ py: Int, _ inside: (Double, Double) -> Bool) -> Double {
        var n = 0
        for j in 0..<16 {
            for i in 0..<16 where inside(Double(px) + (Double(i) + 0.5) / 16, Double(py) + (Double(j) + 0.5) / 16) {
                n += 1
            }
        }
        return Double(n) / 256
    }

    /// Compares every pixel with the one-layer picture of the region `inside`: aliased, a pixel
    /// is white or exactly one layer, and which one its centre says, except within `slack`
    /// pixels of the outline (`edge` gives the signed distance to it, negative inside); with
    /// antialiasing, one layer exactly where the pixel is wholly inside, white where wholly
    /// outside, and white darkened by 0.5 x the coverage within `tolerance` at the edges.
    private func assertOneLayer(_ image: Image, aa: Bool, size: Int = 64, tolerance: Double = 14,
                                edge: (Double, Double) -> Double, _ what: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        var worst = 0.0, darkest = 255.0
        for y in 0..<size {
            for x in 0..<size {
                let g = gray(image, x, y)
                darkest = min(darkest, g)
                let d = edge(Double(x) + 0.5, Double(y) + 0.5)
                if aa {
                    let c = Self.coverage(x, y) { edge($0, $1) <= 0 }
                    if c == 1 {
                        XCTAssertEqual(g, Self.single, accuracy: 1, "\(what): (\(x), \(y)) inside", file: file, line: line)
                    } else if c == 0 {
                        XCTAssertGreaterThanOrEqual(g, 254, "\(what): (\(x), \(y)) outside", file: file, line: line)
                    } else {
                        worst = max(worst, abs(g - (255 - 0.5 * 255 * c)))
                    }
                } else {
                    XCTAssertTrue(g == 255 || abs(g - Self.single) <= 1, "\(what): pixel (\(x), \(y)) is \(g): neither white nor one layer",
                                  file: file, line: line)
                    if d < -0.3 { XCTAssertEqual(g, Self.single, accuracy: 1, "\(what): (\(x), \(y)) inside", file: file, line: line) }
                    if d > 0.3 { XCTAssertEqual(g, 255, "\(what): (\(x), \(y)) outside", file: file, line: line) }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(darkest, Self.single - 1, "\(what): no pixel darker than one layer", file: file, line: line)
        if aa { XCTAssertLessThanOrEqual(worst, tolerance, "\(what): largest difference from the reference", file: file, line: line) }
    }

    func testAZigZagTranslucentStrokeIsOneLayer() throws {
        // Sharp turns (about 150°) and short segments: joins overlap the strips, the strips
        // overlap each other on the inner side of every turn.
        let pts = [Point(8, 50), Point(18, 12), Point(28, 50), Point(38, 12), Point(48, 50), Point(56, 20)]
        for aa in [false, true] {
            let image = try draw([.path(.polyline(pts), stroke: Self.ink, style: StrokeStyle(width: 7, join: .round, cap: .round))],
                                 aa: aa)
            assertOneLayer(image, aa: aa, edge: { Self.distance($0, $1, pts) - 3.5 }, "zig-zag, aa \(aa)")
        }
    }

    func testASelfCrossingTranslucentStrokeIsOneLayer() throws {
        // An hourglass drawn in one go: it crosses itself in the middle and closes on a corner.
        let pts = [Point(10, 10), Point(54, 54), Point(54, 10), Point(10, 54), Point(10, 10)]
        for aa in [false, true] {
            let image = try draw([.path(.polyline(pts), stroke: Self.ink, style: StrokeStyle(width: 6, join: .round, cap: .round))],
                                 aa: aa)
            assertOneLayer(image, aa: aa, edge: { Self.distance($0, $1, pts) - 3 }, "self-crossing, aa \(aa)")
        }
    }

    func testEveryJoinAndCapIsOneLayer() throws {
        // Not every kind has a simple outline to compare with; each must still never be darker
        // than one layer, and one layer deep inside.
        let pts = [Point(8, 54), Point(20, 10), Point(32, 54), Point(44, 10), Point(56, 40)]
        for join in [LineJoin.miter, .round, .bevel] {
            for cap in [LineCap.butt, .round, .square] {
                for aa in [false, true] {
                    let style = StrokeStyle(width: 6, join: join, cap: cap, miterLimit: 10)
                    let image = try draw([.path(.polyline(pts), stroke: Self.ink, style: style)], aa: aa)
                    var darkest = 255.0
                    for y in 0..<64 { for x in 0..<64 { darkest = min(darkest, gray(image, x, y)) } }
                    XCTAssertGreaterThanOrEqual(darkest, Self.single - 1, "\(join) \(cap) aa \(aa): darker than one layer")
                    XCTAssertEqual(gray(image, 26, 32), Self.single, accuracy: 1, "\(join) \(cap) aa \(aa): on the stroke")
                }
            }
        }
    }

    func testASelfOverlappingTranslucentFillIsOneLayer() throws {
        // Two overlapping rects in one path, nonzero: the overlap is filled once, and each edge
        // pixel gets its exact coverage (within the 16 x 16 samples' own error: an edge at .6
        // of a pixel is 10/16 to them, 0.025 more, 3.2 levels of this ink).
        var path = Path.polyline([Point(8.3, 10.6), Point(40.2, 10.6), Point(40.2, 44.4), Point(8.3, 44.4)], closed: true)
        path.append(.polyline([Point(24.7, 20.2), Point(56.1, 20.2), Point(56.1, 54.8), Point(24.7, 54.8)], closed: true))
        func edge(_ x: Double, _ y: Double) -> Double {
            func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
                max(x0 - x, x - x1, y0 - y, y - y1)
            }
            return min(box(8.3, 10.6, 40.2, 44.4), box(24.7, 20.2, 56.1, 54.8))
        }
        for aa in [false, true] {
            let image = try draw([.path(path, fill: Self.ink)], aa: aa)
            assertOneLayer(image, aa: aa, tolerance: 3.5, edge: edge, "fill, aa \(aa)")
        }
    }
}
