internal import CEGL

/// The few GL state and draw calls a renderer needs, so that modules above
/// GLES never touch the C API. Each is the GL call it names; the current
/// context must be the one the caller draws with.
public enum GL {
    /// glViewport(0, 0, width, height).
    public static func viewport(width: Int, height: Int) {
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// glClearColor + glClear of the color buffer, and of the depth buffer if asked
    /// (the depth mask is set to true first: glClear honors it).
    public static func clear(red: Float, green: Float, blue: Float, alpha: Float, depth: Bool) {
        glClearColor(red, green, blue, alpha)
        if depth { glDepthMask(GLboolean(GL_TRUE)) }
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | (depth ? GLbitfield(GL_DEPTH_BUFFER_BIT) : 0))
    }

    /// Straight-alpha source-over blending (glBlendFuncSeparate SRC_ALPHA,
    /// ONE_MINUS_SRC_ALPHA for color; ONE, ONE_MINUS_SRC_ALPHA for alpha, so the
    /// target stays opaque), on or off.
    public static func setBlending(_ on: Bool) {
        if on {
            glEnable(GLenum(GL_BLEND))
            glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ONE),
                                GLenum(GL_ONE_MINUS_SRC_ALPHA))
        } else {
            glDisable(GLenum(GL_BLEND))
        }
    }

    /// GL_DEPTH_TEST with GL_LESS, on or off.
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

    /// Scissor test to a rect in pixels with a top-left origin (nil: off).
    public static func setScissor(x: Int, y: Int, width: Int, height: Int, targetHeight: Int) {
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(x), GLint(targetHeight - y - height), GLsizei(width), GLsizei(height))
    }
    public static func disableScissor() {
        glDisable(GLenum(GL_SCISSOR_TEST))
    }

    /// Binds a texture name on unit 0 (glActiveTexture + glBindTexture) and sets its filter.
    public static func bindTexture(_ name: UInt32, filter: TextureFilter) {
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        let f = filter == .nearest ? GL_NEAREST : GL_LINEAR
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), f)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), f)
    }

    /// glDrawArrays(GL_TRIANGLES, first, count).
    public static func drawTriangles(first: Int, count: Int) {
        glDrawArrays(GLenum(GL_TRIANGLES), GLint(first), GLsizei(count))
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

/// One attribute of an interleaved vertex layout (glVertexAttribPointer).
public struct VertexAttribute: Sendable {
    public enum Kind: Sendable {
        /// 32-bit floats.
        case float
        /// Unsigned bytes mapped to 0...1.
        case normalizedUnsignedByte
    }
    public var location: Int
    public var components: Int
    public var kind: Kind
    public var offset: Int
    public init(location: Int, components: Int, kind: Kind, offset: Int) {
        self.location = location
        self.components = components
        self.kind = kind
        self.offset = offset
    }
}

extension VertexBuffer {
    /// Binds the buffer and points the attributes at it (glVertexAttribPointer,
    /// glEnableVertexAttribArray).
    public func setLayout(_ attributes: [VertexAttribute], stride: Int) {
        bind()
        for a in attributes {
            let type = a.kind == .float ? GLenum(GL_FLOAT) : GLenum(GL_UNSIGNED_BYTE)
            glVertexAttribPointer(GLuint(a.location), GLint(a.components), type,
                                  GLboolean(a.kind == .float ? GL_FALSE : GL_TRUE), GLsizei(stride),
                                  UnsafeRawPointer(bitPattern: a.offset))
            glEnableVertexAttribArray(GLuint(a.location))
        }
    }
}
