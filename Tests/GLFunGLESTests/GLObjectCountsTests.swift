internal import CEGL
import GLFunGLES
import XCTest

/// `GLObjectCounts.live` counts every GL object the wrappers make, by kind, and counts it down
/// when the wrapper goes. Deltas only: the suite's other objects (the shared context's) may be alive.
final class GLObjectCountsTests: GLTestCase {
    func testEachWrapperCountsUpWhileAliveAndBackDownWhenGone() throws {
        let before = GLObjectCounts.live
        do {
            let texture = try Texture2D(context: ctx, rgba: [255, 0, 0, 255], width: 1, height: 1)
            let vertices = VertexBuffer(context: ctx)
            let indices = IndexBuffer(context: ctx, indices: [0, 1, 2])
            let plain = try Framebuffer(context: ctx, width: 8, height: 8, depth: false)
            let deep = try Framebuffer(context: ctx, width: 8, height: 8, depth: true)
            let program = try Blitter(context: ctx)  // a program and its vertex buffer
            let during = GLObjectCounts.live
            XCTAssertEqual(during.textures - before.textures, 3, "one texture and the two framebuffers' color textures")
            XCTAssertEqual(during.buffers - before.buffers, 3)
            XCTAssertEqual(during.framebuffers - before.framebuffers, 2)
            XCTAssertEqual(during.renderbuffers - before.renderbuffers, 1, "the depth buffer")
            XCTAssertEqual(during.programs - before.programs, 1)
            XCTAssertEqual(during.shaders, before.shaders, "a program's shaders are deleted once it is linked")
            XCTAssertEqual(during.total - before.total, 10)
            withExtendedLifetime((texture, vertices, indices, plain, deep, program)) {}
        }
        XCTAssertEqual(GLObjectCounts.live, before)
    }

    /// A program that fails to compile or link leaves nothing counted; nor does a texture refused
    /// before or after it is made.
    func testFailuresLeaveNothingCounted() throws {
        let before = GLObjectCounts.live
        let bad = ShaderSource(name: "Bad.fsh", text: "void main() { gl_FragColor = nope; }")
        XCTAssertThrowsError(try ShaderProgram(context: ctx, name: "bad", vertex: Blitter.vertex, fragment: bad,
                                               attributes: ["position", "texcoord"]))
        let unlinkable = ShaderSource(name: "Unlinkable.fsh", text: """
            precision mediump float;
            varying vec3 v_texcoord;
            void main() { gl_FragColor = vec4(v_texcoord, 1.0); }
            """)
        XCTAssertThrowsError(try ShaderProgram(context: ctx, name: "unlinkable", vertex: Blitter.vertex,
                                               fragment: unlinkable, attributes: ["position", "texcoord"]))
        XCTAssertThrowsError(try Texture2D(context: ctx, pixels: nil, width: 1 << 20, height: 1))
        // A texture made and then refused (its upload's error check fails: here, on an error left
        // pending by a bad call before it) is deleted by its deinit, and counted down.
        glEnable(0x1234)
        XCTAssertThrowsError(try Texture2D(context: ctx, rgba: [0, 0, 0, 255], width: 1, height: 1))
        XCTAssertEqual(glGetError(), GLenum(GL_NO_ERROR))
        XCTAssertEqual(GLObjectCounts.live, before)
    }

    func testKindsReadAndWriteByKind() {
        var c = GLObjectCounts(textures: 1, buffers: 2, programs: 3, shaders: 4, framebuffers: 5, renderbuffers: 6)
        XCTAssertEqual(GLObjectKind.allCases.map { c[$0] }, [1, 2, 3, 4, 5, 6])
        c[.shader] = 0
        XCTAssertEqual(c.shaders, 0)
        XCTAssertEqual(c.total, 17)
        XCTAssertEqual(c.description, "textures 1, buffers 2, programs 3, shaders 0, framebuffers 5, renderbuffers 6")
    }
}
