import Foundation
import GLFunGLES

/// A transition's body in the gl-transitions form: GLSL ES 1.00 that defines
/// `vec4 transition(vec2 uv)` over `getFromColor(uv)` / `getToColor(uv)`, `progress` and
/// `ratio`, with its own parameters as uniforms whose comments give their defaults
/// (`uniform float amount; // = 0.5`). `fragmentShader` is the whole fragment stage: the
/// interface (shaders/GLFunTransitions/TransitionPrelude.fsh), the body, and a `main` that
/// calls `transition` (TransitionMain.fsh). A `#line 1` before the body makes the
/// driver's messages count the body's own lines.
public struct TransitionSource: Sendable {
    /// What messages call it: the file's path, or shaders/GLFunTransitions/<name> for a built-in.
    public let name: String
    /// The body as written.
    public let body: String
    /// The uniforms the body declares, with their defaults.
    public let parameters: [TransitionParameter]

    /// The largest transition file read (a gl-transitions body is a few KiB).
    public static let maxBytes = 1 << 20

    /// A body from text; `name` is what messages call it.
    /// - Throws: `TransitionError.notText` for a NUL character (the driver would stop
    ///   reading there), `.tooComplex` for a body past a `TransitionComplexity` bound (never
    ///   given to the driver), `.badDefault` for a default comment that is not a value of
    ///   its uniform's type.
    public init(name: String, body: String) throws(TransitionError) {
        guard !body.utf8.contains(0) else { throw .notText(path: name) }
        do { try TransitionComplexity.check(body) } catch {
            throw .tooComplex(source: name, line: error.line, limit: error.limit)
        }
        self.name = name
        self.body = body
        parameters = try ParameterScanner.scan(body, source: name)
    }

    /// A gl-transitions file (`fade.glsl`).
    /// - Throws: `TransitionError.unreadable` (`.notARegularFile` for a FIFO: never waited
    ///   on), `.tooLarge` (over `maxBytes`), `.notText` (not UTF-8, or a NUL byte),
    ///   `.tooComplex`, `.badDefault`.
    public init(contentsOfFile path: String) throws(TransitionError) {
        let file: (bytes: [UInt8], size: Int)
        do { file = try RegularFile.read(path, upTo: Self.maxBytes + 1) } catch {
            throw .unreadable(path: path, problem: error)
        }
        let data = Data(file.bytes)
        if data.count > Self.maxBytes {
            throw .tooLarge(path: path, bytes: file.size, limit: Self.maxBytes)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .notText(path: path) }
        try self.init(name: path, body: text)
    }

    /// The body of a built-in kind, embedded at build time.
    public static func builtIn(_ kind: TransitionKind) -> TransitionSource {
        let file = kind.fileName
        do {
            return try TransitionSource(name: "shaders/GLFunTransitions/" + file, body: EmbeddedShader.text(file))
        } catch {
            preconditionFailure("The built-in transition \(file) has a default its own scanner refuses: \(error)")
        }
    }

    /// The parameter declared as `name`, if any.
    public func parameter(_ name: String) -> TransitionParameter? {
        parameters.first { $0.name == name }
    }

    /// The whole fragment stage: prelude, `#line 1`, body, main.
    public var fragmentShader: ShaderSource {
        ShaderSource(name: name, text: EmbeddedShader.text("TransitionPrelude.fsh") + "\n#line 1\n" + body + "\n"
                     + EmbeddedShader.text("TransitionMain.fsh"))
    }
}

/// The files of shaders/GLFunTransitions/, embedded by EmbedShadersPlugin.
enum EmbeddedShader {
    static func text(_ name: String) -> String {
        guard let text = Embedded.shaders[name] else {
            preconditionFailure("shaders/GLFunTransitions/\(name) was not embedded at build time "
                                + "(have: \(Embedded.shaders.keys.sorted().joined(separator: ", "))).")
        }
        return text
    }

    static func source(_ name: String) -> ShaderSource {
        ShaderSource(name: "shaders/GLFunTransitions/" + name, text: text(name))
    }
}
