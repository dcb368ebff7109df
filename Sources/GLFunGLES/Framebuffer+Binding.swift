internal import CEGL

/// What a drawing that goes through offscreen layers needs of the bound target: which
/// framebuffer it is (to bind it again after drawing into a layer), and a copy of its pixels
/// (the backdrop a blend mode reads).
extension Framebuffer {
    /// The framebuffer bound now (GL_FRAMEBUFFER_BINDING; 0: the window surface's).
    public static func boundName() -> UInt32 {
        var v: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &v)
        return UInt32(v)
    }

    /// Binds the framebuffer named `name` (from `boundName`); sets no viewport.
    public static func bind(name: UInt32) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), name)
    }
}

extension Texture2D {
    /// Copies the bound framebuffer's pixels (0, 0)..(width, height), GL's bottom-up rows, into
    /// this texture at (0, 0) (glCopyTexSubImage2D). Binds it on the active unit and leaves it so.
    public func copyFromBoundFramebuffer(width: Int, height: Int) {
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glCopyTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, 0, 0, GLsizei(width), GLsizei(height))
    }

    /// Copies the bound framebuffer's pixels in the rectangle at (`x`, `y`) (GL's bottom-up rows)
    /// into this texture at the same place. Binds it on the active unit and leaves it so.
    public func copyFromBoundFramebuffer(x: Int, y: Int, width: Int, height: Int) {
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glCopyTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLint(x), GLint(y), GLsizei(width), GLsizei(height))
    }
}

extension GL {
    /// Clears the bound framebuffer's depth buffer alone (depth mask on first, left on); the
    /// colour is kept. Honors the scissor test.
    public static func clearDepth() {
        glDepthMask(GLboolean(GL_TRUE))
        glClear(GLbitfield(GL_DEPTH_BUFFER_BIT))
    }
}
