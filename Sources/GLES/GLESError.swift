internal import CEGL

/// What went wrong in the GL layer. Each case carries what a person needs to
/// act: the EGL step and the EGL error's name, the shader stage, its source
/// name and the driver's info log, the limit an image broke, the file it was in.
/// Tests and callers match on the case; `description` is the one line a person reads.
public indirect enum GLESError: Error, CustomStringConvertible, Equatable, Sendable {
    /// An EGL call failed: `step` is the call (`eglInitialize`), `code` the
    /// name of `eglGetError()` (`EGL_NOT_INITIALIZED`).
    case egl(step: String, code: String)
    /// No headless display could be opened; each attempt says why it failed.
    case noHeadlessDisplay(attempts: [String])
    /// A shader stage did not compile.
    case compile(stage: ShaderStage, source: String, log: String)
    /// A program did not link or validate.
    case link(program: String, log: String)
    case validate(program: String, log: String)
    /// `ShaderProgram.uniform(_:)` or a setter named a uniform the program does not
    /// have (misspelled, or optimized away because the shader never reads it).
    case unknownUniform(program: String, name: String)
    /// `ShaderProgram.attribute(_:)` named an attribute the program does not have.
    case unknownAttribute(program: String, name: String)
    /// A uniform setter's value does not fit the uniform's GLSL type
    /// (`expected` is the type, `given` what the setter was handed).
    case uniformMismatch(program: String, name: String, expected: String, given: String)
    /// A vertex layout named an attribute location outside 0..<GL_MAX_VERTEX_ATTRIBS
    /// (-1 is what a lookup of a missing attribute used to give).
    case badAttributeLocation(location: Int, limit: Int)
    /// A framebuffer is incomplete (`status` is the GL status's name).
    case framebuffer(status: String)
    /// Nothing to draw into: framebuffer 0 is bound in a context with no surface
    /// (a headless context). Make a `Framebuffer` and `bind()` it first.
    case noRenderTarget
    /// A texture is larger than GL_MAX_TEXTURE_SIZE or the memory bound.
    case textureTooLarge(width: Int, height: Int, limit: String)
    /// Pixel data does not match its stated size or format.
    case badPixels(String)
    /// An image's header asks for more than `Image.Limits` allow; refused before
    /// any pixel memory is allocated.
    case imageTooLarge(width: Int, height: Int, limit: ImageLimit)
    /// The bytes do not start with the signature of `expected` (nil: of any
    /// format this package decodes, PNG or JPEG).
    case badSignature(expected: ImageFormat?)
    /// libpng or libjpeg refused the data (corrupt, truncated); `reason` is the library's message.
    case decode(format: ImageFormat, reason: String)
    /// libpng could not encode the image; `reason` is its message.
    case encode(format: ImageFormat, reason: String)
    /// A file could not be read at all.
    case io(path: String, problem: FileProblem)
    /// A failure inside the file at `path` (a decode error, a size over a limit).
    case file(path: String, GLESError)
    /// fontconfig or FreeType failed: no font matches a name, a face cannot be
    /// opened, a glyph cannot be loaded. `reason` names the call and the font.
    case font(reason: String)
    /// A text size outside `TextRasterizer.sizeRange` (or not finite), in pixels.
    case badTextSize(Float, range: ClosedRange<Float>)
    /// A GL call set an error (`code` is the name, `GL_OUT_OF_MEMORY`).
    case gl(call: String, code: String)
    /// Memory for `what` (`bytes` of it) could not be had (`Memory.require`).
    case outOfMemory(what: String, bytes: Int)

    /// The error in words: the step that failed and its error name or message.
    public var description: String {
        switch self {
        case let .egl(step, code): return "\(step) failed: \(code)"
        case let .noHeadlessDisplay(attempts):
            return "no headless EGL display (" + attempts.joined(separator: "; ") + ")"
        case let .compile(stage, source, log):
            return "\(stage) shader \(source) did not compile: \(log.trimmedLog)"
        case let .link(program, log): return "program \(program) did not link: \(log.trimmedLog)"
        case let .validate(program, log): return "program \(program) did not validate: \(log.trimmedLog)"
        case let .unknownUniform(program, name): return "program \(program) has no active uniform \"\(name)\""
        case let .unknownAttribute(program, name): return "program \(program) has no active attribute \"\(name)\""
        case let .uniformMismatch(program, name, expected, given):
            return "program \(program): uniform \"\(name)\" is a \(expected), cannot be set to \(given)"
        case let .badAttributeLocation(location, limit):
            return "vertex attribute location \(location) is outside 0..<\(limit) (GL_MAX_VERTEX_ATTRIBS); "
                + "was it looked up by a name the program does not have?"
        case let .framebuffer(status): return "framebuffer incomplete: \(status)"
        case .noRenderTarget:
            return "no render target: framebuffer 0 is bound and this context has no surface; "
                + "create a Framebuffer and bind() it before drawing"
        case let .textureTooLarge(w, h, limit): return "texture too large: \(w)x\(h) (\(limit))"
        case let .badPixels(why): return "bad pixel data: \(why)"
        case let .imageTooLarge(w, h, limit):
            switch limit {
            case let .side(max): return "image too large: \(w)x\(h) exceeds the limit of \(max) pixels a side"
            case let .bytes(max):
                return "image too large: \(w)x\(h) needs \(rgbaByteCount(w, h)) bytes, over the \(max)-byte bound"
            case let .decoderMemory(max):
                return "image too large: decoding the \(w)x\(h) picture needs more than the \(max)-byte bound of working memory"
            }
        case let .badSignature(expected):
            switch expected {
            case let format?: return "not a \(format.rawValue) file (bad signature)"
            case nil: return "not a PNG, JPEG, WebP, GIF, HEIC or AVIF file (unknown signature)"
            }
        case let .decode(format, reason): return plainWords(format, reason)
        case let .encode(_, reason): return reason
        case let .io(path, problem):
            return "\(problem == .nulInPath ? path.debugDescription : path): \(problem.rawValue)"
        case let .file(path, error): return "\(path): \(error)"
        case let .font(reason): return reason
        case let .badTextSize(size, range): return "text size \(size) px is not a finite number in \(range)"
        case let .gl(call, code): return "\(call) failed: \(code)"
        case let .outOfMemory(what, bytes):
            return "out of memory: \(what) needs \(bytes >> 20) MiB (\(bytes) bytes) that could not be allocated"
        }
    }

    /// The error without its `.file` wrappers: what went wrong, wherever it was.
    public var underlying: GLESError {
        if case let .file(_, inner) = self { return inner.underlying }
        return self
    }
}

/// The image file formats this package reads (PNG, JPEG) and writes (PNG).
public enum ImageFormat: String, Sendable {
    case png = "PNG", jpeg = "JPEG"
    /// WebP (libwebp), still or animated.
    case webp = "WebP"
    /// GIF (giflib), still or animated.
    case gif = "GIF"
    /// HEIC (libheif) or AVIF (libavif), each opened at first use.
    case heif = "HEIF"
}

/// Which bound of `Image.Limits` an image's header broke.
public enum ImageLimit: Equatable, Sendable {
    /// `maxSide`: the largest width or height, in pixels.
    case side(Int)
    /// `maxBytes`: the largest RGBA8 buffer, in bytes.
    case bytes(Int)
    /// A decoder's working memory, in bytes: libjpeg's (a progressive or multi-scan JPEG holds
    /// its whole coefficient image, about 3 bytes a pixel at 4:2:0, 6 at 4:4:4, at any output
    /// scale), or what an AVIF's or an animated WebP's decode would hold over the slide's
    /// `DecodeBudget`.
    case decoderMemory(Int)
}

/// Why a file could not be read; the raw value is the words the error shows.
public enum FileProblem: String, Sendable {
    case noSuchFile = "no such file"
    case isDirectory = "is a directory"
    case unreadable = "cannot be read"
    /// The path holds a NUL character: the system would cut it there and read another file.
    case nulInPath = "the path contains a NUL character"
    /// A FIFO, socket or device: inputs are regular files (`RegularFile`), so that reading one
    /// never waits for a writer that may never come.
    case notARegularFile = "not a regular file (a FIFO, socket or device)"
}

/// A programmable stage of the ES 2 pipeline.
public enum ShaderStage: String, Sendable {
    case vertex, fragment
}

extension String {
    fileprivate var trimmedLog: String {
        let t = split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        return t.isEmpty ? "(the driver gave no log)" : t.joined(separator: " | ")
    }
}
extension Substring {
    fileprivate var trimmingSpaces: String {
        var s = self
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" || s.last == "\0" { s.removeLast() }
        return String(s)
    }
}

/// The name of an EGL error code, as the EGL headers spell it.
func eglErrorName(_ code: EGLint) -> String {
    switch code {
    case EGL_SUCCESS: return "EGL_SUCCESS"
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED"
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS"
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC"
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE"
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT"
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG"
    case EGL_BAD_CURRENT_SURFACE: return "EGL_BAD_CURRENT_SURFACE"
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY"
    case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE"
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH"
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER"
    case EGL_BAD_NATIVE_PIXMAP: return "EGL_BAD_NATIVE_PIXMAP"
    case EGL_BAD_NATIVE_WINDOW: return "EGL_BAD_NATIVE_WINDOW"
    case EGL_CONTEXT_LOST: return "EGL_CONTEXT_LOST"
    default: return "EGL error 0x" + String(code, radix: 16)
    }
}

/// The name of a GL error code.
func glErrorName(_ code: GLenum) -> String {
    switch Int32(code) {
    case GL_NO_ERROR: return "GL_NO_ERROR"
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM"
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE"
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION"
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION"
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY"
    default: return "GL error 0x" + String(code, radix: 16)
    }
}

/// Throws if GL recorded an error since the last check.
func checkGL(_ call: @autoclosure () -> String) throws(GLESError) {
    let e = glGetError()
    if e != GLenum(GL_NO_ERROR) {
        while glGetError() != GLenum(GL_NO_ERROR) {}
        throw .gl(call: call(), code: glErrorName(e))
    }
}
