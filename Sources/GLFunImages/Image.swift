internal import CJPEG
internal import CPNG
import GLFunFileOutput
import Foundation

/// Straight (non-premultiplied) RGBA pixels, 8 bits a channel, rows top to
/// bottom: what PNG files hold and what `Framebuffer.readPixels()` returns.
public struct Image: Equatable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// width * height * 4 bytes.
    public var pixels: [UInt8]

    /// Limits checked on an image's header before any pixel memory is allocated.
    public struct Limits: Sendable {
        /// Largest width or height accepted (GL_MAX_TEXTURE_SIZE is a good value).
        public var maxSide: Int = 16384
        /// Largest RGBA8 buffer accepted, in bytes.
        public var maxBytes: Int = 256 << 20
        /// Limits of `maxSide` pixels a side and `maxBytes` of RGBA8 pixels.
        public init(maxSide: Int = 16384, maxBytes: Int = 256 << 20) {
            self.maxSide = maxSide
            self.maxBytes = maxBytes
        }
    }

    /// An image of `pixels` (width × height × 4 bytes, RGBA, rows top to bottom); throws if the count is wrong.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(ImageError) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw .badPixels("\(pixels.count) bytes for a \(width)x\(height) RGBA image")
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A width x height image filled with one color.
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8)) {
        precondition(width > 0 && height > 0, "Image(width:height:fill:) needs a positive size, not \(width)x\(height).")
        self.width = width
        self.height = height
        var p = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: p.count, by: 4) {
            p[i] = fill.0; p[i + 1] = fill.1; p[i + 2] = fill.2; p[i + 3] = fill.3
        }
        pixels = p
    }

    /// Decodes a PNG (libpng): every color type and bit depth, interlaced or
    /// not, becomes RGBA8; 16-bit samples are scaled to 8 and tRNS becomes alpha; converted to
    /// sRGB from its iCCP or gAMA/cHRM unless `color` is `.keepStored` (ColorManagement.swift).
    /// - Throws: `.badSignature(expected: .png)`, `.imageTooLarge` (from the header, before
    ///   decoding), `.decode(format: .png, reason:)` with libpng's message.
    public init(pngData data: [UInt8], limits: Limits = Limits(), color: ColorHandling = .convertToSRGB) throws(ImageError) {
        guard data.starts(with: Image.pngSignature) else { throw .badSignature(expected: .png) }
        try self.init(decoding: data, format: .png, limits: limits, errorLength: Int(GLFUN_PNG_ERR_LEN),
                      glfun_png_decode)
        if color == .convertToSRGB { convertToSRGB(from: EmbeddedColorSpace(pngData: data)) }
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Runs one of the shims' decoders (same signature for libpng and libjpeg) and takes its
    /// malloc'd RGBA8 buffer, or its error message.
    private init(decoding data: [UInt8], format: ImageFormat, limits: Limits, errorLength: Int,
                 _ decode: (UnsafePointer<UInt8>?, Int, UInt32, Int, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                            UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?,
                            UnsafeMutablePointer<CChar>?) -> Int32) throws(ImageError) {
        // The shims check the limits too, but only Swift can say which one as a typed error.
        if let (w, h) = Image.headerSize(data, format) {
            if w > limits.maxSide || h > limits.maxSide { throw .imageTooLarge(width: w, height: h, limit: .side(limits.maxSide)) }
            if rgbaByteCount(w, h) > limits.maxBytes { throw .imageTooLarge(width: w, height: h, limit: .bytes(limits.maxBytes)) }
        }
        var out: UnsafeMutablePointer<UInt8>?
        var w: UInt32 = 0, h: UInt32 = 0
        var err = [CChar](repeating: 0, count: errorLength)
        let rc = data.withUnsafeBufferPointer { buf in
            decode(buf.baseAddress, buf.count, UInt32(clamping: limits.maxSide), limits.maxBytes, &out, &w, &h, &err)
        }
        guard rc == 0, let out else {
            throw .decode(format: format, reason: string(fromCBuffer: err))
        }
        defer { free(out) }
        try requireMemory(Int(w) * Int(h) * 4, for: "a \(w)x\(h) image")
        width = Int(w)
        height = Int(h)
        pixels = Array(UnsafeBufferPointer(start: out, count: Int(w) * Int(h) * 4))
    }

    /// Decodes a JPEG (libjpeg): gray, RGB and CMYK become RGBA8 with alpha 255, converted to
    /// sRGB from its APP2 ICC profile unless `color` is `.keepStored`, turned upright as its Exif
    /// orientation says (`ImageOrientation`; a file without one is left as stored).
    /// - Throws: `.badSignature(expected: .jpeg)`, `.imageTooLarge` (from the header),
    ///   `.decode(format: .jpeg, reason:)` with libjpeg's message.
    public init(jpegData data: [UInt8], limits: Limits = Limits(), color: ColorHandling = .convertToSRGB) throws(ImageError) {
        guard data.starts(with: Image.jpegSignature) else { throw .badSignature(expected: .jpeg) }
        try self.init(decoding: data, format: .jpeg, limits: limits, errorLength: Int(GLFUN_JPEG_ERR_LEN),
                      glfun_jpeg_decode)
        if color == .convertToSRGB { convertToSRGB(from: EmbeddedColorSpace(jpegData: data)) }
        if let o = ImageOrientation(jpegData: data), o != .up { self = try oriented(o) }
    }

    static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// The width and height a PNG's IHDR or a JPEG's first SOFn marker states, or nil
    /// when the header is not where it should be (the decoder then says what is wrong).
    static func headerSize(_ d: [UInt8], _ format: ImageFormat) -> (Int, Int)? {
        func be16(_ i: Int) -> Int { Int(d[i]) << 8 | Int(d[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        switch format {
        case .png:
            // Signature, then the IHDR chunk: length, "IHDR", width, height.
            guard d.count >= 24, d[12..<16].elementsEqual("IHDR".utf8) else { return nil }
            return (be32(16), be32(20))
        case .jpeg:
            var i = 2
            while i + 4 <= d.count, d[i] == 0xFF {
                let marker = d[i + 1]
                if marker == 0xFF { i += 1; continue }  // fill byte
                if marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 2; continue }  // no length
                if marker == 0xDA || marker == 0xD9 { return nil }  // scan data or end before any frame
                // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): length, precision, height, width.
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    guard i + 9 <= d.count else { return nil }
                    return (be16(i + 7), be16(i + 5))
                }
                i += 2 + be16(i + 2)
            }
            return nil
        default:
            return nil
        }
    }

    /// Decodes PNG or JPEG data (or WebP, HEIC/AVIF, GIF's first frame: Image+Formats.swift), told
    /// apart by their signatures, converted to sRGB unless `color` is `.keepStored`.
    /// - Throws: `.badSignature(expected: nil)` when the data is none of them, else as the two above.
    public init(data: [UInt8], limits: Limits = Limits(), color: ColorHandling = .convertToSRGB) throws(ImageError) {
        if data.starts(with: Image.jpegSignature) {
            try self.init(jpegData: data, limits: limits, color: color)
        } else if data.starts(with: Image.pngSignature) {
            try self.init(pngData: data, limits: limits, color: color)
        } else {
            try self.init(otherFormatData: data, limits: limits, color: color)
        }
    }

    /// Reads and decodes a PNG or JPEG file.
    /// - Throws: `.io(path:problem:)` when the file cannot be read; any failure of
    ///   `init(data:limits:)` wrapped in `.file(path:_:)`, so that it names the file.
    public init(contentsOfFile path: String, limits: Limits = Limits(), color: ColorHandling = .convertToSRGB) throws(ImageError) {
        let data = try Image.readFile(path)
        do {
            try self.init(data: data, limits: limits, color: color)
        } catch {
            throw .file(path: path, error)
        }
    }

    /// Encodes the image as PNG (libpng: RGB8 when every pixel is opaque, else RGBA8); the
    /// pixels are the same whatever `compression`.
    public func pngData(compression: PNGCompression = .fast) throws(ImageError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var err = [CChar](repeating: 0, count: Int(GLFUN_PNG_ERR_LEN))
        let level: Int32
        switch compression {
        case .fast: level = -1
        case let .zlib(l): level = Int32(min(9, max(0, l)))
        }
        let rc = pixels.withUnsafeBufferPointer { buf in
            glfun_png_encode(buf.baseAddress, UInt32(width), UInt32(height), level, isOpaque ? 1 : 0, &out, &size, &err)
        }
        guard rc == 0, let out else {
            throw .encode(format: .png, reason: string(fromCBuffer: err))
        }
        defer { free(out) }
        try requireMemory(size, for: "a \(size)-byte PNG")
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// Writes the image as a PNG file atomically (`AtomicFile`: a temporary file beside
    /// `path`, then renamed over it), so a failure never leaves a partial file.
    /// - Throws: `ImageError.encode`, or `FileWriteError`.
    public func writePNG(to path: String) throws {
        try AtomicFile.write(try pngData(), to: path)
    }

    /// The RGBA of the pixel at (x, y), top-left origin.
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// width * height * 4, saturating at Int.max (a header can claim 2^32 - 1 a side).
func rgbaByteCount(_ width: Int, _ height: Int) -> Int {
    let (wh, o1) = width.multipliedReportingOverflow(by: height)
    let (b, o2) = wh.multipliedReportingOverflow(by: 4)
    return o1 || o2 ? Int.max : b
}
