import Foundation

/// Pictures made at test time by scripts/make/test_pictures.py (Debian's python3 with PIL, and
/// heif-enc): a set's folder and its manifest, made once per test process, removed at exit.
public enum TestPictures {
    /// Debian's interpreter, for which apt installs python3-pil.
    static let python = "/usr/bin/python3"

    nonisolated(unsafe) private static var made: [String: (String, [String: Any])] = [:]
    private static let lock = NSLock()

    /// The folder of `set` ("colour", "formats", "animations") and its manifest.json.
    public static func make(_ set: String) throws -> (folder: String, manifest: [String: Any]) {
        lock.lock()
        defer { lock.unlock() }
        if let m = made[set] { return m }
        let dir = NSTemporaryDirectory() + "glfun-pictures-\(getpid())/\(set)"
        try runMakeScript("test_pictures.py", [dir, set])
        if made.isEmpty {
            atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "glfun-pictures-\(getpid())") }
        }
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/manifest.json")))
        made[set] = (dir, manifest as? [String: Any] ?? [:])
        return made[set]!
    }
}

/// Runs scripts/make/SCRIPT with Debian's python3 and ARGUMENTS; throws with its standard error
/// when it fails (TestPictures, TestFonts).
func runMakeScript(_ script: String, _ arguments: [String]) throws {
    let path = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()  // Tests/TestFixtures
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/make/" + script).path
    try runTool(TestPictures.python, [path] + arguments, name: "scripts/make/" + script)
}
