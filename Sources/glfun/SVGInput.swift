import GLFunFileOutput
import Foundation
import GLFunGLES
import GLFunKit
import GLFunSVG

/// `glfun render`'s SVG input: a file named .svg (or .svgz, gzip'd), or one whose bytes start as SVG (XML with an
/// `<svg` element) where the name says neither .svg nor .json, read as a scene of the SVG's
/// size (one user unit a point; `--scale` pixels a point). What the reader cannot draw yet is
/// one `glfun: warning:` line per kind; a bad file is the one `glfun: error:` line.
enum SVGInput {
    /// The file's bytes when it is to be read as SVG; nil for a scene (JSON).
    static func bytesIfSVG(_ path: String) throws(GLFunError) -> [UInt8]? {
        let lower = path.lowercased()
        if lower.hasSuffix(".json") || path == "-" { return nil }
        let isSVGName = lower.hasSuffix(".svg") || lower.hasSuffix(".svgz")
        let file: (bytes: [UInt8], size: Int)
        do { file = try RegularFile.read(path, upTo: SVGLimits.maxBytes + 1) } catch {
            if isSVGName { throw .unreadable(path: path) }
            return nil  // the scene reader says what is wrong with it
        }
        guard isSVGName || SVGDocument.sniff(file.bytes) else { return nil }
        guard file.bytes.count <= SVGLimits.maxBytes else {
            throw .svg(path: path, .tooLarge(bytes: file.size, limit: SVGLimits.maxBytes))
        }
        return file.bytes
    }

    /// The SVG at `path` as a scene; its warnings printed.
    /// `files`: a folder an `<image>`'s `../` path may reach into (`--svg-files`).
    static func scene(_ path: String, bytes: [UInt8], scale: Float = 1, files: String? = nil) throws(GLFunError) -> Scene {
        do {
            var doc = try SVGDocument(bytes: bytes)
            doc.baseDirectory = (path as NSString).deletingLastPathComponent
            doc.allowedDirectory = files
            return try doc.scene(scale: scale) { w in
                FileHandle.standardError.write(Data("glfun: warning: \(path): \(w)\n".utf8))
            }
        } catch {
            throw .svg(path: path, error)
        }
    }
}
