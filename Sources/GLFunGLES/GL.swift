internal import CEGL

/// The few GL state and draw calls a renderer needs, so that modules above
/// GLES never touch the C API. Each is the GL call it names; the current
/// context must be the one the caller draws with. Each says what it leaves
/// set: GL state is global to the context, and the next caller inherits it.
public enum GL {
    /// glViewport(0, 0, width, height).
    public static func viewport(width: Int, height: Int) {
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// glClearColor + glClear of the color buffer, and of the depth buffer if asked
    /// (the depth mask is set to true first: glClear honors it, and leaves it true).
    /// glClear also honors the scissor test and the color mask, which this leaves as they are.
    public static func clear(red: Float, green: Float, blue: Float, alpha: Float, depth: Bool) {
        glClearColor(red, green, blue, alpha)
        if depth { glDepthMask(GLboolean(GL_TRUE)) }
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | (depth ? GLbitfield(GL_DEPTH_BUFFER_BIT) : 0))
    }

    /// Sets the alpha of every pixel of the bound framebuffer to 1 and leaves its colour: a
    /// glClear to alpha 1 through a colour mask on alpha alone, the scissor test off. A window's
    /// pixels are opaque: without this, an alpha channel (or the X byte of an XRGB buffer, which
    /// a compositor may copy into screenshots) keeps what blending left there. Puts the colour
    /// mask, the clear colour and the scissor test back as they were.
    public static func fillAlpha() {
        var mask = [GLboolean](repeating: 0, count: 4)
        glGetBooleanv(GLenum(GL_COLOR_WRITEMASK), &mask)
        var clear = [GLfloat](repeating: 0, count: 4)
        glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &clear)
        let scissor = glIsEnabled(GLenum(GL_SCISSOR_TEST)) == GLboolean(GL_TRUE)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_TRUE))
        glClearColor(0, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glColorMask(mask[0], mask[1], mask[2], mask[3])
        glClearColor(clear[0], clear[1], clear[2], clear[3])
        if scissor { glEnable(GLenum(GL_SCISSOR_TEST)) }
    }

    /// Source-over blending of straight-alpha fragments into a premultiplied target
    /// (glBlendFuncSeparate SRC_ALPHA, ONE_MINUS_SRC_ALPHA for color; ONE, ONE_MINUS_SRC_ALPHA
    /// for alpha; glBlendEquation FUNC_ADD), on or off: an opaque target stays opaque, a
    /// transparent one (cleared premultiplied) holds premultiplied colour, which readback
    /// turns straight (`Framebuffer.readBoundPixels`). Off leaves the functions as they were.
    public static func setBlending(_ on: Bool) {
        if on {
            glEnable(GLenum(GL_BLEND))
            setBlendFunction()
        } else {
            glDisable(GLenum(GL_BLEND))
        }
    }

    private static func setBlendFunction() {
        glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ONE),
                            GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glBlendEquation(GLenum(GL_FUNC_ADD))
    }

    /// GL_DEPTH_TEST with GL_LESS, on or off. Off leaves the depth function as it was.
    public static func setDepthTest(_ on: Bool) {
        if on {
            glEnable(GLenum(GL_DEPTH_TEST))
            glDepthFunc(GLenum(GL_LESS))
        } else {
            glDisable(GLenum(GL_DEPTH_TEST))
        }
    }

    /// glDepthMask.
    public static func setDepthWrite(_ on: Bool) {
        glDepthMask(GLboolean(on ? GL_TRUE : GL_FALSE))
    }

    /// Turns the scissor test on, to a rect in pixels with a top-left origin
    /// (glEnable(GL_SCISSOR_TEST), glScissor with y flipped by `targetHeight`).
    public static func setScissor(x: Int, y: Int, width: Int, height: Int, targetHeight: Int) {
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(x), GLint(targetHeight - y - height), GLsizei(width), GLsizei(height))
    }
    /// The scissor test to `rect` (top-left origin, flipped by `targetHeight`), or off for nil.
    public static func setScissor(_ rect: PixelRect?, targetHeight: Int) {
        if let r = rect {
            setScissor(x: r.x, y: r.y, width: r.width, height: r.height, targetHeight: targetHeight)
        } else {
            disableScissor()
        }
    }
    /// glDisable(GL_SCISSOR_TEST); leaves the scissor box as it was.
    public static func disableScissor() {
        glDisable(GLenum(GL_SCISSOR_TEST))
    }

    /// glDrawArrays(GL_TRIANGLES, first, count).
    public static func drawTriangles(first: Int, count: Int) {
        draw(.triangles, first: first, count: count)
    }

    /// glDrawArrays(primitive, first, count): `count` vertices of the enabled arrays from `first`.
    public static func draw(_ primitive: Primitive, first: Int, count: Int) {
        glDrawArrays(primitive.glMode, GLint(first), GLsizei(count))
    }

    /// glDrawElements(primitive, count, GL_UNSIGNED_SHORT, ...) with `indices` bound to
    /// GL_ELEMENT_ARRAY_BUFFER (and left bound): `count` indices from `firstIndex`.
    public static func drawIndexed(_ primitive: Primitive, count: Int, indices: IndexBuffer, firstIndex: Int = 0) {
        precondition(firstIndex >= 0 && count >= 0 && firstIndex + count <= indices.count,
                     "GL.drawIndexed: indices \(firstIndex)..<\(firstIndex + count) are outside the buffer's \(indices.count).")
        indices.bind()
        glDrawElements(primitive.glMode, GLsizei(count), GLenum(GL_UNSIGNED_SHORT),
                       UnsafeRawPointer(bitPattern: firstIndex * MemoryLayout<UInt16>.stride))
    }

    /// glDrawElements(primitive, count, GL_UNSIGNED_INT, ...) with `indices` (32-bit, uploaded
    /// by `IndexBuffer.upload(_: UnsafeBufferPointer<UInt32>)`) bound and left bound: `count`
    /// indices from `firstIndex`. Needs GL_OES_element_index_uint.
    public static func drawIndexed32(_ primitive: Primitive, count: Int, indices: IndexBuffer, firstIndex: Int = 0) {
        precondition(firstIndex >= 0 && count >= 0 && firstIndex + count <= indices.count,
                     "GL.drawIndexed32: indices \(firstIndex)..<\(firstIndex + count) are outside the buffer's \(indices.count).")
        indices.bind()
        glDrawElements(primitive.glMode, GLsizei(count), GLenum(GL_UNSIGNED_INT),
                       UnsafeRawPointer(bitPattern: firstIndex * MemoryLayout<UInt32>.stride))
    }

    /// Throws unless the bound framebuffer can be drawn into (glCheckFramebufferStatus):
    /// `.noRenderTarget` when it is framebuffer 0 of a context with no surface (headless:
    /// bind a `Framebuffer`), `.framebuffer(status:)` when a bound `Framebuffer` is incomplete.
    public static func checkRenderTarget() throws(GLESError) {
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        if status == GLenum(GL_FRAMEBUFFER_COMPLETE) { return }
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &bound)
        if bound == 0 { throw .noRenderTarget }
        throw .framebuffer(status: Framebuffer.statusName(status))
    }

    /// Sets the fixed-function state of `state`. With `previous` nil it sets every
    /// piece a 2D renderer depends on, whatever the caller left:
    /// - viewport (0, 0, width, height); scissor test per `state.scissor`;
    /// - color mask all true; cull face off; front face CCW; stencil test off;
    ///   polygon offset fill off; sample alpha-to-coverage and sample coverage off;
    ///   dither off (the same pixels on every driver; 8-bit targets do not need it);
    /// - blending per `state.blend`, with source-over straight alpha (`setBlending`)
    ///   and glBlendEquation FUNC_ADD set either way;
    /// - depth test per `state.depthTest`, glDepthFunc GL_LESS, depth mask per
    ///   `state.depthWrite`, depth range 0...1;
    /// - active texture unit 0 (its binding is the caller's).
    /// With `previous` (what the last call set, nothing having changed GL since) it
    /// sets only the fields that differ: the cheap path between draws of one batch.
    /// It does not touch the bound framebuffer, program, buffers or textures.
    public static func apply(_ state: DrawState, since previous: DrawState? = nil) {
        guard let p = previous else {
            glViewport(0, 0, GLsizei(state.viewportWidth), GLsizei(state.viewportHeight))
            setScissor(state.scissor, targetHeight: state.viewportHeight)
            glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
            glDisable(GLenum(GL_CULL_FACE))
            glFrontFace(GLenum(GL_CCW))
            glDisable(GLenum(GL_STENCIL_TEST))
            glDisable(GLenum(GL_POLYGON_OFFSET_FILL))
            glDisable(GLenum(GL_SAMPLE_ALPHA_TO_COVERAGE))
            glDisable(GLenum(GL_SAMPLE_COVERAGE))
            glDisable(GLenum(GL_DITHER))
            setBlendFunction()
            glEnableOrDisable(GL_BLEND, state.blend)
            glDepthFunc(GLenum(GL_LESS))
            glDepthRangef(0, 1)
            glEnableOrDisable(GL_DEPTH_TEST, state.depthTest)
            glDepthMask(GLboolean(state.depthWrite ? GL_TRUE : GL_FALSE))
            glActiveTexture(GLenum(GL_TEXTURE0))
            return
        }
        if p.viewportWidth != state.viewportWidth || p.viewportHeight != state.viewportHeight {
            glViewport(0, 0, GLsizei(state.viewportWidth), GLsizei(state.viewportHeight))
        }
        if p.scissor != state.scissor || (state.scissor != nil && p.viewportHeight != state.viewportHeight) {
            setScissor(state.scissor, targetHeight: state.viewportHeight)
        }
        if p.blend != state.blend { glEnableOrDisable(GL_BLEND, state.blend) }
        if p.depthTest != state.depthTest { glEnableOrDisable(GL_DEPTH_TEST, state.depthTest) }
        if p.depthWrite != state.depthWrite { glDepthMask(GLboolean(state.depthWrite ? GL_TRUE : GL_FALSE)) }
    }

    private static func glEnableOrDisable(_ cap: Int32, _ on: Bool) {
        if on { glEnable(GLenum(cap)) } else { glDisable(GLenum(cap)) }
    }

    /// glFinish: waits until every command issued has completed.
    public static func finish() {
        glFinish()
    }

    /// glFlush.
    public static func flush() {
        glFlush()
    }

    /// Throws if GL recorded an error since the last check (glGetError).
    public static func checkError(_ call: String) throws(GLESError) {
        try checkGL(call)
    }
}

/// The fixed-function state of a draw that varies between draws; `GL.apply(_:since:)`
/// sets it together with the state that does not (see there). Defaults: no scissor,
/// blending off, depth test off, depth writes on.
public struct DrawState: Equatable, Sendable {
    /// The viewport, (0, 0, width, height): the target's size in pixels.
    public var viewportWidth: Int
    /// The viewport's height in pixels.
    public var viewportHeight: Int
    /// The scissor rect in target pixels, top-left origin; nil: the scissor test is off.
    public var scissor: PixelRect?
    /// Source-over blending of straight alpha (`GL.setBlending`).
    public var blend: Bool
    /// The depth test, GL_LESS.
    public var depthTest: Bool
    /// glDepthMask.
    public var depthWrite: Bool
    /// A draw state; by default no scissor, no blending, no depth test, depth writes on.
    public init(viewportWidth: Int, viewportHeight: Int, scissor: PixelRect? = nil, blend: Bool = false,
                depthTest: Bool = false, depthWrite: Bool = true) {
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.scissor = scissor
        self.blend = blend
        self.depthTest = depthTest
        self.depthWrite = depthWrite
    }
}

/// How glDrawArrays / glDrawElements assemble vertices.
public enum Primitive: Sendable, CaseIterable {
    case points, lines, lineStrip, lineLoop, triangles, triangleStrip, triangleFan

    var glMode: GLenum {
        switch self {
        case .points: return GLenum(GL_POINTS)
        case .lines: return GLenum(GL_LINES)
        case .lineStrip: return GLenum(GL_LINE_STRIP)
        case .lineLoop: return GLenum(GL_LINE_LOOP)
        case .triangles: return GLenum(GL_TRIANGLES)
        case .triangleStrip: return GLenum(GL_TRIANGLE_STRIP)
        case .triangleFan: return GLenum(GL_TRIANGLE_FAN)
        }
    }
}

/// One attribute of an interleaved vertex layout (glVertexAttribPointer).
public struct VertexAttribute: Sendable {
    /// The type of each component.
    public enum Kind: Sendable {
        /// 32-bit floats.
        case float
        /// Unsigned bytes mapped to 0...1.
        case normalizedUnsignedByte
    }
    /// The attribute's location (`ShaderProgram.attribute(_:)`), 0..<GL_MAX_VERTEX_ATTRIBS.
    public var location: Int
    /// 1 to 4.
    public var components: Int
    /// The type of each component.
    public var kind: Kind
    /// Bytes from the start of a vertex.
    public var offset: Int
    /// An attribute at `location` of `components` values of `kind`, `offset` bytes into a vertex.
    public init(location: Int, components: Int, kind: Kind, offset: Int) {
        self.location = location
        self.components = components
        self.kind = kind
        self.offset = offset
    }
}

extension VertexBuffer {
    /// Binds the buffer to GL_ARRAY_BUFFER (left bound) and points the attributes at it
    /// (glVertexAttribPointer, glEnableVertexAttribArray). With `disablingOthers`
    /// (the default) every other attribute array up to GL_MAX_VERTEX_ATTRIBS is disabled,
    /// so that the layout is exactly this one whatever was enabled before; pass false to
    /// add attributes from a second buffer to a layout already set.
    /// - Throws: `.badAttributeLocation` for a location < 0 or >= GL_MAX_VERTEX_ATTRIBS
    ///   (a misspelled attribute looked up with a non-throwing lookup), before changing anything.
    public func setLayout(_ attributes: [VertexAttribute], stride: Int, disablingOthers: Bool = true) throws(GLESError) {
        for a in attributes where a.location < 0 || a.location >= maxAttributes {
            throw .badAttributeLocation(location: a.location, limit: maxAttributes)
        }
        for a in attributes {
            precondition((1...4).contains(a.components),
                         "VertexAttribute at location \(a.location) has \(a.components) components; GL takes 1 to 4.")
        }
        bind()
        for a in attributes {
            let type = a.kind == .float ? GLenum(GL_FLOAT) : GLenum(GL_UNSIGNED_BYTE)
            glVertexAttribPointer(GLuint(a.location), GLint(a.components), type,
                                  GLboolean(a.kind == .float ? GL_FALSE : GL_TRUE), GLsizei(stride),
                                  UnsafeRawPointer(bitPattern: a.offset))
            glEnableVertexAttribArray(GLuint(a.location))
        }
        if disablingOthers {
            for l in 0..<maxAttributes where !attributes.contains(where: { $0.location == l }) {
                glDisableVertexAttribArray(GLuint(l))
            }
        }
    }
}
