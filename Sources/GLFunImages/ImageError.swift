/// What went wrong reading, decoding or encoding a picture (no GL: GLES wraps one of these in
/// `GLESError.image` when a texture's file cannot be read). Each case carries what a person
/// needs to act: the limit an image broke, the format, the library's reason, the file it was in.
/// Tests and callers match on the case; `description` is the one line a person reads.
public indirect enum ImageError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Pixel data does not match its stated size, or a size is not one an operation can make.
    case badPixels(String)
    /// An image's header asks for more than `Image.Limits` allow; refused before
    /// any pixel memory is allocated.
    case imageTooLarge(width: Int, height: Int, limit: ImageLimit)
    /// The bytes do not start with the signature of `expected` (nil: of any
    /// format this package decodes).
    case badSignature(expected: ImageFormat?)
    /// A codec refused the data (corrupt, truncated); `reason` is the library's message.
    case decode(format: ImageFormat, reason: String)
    /// A codec could not encode the image; `reason` is its message.
    case encode(format: ImageFormat, reason: String)
    /// A file could not be read at all.
    case io(path: String, problem: FileProblem)
    /// A failure inside the file at `path` (a decode error, a size over a limit).
    case file(path: String, ImageError)
    /// Memory for `what` (`bytes` of it) could not be had (`Memory.require`).
    case outOfMemory(what: String, bytes: Int)

    /// The error in words: the limit, the library's message, the file.
    public var description: String {
        switch self {
        case let .badPixels(why): return "bad pixel data: \(why)"
        case let .imageTooLarge(w, h, limit):
            switch limit {
            case let .side(max): return "image too large: \(w)x\(h) exceeds the limit of \(max) pixels a side"
            case let .bytes(max):
                return "image too large: \(w)x\(h) needs \(rgbaByteCount(w, h)) bytes, over the \(max)-byte bound"
            case let .decoderMemory(max):
                return "image too large: decoding the \(w)x\(h) picture needs more than the \(max)-byte bound of working memory"
            }
        case let .badSignature(expected):
            switch expected {
            case let format?: return "not a \(format.rawValue) file (bad signature)"
            case nil: return "not a PNG, JPEG, WebP, GIF, HEIC or AVIF file (unknown signature)"
            }
        case let .decode(format, reason): return plainWords(format, reason)
        case let .encode(_, reason): return reason
        case let .io(path, problem):
            return "\(problem == .nulInPath ? path.debugDescription : path): \(problem.rawValue)"
        case let .file(path, error): return "\(path): \(error)"
        case let .outOfMemory(what, bytes): return OutOfMemory(what: what, bytes: bytes).description
        }
    }

    /// The error without its `.file` wrappers: what went wrong, wherever it was.
    public var underlying: ImageError {
        if case let .file(_, inner) = self { return inner.underlying }
        return self
    }
}

/// The image file formats this package reads (PNG, JPEG, WebP, GIF, HEIC, AVIF) and writes (PNG, JPEG).
public enum ImageFormat: String, Sendable {
    case png = "PNG", jpeg = "JPEG"
    /// WebP (libwebp), still or animated.
    case webp = "WebP"
    /// GIF (giflib), still or animated.
    case gif = "GIF"
    /// HEIC (libheif) or AVIF (libavif), each opened at first use.
    case heif = "HEIF"
}

/// Which bound of `Image.Limits` an image's header broke.
public enum ImageLimit: Equatable, Sendable {
    /// `maxSide`: the largest width or height, in pixels.
    case side(Int)
    /// `maxBytes`: the largest RGBA8 buffer, in bytes.
    case bytes(Int)
    /// A decoder's working memory, in bytes: libjpeg's (a progressive or multi-scan JPEG holds
    /// its whole coefficient image, about 3 bytes a pixel at 4:2:0, 6 at 4:4:4, at any output
    /// scale), or what an AVIF's or an animated WebP's decode would hold over the slide's
    /// `DecodeBudget`.
    case decoderMemory(Int)
}

/// Why a file could not be read; the raw value is the words the error shows.
public enum FileProblem: String, Sendable {
    case noSuchFile = "no such file"
    case isDirectory = "is a directory"
    case unreadable = "cannot be read"
    /// The path holds a NUL character: the system would cut it there and read another file.
    case nulInPath = "the path contains a NUL character"
    /// A FIFO, socket or device: inputs are regular files (`RegularFile`), so that reading one
    /// never waits for a writer that may never come.
    case notARegularFile = "not a regular file (a FIFO, socket or device)"
}
