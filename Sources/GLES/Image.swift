internal import CJPEG
internal import CPNG
import Foundation

/// Straight (non-premultiplied) RGBA pixels, 8 bits a channel, rows top to
/// bottom: what PNG files hold and what `Framebuffer.readPixels()` returns.
public struct Image: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// width * height * 4 bytes.
    public var pixels: [UInt8]

    /// Limits checked on an image's header before any pixel memory is allocated.
    public struct Limits: Sendable {
        /// Largest width or height accepted (GL_MAX_TEXTURE_SIZE is a good value).
        public var maxSide: Int = 16384
        /// Largest RGBA8 buffer accepted, in bytes.
        public var maxBytes: Int = 256 << 20
        public init(maxSide: Int = 16384, maxBytes: Int = 256 << 20) {
            self.maxSide = maxSide
            self.maxBytes = maxBytes
        }
    }

    public init(width: Int, height: Int, pixels: [UInt8]) throws(GLESError) {
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
    /// not, becomes RGBA8; 16-bit samples are scaled to 8 and tRNS becomes alpha.
    public init(pngData data: [UInt8], limits: Limits = Limits()) throws(GLESError) {
        try self.init(decoding: data, limits: limits, errorLength: Int(GLFUN_PNG_ERR_LEN), glfun_png_decode)
    }

    /// Runs one of the shims' decoders (same signature for libpng and libjpeg) and takes its
    /// malloc'd RGBA8 buffer, or its error message.
    private init(decoding data: [UInt8], limits: Limits, errorLength: Int,
                 _ decode: (UnsafePointer<UInt8>?, Int, UInt32, Int, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                            UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?,
                            UnsafeMutablePointer<CChar>?) -> Int32) throws(GLESError) {
        var out: UnsafeMutablePointer<UInt8>?
        var w: UInt32 = 0, h: UInt32 = 0
        var err = [CChar](repeating: 0, count: errorLength)
        let rc = data.withUnsafeBufferPointer { buf in
            decode(buf.baseAddress, buf.count, UInt32(clamping: limits.maxSide), limits.maxBytes, &out, &w, &h, &err)
        }
        guard rc == 0, let out else {
            throw .image(reason: String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { free(out) }
        width = Int(w)
        height = Int(h)
        pixels = Array(UnsafeBufferPointer(start: out, count: Int(w) * Int(h) * 4))
    }

    /// Decodes a JPEG (libjpeg): gray, RGB and CMYK become RGBA8 with alpha 255.
    public init(jpegData data: [UInt8], limits: Limits = Limits()) throws(GLESError) {
        try self.init(decoding: data, limits: limits, errorLength: Int(GLFUN_JPEG_ERR_LEN), glfun_jpeg_decode)
    }

    /// Decodes PNG or JPEG data, told apart by their signatures.
    public init(data: [UInt8], limits: Limits = Limits()) throws(GLESError) {
        if data.count >= 3, data[0] == 0xFF, data[1] == 0xD8, data[2] == 0xFF {
            try self.init(jpegData: data, limits: limits)
        } else if data.count >= 8, data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            try self.init(pngData: data, limits: limits)
        } else {
            throw .image(reason: "not a PNG or JPEG file (unknown signature)")
        }
    }

    /// Reads and decodes a PNG or JPEG file. Errors name the file.
    public init(contentsOfFile path: String, limits: Limits = Limits()) throws(GLESError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            let why = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
                ? (isDir.boolValue ? "is a directory" : "cannot be read") : "no such file"
            throw .image(reason: "\(path): \(why)")
        }
        do {
            try self.init(data: [UInt8](data), limits: limits)
        } catch {
            throw .image(reason: "\(path): \(error)")
        }
    }

    /// Encodes the image as PNG (libpng, RGBA8).
    public func pngData(compressionLevel: Int = 6) throws(GLESError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var err = [CChar](repeating: 0, count: Int(GLFUN_PNG_ERR_LEN))
        let rc = pixels.withUnsafeBufferPointer { buf in
            glfun_png_encode(buf.baseAddress, UInt32(width), UInt32(height), Int32(compressionLevel), &out, &size, &err)
        }
        guard rc == 0, let out else {
            throw .image(reason: String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// Writes the image as a PNG file atomically: to a temporary file beside
    /// `path`, then renamed over it, so a failure never leaves a partial file.
    public func writePNG(to path: String) throws {
        try AtomicFile.write(try pngData(), to: path)
    }

    /// The RGBA of the pixel at (x, y), top-left origin.
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// An error writing a file, naming the file and the system's reason.
public struct FileWriteError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String
    public var description: String { "\(path): cannot write (\(reason))" }
}

/// Writes whole files or nothing: a temporary file in the same directory,
/// fsync'd, then rename(2) over the destination.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let dir = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        guard !base.isEmpty else { throw FileWriteError(path: path, reason: "not a file name") }
        let tmp = (dir.isEmpty ? "." : dir) + "/.\(base).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileWriteError(path: path, reason: String(cString: strerror(errno))) }
        var ok = true
        var reason = ""
        bytes.withUnsafeBytes { buf in
            var off = 0
            while off < buf.count {
                let n = Foundation.write(fd, buf.baseAddress! + off, buf.count - off)
                if n < 0 {
                    if errno == EINTR { continue }
                    ok = false; reason = String(cString: strerror(errno)); return
                }
                off += n
            }
        }
        if ok && fsync(fd) != 0 { ok = false; reason = String(cString: strerror(errno)) }
        close(fd)
        if ok && rename(tmp, path) != 0 { ok = false; reason = String(cString: strerror(errno)) }
        if !ok {
            unlink(tmp)
            throw FileWriteError(path: path, reason: reason)
        }
    }

    public static func write(_ string: String, to path: String) throws {
        try write(Array(string.utf8), to: path)
    }
}
