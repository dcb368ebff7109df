internal import CJPEG
internal import CPNG

// One rectangle of a picture decoded alone, without the rest in memory: the tiles a zoomed-in
// view of a picture larger than GL_MAX_TEXTURE_SIZE is drawn from (DESIGN.md, Photos, "Any
// size"). A JPEG at an eighth of its size (1/8...8/8, libjpeg's DCT scaling): the rows above
// are skipped (jpeg_skip_scanlines), the columns beside are not output (jpeg_crop_scanline),
// the rows below never decoded. A non-interlaced PNG: the rows above are decoded a row at a
// time and dropped, the rows below never read; an interlaced one is decoded whole (within
// `limits.maxBytes`) and cut. Memory: the rectangle plus one row (and libjpeg's own, bounded as
// a fitted decode's). Coordinates are in the picture as stored (before its Exif orientation)
// and, for a JPEG, at the scale asked for; the rectangle is converted to sRGB as a whole
// picture would be.

extension Image {
    /// The rectangle `region` of a PNG or a JPEG (the JPEG scaled to `eighths`/8 first; a PNG
    /// takes only 8), decoded alone. See above for the work and memory it takes.
    /// - Throws: `.badSignature(expected: nil)` for another format; `.badPixels` when the
    ///   region is not inside the picture (or `eighths` is not 1...8, or not 8 for a PNG);
    ///   `.imageTooLarge` (the region's bytes, or libjpeg's working memory); `.decode`.
    public init(data: [UInt8], region: PixelRect, eighths: Int = 8, limits: Limits = Limits(),
                color: ColorHandling = .convertToSRGB) throws(ImageError) {
        let r = region
        guard r.x >= 0, r.y >= 0, r.width > 0, r.height > 0, r.x <= Int(UInt32.max), r.y <= Int(UInt32.max),
              r.width <= Int(UInt32.max), r.height <= Int(UInt32.max), (1...8).contains(eighths) else {
            throw .badPixels("region \(r.x),\(r.y) \(r.width)x\(r.height) at \(eighths)/8")
        }
        try Image.check(width: r.width, height: r.height, Limits(maxSide: .max, maxBytes: limits.maxBytes))
        var out: UnsafeMutablePointer<UInt8>?
        var err = [CChar](repeating: 0, count: 256)
        let format: ImageFormat
        let rc: Int32
        if data.starts(with: Image.jpegSignature) {
            format = .jpeg
            let maxWork = limits.maxBytes > Int.max / 2 ? Int.max : 2 * limits.maxBytes
            rc = data.withUnsafeBufferPointer {
                glfun_jpeg_decode_region($0.baseAddress, $0.count, UInt32(eighths), UInt32(r.x), UInt32(r.y),
                                         UInt32(r.width), UInt32(r.height), maxWork, &out, &err)
            }
            if rc == 2, let (w, h) = Image.headerSize(data, .jpeg) { throw .imageTooLarge(width: w, height: h, limit: .decoderMemory(maxWork)) }
        } else if data.starts(with: Image.pngSignature) {
            format = .png
            guard eighths == 8 else { throw .badPixels("a PNG region is decoded at 8/8, not \(eighths)/8") }
            if let (w, _) = Image.headerSize(data, .png) { try requireMemory(rgbaByteCount(w, 1), for: "a row of a \(w)-pixel PNG") }
            rc = data.withUnsafeBufferPointer {
                glfun_png_decode_region($0.baseAddress, $0.count, UInt32(r.x), UInt32(r.y), UInt32(r.width),
                                        UInt32(r.height), &out, &err)
            }
            if rc == 4 {  // interlaced: whole, then cut
                let whole = try Image(pngData: data, limits: Limits(maxSide: .max, maxBytes: limits.maxBytes), color: color)
                self = try whole.cropped(to: r)
                return
            }
        } else {
            throw .badSignature(expected: nil)
        }
        if rc == 3 { throw .badPixels("region \(r.x),\(r.y) \(r.width)x\(r.height): \(string(fromCBuffer: err))") }
        guard rc == 0, let out else { throw .decode(format: format, reason: string(fromCBuffer: err)) }
        defer { free(out) }
        try self.init(width: r.width, height: r.height,
                      pixels: Array(UnsafeBufferPointer(start: out, count: r.width * r.height * 4)))
        if color == .convertToSRGB {
            convertToSRGB(from: format == .jpeg ? EmbeddedColorSpace(jpegData: data) : EmbeddedColorSpace(pngData: data))
        }
    }

    /// The pixels of `region` (inside the image).
    /// - Throws: `.badPixels` when the region is not inside.
    public func cropped(to region: PixelRect) throws(ImageError) -> Image {
        let r = region
        guard r.x >= 0, r.y >= 0, r.width > 0, r.height > 0, r.x + r.width <= width, r.y + r.height <= height else {
            throw .badPixels("region \(r.x),\(r.y) \(r.width)x\(r.height) outside \(width)x\(height)")
        }
        var p = [UInt8]()
        p.reserveCapacity(r.width * r.height * 4)
        for y in r.y..<(r.y + r.height) {
            let start = (y * width + r.x) * 4
            p += pixels[start..<(start + r.width * 4)]
        }
        return try Image(width: r.width, height: r.height, pixels: p)
    }
}
