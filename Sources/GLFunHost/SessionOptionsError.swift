/// A session's option that is not what its app accepts: from a recording's session line or
/// from the command line, the same check and the same error. It names the option and the value,
/// and what would have been accepted (`kind`), for a caller or a test to act on.
public struct SessionOptionsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the value.
    public enum Kind: Equatable, Sendable {
        /// Not `true` or `false`.
        case notABool
        /// Not a number (or not a whole one, where a whole one is needed).
        case notANumber
        /// A name the app does not know; `known` lists those it does.
        case unknownName(known: [String])
        /// A number outside the values accepted (`range` says which, as a person reads it).
        case outOfRange(range: String)
        /// An option the app needs is missing or empty.
        case missing
    }

    /// The option's name, as the session line and the command line spell it.
    public var key: String
    /// The value given.
    public var value: String
    /// What is wrong with it.
    public var kind: Kind

    /// An error about option `key` whose value is `value`.
    public init(key: String, value: String, kind: Kind) {
        self.key = key
        self.value = value
        self.kind = kind
    }

    /// The option, the value and what is accepted, in one line.
    public var description: String {
        switch kind {
        case .notABool: return "\(key) must be true or false, not \"\(value)\""
        case .notANumber: return "\(key) must be a number, not \"\(value)\""
        case let .unknownName(known): return "\(key) must be one of \(known.joined(separator: ", ")), not \(value)"
        case let .outOfRange(range): return "\(key) must be \(range), not \(value)"
        case .missing: return "\(key) is missing"
        }
    }
}
