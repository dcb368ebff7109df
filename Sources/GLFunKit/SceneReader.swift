import Foundation

// MARK: - The streaming reader

/// Reads scene JSON straight from bytes into raw values (RFC 8259 syntax; no intermediate
/// tree, no per-value allocation but strings and the shapes array).
struct SceneReader {
    private let p: UnsafePointer<UInt8>
    private let n: Int
    private var i = 0

    struct Syntax: Error {
        var message: String
        var offset: Int
        /// Valid JSON, but not an object: a wrong document rather than broken JSON.
        var notAnObject = false
    }

    static func parse(_ data: Data) throws(SceneError) -> Scene {
        var bytes = [UInt8](data)
        bytes.append(0)  // strtod stops at the terminator at worst
        let raw: RawScene
        do {
            raw = try bytes.withUnsafeBufferPointer { buf throws(Syntax) in
                var r = SceneReader(p: buf.baseAddress!, n: buf.count - 1)
                return try r.document()
            }
        } catch {
            if error.notAnObject { throw SceneError(path: "", message: "expected an object (a scene)") }
            let (line, column) = SceneReader.position(of: error.offset, in: bytes)
            throw SceneError(path: "", message: "not valid JSON (line \(line), column \(column): \(error.message))")
        }
        return try Scene(validating: raw)
    }

    private static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, column = 1
        for b in bytes.prefix(min(offset, bytes.count - 1)) {
            if b == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    private init(p: UnsafePointer<UInt8>, n: Int) {
        self.p = p
        self.n = n
    }

    private func fail(_ m: String) -> Syntax { Syntax(message: m, offset: i) }

    private mutating func skipSpace() {
        while i < n, p[i] == 0x20 || p[i] == 0x0A || p[i] == 0x0D || p[i] == 0x09 { i += 1 }
    }

    private mutating func peek() -> UInt8? {
        skipSpace()
        return i < n ? p[i] : nil
    }

    private mutating func expect(_ c: UInt8) throws(Syntax) {
        guard peek() == c else {
            throw fail(i < n ? "expected '\(Character(UnicodeScalar(c)))'" : "unexpected end of data")
        }
        i += 1
    }

    mutating func document() throws(Syntax) -> RawScene {
        var raw = RawScene()
        guard peek() == UInt8(ascii: "{") else {
            if peek() == nil { throw fail("the document is empty") }
            // Valid JSON that is not an object: a wrong document, said the same way.
            try skipValue()
            guard peek() == nil else { throw fail("unexpected text after the document") }
            var e = fail("expected an object")
            e.notAnObject = true
            throw e
        }
        try object { (r: inout SceneReader, key: String) throws(Syntax) in
            switch key {
            case "version": raw.version = try r.numberField()
            case "width": raw.width = try r.numberField()
            case "height": raw.height = try r.numberField()
            case "scale": raw.scale = try r.numberField()
            case "background": raw.background = try r.colorField()
            case "shapes": raw.shapes = try r.shapesField()
            default: try r.skipValue()
            }
        }
        guard peek() == nil else { throw fail("unexpected text after the document") }
        return raw
    }

    /// How deep objects and arrays may nest. A scene needs 4 levels; the limit keeps the
    /// recursive reader's stack small whatever the input (105,000 `[` once overflowed it).
    static let maxDepth = 256
    private var depth = 0

    private mutating func enter() throws(Syntax) {
        depth += 1
        guard depth <= SceneReader.maxDepth else {
            throw fail("arrays and objects nest deeper than \(SceneReader.maxDepth) levels")
        }
    }

    /// Reads an object, calling `body` with each key, positioned at its value.
    private mutating func object(_ body: (inout SceneReader, String) throws(Syntax) -> Void) throws(Syntax) {
        try enter()
        defer { depth -= 1 }
        try expect(UInt8(ascii: "{"))
        if peek() == UInt8(ascii: "}") { i += 1; return }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw fail("expected a key (a string)") }
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try body(&self, key)
            switch peek() {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "}"): i += 1; return
            default: throw fail("expected ',' or '}'")
            }
        }
    }

    /// Reads an array, calling `body` at each element.
    private mutating func array(_ body: (inout SceneReader) throws(Syntax) -> Void) throws(Syntax) {
        try enter()
        defer { depth -= 1 }
        try expect(UInt8(ascii: "["))
        if peek() == UInt8(ascii: "]") { i += 1; return }
        while true {
            try body(&self)
            switch peek() {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "]"): i += 1; return
            default: throw fail("expected ',' or ']'")
            }
        }
    }

    private mutating func isNumberStart() -> Bool {
        guard let c = peek() else { return false }
        return c == UInt8(ascii: "-") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    private mutating func numberField() throws(Syntax) -> Field<Double> {
        if isNumberStart() { return .value(try number()) }
        try skipValue()
        return .invalid
    }

    private mutating func stringField() throws(Syntax) -> Field<String> {
        if peek() == UInt8(ascii: "\"") { return .value(try string()) }
        try skipValue()
        return .invalid
    }

    /// An array of numbers, or `.invalid` (and the value skipped) if it is anything else.
    private mutating func numbersField() throws(Syntax) -> Field<[Double]> {
        guard peek() == UInt8(ascii: "[") else {
            try skipValue()
            return .invalid
        }
        var v: [Double] = []
        var ok = true
        try array { (r: inout SceneReader) throws(Syntax) in
            if ok && r.isNumberStart() {
                v.append(try r.number())
            } else {
                ok = false
                try r.skipValue()
            }
        }
        return ok ? .value(v) : .invalid
    }

    private mutating func colorField() throws(Syntax) -> Field<RawColor> {
        switch peek() {
        case UInt8(ascii: "\""): return .value(.name(try string()))
        case UInt8(ascii: "["):
            if case let .value(v) = try numbersField() { return .value(.numbers(v)) }
            return .invalid
        default:
            try skipValue()
            return .invalid
        }
    }

    private mutating func shapesField() throws(Syntax) -> Field<[RawShape]> {
        guard peek() == UInt8(ascii: "[") else {
            try skipValue()
            return .invalid
        }
        var shapes: [RawShape] = []
        try array { (r: inout SceneReader) throws(Syntax) in
            var s = RawShape()
            if r.peek() == UInt8(ascii: "{") {
                try r.object { (r: inout SceneReader, key: String) throws(Syntax) in
                    switch key {
                    case "type": s.type = try r.stringField()
                    case "from": s.from = try r.numbersField()
                    case "to": s.to = try r.numbersField()
                    case "at": s.at = try r.numbersField()
                    case "color": s.color = try r.colorField()
                    case "width": s.width = try r.numberField()
                    case "image": s.image = try r.stringField()
                    default: try r.skipValue()
                    }
                }
            } else {
                s.isObject = false
                try r.skipValue()
            }
            shapes.append(s)
        }
        return .value(shapes)
    }

    /// A JSON number (strict grammar), converted by strtod.
    private mutating func number() throws(Syntax) -> Double {
        let start = i
        func digits() -> Int {
            let s = i
            while i < n, p[i] >= UInt8(ascii: "0"), p[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        if p[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        let intDigits = digits()
        guard intDigits > 0 else { throw fail("expected a number") }
        if intDigits > 1 && p[intStart] == UInt8(ascii: "0") { throw fail("a number may not start with 0") }
        if i < n, p[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("expected digits after '.'") }
        }
        if i < n, p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("expected digits in the exponent") }
        }
        // The next byte is not part of a number, so strtod stops exactly at i.
        return (p + start).withMemoryRebound(to: CChar.self, capacity: i - start + 1) { strtod($0, nil) }
    }

    /// A JSON string, escapes decoded.
    private mutating func string() throws(Syntax) -> String {
        try expect(UInt8(ascii: "\""))
        let start = i
        // Fast path: no escapes.
        while i < n, p[i] != UInt8(ascii: "\""), p[i] != UInt8(ascii: "\\"), p[i] >= 0x20 { i += 1 }
        if i < n, p[i] == UInt8(ascii: "\"") {
            let s = String(decoding: UnsafeBufferPointer(start: p + start, count: i - start), as: UTF8.self)
            i += 1
            return s
        }
        var bytes = Array(UnsafeBufferPointer(start: p + start, count: i - start))
        while true {
            guard i < n else { throw fail("unterminated string") }
            let c = p[i]
            if c == UInt8(ascii: "\"") { i += 1; break }
            guard c >= 0x20 else { throw fail("control character in a string") }
            if c != UInt8(ascii: "\\") {
                bytes.append(c)
                i += 1
                continue
            }
            i += 1
            guard i < n else { throw fail("unterminated string") }
            let e = p[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(e)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 1 < n, p[i] == UInt8(ascii: "\\"), p[i + 1] == UInt8(ascii: "u") else {
                        throw fail("unpaired surrogate in a string")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate in a string") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw fail("unpaired surrogate in a string")
                }
                bytes.append(contentsOf: Array(String(Character(UnicodeScalar(scalar)!)).utf8))
            default:
                throw fail("unknown escape in a string")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func hex4() throws(Syntax) -> UInt32 {
        guard i + 4 <= n else { throw fail("expected 4 hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = p[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("expected 4 hex digits")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    private mutating func literal(_ word: String) throws(Syntax) {
        for b in word.utf8 {
            guard i < n, p[i] == b else { throw fail("unexpected character") }
            i += 1
        }
    }

    /// Skips any JSON value, checking its syntax.
    private mutating func skipValue() throws(Syntax) {
        guard let c = peek() else { throw fail("unexpected end of data") }
        switch c {
        case UInt8(ascii: "{"): try object { (r: inout SceneReader, _: String) throws(Syntax) in try r.skipValue() }
        case UInt8(ascii: "["): try array { (r: inout SceneReader) throws(Syntax) in try r.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default:
            guard isNumberStart() else { throw fail("unexpected character") }
            _ = try number()
        }
    }
}
