import FileOutput
import Foundation
import GLES

/// The folder an `--export` writes its frames into, as every exporter names and reports them:
/// DIR/frame-00001.png, frame-00002.png, … (each written whole through `Outputs`), then the
/// last line on stdout, `exported N frames to DIR`. An exporter checks the path before any
/// work (`init`), makes the folder only once everything that can fail early has not
/// (`create()`), so a bad movie or transition leaves no folder behind.
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

    /// Makes the folder (and the folders on its way).
    func create() throws(GLFunError) {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw .write(FileWriteError(path: path, kind: .permissionDenied, reason: "cannot make the folder"))
        }
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
