// JSONReader: a pull reader over JSON bytes (RFC 8259), shared by the scene reader and the
// event log. It builds no tree: the caller asks for an object (and is called back with each
// key), an array (called back at each element), a string, a number, or to skip a value. It
// holds every input to three limits that make it safe on hostile bytes: nesting depth
// (`maxDepth`, so the recursion's stack stays small), duplicate keys (an error naming the key,
// never "the last one wins"), and strict syntax. It is not a general JSON library: it has no
// writer (see JSONText) and no tree type.
import Foundation

/// Why JSON could not be read, and where (a byte offset into the reader's input).
public struct JSONSyntaxError: Error, Equatable, Sendable {
    /// What is wrong.
    public enum Kind: Equatable, Sendable {
        /// Not JSON: the message says what was expected.
        case syntax(String)
        /// Arrays and objects nest deeper than the limit.
        case tooDeep(limit: Int)
        /// An object has the same key twice.
        case duplicateKey(String)
    }
    /// What is wrong.
    public var kind: Kind
    /// The byte offset into the reader's input.
    public var offset: Int

    /// An error of `kind` at byte `offset`.
    public init(_ kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// The message without the position: `expected ',' or '}'`, `duplicate key "width"`.
    public var message: String {
        switch kind {
        case let .syntax(m): return m
        case let .tooDeep(limit): return "arrays and objects nest deeper than \(limit) levels"
        case let .duplicateKey(k): return "the key \(JSONText.excerpt(k)) appears twice in one object"
        }
    }
}

/// Reads JSON from bytes the caller keeps alive. The byte after the last one must be readable
/// and not part of a number (a NUL terminator): numbers are converted in place by strtod.
public struct JSONReader {
    @usableFromInline let p: UnsafePointer<UInt8>
    @usableFromInline let n: Int
    /// The offset of the next unread byte.
    public var offset: Int
    /// The deepest nesting of arrays and objects accepted.
    @usableFromInline var depth = 0
    public let maxDepth: Int
    /// The keys of the objects being read, innermost last (duplicate detection without an
    /// allocation per object); `keyBase[d]` is where depth d's keys start.
    @usableFromInline var keys: [String] = []
    @usableFromInline var keyBase: [Int] = []
    /// Objects with many keys switch to a set (so a hostile object is not quadratic).
    @usableFromInline var keySets: [Int: Set<String>] = [:]

    /// - Parameters:
    ///   - bytes: the input; `bytes[count]` must be readable (a terminator, see above).
    ///   - maxDepth: how deep arrays and objects may nest.
    /// A UTF-8 byte-order mark at the start is skipped.
    public init(_ bytes: UnsafePointer<UInt8>, count: Int, maxDepth: Int) {
        p = bytes
        n = count
        self.maxDepth = maxDepth
        offset = count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// A syntax error saying `message`, at the current offset.
    @inlinable
    public func fail(_ message: String) -> JSONSyntaxError { JSONSyntaxError(.syntax(message), offset: offset) }

    @inlinable
    mutating func skipSpace() {
        while offset < n, p[offset] == 0x20 || p[offset] == 0x0A || p[offset] == 0x0D || p[offset] == 0x09 {
            offset += 1
        }
    }

    /// The next byte that is not white space, or nil at the end.
    @inlinable
    public mutating func peek() -> UInt8? {
        skipSpace()
        return offset < n ? p[offset] : nil
    }

    @inlinable
    mutating func expect(_ c: UInt8) throws(JSONSyntaxError) {
        guard peek() == c else {
            throw fail(offset < n ? "expected '\(Character(UnicodeScalar(c)))'" : "unexpected end of data")
        }
        offset += 1
    }

    /// Whether only white space is left.
    @inlinable
    public mutating func atEnd() -> Bool { peek() == nil }

    @inlinable
    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= maxDepth else { throw JSONSyntaxError(.tooDeep(limit: maxDepth), offset: offset) }
    }

    /// Reads an object, calling `body` with each key, positioned at its value (which `body`
    /// must read or skip).
    @inlinable
    public mutating func object(_ body: (inout JSONReader, String) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        try enter()
        try expect(UInt8(ascii: "{"))
        keyBase.append(keys.count)
        defer {
            keys.removeSubrange(keyBase.removeLast()...)
            if !keySets.isEmpty { keySets[depth] = nil }
            depth -= 1
        }
        if peek() == UInt8(ascii: "}") { offset += 1; return }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw fail("expected a key (a string)") }
            let at = offset
            let key = try string()
            try noteKey(key, at: at)
            try expect(UInt8(ascii: ":"))
            try body(&self, key)
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"): offset += 1; return
            default: throw fail("expected ',' or '}'")
            }
        }
    }

    @inlinable
    mutating func noteKey(_ key: String, at: Int) throws(JSONSyntaxError) {
        let base = keyBase[keyBase.count - 1]
        if keys.count - base < 16 {
            for k in keys[base...] where k == key { throw JSONSyntaxError(.duplicateKey(key), offset: at) }
            keys.append(key)
            return
        }
        if keySets[depth] == nil { keySets[depth] = Set(keys[base...]) }
        // Inserted in place (a copy taken out of the dictionary would make this quadratic).
        guard keySets[depth, default: []].insert(key).inserted else {
            throw JSONSyntaxError(.duplicateKey(key), offset: at)
        }
    }

    /// Reads an array, calling `body` at each element (which `body` must read or skip).
    @inlinable
    public mutating func array(_ body: (inout JSONReader) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        try enter()
        defer { depth -= 1 }
        try expect(UInt8(ascii: "["))
        if peek() == UInt8(ascii: "]") { offset += 1; return }
        while true {
            try body(&self)
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"): offset += 1; return
            default: throw fail("expected ',' or ']'")
            }
        }
    }

    /// Whether the next value is a number.
    @inlinable
    public mutating func isNumberStart() -> Bool {
        guard let c = peek() else { return false }
        return c == UInt8(ascii: "-") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    /// Reads a number token (strict grammar); returns where it starts and whether it is a
    /// whole number written without a fraction or an exponent.
    @inlinable
    mutating func numberToken() throws(JSONSyntaxError) -> (start: Int, plainInteger: Bool) {
        skipSpace()
        let start = offset
        func digits() -> Int {
            let s = offset
            while offset < n, p[offset] >= UInt8(ascii: "0"), p[offset] <= UInt8(ascii: "9") { offset += 1 }
            return offset - s
        }
        var plain = true
        if offset < n, p[offset] == UInt8(ascii: "-") { offset += 1 }
        let intStart = offset
        let intDigits = digits()
        guard intDigits > 0 else { throw fail("expected a number") }
        if intDigits > 1 && p[intStart] == UInt8(ascii: "0") { throw fail("a number may not start with 0") }
        if offset < n, p[offset] == UInt8(ascii: ".") {
            offset += 1
            plain = false
            guard digits() > 0 else { throw fail("expected digits after '.'") }
        }
        if offset < n, p[offset] == UInt8(ascii: "e") || p[offset] == UInt8(ascii: "E") {
            offset += 1
            plain = false
            if offset < n, p[offset] == UInt8(ascii: "+") || p[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw fail("expected digits in the exponent") }
        }
        return (start, plain)
    }

    /// A number, converted by strtod (so `1e999` is infinity: callers check finiteness).
    @inlinable
    public mutating func number() throws(JSONSyntaxError) -> Double {
        let start = try numberToken().start
        // The byte after the token is not part of a number, so strtod stops exactly there.
        return (p + start).withMemoryRebound(to: CChar.self, capacity: offset - start + 1) { strtod($0, nil) }
    }

    /// A number that must be a whole number 0...UInt64.max written plainly (`42`, not `42.0`
    /// or `4.2e1`): the number is read either way; nil when it is not such a number.
    public mutating func unsignedInteger() throws(JSONSyntaxError) -> UInt64? {
        let (start, plain) = try numberToken()
        guard plain, p[start] != UInt8(ascii: "-") else { return nil }
        var v: UInt64 = 0
        for k in start..<offset {
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(UInt64(p[k] - UInt8(ascii: "0")))
            if o1 || o2 { return nil }
            v = a
        }
        return v
    }

    /// The input from `start` to the current offset, as written, for messages (at most
    /// `limit` bytes, then an ellipsis).
    public func text(from start: Int, limit: Int = 40) -> String {
        let count = max(0, offset - start)
        let s = String(decoding: UnsafeBufferPointer(start: p + start, count: min(limit, count)), as: UTF8.self)
        return count > limit ? s + "…" : s
    }

    /// Reads `true` or `false`; nil (and nothing read) when the next value is neither.
    public mutating func boolean() throws(JSONSyntaxError) -> Bool? {
        switch peek() {
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        default: return nil
        }
    }

    @inlinable
    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let w = word.utf8Start
        for k in 0..<word.utf8CodeUnitCount {
            guard offset < n, p[offset] == w[k] else { throw fail("unexpected character") }
            offset += 1
        }
    }

    /// Skips any value, checking its syntax (and the limits).
    @inlinable
    public mutating func skipValue() throws(JSONSyntaxError) {
        guard let c = peek() else { throw fail("unexpected end of data") }
        switch c {
        case UInt8(ascii: "{"): try object { (r: inout JSONReader, _: String) throws(JSONSyntaxError) in try r.skipValue() }
        case UInt8(ascii: "["): try array { (r: inout JSONReader) throws(JSONSyntaxError) in try r.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default:
            guard isNumberStart() else { throw fail("unexpected character") }
            _ = try numberToken()
        }
    }

    /// The 1-based line and column of a byte offset in `bytes`.
    public static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for b in bytes.prefix(min(offset, bytes.count)) {
            if b == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }
}
