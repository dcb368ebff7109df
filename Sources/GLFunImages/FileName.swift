import Foundation

/// File names as the system has them, bytes, kept in a Swift `String` without loss. A name
/// that is valid UTF-8 is that text; any byte of a name that is not (a file made on a system
/// in Latin-1, "\u{FF}\u{FE}.png" written by a program) is kept as one private-use character,
/// U+F780 + (byte - 0x80), as are the bytes of a name's own U+F780...U+F7FF characters, so
/// every name comes back to exactly its bytes when it is opened (`RegularFile`, libmpv). Before,
/// such names came back from Foundation's listing as "��.png", a file that is not there.
///
///     let names = try FileName.contentsOfDirectory("slides")   // readdir, "." and ".." left out
///     let fd = FileName.withCString(path) { open($0, O_RDONLY) }
public enum FileName {
    /// The first of the 128 characters that stand for the bytes 0x80...0xFF.
    static let escapeBase: UInt32 = 0xF780

    /// A name's bytes as a string (valid UTF-8 as text, other bytes escaped).
    public static func string(_ bytes: some Collection<UInt8>) -> String {
        let b = Array(bytes)
        if let text = String(validating: b, as: UTF8.self), !text.unicodeScalars.contains(where: isEscape) { return text }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < b.count {
            if let (scalar, length) = scalar(b, at: i), !isEscape(scalar) {
                out.append(scalar)
                i += length
            } else {
                let n = scalar(b, at: i)?.1 ?? 1
                for k in i..<(i + n) { out.append(b[k] < 0x80 ? Unicode.Scalar(b[k]) : Unicode.Scalar(escapeBase + UInt32(b[k] - 0x80))!) }
                i += n
            }
        }
        return String(out)
    }

    /// The bytes `string` was made from (escapes back to their bytes; no NUL at the end).
    public static func bytes(_ name: String) -> [UInt8] {
        guard name.unicodeScalars.contains(where: isEscape) else { return Array(name.utf8) }
        var out: [UInt8] = []
        for s in name.unicodeScalars {
            if isEscape(s) { out.append(UInt8(s.value - escapeBase + 0x80)) } else { out += Array(String(s).utf8) }
        }
        return out
    }

    /// Calls `body` with the path's bytes as a C string.
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        let b = bytes(path).map { CChar(bitPattern: $0) } + [0]
        return try b.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The names in a folder (readdir: every entry but "." and "..", hidden ones included), in
    /// the order the system gives them.
    /// - Throws: the `FileProblem` opening it had.
    public static func contentsOfDirectory(_ path: String) throws(FileProblem) -> [String] {
        guard let dir = withCString(path, { opendir($0) }) else { throw FileProblem(errno: errno) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(string(name)) }
        }
        return names
    }

    /// Whether `path` is a folder (a link counts as what it points to); nil when nothing is
    /// there (or a link that points nowhere).
    public static func isDirectory(_ path: String) -> Bool? {
        var st = stat()
        guard withCString(path, { stat($0, &st) }) == 0 else { return nil }
        return (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Command-line arguments as the names they are: Swift's `CommandLine.arguments` (and so
    /// an argument parser's values) show bytes that are not UTF-8 as U+FFFD, which names no
    /// file; each value with a U+FFFD is replaced by the raw argument it came from (`string`
    /// of its bytes). Values the command line does not hold are kept as they are.
    public static func fromCommandLine(_ values: [String]) -> [String] {
        guard values.contains(where: { $0.unicodeScalars.contains("\u{FFFD}") }) else { return values }
        let raw = (0..<Int(CommandLine.argc)).compactMap { i in
            CommandLine.unsafeArgv[i].map { p in Array(UnsafeBufferPointer(start: p, count: strlen(p))).map { UInt8(bitPattern: $0) } }
        }
        return values.map { value in
            guard value.unicodeScalars.contains("\u{FFFD}") else { return value }
            // The argument itself, or an option's value written --option=value.
            for bytes in raw {
                if String(decoding: bytes, as: UTF8.self) == value { return string(bytes) }
                if let eq = bytes.firstIndex(of: 0x3D), String(decoding: bytes[(eq + 1)...], as: UTF8.self) == value {
                    return string(bytes[(eq + 1)...])
                }
            }
            return value
        }
    }

    static func isEscape(_ s: Unicode.Scalar) -> Bool { s.value >= escapeBase && s.value < escapeBase + 0x80 }

    /// The scalar a valid UTF-8 sequence at `i` encodes and its length, or nil.
    static func scalar(_ b: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
        let lead = b[i]
        let n = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
        guard n > 0, i + n <= b.count else { return nil }
        guard let s = String(validating: b[i..<(i + n)], as: UTF8.self)?.unicodeScalars.first else { return nil }
        return (s, n)
    }
}
