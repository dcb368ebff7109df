import GLES

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
        case let .unknownParameter(source, name): return "\(source): no parameter \"\(name)\" (no such uniform)"
        }
    }
}
