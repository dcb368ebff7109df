// libpng's and libjpeg's messages are written for their programmers ("IHDR: CRC error",
// "Bogus marker length"). A user is told first, in plain words, what is wrong with the file,
// then the library's own words in parentheses for a bug report.

/// What a decoder's message means for the person who has the file.
func plainWords(_ format: ImageFormat, _ reason: String) -> String {
    // The shims' own messages are plain already.
    let own = ["file is truncated", "not a PNG file", "not a JPEG file", "image too large", "out of memory",
               "corrupt PNG", "corrupt JPEG"]
    if own.contains(where: { reason.hasPrefix($0) }) { return reason }
    var reason = Substring(reason)
    let library = switch format {
    case .png: "libpng"
    case .jpeg: "libjpeg"
    case .webp: "libwebp"
    case .gif: "giflib"
    case .heif where reason.hasPrefix("libavif: "): "libavif"  // an AVIF (Image+AVIF.swift)
    case .heif: "libheif"
    }
    if library == "libavif" { reason = reason.dropFirst("libavif: ".count) }
    func has(_ words: String...) -> Bool { words.contains { reason.localizedCaseInsensitiveContains($0) } }
    let plain: String
    switch format {
    case .png:
        if has("CRC") {
            plain = "the PNG file is damaged (a checksum does not match its data)"
        } else if has("Read Error", "Not enough image data", "truncated", "end of") {
            plain = "the PNG file is cut short"
        } else if has("IHDR", "bit depth", "color type", "Invalid image") {
            plain = "the PNG file's header is invalid"
        } else if has("IDAT", "distance", "header check", "block", "inflate", "compressed", "zlib", "filter") {
            plain = "the PNG file's image data is damaged"
        } else if has("exceeds", "too large", "limit") {
            plain = "the PNG file is larger than this program accepts"
        } else {
            plain = "the PNG file is damaged or uses a feature that cannot be read"
        }
    case .jpeg:
        if has("Premature end", "truncated") {
            plain = "the JPEG file is cut short"
        } else if has("Unsupported", "not supported") {
            plain = "the JPEG file uses a feature that cannot be decoded"
        } else {
            plain = "the JPEG file is damaged"
        }
    case .webp, .gif, .heif:
        if has("truncated", "cut short", "end of", "premature", "not enough data") {
            plain = "the \(format.rawValue) file is cut short"
        } else if has("Unsupported", "not supported", "no decoder", "could not be loaded") {
            plain = "the \(format.rawValue) file uses a feature that cannot be decoded here"
        } else {
            plain = "the \(format.rawValue) file is damaged"
        }
    }
    return "\(plain) (\(library): \(reason))"
}

/// A C library's message buffer (NUL-terminated, in a fixed array) as a string.
func string(fromCBuffer buf: [CChar]) -> String {
    String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
