import Foundation
import GLFunGLES

/// The picture format of an output file, by its name's extension: `.png` (and no extension, and
/// `-` for standard output) is PNG, `.jpg` / `.jpeg` JPEG (quality 90; JPEG has no alpha);
/// any other extension is refused rather than written as PNG under a misleading name.
enum OutputFormat: Equatable {
    case png
    case jpeg

    /// The extensions glfun writes, for the error line.
    static let written = [".png", ".jpg", ".jpeg"]

    /// The format for `path`, or `.unknownOutputFormat`.
    init(path: String) throws(GLFunError) {
        guard path != "-" else { self = .png; return }
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { self = .png; return }
        switch name[name.index(after: dot)...].lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        default: throw .unknownOutputFormat(path: path, extension: String(name[dot...]))
        }
    }

    /// `image` in this format.
    func encode(_ image: Image) throws(ImageError) -> [UInt8] {
        switch self {
        case .png: return try image.pngData()
        case .jpeg: return try image.jpegData()
        }
    }

    /// Refuses to send a picture's bytes to a terminal (`-o -` with standard output not redirected).
    static func checkStandardOutput(_ path: String) throws(GLFunError) {
        if path == "-", isatty(STDOUT_FILENO) == 1 { throw .pictureToTerminal }
    }
}
