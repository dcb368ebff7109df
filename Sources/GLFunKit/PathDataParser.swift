/// SVG path data (the `d` attribute) into a `Path`: commands M L H V C S Q T A Z, absolute
/// (upper case) and relative (lower case), repeated implicitly (numbers after M or m are
/// lines), numbers in SVG's grammar ("1.5.5" is 1.5 and .5, "-1-2" is -1 and -2, exponents),
/// arc flags packed without separators ("a1 1 0 011 1"), commas and white space between.
extension Path {
    /// Longest path data read, in bytes of UTF-8.
    public static let maxSVGDataBytes = 1 << 20

    /// Reads SVG path data. The empty string (or only white space) is the empty path.
    /// Every number and every point it makes must be finite and within
    /// ±`Scene.maxCoordinate`. Arcs become cubics (`svgArc`); H and V become lines; S and T
    /// reflect the previous curve's last control point, as SVG says.
    public init(svgData: String) throws(PathDataError) {
        var reader = PathDataReader(svgData)
        self = try reader.read()
        compact()
    }
}

/// The parser's state: the bytes, the position, the current and subpath-start points and
/// the last control point (for S and T).
struct PathDataReader {
    let text: String
    let bytes: [UInt8]
    var i = 0
    var path = Path()
    var current = Point.zero
    var start = Point.zero
    /// The last cubic's second control point or the last quad's control point, and which.
    var lastCubicControl: Point?
    var lastQuadControl: Point?

    init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    // MARK: Errors with character offsets

    func error(_ kind: PathDataError.Kind, at byte: Int) -> PathDataError {
        // In ASCII without CR a byte is a character; otherwise count (CR LF is one Character,
        // as is a letter with its combining marks).
        if bytes[..<min(byte, bytes.count)].allSatisfy({ $0 < 0x80 && $0 != 0x0D }) 
            && (byte >= bytes.count || bytes[byte] < 0x80) && (byte + 1 >= bytes.count || bytes[byte + 1] < 0x80) {
            let found: Character? = byte < bytes.count ? Character(Unicode.Scalar(bytes[byte])) : nil
            if case .unexpectedCharacter = kind, let found { return PathDataError(.unexpectedCharacter(found), offset: byte, found: found) }
            return PathDataError(kind, offset: byte, found: found)
        }
        guard byte < bytes.count else { return PathDataError(kind, offset: text.count) }
        // The character holding the byte (a cluster may start before it).
        let target = text.utf8.index(text.utf8.startIndex, offsetBy: byte)
        var at = text.startIndex, offset = 0
        while true {
            let next = text.index(after: at)
            if next > target || next == text.endIndex { break }
            at = next
            offset += 1
        }
        let found = text[at]
        if case .unexpectedCharacter = kind { return PathDataError(.unexpectedCharacter(found), offset: offset, found: found) }
        return PathDataError(kind, offset: offset, found: found)
    }

    // MARK: Scanning

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    mutating func skipSpace() {
        while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
    }

    /// White space, then a comma and white space if there is one; whether a comma was passed.
    mutating func skipSeparator() -> Bool {
        skipSpace()
        if i < bytes.count, bytes[i] == 0x2C {
            i += 1
            skipSpace()
            return true
        }
        return false
    }

    /// Whether a number starts here.
    func atNumber() -> Bool {
        guard i < bytes.count else { return false }
        let b = bytes[i]
        if Self.isDigit(b) { return true }
        if b == 0x2E { return i + 1 < bytes.count && Self.isDigit(bytes[i + 1]) }
        if b == 0x2B || b == 0x2D {
            guard i + 1 < bytes.count else { return false }
            let c = bytes[i + 1]
            return Self.isDigit(c) || (c == 0x2E && i + 2 < bytes.count && Self.isDigit(bytes[i + 2]))
        }
        return false
    }

    /// A number in SVG's grammar: sign? (digits ("." digits?)? | "." digits) (e sign? digits)?
    mutating func number() throws(PathDataError) -> Double {
        guard atNumber() else { throw error(.expectedNumber, at: i) }
        let begin = i
        let negative = bytes[i] == 0x2D
        if bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
        // The digits as a whole number as they go, for the fast path below.
        var mantissa: UInt64 = 0, digits = 0, fraction = 0
        while i < bytes.count, Self.isDigit(bytes[i]) {
            if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 0x30) }
            digits += 1
            i += 1
        }
        if i < bytes.count, bytes[i] == 0x2E {
            i += 1
            while i < bytes.count, Self.isDigit(bytes[i]) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 0x30) }
                digits += 1
                fraction += 1
                i += 1
            }
        }
        var exponent = false
        if i < bytes.count, bytes[i] == 0x65 || bytes[i] == 0x45 {
            var j = i + 1
            if j < bytes.count, bytes[j] == 0x2B || bytes[j] == 0x2D { j += 1 }
            if j < bytes.count, Self.isDigit(bytes[j]) {
                exponent = true
                i = j
                while i < bytes.count, Self.isDigit(bytes[i]) { i += 1 }
            }
        }
        // Clinger's fast path: at most 15 digits (a whole number below 2^53, exact in a Double)
        // over a power of ten up to 10^22 (exact too): the one division rounds correctly, so
        // the value is strtod's, bit for bit, without making a string.
        if !exponent, digits > 0, digits <= 15, fraction <= 22 {
            let v = Double(mantissa) / Self.powersOfTen[fraction]
            if v <= Double(Scene.maxCoordinate) { return negative ? -v : v }
            throw error(.outOfRange, at: begin)
        }
        let s = String(decoding: bytes[begin..<i], as: UTF8.self)
        guard let v = Double(s), v.isFinite, abs(v) <= Double(Scene.maxCoordinate) else {
            throw error(.outOfRange, at: begin)
        }
        return v
    }

    /// 10^0 ... 10^22, each exact in a Double.
    static let powersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13,
                                        1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    /// An arc flag: one character, 0 or 1.
    mutating func flag() throws(PathDataError) -> Bool {
        guard i < bytes.count, bytes[i] == 0x30 || bytes[i] == 0x31 else { throw error(.expectedFlag, at: i) }
        i += 1
        return bytes[i - 1] == 0x31
    }

    /// A point: absolute, or relative to the current point; checked against the range.
    mutating func point(_ relative: Bool) throws(PathDataError) -> Point {
        let at = i
        let x = try number()
        _ = skipSeparator()
        let y = try number()
        return try checked(relative ? Double(current.x) + x : x, relative ? Double(current.y) + y : y, at: at)
    }

    func checked(_ x: Double, _ y: Double, at: Int) throws(PathDataError) -> Point {
        let p = Point(Float(x), Float(y))
        let m = Scene.maxCoordinate
        guard abs(p.x) <= m, abs(p.y) <= m else { throw error(.outOfRange, at: at) }
        return p
    }
}
