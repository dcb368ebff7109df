internal import CEGL

/// GLSL ES 1.00 source text with the name errors will show (a file name).
public struct ShaderSource: Sendable {
    /// The name errors give for it (a file name, say).
    public var name: String
    /// The GLSL ES source.
    public var text: String
    /// A shader source called `name`.
    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

/// A value for a uniform, one case per GLSL type a setter accepts.
public enum UniformValue: Sendable, Equatable {
    case float(Float)
    case vec2(Float, Float)
    case vec3(Float, Float, Float)
    case vec4(Float, Float, Float, Float)
    /// A 4x4 matrix, column-major: exactly 16 floats.
    case mat4([Float])
    /// An int, bool or sampler (the texture unit).
    case int(Int32)
    /// An ivec or bvec of 2, 3 or 4 (glUniform{2,3,4}i).
    case ivec2(Int32, Int32)
    case ivec3(Int32, Int32, Int32)
    case ivec4(Int32, Int32, Int32, Int32)

    var typeName: String {
        switch self {
        case .float: return "float"
        case .vec2: return "vec2"
        case .vec3: return "vec3"
        case .vec4: return "vec4"
        case let .mat4(m): return m.count == 16 ? "mat4" : "mat4 of \(m.count) floats (needs 16)"
        case .int: return "int"
        case .ivec2: return "ivec2"
        case .ivec3: return "ivec3"
        case .ivec4: return "ivec4"
        }
    }
}

/// A linked vertex + fragment program.
///
/// Attribute locations are bound before linking, in the order given (the
/// first name gets location 0). After linking, every active uniform and
/// attribute is looked up once and cached with its GLSL type, so `uniform(_:)`
/// is a dictionary read, not a GL call; a renderer that sets a uniform every
/// frame keeps the location and uses `set(location:_:)`. A name the program does
/// not have is an error (`GLESError.unknownUniform`), never a silent -1. The
/// corresponding C calls are glCompileShader, glBindAttribLocation,
/// glLinkProgram, glValidateProgram.
///
/// GL state: `init` changes no binding; `use()` and every setter leave this
/// program in use (glUseProgram) and change nothing else.
public final class ShaderProgram {
    /// The name errors give for the program.
    public let name: String
    /// The GL program name.
    public let program: UInt32
    /// Active uniforms' locations by name (arrays by their name without "[0]").
    public private(set) var uniforms: [String: Int32] = [:]
    /// Attributes' locations by name.
    public private(set) var attributes: [String: Int32] = [:]
    private var uniformTypes: [Int32: (name: String, type: GLenum)] = [:]
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
        defer { ShaderProgram.deleteShader(vs) }
        let fs = try ShaderProgram.compile(.fragment, fragment)
        defer { ShaderProgram.deleteShader(fs) }
        let p = glCreateProgram()
        // Not yet `program`: until it is set, a failure here deletes it (deinit does not run).
        if p != 0 { GLObjectCounter.made(.program) }
        glAttachShader(p, vs)
        glAttachShader(p, fs)
        for (i, a) in attributeOrder.enumerated() { glBindAttribLocation(p, GLuint(i), a) }
        glLinkProgram(p)
        var ok: GLint = 0
        glGetProgramiv(p, GLenum(GL_LINK_STATUS), &ok)
        if ok == 0 {
            let log = ShaderProgram.programLog(p)
            ShaderProgram.deleteProgram(p)
            throw .link(program: name, log: log)
        }
        glValidateProgram(p)
        glGetProgramiv(p, GLenum(GL_VALIDATE_STATUS), &ok)
        if ok == 0 {
            let log = ShaderProgram.programLog(p)
            ShaderProgram.deleteProgram(p)
            throw .validate(program: name, log: log)
        }
        program = p
        let u = ShaderProgram.actives(p, uniforms: true)
        uniforms = u.mapValues(\.location)
        for (n, v) in u { uniformTypes[v.location] = (n, v.type) }
        attributes = ShaderProgram.actives(p, uniforms: false).mapValues(\.location)
    }

    deinit {
        let p = program
        context.withCurrent { glDeleteProgram(p) }
        if p != 0 { GLObjectCounter.deleted(.program) }
    }

    private static func deleteProgram(_ p: GLuint) {
        glDeleteProgram(p)
        if p != 0 { GLObjectCounter.deleted(.program) }
    }

    private static func deleteShader(_ s: GLuint) {
        glDeleteShader(s)
        if s != 0 { GLObjectCounter.deleted(.shader) }
    }

    /// glUseProgram.
    public func use() {
        glUseProgram(program)
    }

    /// The location of an active uniform.
    /// - Throws: `GLESError.unknownUniform` if the program has none by that name.
    public func uniform(_ name: String) throws(GLESError) -> Int32 {
        guard let l = uniforms[name] else { throw .unknownUniform(program: self.name, name: name) }
        return l
    }
    /// The location of an active uniform, or nil: for uniforms a shader may optimize away.
    public func uniformIfPresent(_ name: String) -> Int32? { uniforms[name] }

    /// The location of an active attribute.
    /// - Throws: `GLESError.unknownAttribute` if the program has none by that name.
    public func attribute(_ name: String) throws(GLESError) -> Int32 {
        guard let l = attributes[name] else { throw .unknownAttribute(program: self.name, name: name) }
        return l
    }
    /// The location of an active attribute, or nil.
    public func attributeIfPresent(_ name: String) -> Int32? { attributes[name] }

    /// Sets the uniform `name` (glUniform*); makes this program current first (glUseProgram).
    /// - Throws: `.unknownUniform` for a name the program lacks; `.uniformMismatch` when the
    ///   value's type is not the uniform's (a vec3 for a vec4, a mat4 without 16 floats).
    public func set(_ name: String, _ value: UniformValue) throws(GLESError) {
        try set(location: try uniform(name), value)
    }

    /// Sets the uniform at `location` (from `uniform(_:)`, kept): the per-frame form, no
    /// name lookup. Makes this program current first (glUseProgram).
    /// - Throws: `.unknownUniform` for a location that is not one of this program's
    ///   active uniforms; `.uniformMismatch` as `set(_:_:)`.
    public func set(location: Int32, _ value: UniformValue) throws(GLESError) {
        guard let (uname, type) = uniformTypes[location] else {
            throw .unknownUniform(program: name, name: "at location \(location)")
        }
        guard ShaderProgram.accepts(type, value) else {
            throw .uniformMismatch(program: name, name: uname, expected: ShaderProgram.glslName(type),
                                   given: value.typeName)
        }
        glUseProgram(program)
        switch value {
        case let .float(x): glUniform1f(location, x)
        case let .vec2(x, y): glUniform2f(location, x, y)
        case let .vec3(x, y, z): glUniform3f(location, x, y, z)
        case let .vec4(x, y, z, w): glUniform4f(location, x, y, z, w)
        case let .mat4(m): glUniformMatrix4fv(location, 1, GLboolean(GL_FALSE), m)
        case let .int(v): glUniform1i(location, v)
        case let .ivec2(x, y): glUniform2i(location, x, y)
        case let .ivec3(x, y, z): glUniform3i(location, x, y, z)
        case let .ivec4(x, y, z, w): glUniform4i(location, x, y, z, w)
        }
    }

    private static func accepts(_ type: GLenum, _ value: UniformValue) -> Bool {
        switch (Int32(type), value) {
        case (GL_FLOAT, .float), (GL_FLOAT_VEC2, .vec2), (GL_FLOAT_VEC3, .vec3), (GL_FLOAT_VEC4, .vec4),
             (GL_INT, .int), (GL_BOOL, .int), (GL_SAMPLER_2D, .int), (GL_SAMPLER_CUBE, .int),
             (GL_INT_VEC2, .ivec2), (GL_BOOL_VEC2, .ivec2), (GL_INT_VEC3, .ivec3), (GL_BOOL_VEC3, .ivec3),
             (GL_INT_VEC4, .ivec4), (GL_BOOL_VEC4, .ivec4):
            return true
        case (GL_FLOAT_MAT4, .mat4(let m)):  // not `case let`: that would bind a new GL_FLOAT_MAT4 and match any type
            return m.count == 16
        default:
            return false
        }
    }

    private static func glslName(_ type: GLenum) -> String {
        switch Int32(type) {
        case GL_FLOAT: return "float"
        case GL_FLOAT_VEC2: return "vec2"
        case GL_FLOAT_VEC3: return "vec3"
        case GL_FLOAT_VEC4: return "vec4"
        case GL_INT: return "int"
        case GL_INT_VEC2: return "ivec2"
        case GL_INT_VEC3: return "ivec3"
        case GL_INT_VEC4: return "ivec4"
        case GL_BOOL: return "bool"
        case GL_BOOL_VEC2: return "bvec2"
        case GL_BOOL_VEC3: return "bvec3"
        case GL_BOOL_VEC4: return "bvec4"
        case GL_FLOAT_MAT2: return "mat2"
        case GL_FLOAT_MAT3: return "mat3"
        case GL_FLOAT_MAT4: return "mat4"
        case GL_SAMPLER_2D: return "sampler2D"
        case GL_SAMPLER_CUBE: return "samplerCube"
        default: return "GL type 0x" + String(type, radix: 16)
        }
    }

    private static func compile(_ stage: ShaderStage, _ source: ShaderSource) throws(GLESError) -> GLuint {
        let s = glCreateShader(GLenum(stage == .vertex ? GL_VERTEX_SHADER : GL_FRAGMENT_SHADER))
        if s != 0 { GLObjectCounter.made(.shader) }
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
            deleteShader(s)
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

    private static func actives(_ p: GLuint, uniforms: Bool) -> [String: (location: Int32, type: GLenum)] {
        var count: GLint = 0, maxLen: GLint = 0
        glGetProgramiv(p, GLenum(uniforms ? GL_ACTIVE_UNIFORMS : GL_ACTIVE_ATTRIBUTES), &count)
        glGetProgramiv(p, GLenum(uniforms ? GL_ACTIVE_UNIFORM_MAX_LENGTH : GL_ACTIVE_ATTRIBUTE_MAX_LENGTH), &maxLen)
        var result: [String: (location: Int32, type: GLenum)] = [:]
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
            result[name] = (uniforms ? glGetUniformLocation(p, buf) : glGetAttribLocation(p, buf), type)
        }
        return result
    }
}

func string(fromCBuffer buf: [GLchar]) -> String {
    String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
