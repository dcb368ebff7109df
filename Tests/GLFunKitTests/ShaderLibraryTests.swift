import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// Every shader in shaders/ is embedded in the binary and compiles on the real driver,
/// including the classic sample's program that the renderer itself does not use.
final class ShaderLibraryTests: RenderTestCase {
    func testEveryEmbeddedShaderIsThere() {
        for name in ["Shape.vsh", "Flat.fsh", "Ellipse.fsh", "Texture.fsh", "AlphaTexture.fsh", "Blit.fsh",
                     "Shader.vsh", "Shader.fsh"] {
            XCTAssertTrue(ShaderLibrary.names.contains(name), name)
        }
        XCTAssertThrowsError(try ShaderLibrary.source("Nope.fsh")) { e in
            guard case .compile(.fragment, "Nope.fsh", _) = e as? GLESError else { return XCTFail("\(e)") }
        }
    }

    func testTheClassicSampleProgramLinksWithItsUniforms() throws {
        let p = try ShaderProgram(context: ctx, name: "classic", vertex: try ShaderLibrary.source("Shader.vsh"),
                                  fragment: try ShaderLibrary.source("Shader.fsh"),
                                  attributes: ["position", "texcoord"])
        for u in ["projectionMatrix", "constColor", "useTexture", "texture"] {
            XCTAssertGreaterThanOrEqual(try p.uniform(u), 0, u)
        }
        XCTAssertEqual(try p.attribute("position"), 0)
        XCTAssertEqual(try p.attribute("texcoord"), 1)
    }
}
