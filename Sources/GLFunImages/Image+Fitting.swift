internal import CJPEG
import Foundation

// Photos decoded for showing: upright (Exif orientation), at about the size they are shown, and
// never larger than a texture may be. A JPEG is decoded smaller by libjpeg itself (DCT scaling,
// 1/8 to 8/8: the smallest eighth still at least the shown size), which skips most of the
// work; a PNG is decoded whole. Then what is still twice the shown size or more, or larger than
// `limits.maxSide`, is shrunk by area averaging (`reduced(toWidth:height:)`). So the result is
// under twice the shown size on each side and within maxSide x maxSide.
//
// The bounds, checked from the header before pixel memory is allocated:
// - `limits.maxSide` is not a refusal here: larger pictures are reduced to it.
// - `limits.maxBytes` bounds the largest RGBA buffer decoded: a PNG's whole image (so a
//   100000x100000 PNG is refused, `.imageTooLarge(.bytes)`), a JPEG's scaled output (a smaller
//   eighth is taken when the one asked for is over it; refused only if 1/8 is).
// - libjpeg's working memory is bounded by 2 x maxBytes: a progressive or multi-scan JPEG keeps
//   its whole coefficient image whatever the scale (3 bytes a pixel at 4:2:0, 6 at 4:4:4:
//   with the default 256 MiB about 170 or 85 megapixels), `.imageTooLarge(.decoderMemory)`.
//   A baseline JPEG streams: any size JPEG can state (65535 a side) is decoded at 1/8.

extension Image {
    /// Decodes a PNG, JPEG, WebP, GIF (first frame), HEIC or AVIF for showing in `fit`: upright,
    /// at about the shown size, within `limits.maxSide` (see above for the bounds), in sRGB
    /// unless `color` is `.keepStored`.
    /// - Throws: `.badSignature(expected: nil)`, `.imageTooLarge` (`.bytes` or
    ///   `.decoderMemory`), `.decode`, `.outOfMemory`.
    public init(data: [UInt8], fitting fit: ImageFit, limits: Limits = Limits(),
                color: ColorHandling = .convertToSRGB) throws(ImageError) {
        var image: Image
        var space = EmbeddedColorSpace.sRGB
        let whole = Limits(maxSide: Int(Int32.max), maxBytes: limits.maxBytes)
        if data.starts(with: Image.jpegSignature) {
            image = try Image.decodeJPEG(data, fitting: fit, limits: limits)
            space = EmbeddedColorSpace(jpegData: data)
        } else if data.starts(with: Image.pngSignature) {
            image = try Image(pngData: data, limits: whole, color: .keepStored)
            space = EmbeddedColorSpace(pngData: data)
        } else {
            image = try Image(otherFormatData: data, limits: whole, color: color, fit: fit)
        }
        // Under twice the shown size, and within maxSide.
        let shown = fit.shownSize(width: image.width, height: image.height)
        var box = (image.width, image.height)
        if image.width >= 2 * shown.width && image.height >= 2 * shown.height { box = (shown.width, shown.height) }
        box = (min(box.0, max(1, limits.maxSide)), min(box.1, max(1, limits.maxSide)))
        let size = image.sizeReduced(toFit: box.0, box.1)
        if size != (image.width, image.height) {
            image = try image.reduced(toWidth: size.width, height: size.height)
        }
        // Converted once reduced: the same colours, on a quarter of the pixels or fewer.
        if color == .convertToSRGB { image.convertToSRGB(from: space) }
        self = image
    }

    /// Reads a PNG or JPEG file and decodes it for showing in `fit`.
    /// - Throws: `.io(path:problem:)` when the file cannot be read; any failure of
    ///   `init(data:fitting:limits:)` wrapped in `.file(path:_:)`.
    public init(contentsOfFile path: String, fitting fit: ImageFit, limits: Limits = Limits(),
                color: ColorHandling = .convertToSRGB) throws(ImageError) {
        let data = try Image.readFile(path)
        do {
            try self.init(data: data, fitting: fit, limits: limits, color: color)
        } catch {
            throw .file(path: path, error)
        }
    }

    /// A file's bytes, read straight into one array (a photo's few megabytes are not copied
    /// twice), or `.io` saying why not.
    public static func readFile(_ path: String) throws(ImageError) -> [UInt8] {
        let fd: Int32
        do { fd = try RegularFile.open(path) } catch { throw .io(path: path, problem: error) }
        defer { close(fd) }
        let size: Int
        do { size = try RegularFile.size(fd) } catch { throw .io(path: path, problem: error) }
        try requireMemory(size, for: "the \(size)-byte file \(path)")
        do { return try RegularFile.read(fd, upTo: size).bytes } catch { throw .io(path: path, problem: error) }
    }

    /// The eighth of its size (1...8) to decode a w x h JPEG at so that it still covers `fit`
    /// shown upright, lowered while the output would be over `maxBytes`; nil when even 1/8 is.
    static func jpegScale(width w: Int, height h: Int, orientation: ImageOrientation, fit: ImageFit,
                          maxBytes: Int) -> Int? {
        let (dw, dh) = orientation.swapsAxes ? (h, w) : (w, h)
        let need = min(1, fit.scale(width: dw, height: dh))
        var eighths = min(8, max(1, Int((need * 8 - 1e-9).rounded(.up))))
        func outBytes(_ m: Int) -> Int { rgbaByteCount((w * m + 7) / 8, (h * m + 7) / 8) }
        while eighths > 1 && outBytes(eighths) > maxBytes { eighths -= 1 }
        return outBytes(eighths) > maxBytes ? nil : eighths
    }

    /// The block side a w x h scaled JPEG output is averaged by as it is decoded: 1 when it is
    /// within `DecodeBudget.fullCanvasBytes` (every ordinary photo); else the largest that keeps
    /// it twice the shown size each way, raised until it is within that bound.
    static func jpegReduction(width w: Int, height h: Int, orientation: ImageOrientation, fit: ImageFit) -> Int {
        guard rgbaByteCount(w, h) > DecodeBudget.fullCanvasBytes else { return 1 }
        let (uw, uh) = orientation.swapsAxes ? (h, w) : (w, h)
        let shown = fit.shownSize(width: uw, height: uh)
        var k = max(1, min(uw / max(1, 2 * shown.width), uh / max(1, 2 * shown.height)))
        while rgbaByteCount(DecodeBudget.sampled(w, k), DecodeBudget.sampled(h, k)) > DecodeBudget.fullCanvasBytes { k += 1 }
        return k
    }

    /// A JPEG decoded at the eighth `jpegScale` picks (averaged down as it comes when that is
    /// still huge: `jpegReduction`), then turned upright.
    static func decodeJPEG(_ data: [UInt8], fitting fit: ImageFit, limits: Limits) throws(ImageError) -> Image {
        let orientation = ImageOrientation(jpegData: data) ?? .up
        var eighths = 8, reduce = 1
        if let (w, h) = Image.headerSize(data, .jpeg) {
            guard let m = jpegScale(width: w, height: h, orientation: orientation, fit: fit, maxBytes: limits.maxBytes)
            else { throw .imageTooLarge(width: w, height: h, limit: .bytes(limits.maxBytes)) }
            eighths = m
            reduce = jpegReduction(width: (w * m + 7) / 8, height: (h * m + 7) / 8, orientation: orientation, fit: fit)
        }
        let maxWork = limits.maxBytes > Int.max / 2 ? Int.max : 2 * limits.maxBytes
        var out: UnsafeMutablePointer<UInt8>?
        var w: UInt32 = 0, h: UInt32 = 0
        var err = [CChar](repeating: 0, count: Int(GLFUN_JPEG_ERR_LEN))
        let rc = data.withUnsafeBufferPointer { buf in
            glfun_jpeg_decode_scaled(buf.baseAddress, buf.count, UInt32(eighths), UInt32(reduce), UInt32.max, limits.maxBytes,
                                     maxWork, &out, &w, &h, &err)
        }
        guard rc == 0, let out else {
            if rc == 2, let (fw, fh) = Image.headerSize(data, .jpeg) {
                throw .imageTooLarge(width: fw, height: fh, limit: .decoderMemory(maxWork))
            }
            throw .decode(format: .jpeg, reason: string(fromCBuffer: err))
        }
        defer { free(out) }
        try requireMemory(Int(w) * Int(h) * 4, for: "a \(w)x\(h) image")
        let image = try Image(width: Int(w), height: Int(h),
                              pixels: Array(UnsafeBufferPointer(start: out, count: Int(w) * Int(h) * 4)))
        return try image.oriented(orientation)
    }
}
