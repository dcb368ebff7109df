internal import CEGL
import GLFunGLES
import XCTest

/// Uniform setters, vertex layouts, buffers, primitives and texture units: the
/// GLES calls a renderer builds on, each drawn and read back.
final class DrawingTests: GLTestCase {
    /// A program drawing flat `color` at clip-space `position` (points 1 pixel).
    static let flatVertex = ShaderSource(name: "Flat.vsh", text: """
        attribute vec2 position;
        void main() {
            gl_Position = vec4(position, 0.0, 1.0);
            gl_PointSize = 1.0;
        }
        """)
    static let flatFragment = ShaderSource(name: "Flat.fsh", text: """
        precision mediump float;
        uniform vec4 color;
        void main() { gl_FragColor = color; }
        """)

    var fb: Framebuffer!
    var flat: ShaderProgram!
    var vertices: VertexBuffer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        fb = try Framebuffer(context: ctx, width: 8, height: 8, depth: false)
        fb.bind()
        GL.clear(red: 0, green: 0, blue: 0, alpha: 1, depth: false)
        flat = try ShaderProgram(context: ctx, name: "flat", vertex: Self.flatVertex, fragment: Self.flatFragment,
                                 attributes: ["position"])
        try flat.set("color", .vec4(1, 1, 1, 1))
        vertices = VertexBuffer(context: ctx)
    }

    /// Clip-space x or y of the center of pixel `i` of the 8-pixel side (GL's bottom-up rows).
    static func center(_ i: Int) -> Float { (Float(i) + 0.5) / 4 - 1 }

    /// Uploads 2D clip-space points and points attribute 0 at them.
    func setVertices(_ xy: [Float]) throws {
        vertices.upload(xy)
        try vertices.setLayout([VertexAttribute(location: Int(try flat.attribute("position")), components: 2,
                                                kind: .float, offset: 0)], stride: 8)
    }

    /// The lit pixels of the target, as (x, y) with a top-left origin.
    func litPixels() throws -> Set<[Int]> {
        let image = try fb.readPixels()
        var lit = Set<[Int]>()
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].r > 0 { lit.insert([x, y]) }
        }
        return lit
    }

    // MARK: - Uniforms

    static let allTypesFragment = ShaderSource(name: "AllTypes.fsh", text: """
        precision mediump float;
        uniform float f;
        uniform vec2 v2;
        uniform vec3 v3;
        uniform vec4 v4;
        uniform mat4 m;
        uniform int i;
        uniform sampler2D s;
        void main() {
            gl_FragColor = vec4(f, v2.y, v3.z, v4.w) * m[1][2] * float(i) + texture2D(s, v2);
        }
        """)

    func testEverySetterSetsItsUniform() throws {
        let p = try ShaderProgram(context: ctx, name: "all", vertex: Self.flatVertex, fragment: Self.allTypesFragment,
                                  attributes: ["position"])
        let matrix: [Float] = (0..<16).map { Float($0) / 2 }
        try p.set("f", .float(0.25))
        try p.set("v2", .vec2(1, 2))
        try p.set("v3", .vec3(3, 4, 5))
        try p.set("v4", .vec4(6, 7, 8, 9))
        try p.set("m", .mat4(matrix))
        try p.set("i", .int(7))
        try p.set(location: try p.uniform("s"), .int(3))
        try GL.checkError("setting uniforms")
        func floats(_ name: String, _ n: Int) throws -> [Float] {
            var v = [Float](repeating: 0, count: 16)
            glGetUniformfv(p.program, try p.uniform(name), &v)
            return Array(v.prefix(n))
        }
        func int(_ name: String) throws -> Int32 {
            var v: GLint = 0
            glGetUniformiv(p.program, try p.uniform(name), &v)
            return v
        }
        XCTAssertEqual(try floats("f", 1), [0.25])
        XCTAssertEqual(try floats("v2", 2), [1, 2])
        XCTAssertEqual(try floats("v3", 3), [3, 4, 5])
        XCTAssertEqual(try floats("v4", 4), [6, 7, 8, 9])
        XCTAssertEqual(try floats("m", 16), matrix)
        XCTAssertEqual(try int("i"), 7)
        XCTAssertEqual(try int("s"), 3)
        // Setters make their program current.
        var current: GLint = 0
        glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &current)
        XCTAssertEqual(GLuint(current), p.program)
    }

    func testSettersRefuseUnknownNamesAndWrongTypes() throws {
        let p = try ShaderProgram(context: ctx, name: "all", vertex: Self.flatVertex, fragment: Self.allTypesFragment,
                                  attributes: ["position"])
        XCTAssertThrowsError(try p.set("colour", .vec4(1, 1, 1, 1))) { e in
            XCTAssertEqual(e as? GLESError, .unknownUniform(program: "all", name: "colour"))
        }
        XCTAssertThrowsError(try p.set(location: -1, .float(1))) { e in
            guard case .unknownUniform(program: "all", _) = e as? GLESError else { return XCTFail("\(e)") }
        }
        XCTAssertThrowsError(try p.set("v4", .vec3(1, 1, 1))) { e in
            XCTAssertEqual(e as? GLESError, .uniformMismatch(program: "all", name: "v4", expected: "vec4", given: "vec3"))
        }
        XCTAssertThrowsError(try p.set("m", .mat4([Float](repeating: 0, count: 15)))) { e in
            guard case .uniformMismatch(program: "all", name: "m", expected: "mat4", _) = e as? GLESError else {
                return XCTFail("\(e)")
            }
        }
        // A 16-float matrix is a mat4 only (the check once let it through for any type).
        XCTAssertThrowsError(try p.set("v4", .mat4([Float](repeating: 0, count: 16)))) { e in
            XCTAssertEqual(e as? GLESError, .uniformMismatch(program: "all", name: "v4", expected: "vec4", given: "mat4"))
        }
        XCTAssertThrowsError(try p.set("v2", .ivec2(1, 2))) { e in
            XCTAssertEqual(e as? GLESError, .uniformMismatch(program: "all", name: "v2", expected: "vec2", given: "ivec2"))
        }
        XCTAssertThrowsError(try p.set("i", .float(1))) { e in
            guard case .uniformMismatch(program: "all", name: "i", expected: "int", given: "float") = e as? GLESError else {
                return XCTFail("\(e)")
            }
        }
        XCTAssertThrowsError(try p.attribute("positon")) { e in
            XCTAssertEqual(e as? GLESError, .unknownAttribute(program: "all", name: "positon"))
        }
        try GL.checkError("refused setters call no GL")
    }

    // MARK: - Layouts and buffers

    func testSetLayoutRefusesLocationsOutsideTheLimit() throws {
        let limit = Context.maxVertexAttributes
        XCTAssertGreaterThanOrEqual(limit, 8, "ES 2 guarantees 8")
        for bad in [-1, limit, limit + 5] {
            XCTAssertThrowsError(try vertices.setLayout([VertexAttribute(location: bad, components: 2, kind: .float,
                                                                         offset: 0)], stride: 8)) { e in
                XCTAssertEqual(e as? GLESError, .badAttributeLocation(location: bad, limit: limit))
            }
        }
        // What a misspelled name looked up without throwing gives.
        let missing = flat.attributeIfPresent("positon").map(Int.init) ?? -1
        XCTAssertThrowsError(try vertices.setLayout([VertexAttribute(location: missing, components: 2, kind: .float,
                                                                     offset: 0)], stride: 8))
        try GL.checkError("a refused layout calls no GL")
    }

    func testSetLayoutDisablesEveryOtherArray() throws {
        for l in 0..<Context.maxVertexAttributes { glEnableVertexAttribArray(GLuint(l)) }
        try setVertices([0, 0])
        for l in 0..<Context.maxVertexAttributes {
            var on: GLint = 0
            glGetVertexAttribiv(GLuint(l), GLenum(GL_VERTEX_ATTRIB_ARRAY_ENABLED), &on)
            XCTAssertEqual(on != 0, l == 0, "array \(l)")
        }
        // Without disablingOthers, a second layout adds to the first.
        try vertices.setLayout([VertexAttribute(location: 3, components: 1, kind: .float, offset: 0)], stride: 8,
                               disablingOthers: false)
        var on: GLint = 0
        glGetVertexAttribiv(0, GLenum(GL_VERTEX_ATTRIB_ARRAY_ENABLED), &on)
        XCTAssertEqual(on, 1)
        glDisableVertexAttribArray(3)
    }

    func testVertexBufferUsageHint() throws {
        XCTAssertEqual(VertexBuffer(context: ctx).usage, .streamDraw)
        for (usage, gl) in [(BufferUsage.streamDraw, GL_STREAM_DRAW), (.staticDraw, GL_STATIC_DRAW),
                            (.dynamicDraw, GL_DYNAMIC_DRAW)] {
            let b = VertexBuffer(context: ctx, usage: usage)
            b.upload([Float](repeating: 1, count: 12))
            b.upload([Float](repeating: 2, count: 6))  // smaller: the storage is kept
            var v: GLint = 0
            glGetBufferParameteriv(GLenum(GL_ARRAY_BUFFER), GLenum(GL_BUFFER_USAGE), &v)
            XCTAssertEqual(v, gl, "\(usage)")
            XCTAssertEqual(b.byteCount, 24)
        }
        // A static buffer draws like a streamed one.
        vertices = VertexBuffer(context: ctx, usage: .staticDraw)
        try setVertices([-1, -1, 1, -1, 1, 1])
        vertices.upload([Float]([-1, -1, 1, -1, 1, 1, -1, 1]))
        GL.draw(.triangleFan, first: 0, count: 4)
        XCTAssertEqual(try litPixels().count, 64)
    }

    // MARK: - Primitives

    func testTriangleStripAndFanCoverTheirQuads() throws {
        // Left half as a strip: bottom-left, top-left, bottom-mid, top-mid.
        try setVertices([-1, -1, -1, 1, 0, -1, 0, 1])
        GL.draw(.triangleStrip, first: 0, count: 4)
        XCTAssertEqual(try litPixels(), Set((0..<8).flatMap { y in (0..<4).map { [$0, y] } }))
        GL.clear(red: 0, green: 0, blue: 0, alpha: 1, depth: false)
        // Top half as a fan around the top-left corner.
        try setVertices([-1, 1, -1, 0, 1, 0, 1, 1])
        GL.draw(.triangleFan, first: 0, count: 4)
        XCTAssertEqual(try litPixels(), Set((0..<4).flatMap { y in (0..<8).map { [$0, y] } }))
        // GL.drawTriangles is .triangles.
        GL.clear(red: 0, green: 0, blue: 0, alpha: 1, depth: false)
        try setVertices([-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1])
        GL.drawTriangles(first: 3, count: 3)  // the upper-left triangle only
        let lit = try litPixels()
        XCTAssertTrue(lit.contains([0, 0]))
        XCTAssertFalse(lit.contains([7, 7]))
    }

    func testPointsAndLinesLightTheirPixels() throws {
        let c = Self.center
        // Points at pixel (1, 6) and (5, 2), GL rows (6 -> image row 1).
        try setVertices([c(1), c(6), c(5), c(2)])
        GL.draw(.points, first: 0, count: 2)
        XCTAssertEqual(try litPixels(), [[1, 1], [5, 5]])
        // A horizontal line through GL row 4 (image row 3), x from the left edge to the right edge.
        GL.clear(red: 0, green: 0, blue: 0, alpha: 1, depth: false)
        try setVertices([-1, c(4), 1, c(4)])
        GL.draw(.lines, first: 0, count: 2)
        XCTAssertEqual(try litPixels(), Set((0..<8).map { [$0, 3] }))
        // A strip of two segments: along row 4 to x 6, then down column 6 to GL row 1.
        GL.clear(red: 0, green: 0, blue: 0, alpha: 1, depth: false)
        try setVertices([c(1), c(4), c(6), c(4), c(6), c(1)])
        GL.draw(.lineStrip, first: 0, count: 3)
        var lit = try litPixels()
        XCTAssertTrue(lit.contains([3, 3]) && lit.contains([6, 5]), "\(lit)")
        XCTAssertFalse(lit.contains([3, 5]), "no closing segment")
        // The loop closes it: the diagonal back passes through (3.5, 2.5)-ish pixels.
        GL.clear(red: 0, green: 0, blue: 0, alpha: 1, depth: false)
        GL.draw(.lineLoop, first: 0, count: 3)
        lit = try litPixels()
        XCTAssertTrue(lit.contains([3, 3]) && lit.contains([6, 5]), "\(lit)")
        XCTAssertTrue(lit.contains([4, 5]) || lit.contains([3, 5]) || lit.contains([4, 4]), "closing segment: \(lit)")
    }

    func testIndexedDrawing() throws {
        // Corners: bottom-left, bottom-right, top-right, top-left.
        try setVertices([-1, -1, 1, -1, 1, 1, -1, 1])
        let indices = IndexBuffer(context: ctx, indices: [0, 1, 2, 0, 2, 3, 3, 0, 1])
        XCTAssertEqual(indices.count, 9)
        XCTAssertEqual(indices.usage, .staticDraw)
        GL.drawIndexed(.triangles, count: 6, indices: indices)
        XCTAssertEqual(try litPixels().count, 64)
        // The second triangle only (top-left half), from index 3.
        GL.clear(red: 0, green: 0, blue: 0, alpha: 1, depth: false)
        GL.drawIndexed(.triangles, count: 3, indices: indices, firstIndex: 3)
        var lit = try litPixels()
        XCTAssertTrue(lit.contains([0, 0]))
        XCTAssertFalse(lit.contains([7, 7]))
        XCTAssertFalse(lit.contains([6, 7]))
        // A strip through indices 2, 3, 0 ... : 3, 0, 1 is the bottom-left half.
        GL.clear(red: 0, green: 0, blue: 0, alpha: 1, depth: false)
        GL.drawIndexed(.triangleStrip, count: 3, indices: indices, firstIndex: 6)
        lit = try litPixels()
        XCTAssertTrue(lit.contains([0, 7]))
        XCTAssertFalse(lit.contains([7, 0]))
        // The index buffer stays bound; unbind() binds 0.
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_ELEMENT_ARRAY_BUFFER_BINDING), &bound)
        XCTAssertEqual(GLuint(bound), indices.buffer)
        IndexBuffer.unbind()
        glGetIntegerv(GLenum(GL_ELEMENT_ARRAY_BUFFER_BINDING), &bound)
        XCTAssertEqual(bound, 0)
        // Re-uploading replaces the indices.
        indices.upload([0, 1, 2])
        XCTAssertEqual(indices.count, 3)
        try GL.checkError("indexed drawing")
    }

    // MARK: - Texture units and the render target

    func testTextureBindUnitIsWhatASamplerOnThatUnitReads() throws {
        let vs = ShaderSource(name: "T.vsh", text: """
            attribute vec2 position;
            varying vec2 uv;
            void main() { gl_Position = vec4(position, 0.0, 1.0); uv = position * 0.5 + 0.5; }
            """)
        let fs = ShaderSource(name: "T.fsh", text: """
            precision mediump float;
            uniform sampler2D picture;
            varying vec2 uv;
            void main() { gl_FragColor = texture2D(picture, uv); }
            """)
        let p = try ShaderProgram(context: ctx, name: "sampler", vertex: vs, fragment: fs, attributes: ["position"])
        let green = try Texture2D(context: ctx, rgba: [0, 255, 0, 255], width: 1, height: 1)
        let red = try Texture2D(context: ctx, rgba: [255, 0, 0, 255], width: 1, height: 1)
        try p.set("picture", .int(2))
        green.bind(unit: 2)
        var active: GLint = 0
        glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &active)
        XCTAssertEqual(active, GL_TEXTURE2)
        red.bind(unit: 0)  // unit 0 holds something else
        glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &active)
        XCTAssertEqual(active, GL_TEXTURE0)
        vertices.upload([Float]([-1, -1, 1, -1, 1, 1, -1, 1]))
        try vertices.setLayout([VertexAttribute(location: 0, components: 2, kind: .float, offset: 0)], stride: 8)
        GL.draw(.triangleFan, first: 0, count: 4)
        let image = try fb.readPixels()
        assertPixel(image, 4, 4, [0, 255, 0, 255])
        assertPixel(image, 0, 7, [0, 255, 0, 255])
    }

    func testUploadsAndReadsSetTheirOwnAlignment() throws {
        // Rows of 3 RGBA pixels (12 bytes) and of 3 A8 pixels: broken by an alignment of 8 if not reset.
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 8)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 8)
        var pixels: [UInt8] = []
        for i in 0..<9 { pixels += [UInt8(i * 20), UInt8(255 - i * 20), UInt8(i), 255] }
        let t = try Texture2D(context: ctx, rgba: pixels, width: 3, height: 3)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 8)
        try t.update(x: 0, y: 1, width: 3, height: 1, pixels: Array(pixels[12..<24]))
        let target = try Framebuffer(context: ctx, width: 3, height: 3, depth: false)
        target.bind()
        let blitter = try Blitter(context: ctx)
        try blitter.draw(t)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 8)
        XCTAssertEqual(try target.readPixels().pixels, pixels)
        var v: GLint = 0
        glGetIntegerv(GLenum(GL_UNPACK_ALIGNMENT), &v)
        XCTAssertEqual(v, 1)
    }

    func testNoFramebufferBoundIsNoRenderTarget() throws {
        XCTAssertEqual(ctx.platform, .surfaceless, "this check needs a context with no surface")
        Framebuffer.bindDefault(width: 8, height: 8)
        XCTAssertThrowsError(try GL.checkRenderTarget()) { e in
            XCTAssertEqual(e as? GLESError, .noRenderTarget)
            XCTAssertTrue("\(e)".contains("Framebuffer"), "the description says what to do: \(e)")
        }
        fb.bind()
        XCTAssertNoThrow(try GL.checkRenderTarget())
    }
}
