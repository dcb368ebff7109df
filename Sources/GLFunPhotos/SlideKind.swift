import Foundation

/// What a slide file is: a picture, decoded by `PhotoLoader`, a movie, which a slide show
/// plays itself (GLFunPhotos never opens a movie beyond its first bytes: no libmpv here), or an
/// SVG drawing, which a slide show renders itself (with GL, at the size it shows it).
///
/// Told by content first, from the file's first bytes (`sniff`), and by the name's extension
/// when the bytes say nothing (a file cut short, missing, or in a format not sniffed):
///
///     SlideKind(file: "holiday/clip.MOV")   // .movie: an `ftyp` box, or else the extension
public enum SlideKind: Equatable, Sendable {
    case photo
    case movie
    /// An SVG drawing: XML whose first element is `svg` (or a name ending `.svg`).
    case svg

    /// File name extensions of movies a folder's listing takes (lowercased).
    public static let movieExtensions: Set<String> = ["mp4", "m4v", "mov", "mkv", "webm", "avi", "ogv", "mpg", "mpeg", "ts"]
    /// File name extensions of SVG drawings a folder's listing takes (lowercased).
    public static let svgExtensions: Set<String> = ["svg"]
    /// Bytes read from a file's start to tell what it is (an MPEG transport stream's third
    /// packet starts at 376).
    public static let headBytes = 512

    /// What the file at `path` is: by its first bytes, else by its extension (a movie's, else a
    /// photo: a file that is neither is the photo decoder's to refuse, with a warning).
    public init(file path: String) {
        let head = (try? SlideList.firstBytes(path, SlideKind.headBytes)) ?? []
        let ext = fileExtension(path)
        self = SlideKind.sniff(head)
            ?? (SlideKind.movieExtensions.contains(ext) ? .movie : SlideKind.svgExtensions.contains(ext) ? .svg : .photo)
    }

    /// What a file's first bytes say it is, or nil when they say neither.
    public static func sniff(_ head: [UInt8]) -> SlideKind? {
        if SlideList.isImage(head) { return .photo }
        if isMovie(head) { return .movie }
        return isSVG(head) ? .svg : nil
    }

    /// Whether a file's first bytes are an SVG drawing's: markup (its first character, after
    /// a byte order mark and white space, a `<`) with an `<svg` element among them.
    public static func isSVG(_ head: [UInt8]) -> Bool {
        guard let first = head.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
              head[first] == UInt8(ascii: "<") else { return false }
        let svg = Array("<svg".utf8)
        guard head.count >= svg.count else { return false }
        return (0...(head.count - svg.count)).contains { head[$0..<$0 + svg.count].elementsEqual(svg) }
    }

    /// Whether a file's first bytes are a movie's: an ISO media file (MP4, MOV, M4V, 3GP:
    /// an `ftyp` box, or QuickTime's older `moov`/`mdat`/`wide` first), Matroska or WebM (the
    /// EBML magic 1A 45 DF A3), AVI (`RIFF` ... `AVI `), Ogg with a Theora stream, an MPEG
    /// program stream (a pack header 00 00 01 BA) or an MPEG transport stream (0x47 every 188 bytes).
    public static func isMovie(_ head: [UInt8]) -> Bool {
        func ascii(_ at: Int, _ s: String) -> Bool {
            let b = Array(s.utf8)
            return head.count >= at + b.count && Array(head[at..<at + b.count]) == b
        }
        if ["ftyp", "moov", "mdat", "wide"].contains(where: { ascii(4, $0) }) { return true }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return true }
        if ascii(0, "RIFF") && ascii(8, "AVI ") { return true }
        if ascii(0, "OggS") { return containsTheora(head) }
        if head.starts(with: [0x00, 0x00, 0x01, 0xBA]) { return true }
        return head.count > 376 && head[0] == 0x47 && head[188] == 0x47 && head[376] == 0x47
    }

    /// Whether an Ogg file's first page carries a Theora header (0x80 "theora").
    private static func containsTheora(_ head: [UInt8]) -> Bool {
        let magic: [UInt8] = [0x80] + Array("theora".utf8)
        guard head.count >= magic.count else { return false }
        return (0...(head.count - magic.count)).contains { head[$0..<$0 + magic.count].elementsEqual(magic) }
    }
}
