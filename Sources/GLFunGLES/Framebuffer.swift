internal import CEGL

/// An offscreen render target: a color texture (which can itself be drawn,
/// as a cached layer) and an optional depth buffer, glFramebufferTexture2D
/// and glFramebufferRenderbuffer underneath.
///
/// GL state: making one, `bind()` and `readPixels()` leave it bound to GL_FRAMEBUFFER
/// (`bind` also sets the viewport to its size); making one leaves its texture bound on
/// the active unit and, with depth, its renderbuffer bound. Reading sets
/// GL_PACK_ALIGNMENT to 1 and leaves it 1. Drawing into the bound target is the
/// caller's to arrange: a `Renderer` never binds a framebuffer.
public final class Framebuffer {
    /// The GL framebuffer name.
    public let fbo: UInt32
    /// The color attachment.
    public let texture: Texture2D
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Whether it has a depth renderbuffer.
    public let hasDepth: Bool
    /// Bits in the depth buffer (24 with OES_depth24, else 16), 0 without one.
    public let depthBits: Int
    private let depthBuffer: UInt32
    let context: Context

    /// A width x height target with an RGBA color texture and, if asked, a depth buffer.
    public init(context: Context, width: Int, height: Int, depth: Bool) throws(GLESError) {
        context.requireCurrent("Framebuffer")
        // The driver's color (and depth) storage, asked of malloc first (see `Memory`).
        try requireMemory(width * height * (depth ? 8 : 4), for: "a \(width)x\(height) framebuffer")
        self.context = context
        self.width = width
        self.height = height
        texture = try Texture2D(context: context, pixels: nil, width: width, height: height,
                                options: TextureOptions(filter: .nearest))
        var f: GLuint = 0
        glGenFramebuffers(1, &f)
        if f != 0 { GLObjectCounter.made(.framebuffer) }
        fbo = f
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), f)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D),
                               texture.name, 0)
        var rb: GLuint = 0
        var bits = 0
        if depth {
            let deep = context.extensions.contains("GL_OES_depth24")
            bits = deep ? 24 : 16
            glGenRenderbuffers(1, &rb)
            if rb != 0 { GLObjectCounter.made(.renderbuffer) }
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), rb)
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(deep ? GL_DEPTH_COMPONENT24_OES : GL_DEPTH_COMPONENT16),
                                  GLsizei(width), GLsizei(height))
            glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_RENDERBUFFER), rb)
        }
        depthBuffer = rb
        hasDepth = depth
        depthBits = bits
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        // On failure every stored property is set, so deinit runs and deletes both.
        if status != GLenum(GL_FRAMEBUFFER_COMPLETE) {
            throw .framebuffer(status: Framebuffer.statusName(status))
        }
        try checkGL("Framebuffer(\(width)x\(height))")
    }

    deinit {
        var f = fbo, rb = depthBuffer
        context.withCurrent {
            glDeleteFramebuffers(1, &f)
            if rb != 0 { glDeleteRenderbuffers(1, &rb) }
        }
        if f != 0 { GLObjectCounter.deleted(.framebuffer) }
        if rb != 0 { GLObjectCounter.deleted(.renderbuffer) }
    }

    /// Binds this framebuffer and sets the viewport to its size.
    public func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// Binds the window surface's framebuffer (0) with a viewport of the given size.
    public static func bindDefault(width: Int, height: Int) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// Reads this framebuffer's pixels (glReadPixels), rows flipped to a top-left origin, in
    /// straight alpha unless asked (see `readBoundPixels`).
    public func readPixels(alpha: ReadbackAlpha = .straight) throws(GLESError) -> Image {
        bind()
        return try Framebuffer.readBoundPixels(width: width, height: height, alpha: alpha)
    }

    /// What a readback does with alpha.
    public enum ReadbackAlpha: Sendable {
        /// Premultiplied colour (what drawing leaves) turned straight: every picture that
        /// leaves GL.
        case straight
        /// The bytes as GL holds them: for a target that holds no premultiplied colour, such
        /// as a straight-alpha texture copied into it unblended to see what the texture holds.
        case asStored
    }

    /// Reads the bound framebuffer's pixels, rows flipped to a top-left origin. The framebuffer
    /// holds premultiplied colour (the renderer's blending keeps it so); the `Image` returned
    /// holds straight alpha, as every `Image` does (`Image.unpremultiply`: opaque pixels are
    /// returned as GL holds them, a pixel of alpha 0 as (0, 0, 0, 0)). Every picture that
    /// leaves GL comes through here. `.asStored` skips the conversion.
    public static func readBoundPixels(width: Int, height: Int, alpha: ReadbackAlpha = .straight) throws(GLESError) -> Image {
        // Drawing finished first: llvmpipe's threads allocate while they draw, which would
        // race the check below.
        glFinish()
        try requireMemory(width * height * 4, for: "reading back \(width)x\(height) pixels")
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        pixels.withUnsafeMutableBytes { buf in
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buf.baseAddress)
        }
        try checkGL("glReadPixels")
        // Rows flipped in place (GL's origin is bottom-left), one row of scratch.
        let stride = width * 4
        var row = [UInt8](repeating: 0, count: stride)
        pixels.withUnsafeMutableBytes { p in
            row.withUnsafeMutableBytes { tmp in
                let base = p.baseAddress!
                for y in 0..<height / 2 {
                    let top = base + y * stride, bottom = base + (height - 1 - y) * stride
                    tmp.baseAddress!.copyMemory(from: top, byteCount: stride)
                    top.copyMemory(from: bottom, byteCount: stride)
                    bottom.copyMemory(from: tmp.baseAddress!, byteCount: stride)
                }
            }
        }
        if alpha == .straight { Image.unpremultiply(&pixels) }
        return try GLESError.fromImage { () throws(ImageError) in try Image(width: width, height: height, pixels: pixels) }
    }

    static func statusName(_ s: GLenum) -> String {
        switch Int32(s) {
        case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT"
        case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT"
        case GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS: return "GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS"
        case GL_FRAMEBUFFER_UNSUPPORTED: return "GL_FRAMEBUFFER_UNSUPPORTED"
        case GL_FRAMEBUFFER_UNDEFINED_OES: return "GL_FRAMEBUFFER_UNDEFINED"
        default: return "status 0x" + String(s, radix: 16)
        }
    }
}
