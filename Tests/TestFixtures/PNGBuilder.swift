/// Bytes the test suites build by hand (shared by GLFunGLESTests, GLFunKitTests and CLITests):
/// PNG files libpng would never write, with checksums computed here, independent of
/// libpng and zlib.


/// CRC-32 (ISO-HDLC, the one PNG and zlib use), bitwise: independent of libpng and zlib.
public func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var c: UInt32 = 0xffff_ffff
    for b in bytes {
        c ^= UInt32(b)
        for _ in 0..<8 { c = (c & 1) != 0 ? (c >> 1) ^ 0xedb8_8320 : c >> 1 }
    }
    return ~c
}

public func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1, b: UInt32 = 0
    for x in bytes {
        a = (a + UInt32(x)) % 65521
        b = (b + a) % 65521
    }
    return b << 16 | a
}

public func bigEndian(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)]
}

/// Builds PNG files byte by byte, so tests can make headers libpng would never write.
public enum PNGBuilder {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    public static func ihdr(width: UInt32, height: UInt32, depth: UInt8 = 8, colorType: UInt8 = 6) -> [UInt8] {
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [depth, colorType, 0, 0, 0])
    }

    /// A zlib stream holding `raw` in one stored (uncompressed) block.
    public static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        let n = UInt16(raw.count)
        return [0x78, 0x01, 0x01, UInt8(n & 0xff), UInt8(n >> 8), UInt8(~n & 0xff), UInt8(~n >> 8)] + raw
            + bigEndian(adler32(raw))
    }

    /// A complete RGBA8 PNG, each row with filter type 0.
    public static func rgba(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            raw += pixels[(y * width * 4)..<((y + 1) * width * 4)]
        }
        return signature + ihdr(width: UInt32(width), height: UInt32(height)) + chunk("IDAT", zlibStored(raw))
            + chunk("IEND", [])
    }

    /// A PNG whose header claims `width` x `height` RGBA but whose IDAT holds one tiny row.
    public static func hugeHeader(width: UInt32, height: UInt32) -> [UInt8] {
        signature + ihdr(width: width, height: height) + chunk("IDAT", zlibStored([0, 1, 2, 3, 4]))
            + chunk("IEND", [])
    }
}
