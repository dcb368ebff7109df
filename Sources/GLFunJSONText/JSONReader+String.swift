// Strings for JSONReader: escapes decoded, surrogate pairs joined, control characters and
// lone surrogates refused.
import Foundation

extension JSONReader {
    /// Reads a string value.
    @inlinable
    public mutating func string() throws(JSONSyntaxError) -> String {
        try expect(UInt8(ascii: "\""))
        let start = offset
        // Fast path: no escapes.
        while offset < n, p[offset] != UInt8(ascii: "\""), p[offset] != UInt8(ascii: "\\"), p[offset] >= 0x20 {
            offset += 1
        }
        if offset < n, p[offset] == UInt8(ascii: "\"") {
            let s = String(decoding: UnsafeBufferPointer(start: p + start, count: offset - start), as: UTF8.self)
            offset += 1
            return s
        }
        return try escapedString(from: start)
    }

    @usableFromInline
    mutating func escapedString(from start: Int) throws(JSONSyntaxError) -> String {
        var bytes = Array(UnsafeBufferPointer(start: p + start, count: offset - start))
        while true {
            guard offset < n else { throw fail("unterminated string") }
            let c = p[offset]
            if c == UInt8(ascii: "\"") { offset += 1; break }
            guard c >= 0x20 else { throw fail("control character in a string") }
            if c != UInt8(ascii: "\\") {
                bytes.append(c)
                offset += 1
                continue
            }
            offset += 1
            guard offset < n else { throw fail("unterminated string") }
            let e = p[offset]
            offset += 1
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
                    guard offset + 1 < n, p[offset] == UInt8(ascii: "\\"), p[offset + 1] == UInt8(ascii: "u") else {
                        throw fail("unpaired surrogate in a string")
                    }
                    offset += 2
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

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard offset + 4 <= n else { throw fail("expected 4 hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = p[offset]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("expected 4 hex digits")
            }
            v = v << 4 | d
            offset += 1
        }
        return v
    }
}
