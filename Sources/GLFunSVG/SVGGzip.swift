internal import CGLFunXML
import Foundation

/// gzip'd SVG (.svgz, an `<image>`'s gzip'd data): recognised by gzip's magic bytes (1f 8b),
/// inflated by zlib within `SVGLimits.maxBytes`.
enum SVGGzip {
    static func isGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// `bytes` inflated when they are gzip'd, else as they are.
    static func inflatedIfGzip(_ bytes: [UInt8]) throws(SVGError) -> [UInt8] {
        guard isGzip(bytes) else { return bytes }
        let limit = SVGLimits.maxBytes
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        let rc = bytes.withUnsafeBufferPointer { glfun_gunzip($0.baseAddress, $0.count, limit, &out, &count) }
        defer { free(out) }
        switch rc {
        case 0: return out.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        case 2: throw .tooLarge(bytes: limit + 1, limit: limit)
        default: throw .damagedGzip
        }
    }
}
