import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// The one headless context and scene renderer of this test process. EGL
/// contexts are current per thread; XCTest runs the tests serially on the main
/// thread, and each test's `setUp` makes the context current again.
enum SharedGL {
    nonisolated(unsafe) static let context: Result<Context, GLESError> = Result { () throws(GLESError) in
        try Context.headless()
    }
    nonisolated(unsafe) static let sceneRenderer: Result<SceneRenderer, GLESError> = Result { () throws(GLESError) in
        let c = try context.get()
        try c.makeCurrent()
        return try SceneRenderer(context: c)
    }
}

/// A test case that renders with real GL (llvmpipe). Never skipped: a context
/// that cannot be opened fails the test.
class RenderTestCase: XCTestCase {
    var ctx: Context!
    var sceneRenderer: SceneRenderer!
    var renderer: Renderer { sceneRenderer.renderer }

    override func setUpWithError() throws {
        try super.setUpWithError()
        ctx = try SharedGL.context.get()
        try ctx.makeCurrent()
        sceneRenderer = try SharedGL.sceneRenderer.get()
        renderer.cullingEnabled = true
        renderer.depthEnabled = true
        // The depth pass whenever it can be (as before it was chosen by the shapes' area), so
        // that every test with depth on draws through it; DepthChoiceTests test the choice.
        renderer.depthPassOverdraw = 0
        // The renderer is shared: a scene drawn by an earlier test may have left antialiasing on.
        renderer.antialias = false
    }

    /// Renders with the given optimizations (both on by default, as shipped).
    func render(_ scene: Scene, cull: Bool = true, depth: Bool = true, scale: Float? = nil,
                file: StaticString = #filePath, line: UInt = #line) throws -> Image {
        renderer.cullingEnabled = cull
        renderer.depthEnabled = depth
        defer {
            renderer.cullingEnabled = true
            renderer.depthEnabled = true
        }
        let image = try sceneRenderer.render(scene, scale: scale)
        let canvas = Canvas(width: Float(scene.width), height: Float(scene.height), scale: scale ?? scene.scale)
        XCTAssertEqual(image.width, canvas.pixelWidth, file: file, line: line)
        XCTAssertEqual(image.height, canvas.pixelHeight, file: file, line: line)
        return image
    }

    /// Renders in every combination of culling and depth, asserts they all give
    /// the painter's-order picture (culling and depth off), and returns it.
    func renderAllWays(_ scene: Scene, scale: Float? = nil, _ message: String = "",
                       file: StaticString = #filePath, line: UInt = #line) throws -> Image {
        let reference = try render(scene, cull: false, depth: false, scale: scale, file: file, line: line)
        for (cull, depth) in [(true, true), (true, false), (false, true)] {
            let image = try render(scene, cull: cull, depth: depth, scale: scale, file: file, line: line)
            assertSameImage(image, reference, "cull \(cull), depth \(depth) vs both off \(message)", file: file, line: line)
        }
        return reference
    }

    /// Registers an RGBA texture for image shapes named `name`.
    @discardableResult
    func registerSprite(_ name: String, width: Int, height: Int, pixels: [UInt8],
                        options: TextureOptions = TextureOptions(filter: .nearest)) throws -> Texture2D {
        let t = try Texture2D(context: ctx, rgba: pixels, width: width, height: height, options: options)
        renderer.setTexture(t, forImage: name)
        return t
    }
}

// MARK: - Randomness

/// SplitMix64: a tiny seeded generator, so random scenes are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

/// A new empty folder for this suite.
func makeTemporaryDirectory() throws -> String { try makeTemporaryDirectory("glfunkittests") }
