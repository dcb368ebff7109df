import GLFunFileOutput
import Foundation
import GLFunGLES
import GLFunHost

/// The autosave when a window session ends with unsaved work, and where it goes when a folder
/// cannot take it: the autosave folder, then the current folder, then `$XDG_RUNTIME_DIR`, then
/// `$TMPDIR` (else /tmp). The line on stderr says plainly where the drawing went (and that the
/// last two are emptied at logout or reboot), or, when every place failed, that it could not
/// be kept, listing what was tried and why.
enum Autosave {
    enum Outcome: Equatable {
        /// No document, or nothing unsaved.
        case nothingToSave
        /// Written to this path.
        case kept(String)
        /// No place could take it.
        case lost
    }

    /// A place to try: a folder (named in messages as `label`) and the file name there.
    struct Place {
        let label: String
        let directory: String
        /// "autosave-" in the autosave folder, "glfun-autosave-" elsewhere.
        let prefix: String
        let stamp: String
        /// Emptied at logout or reboot.
        let temporary: Bool
        var path: String { (directory == "." ? "" : directory + "/") + prefix + stamp + ".json" }
    }

    /// The places to try, in order.
    static func places(autosaveDirectory: String, environment env: [String: String] = ProcessInfo.processInfo.environment,
                       date: Date = Date(), pid: Int32 = getpid()) -> [Place] {
        let f = DateFormatter()
        f.dateFormat = "yyyyMMdd-HHmmss"
        let stamp = "\(f.string(from: date))-\(pid)"
        var places = [
            Place(label: autosaveDirectory, directory: autosaveDirectory, prefix: "autosave-", stamp: stamp, temporary: false),
            Place(label: "the current folder " + FileManager.default.currentDirectoryPath, directory: ".",
                  prefix: "glfun-autosave-", stamp: stamp, temporary: false),
        ]
        if let run = env["XDG_RUNTIME_DIR"], !run.isEmpty {
            places.append(Place(label: run, directory: run, prefix: "glfun-autosave-", stamp: stamp, temporary: true))
        }
        let tmp = env["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        places.append(Place(label: tmp, directory: tmp, prefix: "glfun-autosave-", stamp: stamp, temporary: true))
        return places
    }

    /// Writes the document (no preview) to the first place that takes it, and says so.
    /// - Parameter recoveryCopy: the crash-recovery copy on disk, named when all else failed.
    static func run(_ doc: (any AppDocument)?, autosaveDirectory: String, reason: String,
                    recoveryCopy: String?, notice: (HostNotice) -> Void) -> Outcome {
        guard let doc, doc.hasUnsavedChanges else { return .nothingToSave }
        try? FileManager.default.createDirectory(atPath: autosaveDirectory, withIntermediateDirectories: true)
        var failures: [String] = []
        for place in places(autosaveDirectory: autosaveDirectory) {
            // Autosaves are named once: what a killed autosave left is removed here.
            AtomicFile.removeStaleTemporaryFiles(in: place.directory, forNamesStartingWith: place.prefix)
            do {
                _ = try doc.write(to: place.path, preview: false)
            } catch {
                failures.append("\(place.label) (\(Autosave.reason(of: error)))")
                continue
            }
            doc.markSaved()
            var why = reason
            if !failures.isEmpty { why += "; could not write to " + failures.joined(separator: ", ") }
            notice(.autosaved(path: place.path, reason: why, temporary: place.temporary))
            return .kept(place.path)
        }
        notice(.lost(reason: reason, tried: failures, recoveryCopy: recoveryCopy))
        return .lost
    }

    /// The system's words for a failed write, without the path (the place names the folder).
    static func reason(of error: any Error) -> String {
        if let e = error as? FileWriteError { return e.reason }
        return "\(error)"
    }
}
