import Foundation
import GLFunGLES
@_exported import TestFixtures
import XCTest

/// The one headless context of this test process. EGL contexts are current per
/// thread; XCTest runs every test serially on the main thread, and each test's
/// `setUp` makes this context current again (a test may have made another).
enum SharedGL {
    nonisolated(unsafe) static let context: Result<Context, GLESError> = Result { () throws(GLESError) in
        try Context.headless()
    }
}

/// A test case that needs real GL: `ctx` is the shared headless context, current.
/// A context that cannot be opened fails the test (never a skip: on these
/// machines EGL is available, and a skip would hide a broken setup).
class GLTestCase: XCTestCase {
    var ctx: Context!

    override func setUpWithError() throws {
        try super.setUpWithError()
        ctx = try SharedGL.context.get()
        try ctx.makeCurrent()
        XCTAssertTrue(ctx.isCurrent)
        GL.setBlending(false)
        GL.setDepthTest(false)
        GL.disableScissor()
    }
}

/// A fresh empty directory under the system temporary directory.
func makeTemporaryDirectory() throws -> String { try makeTemporaryDirectory("glestests") }


// MARK: - Drawing without GLFunKit

/// Draws a texture over the whole bound target with a one-line program of its
/// own (clip-space positions, no projection), nearest filtering, blending off:
/// what the texture holds (straight alpha) is what `readPixels(alpha: .asStored)` returns.
final class Blitter {
    let program: ShaderProgram
    let buffer: VertexBuffer

    static let vertex = ShaderSource(name: "Blit.vsh", text: """
        attribute vec2 position;
        attribute vec2 texcoord;
        varying vec2 v_texcoord;
        void main() {
            gl_Position = vec4(position, 0.0, 1.0);
            v_texcoord = texcoord;
        }
        """)
    static let fragment = ShaderSource(name: "Blit.fsh", text: """
        precision mediump float;
        uniform sampler2D texture;
        varying vec2 v_texcoord;
        void main() {
            gl_FragColor = texture2D(texture, v_texcoord);
        }
        """)

    init(context: Context) throws {
        program = try ShaderProgram(context: context, name: "blit", vertex: Blitter.vertex,
                                    fragment: Blitter.fragment, attributes: ["position", "texcoord"])
        buffer = VertexBuffer(context: context)
    }

    /// Draws clip rect (x0, yTop)-(x1, yBottom) sampling texcoords (0, 0)-(s1, t1),
    /// with t = 0 at the top (clip y = yTop).
    func draw(_ texture: Texture2D, s1: Float? = nil, t1: Float? = nil,
              clip: (x0: Float, yTop: Float, x1: Float, yBottom: Float) = (-1, 1, 1, -1)) throws {
        let s = s1 ?? texture.maxS, t = t1 ?? texture.maxT
        let (x0, y0, x1, y1) = clip
        let v: [Float] = [
            x0, y0, 0, 0, x1, y0, s, 0, x1, y1, s, t,
            x0, y0, 0, 0, x1, y1, s, t, x0, y1, 0, t,
        ]
        program.use()
        try program.set("texture", .int(0))
        v.withUnsafeBytes { buffer.upload($0.baseAddress, count: $0.count) }
        try buffer.setLayout([VertexAttribute(location: 0, components: 2, kind: .float, offset: 0),
                          VertexAttribute(location: 1, components: 2, kind: .float, offset: 8)], stride: 16)
        texture.bind(unit: 0)
        texture.setFilter(.nearest)
        GL.drawTriangles(first: 0, count: 6)
    }

    /// Renders `texture` into a fresh framebuffer of its content size and reads it back.
    func readBack(_ texture: Texture2D, context: Context) throws -> Image {
        let fb = try Framebuffer(context: context, width: texture.width, height: texture.height, depth: false)
        fb.bind()
        GL.clear(red: 0, green: 0, blue: 0, alpha: 0, depth: false)
        try draw(texture)
        try GL.checkError("Blitter.draw")
        return try fb.readPixels(alpha: .asStored)
    }
}
