internal import CAVIF
import Foundation

// AVIF through libavif (CAVIF's shim opens it at the first AVIF): libavif turns YUV of any
// depth, range and matrix into full-range RGB (libheif 1.15 left limited-range monochrome and
// alpha planes unexpanded) and unpremultiplies a premultiplied alpha. The primary image (a
// sequence's first frame), grids joined, cropped by its clap box; its irot and imir applied
// here, HEIF's authority on orientation (its Exif orientation is not applied again); its ICC
// profile, else its CICP (nclx box or AV1 header), converted to sRGB.

extension Image {
    /// Whether HEIF data is AVIF: an ftyp whose major brand is avif or avis, or a mif1/msf1 one
    /// that lists avif or avis among its compatible brands and not heic.
    static func isAVIF(_ d: [UInt8]) -> Bool {
        guard d.count >= 16, d[4..<8].elementsEqual("ftyp".utf8) else { return false }
        let size = Int(d[0]) << 24 | Int(d[1]) << 16 | Int(d[2]) << 8 | Int(d[3])
        func brand(_ at: Int) -> String { String(decoding: d[at..<(at + 4)], as: UTF8.self) }
        let major = brand(8)
        if major == "avif" || major == "avis" { return true }
        guard major == "mif1" || major == "msf1" else { return false }
        let brands = stride(from: 16, to: min(size, d.count) - 3, by: 4).map(brand)
        return brands.contains { $0 == "avif" || $0 == "avis" } && !brands.contains { $0.hasPrefix("he") }
    }

    /// An AVIF file's primary image, upright and converted to sRGB. What its decode holds at once
    /// (planes, RGBA and our copy, from the container's size) is checked before libavif
    /// allocates them: over `budget` it is refused, and when the address space cannot be had,
    /// `.outOfMemory`.
    /// - Throws: `.imageTooLarge` (from the container; `.decoderMemory` over `budget`),
    ///   `.outOfMemory`, `.decode(format: .heif, …)`.
    init(avifData data: [UInt8], limits: Limits, color: ColorHandling, budget: Int? = nil) throws(ImageError) {
        // libavif with its codecs (loaded at the first picture) and dav1d's threads: as libheif.
        try requireMemory(Image.heifWorkingSpace, for: "libavif and its decoders")
        var out: UnsafeMutablePointer<UInt8>?
        var info = glfun_avif_info()
        var err = [CChar](repeating: 0, count: Int(GLFUN_AVIF_ERR_LEN))
        let rc = data.withUnsafeBufferPointer {
            glfun_avif_decode($0.baseAddress, $0.count, UInt32(clamping: limits.maxSide), limits.maxBytes,
                              budget ?? Int.max, &out, &info, &err)
        }
        defer { free(out); free(info.icc) }
        guard rc == GLFUN_AVIF_OK, let out else {
            if rc == GLFUN_AVIF_TOO_LARGE { try Image.check(width: Int(info.width), height: Int(info.height), limits) }
            if rc == GLFUN_AVIF_OVER_WORK {
                throw .imageTooLarge(width: Int(info.width), height: Int(info.height), limit: .decoderMemory(budget ?? Int.max))
            }
            if rc == GLFUN_AVIF_NO_MEMORY {
                throw .outOfMemory(what: "decoding a \(info.width)x\(info.height) AVIF", bytes: Int(clamping: info.work))
            }
            throw .decode(format: .heif, reason: "libavif: " + string(fromCBuffer: err))
        }
        let (w, h) = (Int(info.width), Int(info.height))
        try self.init(width: w, height: h, pixels: Array(UnsafeBufferPointer(start: out, count: w * h * 4)))
        if color == .convertToSRGB, let icc = info.icc, info.icc_size > 0 {
            convertToSRGB(from: .icc(Array(UnsafeBufferPointer(start: icc, count: info.icc_size))))
        } else if color == .convertToSRGB {
            convertToSRGB(from: .cicp(CICP(primaries: Int(info.primaries), transfer: Int(info.transfer))))
        }
        let o = ImageOrientation(heifRotation: Int(info.rotation), mirror: Int(info.mirror))
        if o != .up { self = try oriented(o) }
    }
}

extension ImageOrientation {
    /// HEIF's irot (`rotation` quarter turns anti-clockwise) followed by its imir (`mirror`: 0
    /// exchanges top and bottom, 1 left and right, -1 none) as one Exif orientation.
    init(heifRotation rotation: Int, mirror: Int) {
        let table: [[ImageOrientation]] = [  // [rotation][none, top-bottom, left-right]
            [.up, .downMirrored, .upMirrored],
            [.left, .leftMirrored, .rightMirrored],
            [.down, .upMirrored, .downMirrored],
            [.right, .rightMirrored, .leftMirrored],
        ]
        self = table[rotation & 3][mirror < 0 ? 0 : mirror == 0 ? 1 : 2]
    }
}
