internal import CEGL

/// How a buffer's contents will be used: a hint to the driver (glBufferData's usage).
public enum BufferUsage: Sendable {
    /// Replaced about every time it is drawn (a frame's streamed vertices): GL_STREAM_DRAW.
    case streamDraw
    /// Written once, drawn many times: GL_STATIC_DRAW.
    case staticDraw
    /// Changed now and then, drawn many times between: GL_DYNAMIC_DRAW.
    case dynamicDraw

    var glUsage: GLenum {
        switch self {
        case .streamDraw: return GLenum(GL_STREAM_DRAW)
        case .staticDraw: return GLenum(GL_STATIC_DRAW)
        case .dynamicDraw: return GLenum(GL_DYNAMIC_DRAW)
        }
    }
}

/// A vertex buffer object (GL_ARRAY_BUFFER). Each `upload` replaces the whole
/// contents; with `.streamDraw` (the default) the old storage is orphaned first,
/// so the driver need not wait for draws still reading it.
///
/// GL state: `bind`, `upload` and `setLayout` leave this buffer bound to
/// GL_ARRAY_BUFFER; `setLayout` also sets the attribute arrays (see there).
public final class VertexBuffer {
    /// The GL buffer name.
    public let buffer: UInt32
    /// How the data is expected to change (the glBufferData usage hint).
    public let usage: BufferUsage
    /// The size of the last upload, in bytes.
    public private(set) var byteCount = 0
    private var capacity = 0
    /// GL_MAX_VERTEX_ATTRIBS of the context, read once.
    let maxAttributes: Int
    let context: Context

    /// Makes an empty buffer in `context` (which must be current).
    public init(context: Context, usage: BufferUsage = .streamDraw) {
        context.requireCurrent("VertexBuffer")
        self.context = context
        self.usage = usage
        maxAttributes = Context.maxVertexAttributes
        var b: GLuint = 0
        glGenBuffers(1, &b)
        if b != 0 { GLObjectCounter.made(.buffer) }
        buffer = b
    }

    deinit {
        var b = buffer
        context.withCurrent { glDeleteBuffers(1, &b) }
        if b != 0 { GLObjectCounter.deleted(.buffer) }
    }

    /// glBindBuffer(GL_ARRAY_BUFFER).
    public func bind() {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
    }

    /// Replaces the contents with `count` bytes from `bytes` (a stream buffer: glBufferData
    /// with them; otherwise glBufferData when they no longer fit, then glBufferSubData);
    /// leaves the buffer bound.
    public func upload(_ bytes: UnsafeRawPointer?, count: Int) {
        bind()
        if usage == .streamDraw {
            // Orphan the old storage (a draw may still read it) for new storage of exactly the
            // upload, filled as it is made: llvmpipe would clear storage made empty, and
            // storage kept larger than the uploads is memory held for nothing.
            capacity = count
            glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(count), count > 0 ? bytes : nil, usage.glUsage)
            byteCount = count
            return
        }
        if count > capacity {
            capacity = max(count, capacity * 2)
            glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(capacity), nil, usage.glUsage)
        }
        if count > 0 { glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, GLsizeiptr(count), bytes) }
        byteCount = count
    }

    /// Replaces the contents with `values`' bytes (a `[Float]` of interleaved vertices, say).
    public func upload<T>(_ values: [T]) {
        values.withUnsafeBytes { upload($0.baseAddress, count: $0.count) }
    }
}

/// An index buffer (GL_ELEMENT_ARRAY_BUFFER) of 16-bit indices, drawn with
/// `GL.drawIndexed`. GL state: `bind`, `upload` and `GL.drawIndexed` leave it bound
/// to GL_ELEMENT_ARRAY_BUFFER; `IndexBuffer.unbind()` binds 0.
public final class IndexBuffer {
    /// The GL buffer name.
    public let buffer: UInt32
    /// How the data is expected to change (the glBufferData usage hint).
    public let usage: BufferUsage
    /// How many indices the buffer holds.
    public private(set) var count = 0
    let context: Context

    /// Makes an empty index buffer in `context` (which must be current).
    public init(context: Context, usage: BufferUsage = .staticDraw) {
        context.requireCurrent("IndexBuffer")
        self.context = context
        self.usage = usage
        var b: GLuint = 0
        glGenBuffers(1, &b)
        if b != 0 { GLObjectCounter.made(.buffer) }
        buffer = b
    }

    /// An index buffer holding `indices`.
    public convenience init(context: Context, indices: [UInt16], usage: BufferUsage = .staticDraw) {
        self.init(context: context, usage: usage)
        upload(indices)
    }

    deinit {
        var b = buffer
        context.withCurrent { glDeleteBuffers(1, &b) }
        if b != 0 { GLObjectCounter.deleted(.buffer) }
    }

    /// glBindBuffer(GL_ELEMENT_ARRAY_BUFFER).
    public func bind() {
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), buffer)
    }

    /// glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0): draws stop reading any index buffer.
    public static func unbind() {
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), 0)
    }

    /// Replaces the contents with 32-bit `indices` (glBufferData), for `GL.drawIndexed32`
    /// (GL_OES_element_index_uint); leaves the buffer bound.
    public func upload(_ indices: UnsafeBufferPointer<UInt32>) {
        bind()
        glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), GLsizeiptr(indices.count * 4), indices.baseAddress, usage.glUsage)
        count = indices.count
    }

    /// Replaces the contents with `indices` (glBufferData); leaves the buffer bound.
    public func upload(_ indices: [UInt16]) {
        bind()
        indices.withUnsafeBytes { buf in
            glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), GLsizeiptr(buf.count), buf.baseAddress, usage.glUsage)
        }
        count = indices.count
    }
}
