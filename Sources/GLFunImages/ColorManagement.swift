internal import CLCMS2
internal import CPNG

// Colour management: a picture's pixels are in the colour space its file states, and a display
// (and GL, which knows none) takes them as sRGB. So every decode converts them to sRGB with
// Little CMS 2 when the file states another space: an ICC profile (JPEG APP2 "ICC_PROFILE",
// possibly split over several markers; PNG iCCP; WebP ICCP; HEIF colr), or PNG's gAMA and cHRM,
// or an AVIF's or HEIF's nclx code points (CICP.swift).
// A file that states nothing, or sRGB (PNG's sRGB chunk; a gAMA of 1/2.2 with sRGB's or no
// chromaticities, which is what encoders write for sRGB), is sRGB and keeps its stored values
// bit for bit. `.keepStored` turns all of this off (texture loaders' stored sample values).
// Not converted: CMYK and Lab profiles (the JPEG decoder's CMYK to RGB is already done), and a
// profile Little CMS cannot read (then the picture is taken as sRGB, as browsers do).

/// What a decode does with a picture's colour space.
public enum ColorHandling: Sendable, Equatable {
    /// Convert the pixels from the space the file states (ICC profile, PNG gAMA/cHRM) to sRGB.
    case convertToSRGB
    /// Keep the stored sample values (what texture loaders such as stb_image do).
    case keepStored
}

/// The colour space a picture's file states, as far as a conversion to sRGB needs it.
enum EmbeddedColorSpace: Equatable {
    /// sRGB, or nothing stated.
    case sRGB
    /// An ICC profile's bytes.
    case icc([UInt8])
    /// PNG's gAMA (file gamma, e.g. 0.45455; 0: sRGB's curve) and cHRM (white, red, green, blue x and y).
    case gamma(Double, chromaticities: [Double]?)
    /// CICP code points (an nclx colr box; the AV1 header): primaries and a transfer curve.
    case cicp(CICP)

    /// The largest profile taken (a real one is a few KiB; a camera's or printer's LUT profile under 1 MiB).
    static let maxProfileBytes = 4 << 20

    /// A JPEG's ICC profile: the APP2 "ICC_PROFILE\0" markers before the scan, joined in their
    /// sequence numbers' order. Missing, repeated or out-of-range pieces: none (sRGB).
    init(jpegData d: [UInt8]) {
        self = .sRGB
        var pieces: [Int: ArraySlice<UInt8>] = [:]
        var count = 0
        var total = 0
        let tag = Array("ICC_PROFILE\0".utf8)
        for (marker, payload) in jpegSegments(d) where marker == 0xE2 {
            let body = d[payload]
            guard body.count > 14, body.prefix(12).elementsEqual(tag) else { continue }
            let seq = Int(body[body.startIndex + 12]), n = Int(body[body.startIndex + 13])
            guard seq >= 1, n >= 1, seq <= n, count == 0 || count == n, pieces[seq] == nil else { return }
            count = n
            pieces[seq] = body.dropFirst(14)
            total += body.count - 14
            if total > EmbeddedColorSpace.maxProfileBytes { return }
        }
        guard count > 0, pieces.count == count else { return }
        self = .icc((1...count).flatMap { pieces[$0]! })
    }

    /// A PNG's colour chunks before IDAT: sRGB wins, then iCCP, then gAMA and cHRM.
    init(pngData d: [UInt8]) {
        self = .sRGB
        var i = 8
        var hasICC = false, gamma: Double?, chrm: [Double]?
        func be32(_ at: Int) -> UInt32 {
            UInt32(d[at]) << 24 | UInt32(d[at + 1]) << 16 | UInt32(d[at + 2]) << 8 | UInt32(d[at + 3])
        }
        while i + 8 <= d.count {
            let length = Int(be32(i))
            guard length <= d.count - i - 12 else { break }
            let type = String(decoding: d[(i + 4)..<(i + 8)], as: UTF8.self)
            let body = i + 8
            switch type {
            case "IDAT", "IEND": i = d.count; continue
            case "sRGB": return
            case "iCCP": hasICC = true
            case "gAMA" where length == 4: gamma = Double(be32(body)) / 100_000
            case "cHRM" where length == 32: chrm = (0..<8).map { Double(be32(body + 4 * $0)) / 100_000 }
            default: break
            }
            i += length + 12
        }
        if hasICC {
            var icc: UnsafeMutablePointer<UInt8>?
            var size = 0
            _ = d.withUnsafeBufferPointer { glfun_png_icc_profile($0.baseAddress, $0.count, &icc, &size) }
            if let icc {
                defer { free(icc) }
                if size <= EmbeddedColorSpace.maxProfileBytes {
                    self = .icc(Array(UnsafeBufferPointer(start: icc, count: size)))
                    return
                }
            }
        }
        let sRGBPrimaries: [Double] = [0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06]
        if let c = chrm, c[1] <= 0 || c.contains(where: { !($0 >= 0 && $0 <= 1) }) { chrm = nil }  // unusable: ignored
        let chrmIsSRGB = chrm.map { zip($0, sRGBPrimaries).allSatisfy { abs($0 - $1) < 0.001 } } ?? true
        if let g = gamma, g > 0, g < 10 {
            // 1/2.2 (what encoders write for sRGB) with sRGB's primaries: sRGB, pixels kept.
            if abs(g - 0.45455) < 0.0005 && chrmIsSRGB { return }
            self = .gamma(g, chromaticities: chrmIsSRGB ? nil : chrm)
        } else if !chrmIsSRGB {
            self = .gamma(0, chromaticities: chrm)
        }
    }
}

extension Image {
    /// The pixels converted from `space` to sRGB (in place); unchanged for `.sRGB` and for a
    /// profile Little CMS cannot use (CMYK, Lab, unreadable: the picture is then taken as sRGB).
    mutating func convertToSRGB(from space: EmbeddedColorSpace) {
        let n = width * height
        switch space {
        case .sRGB:
            return
        case let .icc(profile):
            profile.withUnsafeBufferPointer { icc in
                pixels.withUnsafeMutableBufferPointer { px in
                    _ = glfun_lcms_icc_to_srgb(icc.baseAddress, icc.count, px.baseAddress, n)
                }
            }
        case let .gamma(g, chromaticities):
            pixels.withUnsafeMutableBufferPointer { px in
                if let c = chromaticities {
                    _ = c.withUnsafeBufferPointer { glfun_lcms_gamma_to_srgb(g, $0.baseAddress, px.baseAddress, n) }
                } else {
                    _ = glfun_lcms_gamma_to_srgb(g, nil, px.baseAddress, n)
                }
            }
        case let .cicp(code):
            guard !code.isSRGB else { return }
            let chrm = code.chromaticities ?? [0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06]
            let table = code.table()
            pixels.withUnsafeMutableBufferPointer { px in
                _ = chrm.withUnsafeBufferPointer { c in
                    table.withUnsafeBufferPointer {
                        glfun_lcms_table_to_srgb(c.baseAddress, $0.baseAddress, UInt32($0.count), px.baseAddress, n)
                    }
                }
            }
        }
    }
}
