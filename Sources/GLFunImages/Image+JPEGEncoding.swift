internal import CJPEG
import GLFunFileOutput
import Foundation

extension Image {
    /// Encodes the image as a baseline JPEG (libjpeg, 4:2:0): photos made at run time for soaks
    /// and benchmarks, and anywhere a small lossy file is wanted. JPEG has no alpha: a pixel
    /// that is not opaque is composited on black first (`compositedOnBlack()`), so a translucent
    /// picture read back from GL encodes as GL held it (premultiplied colour is colour over
    /// black) and a transparent pixel's hidden colour never shows. Opaque images as they are.
    /// - Parameter quality: libjpeg's 1...100.
    public func jpegData(quality: Int = 90) throws(ImageError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var err = [CChar](repeating: 0, count: Int(GLFUN_JPEG_ERR_LEN))
        let rc = compositedOnBlack().pixels.withUnsafeBufferPointer { buf in
            glfun_jpeg_encode(buf.baseAddress, UInt32(width), UInt32(height), Int32(quality), &out, &size, &err)
        }
        guard rc == 0, let out else {
            throw .encode(format: .jpeg, reason: string(fromCBuffer: err))
        }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// Writes the image as a JPEG file atomically (`AtomicFile`), as `writePNG(to:)` does.
    /// - Throws: `ImageError.encode`, or `FileWriteError`.
    public func writeJPEG(to path: String, quality: Int = 90) throws {
        try AtomicFile.write(try jpegData(quality: quality), to: path)
    }
}
