import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// The renderer compiles a program when a draw first needs it (start-up: a picture of rects
/// pays for one program, an empty picture for none), and the pictures are those of a renderer
/// that had them all.
final class LazyProgramTests: RenderTestCase {
    /// A renderer of its own, so that the shared one's programs do not count.
    private func freshSceneRenderer() throws -> SceneRenderer {
        try SceneRenderer(context: ctx)
    }

    func testANewRendererHasCompiledNothing() throws {
        let before = GLObjectCounts.live
        let fresh = try freshSceneRenderer()
        XCTAssertEqual(fresh.renderer.compiledPrograms, [])
        XCTAssertEqual(GLObjectCounts.live.programs, before.programs)
        XCTAssertEqual(GLObjectCounts.live.shaders, before.shaders)
    }

    func testAnEmptySceneCompilesNoProgram() throws {
        let fresh = try freshSceneRenderer()
        let image = try fresh.render(Scene(width: 16, height: 16, background: Color(0, 0.5, 1)))
        XCTAssertEqual(fresh.renderer.compiledPrograms, [])
        XCTAssertEqual(image.width, 16)
    }

    func testEachProgramIsCompiledOnFirstUseAndKept() throws {
        let fresh = try freshSceneRenderer()
        let rects = Scene(width: 64, height: 48, shapes: [.rect(Point(4, 4), Point(40, 30), color: .red)])
        let ellipse = Scene(width: 64, height: 48, shapes: [.ellipse(Point(10, 8), Point(50, 40), color: .green)])
        let both = Scene(width: 64, height: 48, shapes: rects.shapes + ellipse.shapes)

        let freshRects = try fresh.render(rects)
        XCTAssertEqual(fresh.renderer.compiledPrograms, ["flat"])
        let freshEllipse = try fresh.render(ellipse)
        XCTAssertEqual(fresh.renderer.compiledPrograms, ["flat", "ellipse"])
        let live = GLObjectCounts.live.programs
        let freshBoth = try fresh.render(both)
        XCTAssertEqual(GLObjectCounts.live.programs, live, "nothing compiled twice")

        // The same pictures as the shared renderer's (which has compiled whatever earlier tests used).
        assertSameImage(freshRects, try render(rects))
        assertSameImage(freshEllipse, try render(ellipse))
        assertSameImage(freshBoth, try render(both))
    }

    func testTheLastProgramsGoWithTheRenderer() throws {
        let before = GLObjectCounts.live
        do {
            let fresh = try freshSceneRenderer()
            _ = try fresh.render(Scene(width: 8, height: 8, shapes: [.rect(Point(1, 1), Point(6, 6), color: .blue)]))
            XCTAssertEqual(GLObjectCounts.live.programs, before.programs + 1)
        }
        XCTAssertEqual(GLObjectCounts.live.programs, before.programs)
    }
}
