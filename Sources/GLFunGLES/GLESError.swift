internal import CEGL
import GLFunImages

/// What went wrong in the GL layer. Each case carries what a person needs to
/// act: the EGL step and the EGL error's name, the shader stage, its source
/// name and the driver's info log; a picture's or a text's own error (GLFunImages) wrapped.
/// Tests and callers match on the case; `description` is the one line a person reads.
public enum GLESError: Error, CustomStringConvertible, Equatable, Sendable {
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
    /// A texture's picture could not be read or decoded (`Texture2D(contentsOfFile:)`), or a
    /// readback's pixels made no `Image`: what GLFunImages said.
    case image(ImageError)
    /// A texture's text could not be rasterized (`Texture2D(text:)`): what GLFunImages said.
    case text(FontError)
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
        case let .image(error): return error.description
        case let .text(error): return error.description
        case let .gl(call, code): return "\(call) failed: \(code)"
        case let .outOfMemory(what, bytes):
            return OutOfMemory(what: what, bytes: bytes).description
        }
    }
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

/// `Memory.require`, its refusal as a `GLESError` (a texture, framebuffer or context).
func requireMemory(_ bytes: Int, for what: @autoclosure () -> String) throws(GLESError) {
    do { try Memory.require(bytes, for: what()) } catch { throw .outOfMemory(what: error.what, bytes: error.bytes) }
}

extension GLESError {
    /// `body`'s value, or its picture error as `.image`: for GL code that decodes, reads back
    /// or turns an `Image` on the way (`try GLESError.fromImage { try image.oriented(o) }`).
    public static func fromImage<T>(_ body: () throws(ImageError) -> T) throws(GLESError) -> T {
        do { return try body() } catch { throw .image(error) }
    }

    /// `body`'s value, or its text error as `.text`: for GL code that rasterizes text.
    public static func fromText<T>(_ body: () throws(FontError) -> T) throws(GLESError) -> T {
        do { return try body() } catch { throw .text(error) }
    }
}
