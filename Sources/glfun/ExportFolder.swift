import GLFunFileOutput
import Foundation
import GLFunGLES

/// The folder an `--export` writes its frames into, as every exporter names and reports them:
/// DIR/frame-00001.png, frame-00002.png, … (each written whole through `Outputs`), then the
/// last line on stdout, `exported N frames to DIR`. An exporter checks the path before any
/// work (`init`), makes the folder only once everything that can fail early has not
/// (`create()`), so a bad movie or transition leaves no folder behind; a failure after that
/// removes the frames written and the folders made (`discard`); a success removes the frames
/// an earlier, longer export left (`removeFrames(after:)`).
struct ExportFolder {
    let path: String

    /// Refuses an empty path and a path that is there and is not a folder.
    init(_ path: String) throws(GLFunError) {
        guard !path.isEmpty else { throw .option("an empty path names no folder to write into") }
        if FileName.isDirectory(path) == false {
            throw .write(FileWriteError(path: path, kind: .notARegularFile, reason: "not a folder"))
        }
        self.path = path
    }

    /// Makes the folder (and the folders on its way, `PathName.folder` by folder: "o" is in
    /// "."); returns those it made, innermost first, for `discard`. When one cannot be made,
    /// those made before it are removed.
    @discardableResult
    func create() throws(GLFunError) -> [String] {
        var missing: [String] = [], p = path
        while FileName.isDirectory(p) == nil {
            missing.append(p)
            let up = PathName.folder(of: p)
            if up == p { break }
            p = up
        }
        var made: [String] = []
        for folder in missing.reversed() {
            guard FileName.withCString(folder, { mkdir($0, 0o777) }) == 0 || errno == EEXIST else {
                let error = FileWriteError(path: folder, errno: errno)
                discard(frames: 0, made: made)
                throw .write(error)
            }
            made.insert(folder, at: 0)
        }
        guard FileName.isDirectory(path) == true else {
            discard(frames: 0, made: made)
            throw .write(FileWriteError(path: path, kind: .notARegularFile, reason: "not a folder"))
        }
        return made
    }

    /// Makes the folder and runs `body`, which writes the frames and counts them in `written`;
    /// if it fails, ends `progress`'s line and removes what was made (`discard`) before
    /// passing the error on.
    func filling(_ progress: ProgressBar, _ body: (_ written: inout Int) throws(GLFunError) -> Void) throws(GLFunError) {
        let made = try create()
        var written = 0
        do { try body(&written) } catch {
            progress.finish()
            discard(frames: written, made: made)
            throw error
        }
        removeFrames(after: written)
    }

    /// An export replaces what it owns: the frames of an earlier, longer export into the same
    /// folder (frame-NNNNN.png numbered past `last`) are removed, so the folder holds this
    /// export's frames and nothing of an older one's (other files are left alone).
    func removeFrames(after last: Int) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names {
            guard let n = Self.frameNumber(name), n > last else { continue }
            _ = FileName.withCString(PathName.joining(path, name)) { unlink($0) }
        }
    }

    /// The number of a file named as a frame (`frame-` five or more digits `.png`), or nil.
    static func frameNumber(_ name: String) -> Int? {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard digits.count >= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// After a failure: removes frames 1...`frames` and the folders `create` made (`made`),
    /// each only if nothing else is in it, so a failed export leaves what was there before.
    func discard(frames: Int, made: [String]) {
        if frames > 0 { for n in 1...frames { _ = FileName.withCString(framePath(n)) { unlink($0) } } }
        for folder in made { _ = FileName.withCString(folder) { rmdir($0) } }
    }

    /// Frame `number`'s file (the first is 1).
    func framePath(_ number: Int) -> String {
        PathName.joining(path, String(format: "frame-%05d.png", number))
    }

    /// Writes frame `number` (the first is 1) as a PNG file.
    func write(_ image: Image, number: Int) throws(GLFunError) {
        try Outputs.write(image, to: framePath(number))
    }

    /// The exporter's last line, on stdout.
    func reportDone(frames: Int) {
        print("exported \(frames) frames to \(path)")
    }
}
