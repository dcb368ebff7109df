import Foundation

/// GIF files written byte by byte at test time: a logical screen of any size a GIF can state
/// (up to 65535 a side) and frames placed on it, each with its disposal, delay and transparent
/// index. The LZW data is literal codes with a clear code every 200 (the code width never grows:
/// simple, and every decoder reads it), for a palette of up to 256 colours (code size 8).
public enum GIFBuilder {
    /// One frame: a `width` x `height` rectangle at (`x`, `y`) of palette indices, row by row.
    public struct Frame: Sendable {
        public var x: Int, y: Int, width: Int, height: Int
        public var indices: [Int]
        /// 0 or 1: left; 2: cleared to transparent; 3: the canvas before it is put back.
        public var disposal: Int
        public var delayCentiseconds: Int
        public var transparent: Int?

        public init(x: Int, y: Int, width: Int, height: Int, indices: [Int], disposal: Int = 1,
                    delayCentiseconds: Int = 10, transparent: Int? = nil) {
            precondition(indices.count == width * height)
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
            (self.indices, self.disposal, self.delayCentiseconds, self.transparent) = (indices, disposal, delayCentiseconds, transparent)
        }

        /// A rectangle of one palette index.
        public init(x: Int, y: Int, width: Int, height: Int, index: Int, disposal: Int = 1, delayCentiseconds: Int = 10) {
            self.init(x: x, y: y, width: width, height: height, indices: Array(repeating: index, count: width * height),
                      disposal: disposal, delayCentiseconds: delayCentiseconds)
        }
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }

    /// The whole file: header, screen of `width` x `height` with `palette` (RGB triples, padded
    /// to 256), a NETSCAPE2.0 loop (forever), the frames, the trailer.
    public static func gif(width: Int, height: Int, palette: [[UInt8]], frames: [Frame]) -> [UInt8] {
        var out = Array("GIF89a".utf8) + le16(width) + le16(height) + [0xF7, 0, 0]
        for i in 0..<256 { out += i < palette.count ? palette[i] : [0, 0, 0] }
        out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        for f in frames {
            let packed = UInt8((f.disposal & 7) << 2 | (f.transparent == nil ? 0 : 1))
            out += [0x21, 0xF9, 4, packed] + le16(f.delayCentiseconds) + [UInt8(f.transparent ?? 0), 0]
            out += [0x2C] + le16(f.x) + le16(f.y) + le16(f.width) + le16(f.height) + [0, 8]
            let data = literalLZW(f.indices)
            for start in stride(from: 0, to: data.count, by: 255) {
                let block = data[start..<min(data.count, start + 255)]
                out += [UInt8(block.count)] + block
            }
            out += [0]
        }
        return out + [0x3B]
    }

    /// Code size 8: 9-bit codes, a clear (256) first and after every 200 literals, end (257) last.
    static func literalLZW(_ indices: [Int]) -> [UInt8] {
        var bytes: [UInt8] = [], bits = 0, count = 0
        func emit(_ code: Int) {
            bits |= code << count
            count += 9
            while count >= 8 { bytes.append(UInt8(bits & 0xFF)); bits >>= 8; count -= 8 }
        }
        for (n, index) in indices.enumerated() {
            if n % 200 == 0 { emit(256) }
            emit(index & 0xFF)
        }
        emit(257)
        if count > 0 { bytes.append(UInt8(bits & 0xFF)) }
        return bytes
    }
}
