internal import CEGL
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// The renderer's GL state contract (DESIGN.md, "GL state"): it sets every piece of
/// state it depends on at each call, so whatever a caller did with raw GL between
/// calls, the picture is the same to the byte; and it leaves what it documents.
final class GLStateContractTests: RenderTestCase {
    static let width = 93, height = 61  // rows of 372 bytes: not a multiple of 8
    var target: GLuint = 0
    var color: Texture2D!
    var depthStencil: GLuint = 0
    var junkProgram: ShaderProgram!
    var junkBuffers: [GLuint] = [0, 0]
    var junkTexture: Texture2D!

    override func setUpWithError() throws {
        try super.setUpWithError()
        // A target with a packed depth + stencil buffer, so that a stencil test left on would show.
        XCTAssertTrue(ctx.extensions.contains("GL_OES_packed_depth_stencil"))
        color = try Texture2D(context: ctx, pixels: nil, width: Self.width, height: Self.height,
                              options: TextureOptions(filter: .nearest))
        glGenFramebuffers(1, &target)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), color.name, 0)
        glGenRenderbuffers(1, &depthStencil)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depthStencil)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8_OES), GLsizei(Self.width),
                              GLsizei(Self.height))
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_RENDERBUFFER), depthStencil)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), depthStencil)
        XCTAssertEqual(glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)), GLenum(GL_FRAMEBUFFER_COMPLETE))
        glClearStencil(0)
        glClear(GLbitfield(GL_STENCIL_BUFFER_BIT))

        junkProgram = try ShaderProgram(
            context: ctx, name: "junk",
            vertex: ShaderSource(name: "j.vsh", text: "attribute vec4 p; void main() { gl_Position = p; }"),
            fragment: ShaderSource(name: "j.fsh", text: "void main() { gl_FragColor = vec4(1.0, 0.0, 1.0, 1.0); }"),
            attributes: ["p"])
        glGenBuffers(2, &junkBuffers)
        junkTexture = try Texture2D(context: ctx, rgba: [255, 0, 255, 255], width: 1, height: 1)
    }

    override func tearDownWithError() throws {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glDeleteFramebuffers(1, &target)
        glDeleteRenderbuffers(1, &depthStencil)
        glDeleteBuffers(2, &junkBuffers)
        renderer.scissor = nil
        // Leave GL as the other suites expect it (they set what they use, but be kind).
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glActiveTexture(GLenum(GL_TEXTURE0))
        for l in 3..<Context.maxVertexAttributes { glDisableVertexAttribArray(GLuint(l)) }
        try super.tearDownWithError()
    }

    /// Sets every piece of state the renderer depends on to something hostile.
    func dirtyEverything() {
        dirtyFixedFunctionState()
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
        glDepthRangef(0.5, 0.5)
        dirtyBindings(program: junkProgram.program, arrayBuffer: junkBuffers[0], elementBuffer: junkBuffers[1],
                      texture: junkTexture.name, units: [0, 3], attributes: Context.maxVertexAttributes)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 8)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 8)
        glViewport(0, 0, 1, 1)
        glLineWidth(1)
    }

    static let canvas = Canvas(width: Float(width), height: Float(height))

    /// A frame that draws every kind of shape through every renderer call, with the
    /// state dirtied before each call (and before the textures are made) if asked.
    func frame(dirty: Bool) throws -> Image {
        let canvas = Self.canvas
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target)
        if dirty { dirtyEverything() }
        // A 5x3 sprite (rows of 20 bytes) with a translucent column, made under the dirty state.
        var sprite: [UInt8] = []
        for y in 0..<3 {
            for x in 0..<5 { sprite += [UInt8(40 * x), UInt8(80 * y), 200, x == 4 ? 128 : 255] }
        }
        let spriteTexture = try Texture2D(context: ctx, rgba: sprite, width: 5, height: 3,
                                          options: TextureOptions(filter: .nearest))
        renderer.setTexture(spriteTexture, forImage: "contract-sprite")
        if dirty { dirtyEverything() }
        let label = try Texture2D(context: ctx, text: "Gl", size: 14)
        if dirty { dirtyEverything() }
        let blit = try Texture2D(context: ctx, rgba: [255, 0, 0, 255, 0, 255, 0, 200, 0, 0, 255, 255, 255, 255, 0, 90],
                                 width: 2, height: 2, options: TextureOptions(filter: .nearest))

        // A gradient (its program, ramp texture and uniforms) among them.
        var gradientStroke = Shape.path(.polyline([Point(4, 60), Point(30, 46), Point(60, 62)]), stroke: .white,
                                        style: StrokeStyle(width: 6, join: .round))
        gradientStroke.gradient = .radial(center: Point(30, 55), radius: 12, focal: Point(26, 52),
                                          stops: [GradientStop(0, .yellow), GradientStop(0.5, Color(0, 0, 1, 0.7)),
                                                  GradientStop(1, .red)], spread: .reflect)
        let shapes: [Shape] = [
            .rect(Point(2, 2), Point(20, 14), color: Color(0.2, 0.3, 0.4)),  // hidden by the next: culled
            .rect(Point(1, 1), Point(22, 16), color: Color(0.9, 0.1, 0.1)),
            .rect(Point(10, 8), Point(40, 30), color: Color(0.1, 0.8, 0.2, 0.5)),
            .line(Point(3, 55), Point(88, 6), color: Color(0, 0, 1), width: 3),
            .line(Point(5, 5), Point(80, 50), color: Color(1, 1, 0, 0.6), width: 5),
            .ellipse(Point(45, 10), Point(85, 40), color: Color(0.5, 0, 0.5)),
            .ellipse(Point(30, 30), Point(60, 58), color: Color(0, 0.5, 0.5, 0.4)),
            .image("contract-sprite", at: Point(70, 50)),
            .image("contract-sprite", at: Point(12, 40), tint: Color(1, 1, 1, 0.5)),
            gradientStroke,
        ]
        if dirty { dirtyEverything() }
        renderer.cullingEnabled = true
        renderer.depthEnabled = true
        try renderer.draw(shapes, canvas: canvas, background: Color(0.76, 0.76, 0.76), targetHasDepth: true)
        XCTAssertTrue(renderer.stats.usedDepth)
        XCTAssertEqual(renderer.stats.culled, 1)
        if dirty { dirtyEverything() }
        // On top, without depth (no background), then through a view transform.
        try renderer.draw([.rect(Point(60, 2), Point(90, 12), color: Color(1, 0.5, 0)),
                           .ellipse(Point(0, 20), Point(30, 50), color: Color(1, 1, 1, 0.3)),
                           .line(Point(0, 60), Point(93, 40), color: Color(0, 0, 0), width: 2)],
                          canvas: canvas, background: nil, targetHasDepth: true)
        XCTAssertFalse(renderer.stats.usedDepth)
        if dirty { dirtyEverything() }
        try renderer.draw([.rect(Point(0, 0), Point(10, 6), color: Color(0.3, 0.3, 1))], canvas: canvas,
                          background: nil, targetHasDepth: false, view: ViewTransform(tx: 50, ty: 20, scale: 1.5, rotation: 0.3))
        if dirty { dirtyEverything() }
        // A layer: opacity, a blend mode, an evenodd clip and a luminance mask, between shapes.
        var ring = Path.circle(center: Point(50, 40), radius: 20)
        ring.append(.circle(center: Point(50, 40), radius: 8))
        let layer = Layer(shapes: [.rect(Point(25, 15), Point(75, 65), color: Color(0.2, 0.6, 1)),
                                   .ellipse(Point(40, 30), Point(80, 60), color: Color(1, 0.8, 0, 0.7))],
                          opacity: 0.8, blend: .hardLight, clip: LayerClip(path: ring, rule: .evenOdd),
                          mask: LayerMask(.luminance, shapes: [.rect(Point(20, 10), Point(60, 70), color: .white)]))
        try renderer.draw([.rect(Point(20, 50), Point(40, 62), color: Color(0, 0, 0, 0.5)), .layer(layer),
                           .line(Point(20, 20), Point(80, 60), color: Color(1, 0, 1, 0.5), width: 3)],
                          canvas: canvas, background: nil, targetHasDepth: true)
        if dirty { dirtyEverything() }
        try renderer.drawSprites(label, [SpriteQuad(x: 4, y: 40, width: Float(label.width), height: Float(label.height),
                                                    s0: 0, t0: 0, s1: label.maxS, t1: label.maxT, color: Color(0, 0, 0)),
                                         SpriteQuad(x: 50, y: 44, width: Float(label.width), height: Float(label.height),
                                                    s0: 0, t0: 0, s1: label.maxS, t1: label.maxT, color: Color(1, 0, 0, 0.7))],
                                 canvas: canvas)
        if dirty { dirtyEverything() }
        try renderer.drawTexture(blit, in: (x: 75, y: 25, width: 16, height: 16), canvas: canvas, flipped: false, blend: true)
        if dirty { dirtyEverything() }
        try renderer.drawTexture(blit, corners: [Point(40, 2), Point(56, 4), Point(54, 18), Point(38, 16)], canvas: canvas,
                                 flipped: true)
        if dirty { dirtyEverything() }
        try renderer.drawSprite(spriteTexture, origin: Point(20, 20), size: (10, 6), color: Color(1, 1, 1, 0.8),
                                canvas: canvas)
        if dirty { glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 8) }
        return try Framebuffer.readBoundPixels(width: Self.width, height: Self.height)
    }

    func testDirtyStateBetweenCallsChangesNoPixel() throws {
        let clean = try frame(dirty: false)
        let dirty = try frame(dirty: true)
        assertSameImage(dirty, clean, "with every piece of GL state dirtied before each call")
        // The picture is not trivially equal: the shapes, the sprite, the labels and the blits are there.
        var colors = Set<[UInt8]>()
        for i in stride(from: 0, to: clean.pixels.count, by: 4) { colors.insert(Array(clean.pixels[i..<i + 4])) }
        XCTAssertGreaterThan(colors.count, 20)
        assertPixel(clean, 5, 3, [230, 26, 26, 255], tolerance: 1)  // the opaque red rect
        assertPixel(clean, 78, 28, [255, 0, 0, 255])  // the blit's red texel
        // A clean frame after a dirty one is still the same.
        assertSameImage(try frame(dirty: false), clean, "clean after dirty")
    }

    func testTheRendererLeavesWhatItDocuments() throws {
        _ = try frame(dirty: true)
        try renderer.draw([.rect(Point(1, 1), Point(5, 5), color: .red)], canvas: Self.canvas, background: nil,
                          targetHasDepth: false)
        func enabled(_ cap: Int32) -> Bool { glIsEnabled(GLenum(cap)) != 0 }
        func int(_ pname: Int32) -> GLint {
            var v: GLint = 0
            glGetIntegerv(GLenum(pname), &v)
            return v
        }
        for (cap, name) in [(GL_BLEND, "blend"), (GL_DEPTH_TEST, "depth test"), (GL_CULL_FACE, "cull face"),
                            (GL_STENCIL_TEST, "stencil test"), (GL_SCISSOR_TEST, "scissor test"), (GL_DITHER, "dither"),
                            (GL_POLYGON_OFFSET_FILL, "polygon offset fill"),
                            (GL_SAMPLE_ALPHA_TO_COVERAGE, "alpha to coverage"), (GL_SAMPLE_COVERAGE, "sample coverage")] {
            XCTAssertFalse(enabled(cap), "\(name) is left off")
        }
        var masks = [GLboolean](repeating: 0, count: 4)
        glGetBooleanv(GLenum(GL_COLOR_WRITEMASK), &masks)
        XCTAssertEqual(masks, [1, 1, 1, 1])
        var depthMask: GLboolean = 0
        glGetBooleanv(GLenum(GL_DEPTH_WRITEMASK), &depthMask)
        XCTAssertEqual(depthMask, 1)
        XCTAssertEqual(int(GL_DEPTH_FUNC), GL_LESS)
        XCTAssertEqual(int(GL_FRONT_FACE), GL_CCW)
        XCTAssertEqual(int(GL_BLEND_EQUATION_RGB), GL_FUNC_ADD)
        XCTAssertEqual(int(GL_BLEND_SRC_RGB), GL_SRC_ALPHA)
        XCTAssertEqual(int(GL_ACTIVE_TEXTURE), GL_TEXTURE0)
        XCTAssertEqual(int(GL_ELEMENT_ARRAY_BUFFER_BINDING), 0)
        XCTAssertNotEqual(int(GL_ARRAY_BUFFER_BINDING), 0)
        XCTAssertNotEqual(GLuint(int(GL_CURRENT_PROGRAM)), junkProgram.program)
        var viewport = [GLint](repeating: 0, count: 4)
        glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
        XCTAssertEqual(viewport, [0, 0, GLint(Self.width), GLint(Self.height)])
        for l in 0..<Context.maxVertexAttributes {
            var on: GLint = 0
            glGetVertexAttribiv(GLuint(l), GLenum(GL_VERTEX_ATTRIB_ARRAY_ENABLED), &on)
            XCTAssertEqual(on != 0, l < 3, "attribute array \(l)")
        }
        XCTAssertEqual(int(GL_FRAMEBUFFER_BINDING), GLint(target), "the target is the caller's")
        try GL.checkError("after the renderer")
    }

    func testScissorClipsEveryDrawAndTheClear() throws {
        let canvas = Self.canvas
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target)
        try renderer.draw([], canvas: canvas, background: Color(0, 0, 1), targetHasDepth: true)
        let clip = PixelRect(x: 10, y: 5, width: 20, height: 10)
        renderer.scissor = clip
        dirtyEverything()  // a tiny scissor of the caller's own, elsewhere: replaced by the renderer's
        try renderer.draw([.rect(Point(0, 0), Point(93, 8), color: Color(1, 0, 0))], canvas: canvas,
                          background: Color(0, 1, 0), targetHasDepth: true)
        dirtyEverything()
        try renderer.drawTexture(junkTexture, in: (x: 0, y: 12, width: 93, height: 40), canvas: canvas, flipped: false)
        var scissorOn = glIsEnabled(GLenum(GL_SCISSOR_TEST))
        XCTAssertEqual(scissorOn, 1, "the renderer leaves its scissor on")
        let image = try Framebuffer.readBoundPixels(width: Self.width, height: Self.height)
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let inside = x >= 10 && x < 30 && y >= 5 && y < 15
                let expected: [Int] = !inside ? [0, 0, 255, 255] : y < 8 ? [255, 0, 0, 255]
                    : y < 12 ? [0, 255, 0, 255] : [255, 0, 255, 255]
                if rgba(image, x, y) != expected {
                    return XCTFail("pixel (\(x), \(y)) is \(rgba(image, x, y)), expected \(expected)")
                }
            }
        }
        // nil: the whole target again, whatever scissor the caller left on.
        renderer.scissor = nil
        dirtyEverything()
        try renderer.draw([], canvas: canvas, background: Color(0, 0, 0), targetHasDepth: false)
        scissorOn = glIsEnabled(GLenum(GL_SCISSOR_TEST))
        XCTAssertEqual(scissorOn, 0)
        let cleared = try Framebuffer.readBoundPixels(width: Self.width, height: Self.height)
        XCTAssertTrue(stride(from: 0, to: cleared.pixels.count, by: 4).allSatisfy { cleared.pixels[$0] == 0 && cleared.pixels[$0 + 3] == 255 })
    }

    func testDrawingWithNoTargetBoundIsNoRenderTarget() throws {
        XCTAssertEqual(ctx.platform, .surfaceless, "this check needs a context with no surface")
        Framebuffer.bindDefault(width: 8, height: 8)
        let canvas = Canvas(width: 8, height: 8)
        XCTAssertThrowsError(try renderer.draw([.rect(Point(0, 0), Point(4, 4), color: .red)], canvas: canvas,
                                               background: .white, targetHasDepth: false)) { e in
            XCTAssertEqual(e as? GLESError, .noRenderTarget)
            XCTAssertTrue("\(e)".contains("create a Framebuffer and bind() it"), "\(e)")
        }
        XCTAssertThrowsError(try renderer.drawTexture(junkTexture, in: (0, 0, 8, 8), canvas: canvas, flipped: false)) { e in
            XCTAssertEqual(e as? GLESError, .noRenderTarget)
        }
        XCTAssertThrowsError(try renderer.drawSprite(junkTexture, origin: Point(0, 0), size: (8, 8), color: .white,
                                                     canvas: canvas)) { e in
            XCTAssertEqual(e as? GLESError, .noRenderTarget)
        }
        try GL.checkError("a refused draw leaves no GL error")
    }
}
