import Foundation

/// Why SVG path data could not be read (`Path(svgData:)`): what was wrong, where, and what
/// was found there.
public struct PathDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Equatable, Sendable {
        /// A character that starts no command where a command was due.
        case unexpectedCharacter(Character)
        /// A command's number is missing (another character or the end came first).
        case expectedNumber
        /// An arc's large-arc or sweep flag is not 0 or 1.
        case expectedFlag
        /// The data does not start with M or m.
        case missingMoveTo
        /// A number, or a point it makes, is not finite or beyond ±`Scene.maxCoordinate`.
        case outOfRange
        /// The data is longer than `limit` bytes of UTF-8.
        case tooLong(limit: Int)
    }

    /// What was wrong.
    public var kind: Kind
    /// The 0-based index, in characters (Swift's `Character`: a CR LF pair, or a letter and
    /// its combining marks, is one), of the offending character; the data's length in
    /// characters if it ended too soon.
    public var offset: Int
    /// The character at `offset`; nil at the end of the data.
    public var found: Character?

    /// An error of `kind` at character `offset`, where `found` was.
    public init(_ kind: Kind, offset: Int, found: Character? = nil) {
        self.kind = kind
        self.offset = offset
        self.found = found
    }

    /// One line, e.g. "at character 12: unexpected 'x' (expected a number)".
    public var description: String {
        let what = found.map { "unexpected \(Self.shown($0))" } ?? "the data ends"
        let why: String
        switch kind {
        case let .unexpectedCharacter(c):
            return "at character \(offset): unexpected \(Self.shown(c)) (expected a command: M, L, H, V, C, S, Q, T, A or Z, or a number)"
        case .expectedNumber: why = "expected a number"
        case .expectedFlag: why = "expected an arc flag, 0 or 1"
        case .missingMoveTo: why = "path data must start with M or m"
        case .outOfRange:
            return "at character \(offset): a number out of range (coordinates must be finite and within ±\(Int(Scene.maxCoordinate)))"
        case let .tooLong(limit):
            return "at character \(offset): path data longer than \(limit) bytes"
        }
        return "at character \(offset): \(what) (\(why))"
    }

    /// A character as a message shows it: 'x', or its code points (U+0000) when it is a
    /// control or format character or white space other than a space, which a terminal
    /// would act on or not show.
    static func shown(_ c: Character) -> String {
        let plain = c.unicodeScalars.allSatisfy { s in
            s == " " || !(s.properties.generalCategory == .control || s.properties.generalCategory == .format
                          || s.properties.isWhitespace)
        }
        if plain { return "'\(c)'" }
        return c.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
    }
}
