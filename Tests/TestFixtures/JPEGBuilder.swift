import Foundation

/// JPEG files made at test time: pixels encoded by libjpeg's `cjpeg` (libjpeg-turbo-progs,
/// installed by scripts/setup), and an Exif block with an orientation put into a JPEG.
public enum JPEGBuilder {
    /// Encodes RGB pixels (width * height * 3 bytes, rows top to bottom) with /usr/bin/cjpeg.
    public static func encode(width: Int, height: Int, rgb: [UInt8], quality: Int = 90,
                              progressive: Bool = false, sample: String = "2x2") throws -> [UInt8] {
        precondition(rgb.count == width * height * 3)
        let dir = NSTemporaryDirectory() + "/jpegbuilder-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ppm = dir + "/in.ppm", jpg = dir + "/out.jpg"
        try Data(Array("P6\n\(width) \(height)\n255\n".utf8) + rgb).write(to: URL(fileURLWithPath: ppm))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/cjpeg")
        p.arguments = ["-quality", "\(quality)", "-sample", sample] + (progressive ? ["-progressive"] : [])
            + ["-outfile", jpg, ppm]
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: jpg)))
    }

    /// A width x height picture in four quadrants, red, green / blue, white (as
    /// GLFunGLESTests/Fixtures/quadrants.jpg), with some noise when `noise` (a photo's entropy).
    public static func quadrantsRGB(width: Int, height: Int, noise: Bool = false) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        var state: UInt32 = 2_463_534_242
        for y in 0..<height {
            for x in 0..<width {
                let c: (UInt8, UInt8, UInt8) = y < height / 2 ? (x < width / 2 ? (255, 0, 0) : (0, 255, 0))
                    : (x < width / 2 ? (0, 0, 255) : (255, 255, 255))
                var n = 0
                if noise {
                    state ^= state << 13; state ^= state >> 17; state ^= state << 5
                    n = Int(state % 48) - 24
                }
                let i = (y * width + x) * 3
                out[i] = UInt8(clamping: Int(c.0) + n)
                out[i + 1] = UInt8(clamping: Int(c.1) + n)
                out[i + 2] = UInt8(clamping: Int(c.2) + n)
            }
        }
        return out
    }

    /// The JPEG with an APP1 Exif segment stating `orientation` (tag 0x0112) put right after
    /// its SOI marker (or after its JFIF APP0 segment, `afterAPP0`), in either TIFF byte order.
    public static func withOrientation(_ jpeg: [UInt8], _ orientation: UInt16, littleEndian: Bool,
                                       afterAPP0: Bool = false) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: UInt32) -> [UInt8] {
            littleEndian ? u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16)) : u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF))
        }
        var tiff: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        tiff += u16(42) + u32(8)                         // IFD0 right after the header
        tiff += u16(2)                                   // two entries
        tiff += u16(0x010F) + u16(2) + u32(4) + Array("Cam\0".utf8)          // Make, ASCII, inline
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0)    // Orientation, SHORT
        tiff += u32(0)                                   // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        var at = 2
        if afterAPP0, jpeg.count > 6, jpeg[2] == 0xFF, jpeg[3] == 0xE0 {
            at = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
        }
        return Array(jpeg[..<at]) + segment + Array(jpeg[at...])
    }
}
