import GLFunImages

/// Why a slide list could not be made from the paths given. Each error names the path it is
/// about and what is wrong, in one line a person reads (`glfun: error: <description>`);
/// callers and tests match on `kind`.
public struct SlideListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of trouble it was.
    public enum Kind: Equatable, Sendable {
        /// No paths were given at all (`path` is empty).
        case noPaths
        /// Nothing is at the path.
        case noSuchPath
        /// It is there but cannot be read; `reason` is the system's words.
        case unreadable(reason: String)
        /// A folder with no PNG or JPEG files or movies in it (hidden files and subfolders do not count).
        case emptyFolder
        /// A property list that names no images.
        case emptyList
        /// A property list that cannot be read as one, or is not an array of names or a
        /// dictionary with an `images` array of names; `reason` says which and where.
        case badPropertyList(reason: String)
        /// A file that is neither a PNG or JPEG image, a movie nor a property list.
        case notAnImageOrList
        /// A property list file over `SlideList.maxListBytes`.
        case tooLarge(limit: Int)
        /// A FIFO, socket or device where a picture, movie or list was expected: never read
        /// (reading a FIFO waits for a writer).
        case notARegularFile
        /// A property list nested deeper than `SlideList.maxListDepth` arrays and
        /// dictionaries, or (binary) one whose objects refer back to themselves: refused
        /// before it is parsed.
        case tooDeep(limit: Int)
        /// An empty string given as a path (it would mean the current folder to some calls).
        case emptyPath
        /// Not one of the `count` slides can be shown (each unreadable, undecodable or not a
        /// picture or movie): an export refuses to make a folder of black frames.
        case nothingShowable(count: Int)
    }

    /// The file or folder concerned.
    public let path: String
    /// What kind of trouble it was.
    public let kind: Kind

    /// An error of `kind` for `path`.
    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// The error a failed open or read of `path` means.
    init(path: String, problem: FileProblem) {
        switch problem {
        case .noSuchFile: self.init(path: path, kind: .noSuchPath)
        case .notARegularFile: self.init(path: path, kind: .notARegularFile)
        default: self.init(path: path, kind: .unreadable(reason: problem.rawValue))
        }
    }

    /// The path and what is wrong, in words.
    public var description: String {
        switch kind {
        case .noPaths: return "no slides: give an image, a folder of images or a property list"
        case .noSuchPath: return "\(path): no such file or folder"
        case let .unreadable(reason): return "\(path): cannot be read (\(reason))"
        case .emptyFolder: return "\(path): the folder has no PNG or JPEG images or movies"
        case .emptyList: return "\(path): the property list names no images"
        case let .badPropertyList(reason): return "\(path): \(reason)"
        case .notAnImageOrList: return "\(path): not a picture (PNG, JPEG, WebP, GIF, HEIC, AVIF), a movie, a folder or a property list"
        case let .tooLarge(limit): return "\(path): a property list over \(limit >> 20) MiB is not read"
        case .notARegularFile: return "\(path): not a regular file (a FIFO, socket or device)"
        case let .tooDeep(limit):
            return "\(path): the property list nests deeper than \(limit) levels (or refers back to itself)"
        case .emptyPath: return "an empty path names no slides"
        case let .nothingShowable(count):
            return "\(path): \(count == 1 ? "its slide cannot" : "none of its \(count) slides can") be shown"
        }
    }
}
