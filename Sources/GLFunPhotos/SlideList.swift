import Foundation
import GLFunImages

/// The ordered list of slide files a show goes through, made from the paths a person gives:
/// - an image file (PNG, JPEG, WebP, GIF, HEIC or AVIF, by its first bytes, or by its extension
///   when its bytes are damaged: it is then skipped at show time with a warning, as a file
///   that vanished is);
/// - a movie file (by its first bytes or its extension, `SlideKind`): a slide the show plays;
/// - an SVG file (by its first bytes or its extension, `SlideKind.svg`): a slide the show renders;
/// - a folder: its pictures, its movies and its SVG files (by extension, `imageExtensions`,
///   `SlideKind.movieExtensions` and `SlideKind.svgExtensions`, any case), hidden files and subfolders left out, in
///   `NaturalOrder` (`img2` before `img10`);
/// - a property list, XML or binary (Foundation's `PropertyListSerialization`): a bare array of
///   names, or a dictionary with an `images` array; names relative to the list's folder.
///
/// Duplicates are kept: a list that names a picture twice shows it twice (and a folder given
/// beside one of its files shows that file twice). Files are not opened beyond their first
/// bytes here; whether each decodes (or plays) is the show's business, one slide at a time.
public struct SlideList: Equatable, Sendable {
    /// The slide files, in order, as paths relative to where the arguments were (or absolute).
    public var paths: [String]

    /// A list of `paths`, in that order.
    public init(paths: [String]) {
        self.paths = paths
    }

    /// How many slides.
    public var count: Int { paths.count }
    /// The path of slide `index`.
    public subscript(index: Int) -> String { paths[index] }

    /// Largest property list read, in bytes (a list of names: 16 MiB is a million of them).
    public static let maxListBytes = 16 << 20
    /// Deepest nesting of arrays and dictionaries a property list may have (a list of names
    /// needs 3: plist, dict, array); checked before Foundation's parser, which recurses.
    public static let maxListDepth = 64
    /// File name extensions a folder's images have (lowercased).
    public static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "jpe", "webp", "gif", "heic", "heif", "avif"]
    /// File name extensions a folder's slides have: its images', its movies' and its SVG
    /// drawings' (lowercased).
    public static let slideExtensions = imageExtensions.union(SlideKind.movieExtensions).union(SlideKind.svgExtensions)

    /// The slides the paths name, in the order given, each folder and list expanded in place.
    /// Paths are `FileName` strings: a name that is not UTF-8 holds its bytes as escapes (as a
    /// folder's listing gives them, and `FileName.fromCommandLine` makes them from arguments).
    /// - Throws: `SlideListError` for the first path that names no slides: `.noPaths`,
    ///   `.noSuchPath`, `.unreadable`, `.emptyFolder`, `.emptyList`, `.badPropertyList`,
    ///   `.notAnImageOrList`, `.tooLarge`, `.tooDeep`, `.notARegularFile`, `.emptyPath`.
    public init(reading arguments: [String]) throws(SlideListError) {
        guard !arguments.isEmpty else { throw SlideListError(path: "", kind: .noPaths) }
        if arguments.contains("") { throw SlideListError(path: "", kind: .emptyPath) }
        var out: [String] = []
        for path in arguments {
            out += try SlideList.slides(at: path)
        }
        paths = out
    }

    /// The slides a property list's bytes name (the list at `listPath`; names relative to its
    /// folder), as a list file is read: what `scripts/fuzz/run`'s plist target feeds.
    public static func names(inPropertyList data: Data, listPath: String) throws(SlideListError) -> [String] {
        try PropertyListNames.names(in: data, listPath: listPath)
    }

    /// The slides one path names.
    static func slides(at path: String) throws(SlideListError) -> [String] {
        guard let isDirectory = FileName.isDirectory(path) else { throw SlideListError(path: path, kind: .noSuchPath) }
        if isDirectory { return try folder(path) }
        let head = try firstBytes(path, SlideKind.headBytes)
        if SlideKind.sniff(head) != nil { return [path] }
        if PropertyListNames.looksLikeList(head) || path.lowercased().hasSuffix(".plist") {
            return try PropertyListNames.read(path)
        }
        if slideExtensions.contains(fileExtension(path)) { return [path] }
        throw SlideListError(path: path, kind: .notAnImageOrList)
    }

    /// A folder's images and movies, in natural order.
    static func folder(_ path: String) throws(SlideListError) -> [String] {
        let names: [String]
        // readdir, not FileManager: a name that is not UTF-8 keeps its bytes (`FileName`).
        do { names = try FileName.contentsOfDirectory(path) } catch {
            throw SlideListError(path: path, kind: .unreadable(reason: error.rawValue))
        }
        let images = names.filter { name in
            guard !name.hasPrefix("."), slideExtensions.contains(fileExtension(name)) else { return false }
            // Symbolic links count as what they point to; a dangling one is kept (and skipped
            // with a warning when its turn comes, as a file deleted during the show is).
            return FileName.isDirectory(join(path, name)) != true
        }
        guard !images.isEmpty else { throw SlideListError(path: path, kind: .emptyFolder) }
        return NaturalOrder.sorted(images).map { join(path, $0) }
    }

    /// Up to `n` bytes from the start of a file, which must be a regular file (a FIFO would
    /// make the read wait for a writer: `RegularFile`).
    static func firstBytes(_ path: String, _ n: Int) throws(SlideListError) -> [UInt8] {
        do {
            return try RegularFile.read(path, upTo: n).bytes
        } catch {
            throw SlideListError(path: path, problem: error)
        }
    }

    static func isImage(_ head: [UInt8]) -> Bool {
        ImageFormat(sniffing: head) != nil  // PNG, JPEG, WebP, GIF, HEIC, AVIF
    }
}

/// The lowercased extension of a file name ("" when it has none).
func fileExtension(_ name: String) -> String {
    let base = name.split(separator: "/").last.map(String.init) ?? name
    guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return "" }
    return base[base.index(after: dot)...].lowercased()
}

/// `folder/name`, without doubling a slash.
func join(_ folder: String, _ name: String) -> String {
    if folder.isEmpty || folder == "." { return name }
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
}

/// The system's words for a file error (its errno's, where Foundation kept it).
func systemReason(_ error: Error) -> String {
    let ns = error as NSError
    if let posix = ns.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(posix.code)))
    }
    if ns.domain == NSCocoaErrorDomain, ns.code == CocoaError.fileReadNoPermission.rawValue {
        return String(cString: strerror(EACCES))
    }
    return ns.localizedDescription
}
