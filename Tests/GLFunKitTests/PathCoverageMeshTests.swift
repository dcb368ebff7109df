import Foundation
import GLFunKit
import XCTest

/// An antialiased fill's mesh on the CPU (no GL): quads of one coverage on whole pixels, never
/// overlapping, each pixel's coverage the exact area inside (`CoverageReference`) for random
/// self-intersecting polygons by both rules; few quads for axis-aligned shapes; clipped to
/// the target; the limits.
final class PathCoverageMeshTests: XCTestCase {
    typealias R = CoverageReference

    /// The coverage each pixel of a `width` x `height` grid gets from a mesh made on
    /// `PixelGrid(pixel: 1)` (its quads are whole pixels there), summed where quads overlap.
    static func pixels(_ m: PathMesh, width: Int, height: Int) -> [Double] {
        var cov = [Double](repeating: 0, count: width * height)
        let v = m.vertices
        for k in stride(from: 0, to: m.indices.count, by: 6) {
            let q = [m.indices[k], m.indices[k + 1], m.indices[k + 2], m.indices[k + 5]].map { v[Int($0)] }
            XCTAssertTrue(q.allSatisfy { $0.x == $0.x.rounded() && $0.y == $0.y.rounded() }, "corners on pixel boundaries")
            XCTAssertTrue(q.allSatisfy { $0.v == q[0].v && $0.u == 0 }, "one flat coverage a quad")
            let x0 = Int(q.map(\.x).min()!), x1 = Int(q.map(\.x).max()!)
            let y0 = Int(q.map(\.y).min()!), y1 = Int(q.map(\.y).max()!)
            for y in max(0, y0)..<min(height, y1) {
                for x in max(0, x0)..<min(width, x1) { cov[y * width + x] += Double(q[0].v) }
            }
        }
        return cov
    }

    func testRandomSelfIntersectingPolygonsHaveExactCoverage() {
        var random = SplitMix64(seed: 0xC0FE_2901)
        func unit() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        var worst = 0.0
        for trial in 0..<40 {
            var polygons: [R.Polygon] = []
            for _ in 0..<(1 + Int(random.next() % 3)) {
                var poly: R.Polygon = []
                for _ in 0..<(3 + Int(random.next() % 10)) {
                    var x = 2 + unit() * 44, y = 2 + unit() * 44
                    if trial % 4 == 0 { x = (x * 2).rounded() / 2; y = (y * 2).rounded() / 2 }  // on and between pixels
                    poly.append((x, y))
                }
                polygons.append(R.polygon(poly))
            }
            for rule in FillRule.allCases {
                let m = PathShape(R.path(polygons), paint: .fill(rule)).mesh(pixel: 1, antialias: true)
                let got = Self.pixels(m, width: 48, height: 48)
                let want = R.coverage(width: 48, height: 48, strips: 128, inside: R.intervals(polygons, rule: rule))
                for k in got.indices {
                    XCTAssertLessThanOrEqual(got[k], 1, "trial \(trial) \(rule): quads overlap at pixel \(k)")
                    worst = max(worst, abs(got[k] - want[k]))
                }
            }
        }
        print("random polygons: worst coverage error \(worst * 255)/255")
        // The reference's own error (the midpoint rule across a shallow edge's vertex) is most of it.
        XCTAssertLessThan(worst, 1.0 / 255)
    }

    func testAnAxisAlignedRectangleIsThreeQuads() {
        // The rectangle: column 70 at 0.75, 71...89 at 1, column 90 at 0.75.
        let rect = Path.polyline([Point(70.25, 10), Point(90.75, 10), Point(90.75, 30), Point(70.25, 30)], closed: true)
        let m = PathShape(rect, paint: .fill(.nonzero)).mesh(pixel: 1, antialias: true)
        XCTAssertEqual(m.vertexCount, 12)
        XCTAssertEqual(Set(m.vertices.map(\.v)), [0.75, 1])
        XCTAssertTrue(m.hasFringe)
        // On whole pixels: one quad, no partial coverage.
        let whole = Path.polyline([Point(10, 10), Point(30, 10), Point(30, 20), Point(10, 20)], closed: true)
        let w = PathShape(whole, paint: .fill(.evenOdd)).mesh(pixel: 1, antialias: true)
        XCTAssertEqual(w.vertexCount, 4)
        XCTAssertFalse(w.hasFringe)
        XCTAssertEqual(w.fringeCount, 0)
    }

    func testOnlyTheTargetsPixelsAreKept() {
        // A square 10,000 pixels across on a 64 x 48 target: one quad, the target.
        let big = Path.polyline([Point(-5000.5, -5000.5), Point(5000.5, -5000.5), Point(5000.5, 5000.5),
                                 Point(-5000.5, 5000.5)], closed: true)
        let grid = PixelGrid(canvas: Canvas(width: 64, height: 48))
        let m = PathShape(big, paint: .fill(.nonzero)).mesh(grid: grid, pixel: 1, antialias: true)
        XCTAssertEqual(m.vertexCount, 4)
        XCTAssertEqual(Set(m.vertices.map { [$0.x, $0.y] }), [[0, 0], [64, 0], [64, 48], [0, 48]])
        // Off the target: nothing.
        let away = PathShape(big.offsetBy(20_000, 0), paint: .fill(.nonzero)).mesh(grid: grid, pixel: 1, antialias: true)
        XCTAssertEqual(away.vertexCount, 0)
        // A circle crossing the target's left side: its cells left of column 0 are column 0's.
        let circle = Path.circle(center: Point(0, 24), radius: 20)
        let c = PathShape(circle, paint: .fill(.nonzero)).mesh(grid: grid, pixel: 1, antialias: true)
        let got = Self.pixels(c, width: 64, height: 48)
        XCTAssertTrue(c.vertices.allSatisfy { $0.x >= 0 && $0.x <= 64 && $0.y >= 0 && $0.y <= 48 })
        XCTAssertEqual(got[24 * 64 + 0], 1)
        XCTAssertEqual(got[24 * 64 + 18], 1)
        XCTAssertEqual(got[24 * 64 + 20], 0)
    }

    func testMovingByWholePixelsKeepsTheMeshAndByAFractionRemakesIt() {
        let shape = PathShape(.circle(center: Point(30.3, 20.6), radius: 9.1), paint: .fill(.nonzero))
        let canvas = Canvas(width: 64, height: 48)
        let a = shape.mesh(grid: PixelGrid(canvas: canvas, view: ViewTransform(tx: 2, ty: 3)), pixel: 1, antialias: true)
        let b = shape.mesh(grid: PixelGrid(canvas: canvas, view: ViewTransform(tx: 5, ty: -1)), pixel: 1, antialias: true)
        XCTAssertEqual(a.vertices, b.vertices, "in document points, the same pixels")
        let c = shape.mesh(grid: PixelGrid(canvas: canvas, view: ViewTransform(tx: 5.5, ty: -1)), pixel: 1, antialias: true)
        XCTAssertNotEqual(a.vertices, c.vertices)
        XCTAssertEqual(Self.area(a), Self.area(c), accuracy: 0.05, "the same area either way")
        // Less the chords' sliver (flattened to 1/64 of a pixel) and the cubics' own error.
        XCTAssertEqual(Self.area(a), Double.pi * 9.1 * 9.1, accuracy: 0.6)
    }

    /// The area a mesh covers, each quad's area times its coverage.
    static func area(_ m: PathMesh) -> Double {
        var total = 0.0
        let v = m.vertices
        for k in stride(from: 0, to: m.indices.count, by: 3) {
            let a = v[Int(m.indices[k])], b = v[Int(m.indices[k + 1])], c = v[Int(m.indices[k + 2])]
            let t = abs(Double(b.x - a.x) * Double(c.y - a.y) - Double(c.x - a.x) * Double(b.y - a.y)) / 2
            total += t * Double(a.v)
        }
        return total
    }

    func testPastTheCellLimitAFillDrawsNothing() {
        // A circle 2,000,000 pixels round (far more cells than the limit), unclipped.
        let m = PathShape(.circle(center: Point(0, 0), radius: 400_000), paint: .fill(.nonzero))
            .mesh(pixel: 1, antialias: true)
        XCTAssertEqual(m.vertexCount, 0)
    }
}
