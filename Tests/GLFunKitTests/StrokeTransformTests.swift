import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// A stroke under a skew or an unequal scale is made in user space, then transformed (as SVG
/// says): its pixels are those of its user-space outline transformed and filled.
final class StrokeTransformTests: LayerTestCase {
    func testSkewedLineIsItsTransformedOutline() throws {
        // A vertical line (50, 20)-(50, 80), 20 wide, butt caps: in user space the rect 40...60 x
        // 20...80. Under skewX(30°) it is a parallelogram 20 wide across x (only 17.3 across the
        // slanted line), where a width scaled by the transform's mean scale (1) would be 20
        // across the slanted line.
        let skew = Transform.skew(x: Double.pi / 6)
        var stroked = GraphicsContext()
        stroked.concatenate(skew)
        stroked.stroke(Path.polyline([Point(50, 20), Point(50, 80)], closed: false), paint: .solid(.black),
                       style: StrokeStyle(width: 20, join: .miter, cap: .butt))
        var filled = GraphicsContext()
        filled.concatenate(skew)
        filled.fill(rect(40, 20, 60, 80), paint: .solid(.black))
        let got = try premultiplied(stroked.shapes, size: 100)
        let want = try premultiplied(filled.shapes, size: 100)
        XCTAssertEqual(got.pixels.count, want.pixels.count)
        var worst = 0
        for i in 0..<got.pixels.count { worst = max(worst, abs(Int(got.pixels[i]) - Int(want.pixels[i]))) }
        XCTAssertLessThanOrEqual(worst, 2, "the stroke is the transformed outline")
        // Row 50: the line's centre x = 50 + 50 tan 30° = 78.9; the stroke spans ±10 across x.
        XCTAssertEqual(got.pixels[(50 * 100 + 70) * 4 + 3], 255, "inside, 9 left of the centre")
        XCTAssertEqual(got.pixels[(50 * 100 + 87) * 4 + 3], 255, "inside, 8 right of the centre")
        XCTAssertEqual(got.pixels[(50 * 100 + 90) * 4 + 3], 0, "outside, 11 right of the centre")
    }

    func testUnequalScaleWidensTheStrokeOneWay() throws {
        // A horizontal line 10 wide under scale(1, 3): 30 tall, not 10 x sqrt(3).
        var g = GraphicsContext()
        g.scale(1, 3)
        g.stroke(Path.polyline([Point(10, 16), Point(90, 16)], closed: false), paint: .solid(.black),
                 style: StrokeStyle(width: 10, join: .miter, cap: .butt))
        let image = try premultiplied(g.shapes, size: 100)
        func alpha(_ x: Int, _ y: Int) -> UInt8 { image.pixels[(y * 100 + x) * 4 + 3] }
        // From y = 3 x 11 = 33 to 3 x 21 = 63.
        XCTAssertEqual(alpha(50, 34), 255)
        XCTAssertEqual(alpha(50, 62), 255)
        XCTAssertEqual(alpha(50, 31), 0)
        XCTAssertEqual(alpha(50, 64), 0)
    }
}
