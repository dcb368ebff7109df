import GLFunDrawingApp
import GLFunFileOutput
import Foundation
import GLFunKit
import GLFunWindow

/// A drawing recovered at the start of `glfun draw` from the crash-recovery copy a dead glfun
/// left (`RecoveryFolder`): the newest orphan, adopted as this process's own copy.
struct RecoveredDrawing {
    let document: Scene
    /// This process's copy now (images are relative to it).
    let path: String

    /// Looks for orphans and, unless `open` names a file to open, adopts the newest one that
    /// reads as a scene, saying so on stderr: `glfun: recovered an unsaved drawing from <time>
    /// (N shapes)`, and how many others remain where. An orphan that does not read is left where
    /// it is, and said so.
    static func take(from folder: RecoveryFolder = RecoveryFolder(), open: String?) -> RecoveredDrawing? {
        var orphans = folder.orphans()
        guard !orphans.isEmpty else { return nil }
        if open != nil {
            say("glfun: \(count(orphans.count, "unsaved drawing")) from an earlier session in \(folder.directory) "
                + "(glfun draw without --open recovers the newest; --no-recover leaves them)")
            return nil
        }
        while let newest = orphans.first {
            orphans.removeFirst()
            let document: Scene
            do {
                document = try Scene(contentsOfFile: newest.path)
                try DrawingFile.placeSprite(beside: newest.path, for: document)
                if let missing = missingImage(document, relativeTo: newest.path) {
                    throw GLFunError.unreadable(path: missing)
                }
            } catch {
                say("glfun: could not recover the unsaved drawing at \(newest.path) (\(error)); it is left there")
                continue
            }
            guard let mine = folder.adopt(newest) else { continue }  // another glfun took it
            var line = "glfun: recovered an unsaved drawing from \(time(newest.modified)) (\(count(document.shapes.count, "shape")))"
            if !orphans.isEmpty { line += "; \(orphans.count) more in \(folder.directory)" }
            say(line)
            return RecoveredDrawing(document: document, path: mine)
        }
        return nil
    }

    /// The first image the scene names that is not a file beside it, or nil.
    static func missingImage(_ scene: Scene, relativeTo path: String) -> String? {
        let dir = directory(of: path)
        for name in scene.shapes.compactMap(\.image) {
            let p = PathName.joining(dir, name)
            if !FileManager.default.fileExists(atPath: p) { return p }
        }
        return nil
    }

    static func time(_ date: Date) -> String {
        let f = DateFormatter()
        f.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return f.string(from: date)
    }

    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    static func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
