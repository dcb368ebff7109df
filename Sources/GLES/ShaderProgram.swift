internal import CEGL

/// GLSL ES 1.00 source text with the name errors will show (a file name).
public struct ShaderSource: Sendable {
    public var name: String
    public var text: String
    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

/// A linked vertex + fragment program.
///
/// Attribute locations are bound before linking, in the order given (the
/// first name gets location 0). After linking, every active uniform and
/// attribute is looked up once and cached, so `uniform(_:)` is a dictionary
/// read, not a GL call. The corresponding C calls are glCompileShader,
/// glBindAttribLocation, glLinkProgram, glValidateProgram.
public final class ShaderProgram {
    public let name: String
    /// The GL program name.
    public let program: UInt32
    public private(set) var uniforms: [String: Int32] = [:]
    public private(set) var attributes: [String: Int32] = [:]
    let context: Context

    /// Compiles and links `vertex` and `fragment` in `context` (current).
    /// - Throws: `GLESError.compile` with the stage, source name and info log;
    ///   `.link` or `.validate` with the program's log.
    public init(context: Context, name: String, vertex: ShaderSource, fragment: ShaderSource,
                attributes attributeOrder: [String]) throws(GLESError) {
        context.requireCurrent("ShaderProgram(\(name))")
        self.context = context
        self.name = name
        let vs = try ShaderProgram.compile(.vertex, vertex)
        defer { glDeleteShader(vs) }
        let fs = try ShaderProgram.compile(.fragment, fragment)
        defer { glDeleteShader(fs) }
        let p = glCreateProgram()
        glAttachShader(p, vs)
        glAttachShader(p, fs)
        for (i, a) in attributeOrder.enumerated() { glBindAttribLocation(p, GLuint(i), a) }
        glLinkProgram(p)
        var ok: GLint = 0
        glGetProgramiv(p, GLenum(GL_LINK_STATUS), &ok)
        if ok == 0 {
            let log = ShaderProgram.programLog(p)
            glDeleteProgram(p)
            throw .link(program: name, log: log)
        }
        glValidateProgram(p)
        glGetProgramiv(p, GLenum(GL_VALIDATE_STATUS), &ok)
        if ok == 0 {
            let log = ShaderProgram.programLog(p)
            glDeleteProgram(p)
            throw .validate(program: name, log: log)
        }
        program = p
        uniforms = ShaderProgram.actives(p, uniforms: true)
        attributes = ShaderProgram.actives(p, uniforms: false)
    }

    deinit {
        let p = program
        context.withCurrent { glDeleteProgram(p) }
    }

    /// glUseProgram.
    public func use() {
        glUseProgram(program)
    }

    /// The location of an active uniform, or -1 if the program has none by that name.
    public func uniform(_ name: String) -> Int32 { uniforms[name] ?? -1 }
    /// The location of an active attribute, or -1.
    public func attribute(_ name: String) -> Int32 { attributes[name] ?? -1 }

    /// Sets a mat4 uniform (column-major, 16 floats); the program must be in use.
    public func set(_ name: String, matrix: [Float]) {
        precondition(matrix.count == 16, "ShaderProgram.set(\(name), matrix:) needs 16 floats, got \(matrix.count).")
        glUniformMatrix4fv(uniform(name), 1, GLboolean(GL_FALSE), matrix)
    }
    public func set(_ name: String, _ v: Int32) { glUniform1i(uniform(name), v) }
    public func set(_ name: String, _ x: Float, _ y: Float, _ z: Float, _ w: Float) {
        glUniform4f(uniform(name), x, y, z, w)
    }

    private static func compile(_ stage: ShaderStage, _ source: ShaderSource) throws(GLESError) -> GLuint {
        let s = glCreateShader(GLenum(stage == .vertex ? GL_VERTEX_SHADER : GL_FRAGMENT_SHADER))
        source.text.withCString { cs in
            var p: UnsafePointer<GLchar>? = cs
            glShaderSource(s, 1, &p, nil)
        }
        glCompileShader(s)
        var ok: GLint = 0
        glGetShaderiv(s, GLenum(GL_COMPILE_STATUS), &ok)
        if ok == 0 {
            var len: GLint = 0
            glGetShaderiv(s, GLenum(GL_INFO_LOG_LENGTH), &len)
            var buf = [GLchar](repeating: 0, count: Int(max(len, 1)) + 1)
            glGetShaderInfoLog(s, GLsizei(buf.count), nil, &buf)
            glDeleteShader(s)
            throw .compile(stage: stage, source: source.name, log: string(fromCBuffer: buf))
        }
        return s
    }

    private static func programLog(_ p: GLuint) -> String {
        var len: GLint = 0
        glGetProgramiv(p, GLenum(GL_INFO_LOG_LENGTH), &len)
        var buf = [GLchar](repeating: 0, count: Int(max(len, 1)) + 1)
        glGetProgramInfoLog(p, GLsizei(buf.count), nil, &buf)
        return string(fromCBuffer: buf)
    }

    private static func actives(_ p: GLuint, uniforms: Bool) -> [String: Int32] {
        var count: GLint = 0, maxLen: GLint = 0
        glGetProgramiv(p, GLenum(uniforms ? GL_ACTIVE_UNIFORMS : GL_ACTIVE_ATTRIBUTES), &count)
        glGetProgramiv(p, GLenum(uniforms ? GL_ACTIVE_UNIFORM_MAX_LENGTH : GL_ACTIVE_ATTRIBUTE_MAX_LENGTH), &maxLen)
        var result: [String: Int32] = [:]
        var buf = [GLchar](repeating: 0, count: Int(max(maxLen, 1)) + 1)
        for i in 0..<GLuint(max(count, 0)) {
            var size: GLint = 0, type: GLenum = 0
            if uniforms {
                glGetActiveUniform(p, i, GLsizei(buf.count), nil, &size, &type, &buf)
            } else {
                glGetActiveAttrib(p, i, GLsizei(buf.count), nil, &size, &type, &buf)
            }
            var name = string(fromCBuffer: buf)
            if name.hasSuffix("[0]") { name.removeLast(3) }
            result[name] = uniforms ? glGetUniformLocation(p, buf) : glGetAttribLocation(p, buf)
        }
        return result
    }
}

func string(fromCBuffer buf: [GLchar]) -> String {
    String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
