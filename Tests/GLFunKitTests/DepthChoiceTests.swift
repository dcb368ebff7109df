import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// The depth pass taken only when the opaque shapes cover the canvas at least once over, summed
/// (`Renderer.depthPassOverdraw`, 1 by default): the same picture either way.
final class DepthChoiceTests: RenderTestCase {
    override func tearDownWithError() throws {
        renderer.depthPassOverdraw = 0
        try super.tearDownWithError()
    }

    private func scene(_ n: Int) -> Scene {
        var shapes: [Shape] = []
        for k in 0..<n {
            let x = Float(k * 37 % 90), y = Float(k * 53 % 50)
            shapes.append(k % 2 == 0 ? .rect(Point(x, y), Point(x + 30, y + 20), color: Color(Float(k % 3) / 2, 0.4, 0.6))
                                     : .ellipse(Point(x, y), Point(x + 25, y + 25), color: Color(0.9, Float(k % 4) / 3, 0.1)))
        }
        shapes.append(.line(Point(0, 0), Point(120, 80), color: Color(0, 0, 0, 0.5), width: 3))
        var s = Scene(width: 120, height: 80, background: .white, shapes: shapes)
        s.antialias = true
        return s
    }

    func testAFewShapesDrawWithoutTheDepthPassAndManyWithIt() throws {
        for n in [3, 40] {  // 3: a fifth of the canvas; 40: about three canvases
            renderer.depthPassOverdraw = 0
            let forced = try render(scene(n))
            XCTAssertTrue(renderer.stats.usedDepth)
            renderer.depthPassOverdraw = 1
            let chosen = try render(scene(n))
            XCTAssertEqual(renderer.stats.usedDepth, n == 40, "\(n) shapes")
            assertSameImage(chosen, forced, "\(n) shapes")
        }
    }

    /// Opaque fills count by their cores (`Renderer+OpaqueFills`): thin diamonds whose boxes add
    /// up to more than the canvas but whose cores do not draw without the depth pass; big discs
    /// whose cores cover it twice over draw with it. The same picture either way.
    func testOpaqueFillsCountByTheirCores() throws {
        func fills(_ n: Int, _ make: (Int) -> Path) -> Scene {
            var s = Scene(width: 120, height: 80, background: .white,
                          shapes: (0..<n).map { .path(make($0), fill: Color(Float($0 % 5) / 4, 0.3, 0.7)) })
            s.antialias = true
            return s
        }
        // 12 diamonds 30 wide: boxes 12 x 900 px = 1.1 canvases, cores well under one.
        let diamonds = fills(12) { k in
            let x = Float(k * 7 % 90), y = Float(k * 11 % 50)
            return .polyline([Point(x + 15, y), Point(x + 30, y + 15), Point(x + 15, y + 30), Point(x, y + 15)], closed: true)
        }
        // 8 discs of radius 30: their cores about 2 canvases.
        let discs = fills(8) { k in .circle(center: Point(Float(20 + k * 11), Float(25 + k % 3 * 15)), radius: 30) }
        for (scene, depth) in [(diamonds, false), (discs, true)] {
            renderer.depthPassOverdraw = 0
            let forced = try render(scene)
            renderer.depthPassOverdraw = 1
            let chosen = try render(scene)
            XCTAssertEqual(renderer.stats.usedDepth, depth, "\(scene.shapes.count) fills")
            assertSameImage(chosen, forced, "\(scene.shapes.count) fills")
        }
    }
}
