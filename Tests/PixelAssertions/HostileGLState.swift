// The GL state contract's tests (GLFunKit's renderer, GLFunTransitions' composer and
// transitions) first set every fixed-function switch a draw could depend on to something
// hostile; this is that common part. Each suite adds what is particular to it.
internal import CEGL

/// Culling of both faces, a 2x2 scissor, a stencil test that never passes, dither, polygon
/// offset, alpha-to-coverage and a zero sample coverage, additive reverse-subtract blending,
/// a depth test that never passes with writes off, and a magenta clear color.
public func dirtyFixedFunctionState() {
    glEnable(GLenum(GL_CULL_FACE))
    glCullFace(GLenum(GL_FRONT_AND_BACK))
    glFrontFace(GLenum(GL_CW))
    glEnable(GLenum(GL_SCISSOR_TEST))
    glScissor(1, 1, 2, 2)
    glEnable(GLenum(GL_STENCIL_TEST))
    glStencilFunc(GLenum(GL_NEVER), 1, 0xff)
    glEnable(GLenum(GL_DITHER))
    glEnable(GLenum(GL_POLYGON_OFFSET_FILL))
    glPolygonOffset(50, 50)
    glEnable(GLenum(GL_SAMPLE_ALPHA_TO_COVERAGE))
    glEnable(GLenum(GL_SAMPLE_COVERAGE))
    glSampleCoverage(0, GLboolean(GL_TRUE))
    glEnable(GLenum(GL_BLEND))
    glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
    glBlendEquation(GLenum(GL_FUNC_REVERSE_SUBTRACT))
    glEnable(GLenum(GL_DEPTH_TEST))
    glDepthFunc(GLenum(GL_NEVER))
    glDepthMask(GLboolean(GL_FALSE))
    glClearColor(1, 0, 1, 1)
}

/// `program` in use, `arrayBuffer` (junk floats) and `elementBuffer` (junk indices) bound,
/// every vertex attribute array enabled and pointing into the junk, and `texture` bound on
/// each of `units` (the active unit is left the last of them).
public func dirtyBindings(program: UInt32, arrayBuffer: UInt32, elementBuffer: UInt32, texture: UInt32, units: [Int],
                          attributes: Int) {
    glUseProgram(program)
    let junk = [Float](repeating: 3, count: 8)
    glBindBuffer(GLenum(GL_ARRAY_BUFFER), arrayBuffer)
    glBufferData(GLenum(GL_ARRAY_BUFFER), 32, junk, GLenum(GL_STATIC_DRAW))
    for l in 0..<attributes {
        glVertexAttribPointer(GLuint(l), 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glEnableVertexAttribArray(GLuint(l))
    }
    let junkIndices: [UInt16] = [0, 1, 2, 3]
    glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), elementBuffer)
    glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), 8, junkIndices, GLenum(GL_STATIC_DRAW))
    for unit in units {
        glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
    }
}
