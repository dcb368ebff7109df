import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// The depth buffer is cleared only for a frame that uses it (more than one shape, or a
/// path's one layer of paint): what an earlier frame left there changes no later picture.
final class DepthClearTests: RenderTestCase {
    /// Two opaque rects: depth written over the whole canvas, nearer than anything later.
    private let covered = Scene(width: 64, height: 48, shapes: [
        .rect(Point(0, 0), Point(64, 48), color: .red),
        .rect(Point(8, 8), Point(40, 30), color: .green),
    ])

    func testOneShapeFrameUsesNoDepthAndIsThePaintersPicture() throws {
        let one = Scene(width: 64, height: 48, shapes: [.ellipse(Point(4, 4), Point(60, 44), color: .blue)])
        let reference = try render(one, cull: false, depth: false)
        _ = try render(covered)
        XCTAssertTrue(renderer.stats.usedDepth)
        XCTAssertEqual(try render(one), reference)
        XCTAssertFalse(renderer.stats.usedDepth, "one shape has nothing to hide")
        assertPixel(reference, 32, 24, [0, 0, 255, 255])
        // Then two shapes again: their frame clears depth and is right.
        let again = try render(covered)
        assertPixel(again, 20, 20, [0, 255, 0, 255])
        assertPixel(again, 50, 40, [255, 0, 0, 255])
    }

    func testOneTranslucentPathStillGetsItsClearedLayer() throws {
        // A stroke that crosses itself: one layer of paint where it does, as where it does not.
        let cross = Shape.path(.polyline([Point(4, 4), Point(60, 44), Point(60, 4), Point(4, 44)]),
                               stroke: Color(0, 0, 1, 0.5), style: StrokeStyle(width: 6))
        let scene = Scene(width: 64, height: 48, background: .white, shapes: [cross])
        _ = try render(covered)
        let image = try render(scene)
        let crossing = rgba(image, 32, 24), single = rgba(image, 18, 14)
        XCTAssertEqual(crossing, single, "the crossing is painted once, not hidden by the last frame's depth")
        XCTAssertNotEqual(crossing, [255, 255, 255, 255])
    }
}
