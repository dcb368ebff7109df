// What the readers share before and after the JSON itself: turning a file's bytes into UTF-8
// (byte-order marks and UTF-16 accepted), and quoting a value in a message without echoing
// megabytes of it.
import Foundation

/// A file that is not text the readers can take.
public enum TextEncodingError: Error, Equatable, Sendable {
    /// UTF-32 (by its byte-order mark): JSON is UTF-8, and UTF-16 is converted, but not this.
    case utf32
}

extension JSONText {
    /// The file's text as UTF-8: a UTF-8 byte-order mark dropped; UTF-16 (little or big
    /// endian, with a byte-order mark, or without one when the text starts with an ASCII
    /// character, as JSON does) converted. UTF-8 comes back as a slice of `data`, not a copy.
    public static func utf8Bytes(_ data: Data) throws(TextEncodingError) -> Data {
        func byte(_ k: Int) -> UInt8 { data.count > k ? data[data.startIndex + k] : 1 }
        let (b0, b1, b2, b3) = (byte(0), byte(1), byte(2), byte(3))
        if (b0 == 0xFF && b1 == 0xFE && b2 == 0 && b3 == 0) || (b0 == 0 && b1 == 0 && b2 == 0xFE && b3 == 0xFF) {
            throw .utf32
        }
        if b0 == 0xEF && b1 == 0xBB && b2 == 0xBF { return data.dropFirst(3) }
        var skip = 0
        let utf16: String.Encoding
        if b0 == 0xFF && b1 == 0xFE { utf16 = .utf16LittleEndian; skip = 2 }
        else if b0 == 0xFE && b1 == 0xFF { utf16 = .utf16BigEndian; skip = 2 }
        else if b0 != 0 && b1 == 0 && data.count >= 2 { utf16 = .utf16LittleEndian }
        else if b0 == 0 && b1 != 0 && data.count >= 2 { utf16 = .utf16BigEndian }
        else { return data }
        let units = data.dropFirst(skip)
        let text = String(data: units.count % 2 == 0 ? units : units.dropLast(), encoding: utf16) ?? ""
        return Data(text.utf8)
    }

    /// `utf8Bytes(data)` copied into an array followed by one NUL (the readers' terminator).
    public static func utf8Text(_ data: Data) throws(TextEncodingError) -> [UInt8] {
        let text = try utf8Bytes(data)
        var out: [UInt8] = []
        out.reserveCapacity(text.count + 1)
        out.append(contentsOf: text)
        out.append(0)
        return out
    }

    /// A value quoted for a message: whole when short, else its first `limit` characters and
    /// how long it was (a 10 MB string is never echoed whole).
    public static func excerpt(_ s: String, limit: Int = 40) -> String {
        var it = s.makeIterator()
        var head = ""
        for _ in 0..<limit {
            guard let c = it.next() else { return string(s) }
            head.append(c)
        }
        if it.next() == nil { return string(s) }
        return string(head) + "… (\(s.utf8.count) bytes)"
    }
}
