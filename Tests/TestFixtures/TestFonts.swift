import Foundation

/// Fonts made at test time by scripts/make/test_fonts.py (Debian's python3 with fontTools,
/// python3-fonttools): "GLFun Test VF" (a wght axis: its "I" widens from 100 units at wght 400 to
/// 500 at 900) and "GLFun Test COLR" (its "A" a COLRv0 glyph: red left half, blue right half).
/// Made once per test process into a temporary folder, removed at exit; the caller hands the
/// files to fontconfig (`TextShaper.addFontFile`).
public enum TestFonts {
    nonisolated(unsafe) private static var folder: String?
    private static let lock = NSLock()

    /// The variable font's and the colour font's paths.
    public static func make() throws -> (variable: String, color: String) {
        lock.lock()
        defer { lock.unlock() }
        let dir = folder ?? NSTemporaryDirectory() + "glfun-fonts-\(getpid())"
        if folder == nil {
            let script = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()  // Tests/TestFixtures
                .deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("scripts/make/test_fonts.py").path
            let p = Process()
            p.executableURL = URL(fileURLWithPath: TestPictures.python)
            p.arguments = [script, dir]
            let err = Pipe()
            p.standardError = err
            try p.run()
            let message = err.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            guard p.terminationStatus == 0 else {
                throw NSError(domain: "make-test-fonts", code: Int(p.terminationStatus),
                              userInfo: [NSLocalizedDescriptionKey: String(decoding: message, as: UTF8.self)])
            }
            atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "glfun-fonts-\(getpid())") }
            folder = dir
        }
        return (dir + "/GLFunTestVF.ttf", dir + "/GLFunTestCOLR.ttf")
    }
}
