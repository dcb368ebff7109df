import GLFunFileOutput
import GLFunGLES

/// A command's output files, written last and together: every one of them, or (when any
/// fails) none, and no temporary file left (`AtomicFile`). A command makes all its bytes
/// first (PNG encoding included), then calls `write()` once.
struct Outputs {
    private var files: [(path: String, bytes: [UInt8])] = []

    /// Adds an image, encoded now in the format its name asks for (`OutputFormat`: PNG or JPEG).
    mutating func add(_ image: Image, to path: String) throws(GLFunError) {
        let format = try OutputFormat(path: path)
        try OutputFormat.checkStandardOutput(path)
        do { files.append((path, try format.encode(image))) } catch { throw .gl(path: path, .image(error)) }
    }

    mutating func add(_ bytes: [UInt8], to path: String) {
        files.append((path, bytes))
    }

    /// Writes them all, in the order added.
    func write() throws(GLFunError) {
        do { try AtomicFile.write(files) } catch { throw .write(error) }
    }

    /// Writes one file of `bytes`, whole or not at all.
    static func write(bytes: [UInt8], to path: String) throws(GLFunError) {
        var o = Outputs()
        o.add(bytes, to: path)
        try o.write()
    }

    /// Writes one image as a PNG or JPEG file (by its name).
    static func write(_ image: Image, to path: String) throws(GLFunError) {
        var o = Outputs()
        try o.add(image, to: path)
        try o.write()
    }
}
