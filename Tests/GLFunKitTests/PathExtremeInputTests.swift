import GLFunKit
import XCTest

/// Sizes at the ends of Float's range: a pixel of 1e-45 points (a curve's segment count,
/// clamped, no longer traps converting to Int), a stroke 1e38 wide with a miter limit of
/// 1e30 (positions past Float's range: an empty mesh, never an infinite position).
final class PathExtremeInputTests: XCTestCase {
    func testATinyPixelDoesNotTrap() {
        let circle = Path.circle(center: Point(0, 0), radius: 1_000_000)
        for pixel: Float in [1e-30, .leastNonzeroMagnitude] {
            for paint in [PathPaint.fill(.nonzero), .stroke(StrokeStyle(width: 1000, join: .bevel))] {
                let m = PathShape(circle, paint: paint).mesh(pixel: pixel, antialias: true)
                XCTAssertTrue(m.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite })
                if case .fill = paint {
                    // Exact coverage with no target: more pixels than the cells' limit, nothing.
                    XCTAssertEqual(m.vertexCount, 0, "pixel \(pixel) \(paint)")
                    // On a target (inside the circle): its pixels, covered.
                    let s = 1 / Double(pixel)
                    let grid = PixelGrid(a: s, b: 0, c: 0, d: s, tx: 0, ty: 0, width: 64, height: 48)
                    let t = PathShape(circle, paint: paint).mesh(grid: grid, pixel: pixel, antialias: true)
                    XCTAssertEqual(t.vertexCount, 4, "pixel \(pixel): the target's one quad")
                    XCTAssertTrue(t.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite })
                } else {
                    XCTAssertGreaterThan(m.vertexCount, 0, "pixel \(pixel) \(paint)")
                }
            }
        }
    }

    func testAHugeStrokeNeverGivesAnInfinitePosition() {
        let path = Path.polyline([Point(0, 0), Point(100, 0), Point(0, 1)])
        for (width, limit) in [(Float(1e38), Float(1e30)), (3e38, 1), (1e30, 4)] {
            for join in LineJoin.allCases {
                for aa in [false, true] {
                    let style = StrokeStyle(width: width, join: join, cap: .square, miterLimit: limit)
                    let m = PathShape(path, paint: .stroke(style)).mesh(pixel: 1, antialias: aa)
                    XCTAssertTrue(m.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(style) aa \(aa)")
                }
            }
        }
    }
}
