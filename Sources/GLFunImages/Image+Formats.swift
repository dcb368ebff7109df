internal import CHEIF
internal import CWebP
import Foundation

// The formats beyond PNG and JPEG, each decoded whole to RGBA8, upright and in sRGB:
// - WebP (libwebp): a still, or an animation's first frame; its EXIF chunk's orientation and
//   its ICCP profile honoured.
// - HEIC and AVIF (libheif, opened at the first one: CHEIF's shim): the primary image, with the
//   container's own turns and mirrors (irot, imir) applied by libheif, which HEIF makes the
//   authority on orientation (its Exif orientation, when there is one, says the same and is
//   not applied again); its ICC profile honoured.
// - GIF (giflib): the first frame (`AnimationDecoder` plays them all).
// The limits are checked from each header before pixel memory is allocated.

extension ImageFormat {
    /// The format a file's first bytes (12 are enough) name, among those `Image` decodes; nil for none.
    public init?(sniffing head: [UInt8]) {
        if head.starts(with: Image.jpegSignature) { self = .jpeg }
        else if head.starts(with: Image.pngSignature) { self = .png }
        else if let other = Image.otherFormat(head) { self = other }
        else { return nil }
    }
}

extension Image {
    /// The format `data`'s first bytes name, among those this file decodes.
    static func otherFormat(_ d: [UInt8]) -> ImageFormat? {
        if d.count >= 12, d[0..<4].elementsEqual("RIFF".utf8), d[8..<12].elementsEqual("WEBP".utf8) { return .webp }
        if d.count >= 6, d[0..<6].elementsEqual("GIF87a".utf8) || d[0..<6].elementsEqual("GIF89a".utf8) { return .gif }
        if d.count >= 12, d[4..<8].elementsEqual("ftyp".utf8) {
            let brands = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"]
            if brands.contains(String(decoding: d[8..<12], as: UTF8.self)) { return .heif }
        }
        return nil
    }

    /// Decodes WebP, GIF (first frame), HEIC or AVIF data; for `fit` (what is shown), within
    /// its `DecodeBudget` (a GIF's screen composed sampled, others refused over it).
    /// - Throws: `.badSignature(expected: nil)` when it is none of them, `.imageTooLarge`, `.decode`.
    init(otherFormatData data: [UInt8], limits: Limits, color: ColorHandling, fit: ImageFit? = nil) throws(ImageError) {
        switch Image.otherFormat(data) {
        case .webp?: try self.init(webpData: data, limits: limits, color: color, fit: fit)
        case .gif?:
            let gif = try AnimationDecoder(data: data, limits: limits, color: color, fit: fit)
            guard let first = try gif.nextFrame() else { throw .decode(format: .gif, reason: "no frame") }
            self = first.image
        case .heif? where Image.isAVIF(data):
            try self.init(avifData: data, limits: limits, color: color, budget: fit.map(DecodeBudget.bytes(for:)))
        case .heif?: try self.init(heifData: data, limits: limits, color: color)
        default: throw .badSignature(expected: nil)
        }
    }

    /// Whether `size` is within `limits`, or the error saying which bound it breaks.
    static func check(width w: Int, height h: Int, _ limits: Limits) throws(ImageError) {
        if w > limits.maxSide || h > limits.maxSide { throw .imageTooLarge(width: w, height: h, limit: .side(limits.maxSide)) }
        if rgbaByteCount(w, h) > limits.maxBytes { throw .imageTooLarge(width: w, height: h, limit: .bytes(limits.maxBytes)) }
    }

    /// A WebP still (or an animation's first frame), upright and converted to sRGB.
    init(webpData data: [UInt8], limits: Limits, color: ColorHandling, fit: ImageFit? = nil) throws(ImageError) {
        let meta = try WebPMetadata(data)
        if meta.animated {
            let anim = try AnimationDecoder(data: data, limits: limits, color: color, fit: fit)
            guard let first = try anim.nextFrame() else { throw .decode(format: .webp, reason: "no frame") }
            self = first.image
            return
        }
        try Image.check(width: meta.width, height: meta.height, limits)
        var w: Int32 = 0, h: Int32 = 0
        let out = data.withUnsafeBufferPointer { WebPDecodeRGBA($0.baseAddress, $0.count, &w, &h) }
        guard let out else { throw .decode(format: .webp, reason: "the image data could not be decoded") }
        defer { WebPFree(out) }
        try self.init(width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: out, count: Int(w) * Int(h) * 4)))
        if color == .convertToSRGB, let icc = meta.icc { convertToSRGB(from: .icc(icc)) }
        if let o = meta.orientation, o != .up { self = try oriented(o) }
    }

    /// A HEIC (or AVIF) file's primary image through libheif, upright and converted to sRGB.
    init(heifData data: [UInt8], limits: Limits, color: ColorHandling) throws(ImageError) {
        // libheif with its codecs (loaded at the first picture) and libde265's worker thread take
        // about 110 MiB of address space; under a tight `ulimit -v` libde265 then waited forever
        // for a thread it could not start. Asked for first, it is a clean `.outOfMemory`.
        try requireMemory(Image.heifWorkingSpace, for: "libheif and its decoders")
        var out: UnsafeMutablePointer<UInt8>?, icc: UnsafeMutablePointer<UInt8>?
        var w: UInt32 = 0, h: UInt32 = 0, iccSize = 0
        var cicp: [Int32] = [2, 2]
        var err = [CChar](repeating: 0, count: Int(GLFUN_HEIF_ERR_LEN))
        let rc = data.withUnsafeBufferPointer {
            glfun_heif_decode($0.baseAddress, $0.count, UInt32(clamping: limits.maxSide), limits.maxBytes,
                              &out, &w, &h, &icc, &iccSize, &cicp, &err)
        }
        defer { free(out); free(icc) }
        guard rc == 0, let out else {
            let reason = string(fromCBuffer: err)
            if rc == 2, let (fw, fh) = Image.heifSize(reason) { try Image.check(width: fw, height: fh, limits) }
            if reason.contains("Security limit exceeded"), let (fw, fh) = Image.heifSize(reason, marker: "Image size") {
                throw .imageTooLarge(width: fw, height: fh, limit: .side(limits.maxSide))
            }
            throw .decode(format: .heif, reason: reason)
        }
        try self.init(width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: out, count: Int(w) * Int(h) * 4)))
        if color == .convertToSRGB, let icc, iccSize > 0 {
            convertToSRGB(from: .icc(Array(UnsafeBufferPointer(start: icc, count: iccSize))))
        } else if color == .convertToSRGB {
            convertToSRGB(from: .cicp(CICP(primaries: Int(cicp[0]), transfer: Int(cicp[1]))))
        }
    }

    /// Address space libheif needs beyond the picture (its libraries, threads and buffers).
    static let heifWorkingSpace = 160 << 20

    /// The size in the shims' "image too large: WxH" message, or after `marker` in libheif's
    /// "Image size WxH exceeds the maximum image size" (its own check of the limit we give it).
    private static func heifSize(_ reason: String, marker: String? = nil) -> (Int, Int)? {
        var text = Substring(reason)
        if let marker {
            guard let r = reason.range(of: marker + " ") else { return nil }
            text = reason[r.upperBound...]
        }
        let word = marker == nil ? text.split(separator: " ").last : text.split(separator: " ").first
        let parts = word?.split(separator: "x").compactMap { Int($0) } ?? []
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
}

/// What a WebP file's container says before any pixel is decoded: the canvas, whether it is
/// animated, its ICC profile and its EXIF orientation.
struct WebPMetadata {
    var width: Int
    var height: Int
    var animated: Bool
    var icc: [UInt8]?
    var orientation: ImageOrientation?

    /// The container read by libwebp's demuxer.
    /// - Throws: `.decode(format: .webp, …)` when it cannot be read.
    init(_ data: [UInt8]) throws(ImageError) {
        var result: WebPMetadata?
        data.withUnsafeBufferPointer { buf in
            var webp = WebPData(bytes: buf.baseAddress, size: buf.count)
            guard let demux = WebPDemux(&webp) else { return }
            defer { WebPDemuxDelete(demux) }
            let flags = WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS)
            func chunk(_ name: String) -> [UInt8]? {
                var it = WebPChunkIterator()
                guard WebPDemuxGetChunk(demux, name, 1, &it) != 0 else { return nil }
                defer { WebPDemuxReleaseChunkIterator(&it) }
                guard it.chunk.size <= EmbeddedColorSpace.maxProfileBytes else { return nil }
                return Array(UnsafeBufferPointer(start: it.chunk.bytes, count: it.chunk.size))
            }
            var orientation: ImageOrientation?
            if flags & UInt32(EXIF_FLAG.rawValue) != 0, var exif = chunk("EXIF") {
                if !exif.starts(with: Array("Exif\0\0".utf8)) { exif = Array("Exif\0\0".utf8) + exif }
                orientation = ImageOrientation(exifSegment: exif[...])
            }
            result = WebPMetadata(
                width: Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH)), height: Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT)),
                animated: flags & UInt32(ANIMATION_FLAG.rawValue) != 0,
                icc: flags & UInt32(ICCP_FLAG.rawValue) != 0 ? chunk("ICCP") : nil, orientation: orientation)
        }
        guard let result, result.width > 0, result.height > 0 else {
            throw .decode(format: .webp, reason: "the WebP container could not be read")
        }
        self = result
    }

    private init(width: Int, height: Int, animated: Bool, icc: [UInt8]?, orientation: ImageOrientation?) {
        self.width = width
        self.height = height
        self.animated = animated
        self.icc = icc
        self.orientation = orientation
    }
}
