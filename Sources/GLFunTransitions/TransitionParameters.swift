import GLFunGLES

/// A uniform a transition body declares beyond the interface: a parameter a user may set,
/// and the default its comment gives, as gl-transitions writes them:
///
///     uniform float amount; // = 0.5
///     uniform vec2 center /* = vec2(0.5) */;
///     uniform ivec2 size, grid; // = ivec2(4, 4)
///
/// A default is a literal of the uniform's type: a number (`90`, `.7`, `5.`, `-1e-2`),
/// `true` / `false`, or a vector constructor with one value (for every component) or one
/// per component. Samplers and matrices take no default.
public struct TransitionParameter: Equatable, Sendable {
    /// The uniform's name.
    public var name: String
    /// The GLSL type: float, int, bool, vec2...4, ivec2...4, bvec2...4, or another (mat4, sampler2D).
    public var type: String
    /// nil when the declaration has no default comment.
    public var defaultValue: UniformValue?
    /// The line of the declaration, from 1.
    public var line: Int

    /// A parameter `name` of GLSL `type`, declared on `line`, with its default if any.
    public init(name: String, type: String, defaultValue: UniformValue?, line: Int) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.line = line
    }
}

/// Finds the uniform declarations of a gl-transitions body and their default comments.
enum ParameterScanner {
    private enum Token {
        case word(String)
        case symbol(Unicode.Scalar)
        /// A comment's text without its markers; `lineEnd` for a `//` comment.
        case comment(String, lineEnd: Bool)
        case newline
    }

    static func scan(_ text: String, source: String) throws(TransitionError) -> [TransitionParameter] {
        let tokens = tokenize(text)
        var result: [TransitionParameter] = []
        var i = 0
        /// The next token that is not a comment or a line break, from `j`.
        func significant(_ j: Int) -> Int {
            var k = j
            while k < tokens.count {
                switch tokens[k].token {
                case .comment, .newline: k += 1
                default: return k
                }
            }
            return k
        }
        while i < tokens.count {
            guard case let .word(w) = tokens[i].token, w == "uniform" else {
                i += 1
                continue
            }
            let line = tokens[i].line
            i = significant(i + 1)
            if i < tokens.count, case let .word(q) = tokens[i].token, ["lowp", "mediump", "highp"].contains(q) {
                i = significant(i + 1)
            }
            guard i < tokens.count, case let .word(type) = tokens[i].token else { continue }
            i += 1
            // Declarators up to ';': names, each with an optional /* = value */ after it
            // (array sizes and commas between are passed over).
            var names: [(name: String, value: String?)] = []
            var inBrackets = false
            while i < tokens.count {
                let t = tokens[i].token
                i += 1
                if case .symbol(";") = t { break }
                switch t {
                case .symbol("["): inBrackets = true
                case .symbol("]"): inBrackets = false
                case let .word(name) where !inBrackets: names.append((name, nil))
                case let .comment(c, lineEnd: false):
                    if let v = defaultText(c), let last = names.indices.last, names[last].value == nil {
                        names[last].value = v
                    }
                default: break
                }
            }
            // A `// = value` on the same line after the ';' is the default of the names without one.
            if i < tokens.count, case let .comment(c, lineEnd: true) = tokens[i].token, let v = defaultText(c) {
                for k in names.indices where names[k].value == nil { names[k].value = v }
                i += 1
            }
            for (name, text) in names {
                var value: UniformValue? = nil
                if let text {
                    guard let v = DefaultValue.parse(text, type: type) else {
                        throw .badDefault(source: source, line: line, uniform: name, type: type, text: text)
                    }
                    value = v
                }
                result.append(TransitionParameter(name: name, type: type, defaultValue: value, line: line))
            }
        }
        return result
    }

    /// The value a comment gives (` = 1.0`, `= vec2(1.0, 2.0); // why`), or nil for another comment.
    private static func defaultText(_ comment: String) -> String? {
        let t = comment.drop { $0 == " " || $0 == "\t" }
        guard t.first == "=" else { return nil }
        return trimmed(t.dropFirst().prefix { $0 != ";" })
    }

    private static func tokenize(_ text: String) -> [(token: Token, line: Int)] {
        var tokens: [(token: Token, line: Int)] = []
        let chars = Array(text.unicodeScalars)
        func string(_ r: Range<Int>) -> String { String(String.UnicodeScalarView(chars[r])) }
        func isWord(_ c: Unicode.Scalar) -> Bool { c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c) }
        var i = 0, line = 1
        while i < chars.count {
            let c = chars[i], next: Unicode.Scalar? = i + 1 < chars.count ? chars[i + 1] : nil
            if c == "\n" {
                tokens.append((.newline, line))
                line += 1
                i += 1
            } else if c == "/" && next == "/" {
                var j = i + 2
                while j < chars.count && chars[j] != "\n" { j += 1 }
                tokens.append((.comment(string(i + 2..<j), lineEnd: true), line))
                i = j
            } else if c == "/" && next == "*" {
                var j = i + 2
                let start = line
                while j < chars.count && !(chars[j] == "*" && j + 1 < chars.count && chars[j + 1] == "/") {
                    if chars[j] == "\n" { line += 1 }
                    j += 1
                }
                tokens.append((.comment(string(i + 2..<j), lineEnd: false), start))
                i = min(j + 2, chars.count)
            } else if isWord(c) {
                var j = i
                while j < chars.count && isWord(chars[j]) { j += 1 }
                tokens.append((.word(string(i..<j)), line))
                i = j
            } else {
                if c != " " && c != "\t" && c != "\r" { tokens.append((.symbol(c), line)) }
                i += 1
            }
        }
        return tokens
    }
}

func trimmed<S: StringProtocol>(_ s: S) -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
    return String(s.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
}
