/// gzip files made at test time: one stored (uncompressed) deflate block and its CRC-32, so a
/// test needs no compressor and commits no file.
public enum GzipBuilder {
    /// `bytes` (under 64 KiB) as a gzip member.
    public static func stored(_ bytes: [UInt8]) -> [UInt8] {
        precondition(bytes.count < 65_536)
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        let n = UInt16(bytes.count)
        return [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
            + [1, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)] + bytes
            + le32(crc) + le32(UInt32(bytes.count))
    }
}
