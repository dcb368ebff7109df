// The image data giflib refuses: an LZW minimum code size of 9 to 11. GIF's codes are at most
// 12 bits, so a minimum of 11 still works (its first codes are 12 bits wide), and browsers draw
// such files; giflib 5 stops at 8 ("GIF file has no frame", issue 29). Colour indices above
// the colour table's size are left transparent, as giflib's path does for its own.
//
// Bounded: memory is the 4096-entry string table, one string (at most 4096 indices) and the
// caller's row, whatever the frame's size; time is linear in the data (every code but clear
// and end yields at least one index; clear and end codes are limited by the data's length).

/// An LZW decoder over a GIF frame's data sub-blocks, a row at a time.
struct GIFLZW {
    /// The smallest minimum code size giflib refuses, and the largest GIF's 12-bit codes allow.
    static let codeSizes = 9...11

    private let data: [UInt8]
    private var position: Int  // the next byte of the current sub-block
    private var blockEnd: Int  // where the current sub-block ends (its next length byte)
    private var bits: UInt32 = 0
    private var bitCount = 0
    private var dataEnded = false

    private let minCodeSize: Int
    private var codeSize: Int
    private var next: Int
    private var previous: Int?
    private var prefix = [UInt16](repeating: 0, count: 4096)
    private var suffix = [UInt16](repeating: 0, count: 4096)
    private var first = [UInt16](repeating: 0, count: 4096)
    private var length = [UInt16](repeating: 0, count: 4096)
    private var pending = [UInt16](repeating: 0, count: 4096)  // a string, last index first
    private var pendingCount = 0

    /// The decoder for a frame whose code-size byte giflib has just refused: `descriptor` is
    /// where its image descriptor starts (after the 0x2C), `position` where giflib stopped
    /// reading. Nil unless giflib stopped right after the code-size byte and it is 9 to 11.
    init?(data: [UInt8], descriptor: Int, position: Int) {
        guard descriptor >= 0, descriptor + 9 <= data.count else { return nil }
        let flags = data[descriptor + 8]
        let table = flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0
        let codeByte = descriptor + 9 + table
        guard position == codeByte + 1, codeByte < data.count, GIFLZW.codeSizes.contains(Int(data[codeByte])) else {
            return nil
        }
        self.data = data
        minCodeSize = Int(data[codeByte])
        codeSize = minCodeSize + 1
        next = (1 << minCodeSize) + 2
        self.position = position
        blockEnd = position
        for i in 0..<(1 << minCodeSize) {
            suffix[i] = UInt16(i)
            first[i] = UInt16(i)
            length[i] = 1
        }
    }

    /// Where the frame's data ends: after its zero-length sub-block, read from `from` on; nil
    /// when the file ends first.
    static func endOfSubBlocks(_ data: [UInt8], from: Int) -> Int? {
        var p = from
        while p < data.count {
            let n = Int(data[p])
            if n == 0 { return p + 1 }
            p += n + 1
        }
        return nil
    }

    /// The position after the frame's data (for giflib to read the next record from), or nil
    /// when the file ends inside it.
    var end: Int? { GIFLZW.endOfSubBlocks(data, from: blockEnd) }

    /// Fills `row` with the next indices; false when the data ends before the row is full
    /// (what was decoded is in `row`, the rest unchanged).
    mutating func readRow(_ row: inout [UInt16]) -> Bool {
        for x in row.indices {
            guard let index = nextIndex() else { return false }
            row[x] = index
        }
        return true
    }

    private mutating func nextIndex() -> UInt16? {
        if pendingCount == 0 && !decodeString() { return nil }
        pendingCount -= 1
        return pending[pendingCount]
    }

    /// The next code's string into `pending`; false at the end code, at an invalid code or when
    /// the data ends.
    private mutating func decodeString() -> Bool {
        let clear = 1 << minCodeSize
        while true {
            guard let code = readCode() else { return false }
            if code == clear {
                codeSize = minCodeSize + 1
                next = clear + 2
                previous = nil
                continue
            }
            if code == clear + 1 { dataEnded = true; return false }
            guard let prev = previous else {
                guard code < clear else { return false }
                push(code)
                previous = code
                return true
            }
            guard code <= next, code < 4096 else { return false }
            let known = code < next
            if next < 4096 {  // a full table keeps its strings until a clear code (a deferred clear)
                prefix[next] = UInt16(prev)
                suffix[next] = known ? first[code] : first[prev]
                first[next] = first[prev]
                length[next] = length[prev] + 1
                next += 1
                if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
            }
            guard known || code < next else { return false }
            push(code)
            previous = code
            return true
        }
    }

    /// The string of `code`, last index first, into `pending`.
    private mutating func push(_ code: Int) {
        var c = code
        pendingCount = Int(length[c])
        for i in 0..<pendingCount {
            pending[i] = suffix[c]
            c = Int(prefix[c])
        }
    }

    private mutating func readCode() -> Int? {
        while bitCount < codeSize {
            guard !dataEnded, let byte = nextByte() else { return nil }
            bits |= UInt32(byte) << UInt32(bitCount)
            bitCount += 8
        }
        let code = Int(bits & ((1 << UInt32(codeSize)) - 1))
        bits >>= UInt32(codeSize)
        bitCount -= codeSize
        return code
    }

    private mutating func nextByte() -> UInt8? {
        if position == blockEnd {
            guard blockEnd < data.count, data[blockEnd] > 0 else { dataEnded = true; return nil }
            position = blockEnd + 1
            blockEnd = position + Int(data[blockEnd])
        }
        guard position < data.count else { dataEnded = true; return nil }
        defer { position += 1 }
        return data[position]
    }
}
