internal import CEGL
import GLFunGLES
import GLFunKit
import GLFunTransitions
import PixelAssertions
import XCTest

/// The composer's and the transitions' GL state contract (DESIGN.md, "GL state"): each sets
/// every piece of state it depends on at each draw, so whatever a caller did with raw GL
/// between draws, the pictures are the same to the byte; and each leaves what it documents.
final class TransitionGLStateTests: TransitionTestCase {
    static let canvas = Canvas(width: 61, height: 37)  // rows of 244 bytes: not a multiple of 8
    var junkProgram: ShaderProgram!
    var junkBuffers: [GLuint] = [0, 0]
    var junkTexture: Texture2D!

    override func setUpWithError() throws {
        try super.setUpWithError()
        junkProgram = try ShaderProgram(
            context: ctx, name: "junk",
            vertex: ShaderSource(name: "j.vsh", text: "attribute vec4 p; void main() { gl_Position = p; }"),
            fragment: ShaderSource(name: "j.fsh", text: "void main() { gl_FragColor = vec4(1.0, 0.0, 1.0, 1.0); }"),
            attributes: ["p"])
        glGenBuffers(2, &junkBuffers)
        junkTexture = try Texture2D(context: ctx, rgba: [255, 0, 255, 255], width: 1, height: 1)
    }

    override func tearDownWithError() throws {
        glDeleteBuffers(2, &junkBuffers)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glActiveTexture(GLenum(GL_TEXTURE0))
        for l in 0..<Context.maxVertexAttributes { glDisableVertexAttribArray(GLuint(l)) }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        try super.tearDownWithError()
    }

    /// Sets every piece of fixed-function and binding state a draw could depend on to something hostile.
    func dirtyEverything() {
        dirtyFixedFunctionState()
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_TRUE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
        dirtyBindings(program: junkProgram.program, arrayBuffer: junkBuffers[0], elementBuffer: junkBuffers[1],
                      texture: junkTexture.name, units: [0, 1, 3], attributes: Context.maxVertexAttributes)
        glActiveTexture(GLenum(GL_TEXTURE1))
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 8)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 8)
        glViewport(0, 0, 1, 1)
    }

    /// Two slides composed (one turned and zoomed), a part of one drawn over the other, and a
    /// transition frame of each kind between them, read back; the state dirtied before every
    /// draw if asked.
    func frames(dirty: Bool) throws -> [Image] {
        let c = Self.canvas
        let a = try photo(23, 17) { x, y in [UInt8(x * 11), UInt8(y * 15), 200, 255] }
        let b = try photo(17, 23) { x, y in [40, UInt8(255 - y * 11), UInt8(x * 15), 255] }
        let slides = try [a, b].map { _ in try Framebuffer(context: ctx, width: c.pixelWidth, height: c.pixelHeight, depth: false) }
        let target = try Framebuffer(context: ctx, width: c.pixelWidth, height: c.pixelHeight, depth: false)
        var images: [Image] = []
        let layouts = [SlideLayout(), SlideLayout(contentMode: .aspectFill, rotation: 0.4, zoom: 1.3, pan: Point(3, -2))]
        for (i, (photo, layout)) in zip([a, b], layouts).enumerated() {
            slides[i].bind()
            if dirty { dirtyEverything() }
            try composer.draw(photo, layout: layout, canvas: c, background: Color(0.2, 0.3, 0.4))
            if dirty { glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 8) }
            images.append(try slides[i].readPixels())
        }
        // A part of the other photo over the first slide, as a zoomed-in picture's tile.
        target.bind()
        try composer.draw(a, canvas: c, background: Color(0.2, 0.3, 0.4))
        if dirty { dirtyEverything() }
        try composer.drawPart(b, texcoords: (0.25, 0.1, 0.75, 0.6),
                              corners: [Point(5, 4), Point(40, 6), Point(38, 30), Point(7, 28)], canvas: c,
                              background: Color(0.2, 0.3, 0.4))
        if dirty { glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 8) }
        images.append(try target.readPixels())
        for kind in TransitionKind.allCases {
            let t = try Transition(context: ctx, kind: kind)
            target.bind()
            if dirty { dirtyEverything() }
            try t.draw(from: slides[0].texture, to: slides[1].texture, progress: 0.3, canvas: c, background: Color(0, 0, 1))
            if dirty { glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 8) }
            images.append(try target.readPixels())
        }
        return images
    }

    func testDirtyStateBetweenDrawsChangesNoPixel() throws {
        let clean = try frames(dirty: false)
        let dirty = try frames(dirty: true)
        for (i, (d, c)) in zip(dirty, clean).enumerated() {
            assertSameImage(d, c, "picture \(i) with every piece of GL state dirtied before the draw")
        }
        // Not trivially equal: the slides and the frames have many colors.
        for image in clean {
            var colors = Set<[UInt8]>()
            for i in stride(from: 0, to: image.pixels.count, by: 4) { colors.insert(Array(image.pixels[i..<i + 4])) }
            XCTAssertGreaterThan(colors.count, 20)
        }
    }

    func testTheDrawsLeaveWhatTheyDocument() throws {
        let c = Self.canvas
        let target = try Framebuffer(context: ctx, width: c.pixelWidth, height: c.pixelHeight, depth: false)
        let slide = try Framebuffer(context: ctx, width: c.pixelWidth, height: c.pixelHeight, depth: false)
        let photo = try photo(4, 4) { x, y in [UInt8(x * 60), UInt8(y * 60), 0, 255] }
        func enabled(_ cap: Int32) -> Bool { glIsEnabled(GLenum(cap)) != 0 }
        func int(_ pname: Int32) -> GLint {
            var v: GLint = 0
            glGetIntegerv(GLenum(pname), &v)
            return v
        }
        func check(arrays: Int, _ what: String) throws {
            for (cap, name) in [(GL_BLEND, "blend"), (GL_DEPTH_TEST, "depth test"), (GL_CULL_FACE, "cull face"),
                                (GL_STENCIL_TEST, "stencil test"), (GL_SCISSOR_TEST, "scissor test"), (GL_DITHER, "dither"),
                                (GL_POLYGON_OFFSET_FILL, "polygon offset fill"),
                                (GL_SAMPLE_ALPHA_TO_COVERAGE, "alpha to coverage"), (GL_SAMPLE_COVERAGE, "sample coverage")] {
                XCTAssertFalse(enabled(cap), "\(what) leaves \(name) off")
            }
            var masks = [GLboolean](repeating: 0, count: 4)
            glGetBooleanv(GLenum(GL_COLOR_WRITEMASK), &masks)
            XCTAssertEqual(masks, [1, 1, 1, 1], what)
            var depthMask: GLboolean = 0
            glGetBooleanv(GLenum(GL_DEPTH_WRITEMASK), &depthMask)
            XCTAssertEqual(depthMask, 1, what)
            XCTAssertEqual(int(GL_ACTIVE_TEXTURE), GL_TEXTURE0, what)
            XCTAssertEqual(int(GL_ELEMENT_ARRAY_BUFFER_BINDING), 0, what)
            XCTAssertNotEqual(int(GL_ARRAY_BUFFER_BINDING), 0, what)
            XCTAssertNotEqual(GLuint(int(GL_CURRENT_PROGRAM)), junkProgram.program, what)
            var viewport = [GLint](repeating: 0, count: 4)
            glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
            XCTAssertEqual(viewport, [0, 0, GLint(c.pixelWidth), GLint(c.pixelHeight)], what)
            for l in 0..<Context.maxVertexAttributes {
                var on: GLint = 0
                glGetVertexAttribiv(GLuint(l), GLenum(GL_VERTEX_ATTRIB_ARRAY_ENABLED), &on)
                XCTAssertEqual(on != 0, l < arrays, "\(what): attribute array \(l)")
            }
            try GL.checkError(what)
        }
        slide.bind()
        dirtyEverything()
        try composer.draw(photo, canvas: c, background: .white)
        try check(arrays: 2, "the composer")
        XCTAssertEqual(int(GL_TEXTURE_BINDING_2D), GLint(photo.name), "the photo is left bound on unit 0")
        XCTAssertEqual(int(GL_FRAMEBUFFER_BINDING), GLint(slide.fbo), "the target is the caller's")
        let t = try Transition(context: ctx, kind: .curlUp)
        target.bind()
        dirtyEverything()
        try t.draw(from: slide.texture, to: slide.texture, progress: 0.5, canvas: c)
        try check(arrays: 1, "a transition")
        XCTAssertEqual(GLuint(int(GL_CURRENT_PROGRAM)), t.program.program)
        XCTAssertEqual(int(GL_FRAMEBUFFER_BINDING), GLint(target.fbo), "the target is the caller's")
    }

    func testDrawingWithNoTargetBoundIsNoRenderTarget() throws {
        XCTAssertEqual(ctx.platform, .surfaceless, "this check needs a context with no surface")
        Framebuffer.bindDefault(width: 8, height: 8)
        let canvas = Canvas(width: 8, height: 8)
        XCTAssertThrowsError(try composer.draw(junkTexture, canvas: canvas, background: .white)) { e in
            XCTAssertEqual(e as? GLESError, .noRenderTarget)
        }
        let t = try Transition(context: ctx, kind: .fade)
        XCTAssertThrowsError(try t.draw(from: junkTexture, to: junkTexture, progress: 0.5, canvas: canvas)) { e in
            XCTAssertEqual(e as? GLESError, .noRenderTarget)
        }
        try GL.checkError("a refused draw leaves no GL error")
    }
}
