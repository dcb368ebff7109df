import GLFunJSONText

/// Why an event log could not be read: the file, the line, and what is wrong there.
public struct EventLogError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What is wrong on the line.
    public enum Kind: Error, Equatable, Sendable {
        /// The line is not a JSON object.
        case notAnObject
        /// A field has the wrong JSON type.
        case wrongType(key: String)
        case missing(key: String, expected: String)
        case outOfRange(key: String, value: Double, range: ClosedRange<Double>)
        case unknownPhase(String?)
        case unknownType(String)
        case unknownModifier(String)
        /// Times must not decrease from one line to the next.
        case timeGoesBack(t: Double, after: Double)
        /// Objects and arrays nest deeper than the limit.
        case tooDeep(limit: Int)
        /// Not JSON: what was expected, and the 1-based column (byte) where.
        case syntax(String, column: Int)
        /// An object has this key twice.
        case duplicateKey(String)
        /// A line is longer than the limit, in bytes.
        case lineTooLong(limit: Int)
        /// More touches down at once than the limit.
        case tooManyTouches(limit: Int)
        /// A field that takes a whole number 0...2^64-1 holds another number (as written).
        case notAWholeNumber(key: String, text: String)
        /// The file is not UTF-8 or UTF-16 text.
        case encoding
    }
    /// The file read (or a name for the text).
    public var file: String
    /// 1-based.
    public var line: Int
    /// What is wrong there.
    public var kind: Kind

    /// An error on `line` (1-based) of `file`.
    public init(file: String, line: Int, kind: Kind) {
        self.file = file
        self.line = line
        self.kind = kind
    }

    /// `file:line:` and what is wrong there.
    public var description: String {
        let w = "\(file):\(line)"
        switch kind {
        case .notAnObject: return "\(w): expected a JSON object (one event a line)"
        case let .syntax(message, column): return "\(w): not valid JSON (column \(column): \(message))"
        case let .duplicateKey(key): return "\(w): the key \(JSONText.excerpt(key)) appears twice"
        case let .lineTooLong(limit): return "\(w): the line is longer than \(limit) bytes (an event line is under 200)"
        case let .tooManyTouches(limit): return "\(w): more than \(limit) touches down at once"
        case let .notAWholeNumber(key, text): return "\(w): \(key): expected a whole number 0...18446744073709551615, not \(text)"
        case .encoding: return "\(w): not UTF-8 or UTF-16 text (UTF-32)"
        case let .wrongType(key): return "\(w): \(key): wrong type"
        case let .missing(key, expected): return "\(w): \(key): expected \(expected)"
        case let .outOfRange(key, value, range):
            return "\(w): \(key): \(value) is out of range \(range.lowerBound)...\(range.upperBound)"
        case .unknownPhase: return "\(w): phase: expected one of began, moved, stationary, ended, cancelled"
        case let .unknownType(type):
            return "\(w): type: unknown event type \(JSONText.excerpt(type)) (session, resize, touch, key, scroll, tick)"
        case let .unknownModifier(n): return "\(w): modifiers: unknown modifier \(JSONText.excerpt(n)) (ctrl, shift, alt)"
        case let .timeGoesBack(t, last): return "\(w): t goes back in time (\(t) after \(last))"
        case let .tooDeep(limit): return "\(w): arrays and objects nest deeper than \(limit) levels"
        }
    }
}
