import FileOutput
import Foundation
import GLES

/// The folder an `--export` writes its frames into, as every exporter names and reports them:
/// DIR/frame-00001.png, frame-00002.png, … (each written whole through `Outputs`), then the
/// last line on stdout, `exported N frames to DIR`. An exporter checks the path before any
/// work (`init`), makes the folder only once everything that can fail early has not
/// (`create()`), so a bad movie or transition leaves no folder behind; a failure after that
/// removes the frames written and the folders made (`discard`).
struct ExportFolder {
    let path: String

    /// Refuses a path that is there and is not a folder.
    init(_ path: String) throws(GLFunError) {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue {
            throw .write(FileWriteError(path: path, kind: .notARegularFile, reason: "not a folder"))
        }
        self.path = path
    }

    /// Makes the folder (and the folders on its way); returns those it made, innermost first,
    /// for `discard`.
    @discardableResult
    func create() throws(GLFunError) -> [String] {
        var made: [String] = [], p = path
        while !p.isEmpty, p != "/", !FileManager.default.fileExists(atPath: p) {
            made.append(p)
            p = (p as NSString).deletingLastPathComponent
        }
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw .write(FileWriteError(path: path, kind: .permissionDenied, reason: "cannot make the folder"))
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
    }

    /// After a failure: removes frames 1...`frames` and the folders `create` made (`made`),
    /// each only if nothing else is in it, so a failed export leaves what was there before.
    func discard(frames: Int, made: [String]) {
        if frames > 0 { for n in 1...frames { unlink(framePath(n)) } }
        for folder in made { rmdir(folder) }
    }

    /// Frame `number`'s file (the first is 1).
    func framePath(_ number: Int) -> String {
        path + "/" + String(format: "frame-%05d.png", number)
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
