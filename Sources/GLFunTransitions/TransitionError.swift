import GLFunGLES

/// Why a transition file could not be taken. A body that does not compile or link is a
/// `GLESError.compile` / `.link` from `Transition.init`, with the driver's log.
public enum TransitionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, problem: FileProblem)
    /// The file is larger than `TransitionSource.maxBytes`: not a transition.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// The file is not UTF-8 text.
    case notText(path: String)
    /// A parameter's default comment (`uniform float foo; // = 1.0`) is not a value of
    /// the uniform's type; `line` is the line in the file.
    case badDefault(source: String, line: Int, uniform: String, type: String, text: String)
    /// The body asks more of the GL driver than `TransitionComplexity` allows (`line` is the
    /// body's line where the limit was passed): it is never given to the driver.
    case tooComplex(source: String, line: Int, limit: TransitionLimit)
    /// A parameter was given that the transition does not declare.
    case unknownParameter(source: String, name: String)

    /// The error in words.
    public var description: String {
        switch self {
        case let .unreadable(path, problem): return "\(path): \(problem.rawValue)"
        case let .tooLarge(path, bytes, limit):
            return "\(path): \(bytes) bytes is too large for a transition (the limit is \(limit))"
        case let .notText(path): return "\(path): not UTF-8 text"
        case let .badDefault(source, line, uniform, type, text):
            return "\(source):\(line): the default of uniform \(type) \(uniform) is \"\(text)\", not a \(type) value"
        case let .tooComplex(source, line, limit): return "\(source):\(line): \(limit)"
        case let .unknownParameter(source, name): return "\(source): no parameter \"\(name)\" (no such uniform)"
        }
    }
}

/// A bound on what a transition body may ask of the GL driver (`TransitionComplexity`), with
/// its value.
public enum TransitionLimit: Equatable, Sendable, CustomStringConvertible {
    /// Tokens once macros are expanded.
    case expandedTokens(Int)
    /// Macros expanded inside one another (or macro arguments inside macro arguments).
    case macroNesting(Int)
    /// Tokens in one statement (an expression's terms).
    case statementTokens(Int)
    /// Brackets, braces and statements inside one another.
    case nesting(Int)
    /// A loop whose trip count is not a constant: `while` or `do`, a `for` not of the form
    /// `for (int i = 0; i < 8; i++)` with constant bounds and step, or one whose index its body changes.
    case loopNotConstant
    /// Iterations of nested loops, multiplied.
    case loopIterations(Int)
    /// Tokens run for one pixel (loops and calls counted).
    case work(Int)

    /// The limit in words.
    public var description: String {
        switch self {
        case let .expandedTokens(n): return "over \(n) tokens once its macros are expanded (the limit)"
        case let .macroNesting(n): return "macros expanded inside one another over \(n) deep (the limit)"
        case let .statementTokens(n): return "a statement over \(n) tokens long (the limit)"
        case let .nesting(n): return "brackets or statements nested over \(n) deep (the limit)"
        case .loopNotConstant:
            return "a loop without constant bounds (the limit: for loops of the form for (int i = 0; i < 8; i++), as GLSL ES 1.00's Appendix A)"
        case let .loopIterations(n): return "loops running over \(n) times (the limit, nested loops multiplied)"
        case let .work(n): return "over \(n) tokens run for one pixel, loops and calls counted (the limit)"
        }
    }
}
