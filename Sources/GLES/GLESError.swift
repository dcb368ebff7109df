internal import CEGL

/// What went wrong in the GL layer. Each case carries what a person needs to
/// act: the EGL step and the EGL error's name, the shader stage, its source
/// name and the driver's info log, the limit an image broke.
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
    /// A framebuffer is incomplete (`status` is the GL status's name).
    case framebuffer(status: String)
    /// A texture is larger than GL_MAX_TEXTURE_SIZE or the memory bound.
    case textureTooLarge(width: Int, height: Int, limit: String)
    /// Pixel data does not match its stated size or format.
    case badPixels(String)
    /// An image file could not be decoded or encoded (`reason` from libpng).
    case image(reason: String)
    /// A GL call set an error (`code` is the name, `GL_OUT_OF_MEMORY`).
    case gl(call: String, code: String)

    public var description: String {
        switch self {
        case let .egl(step, code): return "\(step) failed: \(code)"
        case let .noHeadlessDisplay(attempts):
            return "no headless EGL display (" + attempts.joined(separator: "; ") + ")"
        case let .compile(stage, source, log):
            return "\(stage) shader \(source) did not compile: \(log.trimmedLog)"
        case let .link(program, log): return "program \(program) did not link: \(log.trimmedLog)"
        case let .validate(program, log): return "program \(program) did not validate: \(log.trimmedLog)"
        case let .framebuffer(status): return "framebuffer incomplete: \(status)"
        case let .textureTooLarge(w, h, limit): return "texture too large: \(w)x\(h) (\(limit))"
        case let .badPixels(why): return "bad pixel data: \(why)"
        case let .image(reason): return reason
        case let .gl(call, code): return "\(call) failed: \(code)"
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
