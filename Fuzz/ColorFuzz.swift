// libFuzzer target `color`: the colour path (GLFunImages' conversion to sRGB through Little CMS) fed
// PNGs written here around the input, so that every run reaches it: the first byte picks an
// iCCP chunk (the rest of the input as the ICC profile, zlib-stored) or gAMA and cHRM chunks
// (the rest as their numbers); a 3x2 picture of fixed colours follows. Any input must give a
// 3x2 image (a profile Little CMS cannot read is taken as sRGB) or an ImageError, never a crash.
// CICP (nclx) is reached by the heif and heifgrid targets (nclx AVIF seeds). Built and run by
// scripts/fuzz/run.
import GLFunImages

private func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

private func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
        c ^= UInt32(b)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return ~c
}

private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return be32(UInt32(data.count)) + body + be32(crc32(body))
}

/// zlib with stored (uncompressed) blocks.
private func zlibStored(_ raw: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var at = 0
    repeat {
        let n = min(65535, raw.count - at), last: UInt8 = at + n >= raw.count ? 1 : 0
        out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)] + raw[at..<(at + n)]
        at += n
    } while at < raw.count
    var a: UInt32 = 1, b: UInt32 = 0
    for x in raw { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
    return out + be32(b << 16 | a)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzColor(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let mode = input.first else { return 0 }
    let rest = Array(input.dropFirst())
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += chunk("IHDR", be32(3) + be32(2) + [8, 6, 0, 0, 0])
    if mode & 1 == 0 {
        png += chunk("iCCP", Array("fuzz".utf8) + [0, 0] + zlibStored(rest))
    } else {
        png += chunk("gAMA", Array(rest.prefix(4)))
        if rest.count > 4 { png += chunk("cHRM", Array(rest.dropFirst(4).prefix(32))) }
    }
    let pixels: [UInt8] = [0, 255, 0, 0, 255, 0, 255, 0, 0, 0, 255, 128,
                           0, 30, 60, 90, 255, 255, 255, 0, 128, 128, 128, 255, 0, 0, 0, 255]
    png += chunk("IDAT", zlibStored(pixels))
    png += chunk("IEND", [])
    guard let image = try? Image(data: png, limits: Image.Limits(maxSide: 16, maxBytes: 4096)) else { return 0 }
    if image.width != 3 || image.height != 2 || image.pixels.count != 24 { fatalError("\(image.width)x\(image.height)") }
    return 0
}
