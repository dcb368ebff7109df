/// How colour and alpha relate in RGBA pixels: where an `Image` stands (straight, always) and
/// where GL's framebuffers stand (premultiplied: the renderer's blending keeps them so).
///
/// The one conversion between the two is `Image.unpremultiply(_:)`, which every readback
/// (`Framebuffer.readBoundPixels`) applies, so that every picture leaving GL (PNG files,
/// exports, `Image`s handed to callers) holds straight alpha as PNG defines it.
extension Image {
    /// Turns premultiplied RGBA8 pixels into straight alpha in place: c' = round(c * 255 / a),
    /// clamped to 255 (a premultiplied colour never exceeds its alpha; one that does, written
    /// unblended, saturates); a pixel of alpha 0 becomes (0, 0, 0, 0). A pixel of alpha 255
    /// is left as it is, so an opaque picture comes out bit for bit as GL drew it.
    public static func unpremultiply(_ pixels: inout [UInt8]) {
        precondition(pixels.count % 4 == 0, "Image.unpremultiply needs RGBA8 pixels, 4 bytes each, not \(pixels.count) bytes.")
        // A pixel at a time as one little-endian word (alpha in the top byte): the opaque
        // test is one compare, so an opaque picture costs a read of each pixel.
        pixels.withUnsafeMutableBytes { raw in
            for offset in stride(from: 0, to: raw.count, by: 4) {
                let v = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                if v >= 0xFF00_0000 { continue }
                let a = v >> 24
                let half = a >> 1
                let straight: UInt32 = a == 0 ? 0 : min(255, ((v & 0xFF) * 255 + half) / a)
                    | min(255, ((v >> 8 & 0xFF) * 255 + half) / a) << 8
                    | min(255, ((v >> 16 & 0xFF) * 255 + half) / a) << 16 | a << 24
                raw.storeBytes(of: straight.littleEndian, toByteOffset: offset, as: UInt32.self)
            }
        }
    }

    /// Whether every pixel has alpha 255.
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    /// The image composited over opaque black: c' = round(c * a / 255), alpha 255. What a
    /// format without alpha (JPEG) is given: for a picture read back from GL, the colour GL
    /// held before `unpremultiply` (premultiplied colour is colour over black). An opaque image
    /// is returned as it is.
    public func compositedOnBlack() -> Image {
        if isOpaque { return self }
        var out = self
        out.pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = Int(p[i + 3])
                if a != 255 {
                    p[i] = UInt8((Int(p[i]) * a + 127) / 255)
                    p[i + 1] = UInt8((Int(p[i + 1]) * a + 127) / 255)
                    p[i + 2] = UInt8((Int(p[i + 2]) * a + 127) / 255)
                    p[i + 3] = 255
                }
                i += 4
            }
        }
        return out
    }
}
