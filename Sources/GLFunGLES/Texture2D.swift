internal import CEGL

/// How a texture stores its pixels on the GPU.
public enum PixelFormat: String, Sendable {
    /// 4 bytes a pixel: RGBA.
    case rgba8888
    /// 2 bytes a pixel: 5 bits red, 6 green, 5 blue; no alpha.
    case rgb565
    /// 1 byte a pixel: alpha only (coverage, as text uses). Sampled as (0, 0, 0, a).
    case a8
    /// 2 bytes a pixel: luminance then alpha (GL_LUMINANCE_ALPHA). Sampled as (l, l, l, a):
    /// two bytes of one value each, as the renderer's coverage masks use it.
    case luminanceAlpha

    var bytesPerPixel: Int {
        switch self {
        case .rgba8888: return 4
        case .rgb565: return 2
        case .a8: return 1
        case .luminanceAlpha: return 2
        }
    }
}

/// Texture sampling between texels.
public enum TextureFilter: Sendable {
    case nearest, linear
}

/// What sampling does beyond the texture's left and right edges (GL_TEXTURE_WRAP_S): the edge
/// texel, the texture again, or the texture again mirrored every other time. ES 2 allows the
/// last two only for power-of-two widths.
public enum TextureWrap: Sendable {
    case clampToEdge, `repeat`, mirroredRepeat
}

/// Options for a `Texture2D`. Defaults: RGBA8888, NPOT storage, linear filtering.
public struct TextureOptions: Sendable {
    /// The GPU-side format; pixels are converted to it.
    public var format: PixelFormat = .rgba8888
    /// Pad the storage to power-of-two sides, as the classic sample did; the
    /// content then spans 0..maxS, 0..maxT of the texture coordinates.
    public var powerOfTwo: Bool = false
    /// Minification and magnification filter.
    public var filter: TextureFilter = .linear
    /// Largest storage accepted, in bytes, checked before allocating.
    public var maxBytes: Int = 256 << 20
    /// What a texture from a file does with the picture's colour space: converted to sRGB by
    /// default, or the stored values (`.keepStored`).
    public var color: ColorHandling = .convertToSRGB
    /// Sampling beyond the left and right edges (the top and bottom always clamp to the edge).
    public var wrap: TextureWrap = .clampToEdge
    /// Options; by default RGBA8888, no padding, linear filtering, 256 MiB at most, sRGB,
    /// clamped to the edges.
    public init(format: PixelFormat = .rgba8888, powerOfTwo: Bool = false, filter: TextureFilter = .linear,
                maxBytes: Int = 256 << 20, color: ColorHandling = .convertToSRGB, wrap: TextureWrap = .clampToEdge) {
        self.format = format
        self.powerOfTwo = powerOfTwo
        self.filter = filter
        self.maxBytes = maxBytes
        self.color = color
        self.wrap = wrap
    }
}

/// A 2D texture: from an `Image`, a PNG file, raw pixels, or empty (a render
/// target). Sizes are checked against GL_MAX_TEXTURE_SIZE and the memory bound
/// before anything is allocated. The GL texture is deleted when this object goes.
///
/// The min/mag filter is this texture's own state (`filter`), set when it is made and
/// again only when `setFilter` changes it: set it through `setFilter`, never with raw
/// glTexParameteri, or `filter` no longer tells the truth.
///
/// GL state: making, `setFilter` (when it changes the filter) and `update` bind this
/// texture on the active texture unit (whichever the caller left active) and leave it bound there; uploads
/// set GL_UNPACK_ALIGNMENT to 1 themselves (rows are tightly packed) and leave it 1.
/// `bind(unit:)` leaves `unit` the active texture unit.
public final class Texture2D {
    /// The GL texture name.
    public let name: UInt32
    /// The content's size in pixels.
    public let width: Int
    /// The content's height in pixels.
    public let height: Int
    /// The storage's size in pixels (larger than the content with power-of-two padding).
    public let pixelsWide: Int
    /// The storage's height in pixels.
    public let pixelsHigh: Int
    /// The GPU-side pixel format.
    public let format: PixelFormat
    /// The min and mag filter the GL texture has now (set through `setFilter`).
    public private(set) var filter: TextureFilter
    /// The texture coordinates of the content's right and bottom edge.
    public var maxS: Float { Float(width) / Float(pixelsWide) }
    /// The texture coordinate of the content's bottom edge.
    public var maxT: Float { Float(height) / Float(pixelsHigh) }
    let context: Context

    /// Checks a texture size against GL_MAX_TEXTURE_SIZE and a memory bound.
    public static func checkSize(width: Int, height: Int, format: PixelFormat, powerOfTwo: Bool,
                                 maxBytes: Int) throws(GLESError) -> (Int, Int) {
        guard width > 0, height > 0 else { throw .badPixels("a texture needs a positive size, not \(width)x\(height)") }
        let limit = Context.maxTextureSize
        let w = powerOfTwo ? nextPowerOfTwo(width) : width
        let h = powerOfTwo ? nextPowerOfTwo(height) : height
        guard w <= limit, h <= limit else {
            throw .textureTooLarge(width: w, height: h, limit: "GL_MAX_TEXTURE_SIZE is \(limit)")
        }
        guard w * h * format.bytesPerPixel <= maxBytes else {
            throw .textureTooLarge(width: w, height: h, limit: "over the \(maxBytes >> 20) MiB bound")
        }
        return (w, h)
    }

    /// A texture holding `image`, converted to `options.format`.
    public convenience init(context: Context, image: Image, options: TextureOptions = TextureOptions()) throws(GLESError) {
        try self.init(context: context, rgba: image.pixels, width: image.width, height: image.height, options: options)
    }

    /// Decodes a PNG, JPEG, WebP, GIF (first frame), HEIC or AVIF file (`Image(contentsOfFile:)`)
    /// into a texture, upright and in sRGB (`options.color`). Its header is checked against
    /// GL_MAX_TEXTURE_SIZE and the memory bound before any pixels are decoded.
    public convenience init(context: Context, contentsOfFile path: String,
                            options: TextureOptions = TextureOptions()) throws(GLESError) {
        context.requireCurrent("Texture2D(contentsOfFile:)")
        let image: Image
        do throws(ImageError) {
            image = try Image(contentsOfFile: path,
                              limits: .init(maxSide: Context.maxTextureSize, maxBytes: options.maxBytes),
                              color: options.color)
        } catch { throw .image(error) }
        try self.init(context: context, image: image, options: options)
    }

    /// A texture from straight RGBA8 pixels (rows top to bottom), converted to `options.format`.
    public convenience init(context: Context, rgba: [UInt8], width: Int, height: Int,
                            options: TextureOptions = TextureOptions()) throws(GLESError) {
        guard width > 0, height > 0, rgba.count == width * height * 4 else {
            throw .badPixels("\(rgba.count) bytes for a \(width)x\(height) RGBA texture")
        }
        let converted = Texture2D.convert(rgba: rgba, to: options.format)
        try self.init(context: context, pixels: converted, width: width, height: height, options: options)
    }

    /// A texture from pixels already in `options.format` (RGBA8888: 4 bytes,
    /// RGB565: 2 bytes native-endian, A8: 1 byte a pixel, luminance-alpha: 2; rows top to bottom,
    /// tightly packed). Pass nil for an uninitialized texture (a render target).
    public init(context: Context, pixels: [UInt8]?, width: Int, height: Int,
                options: TextureOptions = TextureOptions()) throws(GLESError) {
        context.requireCurrent("Texture2D")
        let (w, h) = try Texture2D.checkSize(width: width, height: height, format: options.format,
                                             powerOfTwo: options.powerOfTwo, maxBytes: options.maxBytes)
        let bpp = options.format.bytesPerPixel
        try requireMemory(w * h * bpp, for: "a \(w)x\(h) texture")
        if let pixels, pixels.count != width * height * bpp {
            throw .badPixels("\(pixels.count) bytes for a \(width)x\(height) \(options.format) texture")
        }
        self.context = context
        self.width = width
        self.height = height
        pixelsWide = w
        pixelsHigh = h
        format = options.format
        filter = options.filter
        var tex: GLuint = 0
        glGenTextures(1, &tex)
        if tex != 0 { GLObjectCounter.made(.texture) }
        name = tex
        glBindTexture(GLenum(GL_TEXTURE_2D), tex)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        let (glFormat, glType) = Texture2D.glFormat(options.format)
        let mustPad = pixels != nil && (w != width || h != height)
        if let pixels, !mustPad {
            pixels.withUnsafeBytes { buf in
                glTexImage2D(GLenum(GL_TEXTURE_2D), 0, glFormat, GLsizei(w), GLsizei(h), 0, GLenum(glFormat), glType,
                             buf.baseAddress)
            }
        } else {
            // Padding is zero (transparent) so that filtering at the content's edge stays clean.
            let zeros = mustPad ? [UInt8](repeating: 0, count: w * h * bpp) : nil
            zeros.withUnsafeBytesOrNil { p in
                glTexImage2D(GLenum(GL_TEXTURE_2D), 0, glFormat, GLsizei(w), GLsizei(h), 0, GLenum(glFormat), glType, p)
            }
            if let pixels, mustPad {
                pixels.withUnsafeBytes { buf in
                    glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), GLenum(glFormat),
                                    glType, buf.baseAddress)
                }
            }
        }
        Texture2D.applyFilter(options.filter)
        let wrapS = switch options.wrap {
        case .clampToEdge: GL_CLAMP_TO_EDGE
        case .repeat: GL_REPEAT
        case .mirroredRepeat: GL_MIRRORED_REPEAT
        }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), wrapS)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        // On failure every stored property is set, so deinit runs and deletes the texture.
        try checkGL("glTexImage2D(\(w)x\(h) \(options.format))")
    }

    deinit {
        var t = name
        context.withCurrent { glDeleteTextures(1, &t) }
        if t != 0 { GLObjectCounter.deleted(.texture) }
    }

    /// Binds this texture to texture unit `unit` (glActiveTexture(GL_TEXTURE0 + unit),
    /// glBindTexture); leaves `unit` active. A sampler uniform set to `unit` reads it.
    public func bind(unit: Int = 0) {
        precondition(unit >= 0 && unit < Context.maxTextureUnits,
                     "Texture2D.bind(unit: \(unit)): units are 0..<\(Context.maxTextureUnits) (GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS).")
        glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
    }

    /// Makes `filter` the min and mag filter. A no-op (no GL call) when it is already;
    /// otherwise binds this texture on the active unit, sets both and leaves it bound.
    public func setFilter(_ filter: TextureFilter) {
        guard filter != self.filter else { return }
        self.filter = filter
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        Texture2D.applyFilter(filter)
    }

    /// Sets the min and mag filter of the texture bound to GL_TEXTURE_2D on the active unit.
    private static func applyFilter(_ filter: TextureFilter) {
        let f = filter == .nearest ? GL_NEAREST : GL_LINEAR
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), f)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), f)
    }

    /// Replaces a region of the content with pixels in this texture's format.
    public func update(x: Int, y: Int, width w: Int, height h: Int, pixels: [UInt8]) throws(GLESError) {
        guard x >= 0, y >= 0, w > 0, h > 0, x + w <= width, y + h <= height,
              pixels.count == w * h * format.bytesPerPixel else {
            throw .badPixels("region \(x),\(y) \(w)x\(h) with \(pixels.count) bytes does not fit \(width)x\(height)")
        }
        pixels.withUnsafeBytes { buf in subImage(x: x, y: y, width: w, height: h, bytes: buf.baseAddress!) }
    }

    /// glTexSubImage2D of a region already checked, from `bytes` in this texture's format
    /// (rows tightly packed); binds this texture on the active unit, GL_UNPACK_ALIGNMENT 1.
    func subImage(x: Int, y: Int, width w: Int, height h: Int, bytes: UnsafeRawPointer) {
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        let (glFormat, glType) = Texture2D.glFormat(format)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLsizei(w), GLsizei(h), GLenum(glFormat),
                        glType, bytes)
    }

    static func glFormat(_ f: PixelFormat) -> (GLint, GLenum) {
        switch f {
        case .rgba8888: return (GL_RGBA, GLenum(GL_UNSIGNED_BYTE))
        case .rgb565: return (GL_RGB, GLenum(GL_UNSIGNED_SHORT_5_6_5))
        case .a8: return (GL_ALPHA, GLenum(GL_UNSIGNED_BYTE))
        case .luminanceAlpha: return (GL_LUMINANCE_ALPHA, GLenum(GL_UNSIGNED_BYTE))
        }
    }

    /// Converts RGBA8 pixels to `format` (rounding to nearest for RGB565).
    public static func convert(rgba: [UInt8], to format: PixelFormat) -> [UInt8] {
        switch format {
        case .rgba8888: return rgba
        case .a8:
            return (0..<rgba.count / 4).map { rgba[$0 * 4 + 3] }
        case .luminanceAlpha:
            return (0..<rgba.count / 2).map { rgba[($0 / 2) * 4 + ($0 % 2) * 3] }
        case .rgb565:
            var out = [UInt8](repeating: 0, count: rgba.count / 2)
            for i in 0..<rgba.count / 4 {
                let r = (UInt16(rgba[i * 4]) * 31 + 127) / 255
                let g = (UInt16(rgba[i * 4 + 1]) * 63 + 127) / 255
                let b = (UInt16(rgba[i * 4 + 2]) * 31 + 127) / 255
                let v = r << 11 | g << 5 | b
                out[i * 2] = UInt8(v & 0xff)  // little-endian: GL reads native shorts
                out[i * 2 + 1] = UInt8(v >> 8)
            }
            return out
        }
    }
}

func nextPowerOfTwo(_ v: Int) -> Int {
    var p = 1
    while p < v { p <<= 1 }
    return p
}

extension Optional where Wrapped == [UInt8] {
    fileprivate func withUnsafeBytesOrNil(_ body: (UnsafeRawPointer?) -> Void) {
        if let a = self { a.withUnsafeBytes { body($0.baseAddress) } } else { body(nil) }
    }
}
