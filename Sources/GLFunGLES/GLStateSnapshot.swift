internal import CEGL

/// The GL state a foreign renderer (libmpv's render API, a user's GL code) may change, taken
/// before it runs and put back after, so that the caller's state survives it: the bound
/// framebuffer, viewport, scissor box and test, blend (on/off, functions, equations), depth test,
/// depth mask, color mask, clear color, cull face, stencil test, dither, the program in use,
/// ARRAY_BUFFER and ELEMENT_ARRAY_BUFFER, the active texture unit and the 2D texture bound on
/// each unit up to `units`, which vertex attribute arrays are enabled (their pointers are not
/// kept: a GLFun draw sets its own at every call), and the pack and unpack alignments.
///
/// Taking one makes only glGet calls; `restore()` sets all of it and leaves `activeTexture` active.
public struct GLStateSnapshot: Equatable, Sendable {
    /// GL_FRAMEBUFFER_BINDING.
    public var framebuffer: Int32 = 0
    /// GL_VIEWPORT: x, y, width, height.
    public var viewport: [Int32] = [0, 0, 0, 0]
    /// GL_SCISSOR_BOX: x, y, width, height.
    public var scissorBox: [Int32] = [0, 0, 0, 0]
    /// Whether GL_SCISSOR_TEST is enabled.
    public var scissorTest = false
    /// Whether GL_BLEND is enabled.
    public var blend = false
    /// srcRGB, dstRGB, srcAlpha, dstAlpha.
    public var blendFuncs: [Int32] = [0, 0, 0, 0]
    /// RGB, alpha.
    public var blendEquations: [Int32] = [0, 0]
    /// Whether GL_DEPTH_TEST is enabled.
    public var depthTest = false
    /// GL_DEPTH_WRITEMASK.
    public var depthMask = true
    /// GL_COLOR_WRITEMASK: red, green, blue, alpha.
    public var colorMask: [Bool] = [true, true, true, true]
    /// GL_COLOR_CLEAR_VALUE: red, green, blue, alpha.
    public var clearColor: [Float] = [0, 0, 0, 0]
    /// Whether GL_CULL_FACE is enabled.
    public var cullFace = false
    /// Whether GL_STENCIL_TEST is enabled.
    public var stencilTest = false
    /// Whether GL_DITHER is enabled.
    public var dither = true
    /// GL_CURRENT_PROGRAM.
    public var program: Int32 = 0
    /// GL_ARRAY_BUFFER_BINDING.
    public var arrayBuffer: Int32 = 0
    /// GL_ELEMENT_ARRAY_BUFFER_BINDING.
    public var elementArrayBuffer: Int32 = 0
    /// GL_ACTIVE_TEXTURE.
    public var activeTexture: Int32 = 0
    /// The 2D texture bound on units 0, 1, ….
    public var textures: [Int32] = []
    /// Whether each vertex attribute array 0, 1, … is enabled.
    public var attributeArrays: [Bool] = []
    /// GL_PACK_ALIGNMENT.
    public var packAlignment: Int32 = 4
    /// GL_UNPACK_ALIGNMENT.
    public var unpackAlignment: Int32 = 4

    /// The current context's state. `units` texture units are kept (at most the context's).
    public static func take(units: Int = 2) -> GLStateSnapshot {
        var s = GLStateSnapshot()
        func int(_ e: Int32) -> Int32 { var v: GLint = 0; glGetIntegerv(GLenum(e), &v); return v }
        func ints(_ e: Int32, _ n: Int) -> [Int32] {
            var v = [GLint](repeating: 0, count: n)
            glGetIntegerv(GLenum(e), &v)
            return v
        }
        func on(_ e: Int32) -> Bool { glIsEnabled(GLenum(e)) == GLboolean(GL_TRUE) }
        s.framebuffer = int(GL_FRAMEBUFFER_BINDING)
        s.viewport = ints(GL_VIEWPORT, 4)
        s.scissorBox = ints(GL_SCISSOR_BOX, 4)
        s.scissorTest = on(GL_SCISSOR_TEST)
        s.blend = on(GL_BLEND)
        s.blendFuncs = [int(GL_BLEND_SRC_RGB), int(GL_BLEND_DST_RGB), int(GL_BLEND_SRC_ALPHA), int(GL_BLEND_DST_ALPHA)]
        s.blendEquations = [int(GL_BLEND_EQUATION_RGB), int(GL_BLEND_EQUATION_ALPHA)]
        s.depthTest = on(GL_DEPTH_TEST)
        var b: GLboolean = 0
        glGetBooleanv(GLenum(GL_DEPTH_WRITEMASK), &b)
        s.depthMask = b != 0
        var mask = [GLboolean](repeating: 0, count: 4)
        glGetBooleanv(GLenum(GL_COLOR_WRITEMASK), &mask)
        s.colorMask = mask.map { $0 != 0 }
        var clear = [GLfloat](repeating: 0, count: 4)
        glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &clear)
        s.clearColor = clear
        s.cullFace = on(GL_CULL_FACE)
        s.stencilTest = on(GL_STENCIL_TEST)
        s.dither = on(GL_DITHER)
        s.program = int(GL_CURRENT_PROGRAM)
        s.arrayBuffer = int(GL_ARRAY_BUFFER_BINDING)
        s.elementArrayBuffer = int(GL_ELEMENT_ARRAY_BUFFER_BINDING)
        s.activeTexture = int(GL_ACTIVE_TEXTURE)
        let n = max(0, min(units, Context.maxTextureUnits))
        for u in 0..<n {
            glActiveTexture(GLenum(GL_TEXTURE0 + Int32(u)))
            s.textures.append(int(GL_TEXTURE_BINDING_2D))
        }
        glActiveTexture(GLenum(s.activeTexture))
        for a in 0..<Context.maxVertexAttributes {
            var v: GLint = 0
            glGetVertexAttribiv(GLuint(a), GLenum(GL_VERTEX_ATTRIB_ARRAY_ENABLED), &v)
            s.attributeArrays.append(v != 0)
        }
        s.packAlignment = int(GL_PACK_ALIGNMENT)
        s.unpackAlignment = int(GL_UNPACK_ALIGNMENT)
        return s
    }

    /// Puts all of it back in the current context.
    public func restore() {
        func set(_ e: Int32, _ on: Bool) { if on { glEnable(GLenum(e)) } else { glDisable(GLenum(e)) } }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(bitPattern: framebuffer))
        glViewport(viewport[0], viewport[1], viewport[2], viewport[3])
        glScissor(scissorBox[0], scissorBox[1], scissorBox[2], scissorBox[3])
        set(GL_SCISSOR_TEST, scissorTest)
        set(GL_BLEND, blend)
        glBlendFuncSeparate(GLenum(blendFuncs[0]), GLenum(blendFuncs[1]), GLenum(blendFuncs[2]), GLenum(blendFuncs[3]))
        glBlendEquationSeparate(GLenum(blendEquations[0]), GLenum(blendEquations[1]))
        set(GL_DEPTH_TEST, depthTest)
        glDepthMask(GLboolean(depthMask ? GL_TRUE : GL_FALSE))
        let m = colorMask.map { GLboolean($0 ? GL_TRUE : GL_FALSE) }
        glColorMask(m[0], m[1], m[2], m[3])
        glClearColor(clearColor[0], clearColor[1], clearColor[2], clearColor[3])
        set(GL_CULL_FACE, cullFace)
        set(GL_STENCIL_TEST, stencilTest)
        set(GL_DITHER, dither)
        glUseProgram(GLuint(bitPattern: program))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(bitPattern: arrayBuffer))
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), GLuint(bitPattern: elementArrayBuffer))
        for (u, t) in textures.enumerated() {
            glActiveTexture(GLenum(GL_TEXTURE0 + Int32(u)))
            glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(bitPattern: t))
        }
        glActiveTexture(GLenum(activeTexture))
        for (a, on) in attributeArrays.enumerated() {
            if on { glEnableVertexAttribArray(GLuint(a)) } else { glDisableVertexAttribArray(GLuint(a)) }
        }
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), packAlignment)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), unpackAlignment)
    }
}
