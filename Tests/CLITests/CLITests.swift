import Foundation
import TestFixtures
import XCTest

/// The built `glfun` binary, run as a subprocess: exit status, stdout, stderr, files.
final class CLITests: XCTestCase {
    struct Run {
        var status: Int32
        var signaled: Bool
        var stdout: String
        var stderr: String
        /// stderr's lines; a final newline ends the last line rather than starting an empty one.
        var stderrLines: [Substring] {
            var lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
            if stderr.hasSuffix("\n") { lines.removeLast() }
            return lines
        }
    }

    var dir = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        dir = NSTemporaryDirectory() + "/clitests-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
        try super.tearDownWithError()
    }

    /// `$GLFUN_BIN`, else `glfun` in the build products folder the test runner was
    /// started from (`swift test` builds it there with every other product).
    static func glfunPath() throws -> String {
        if let p = ProcessInfo.processInfo.environment["GLFUN_BIN"], !p.isEmpty { return p }
        var candidates: [URL] = [Bundle(for: CLITests.self).bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL]
        if let exe = Bundle.main.executableURL { candidates.append(exe.deletingLastPathComponent()) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for c in candidates {
            let path = c.appendingPathComponent("glfun").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        XCTFail("glfun not found next to the test runner (looked in \(candidates.map(\.path))); set GLFUN_BIN")
        throw CocoaError(.fileNoSuchFile)
    }

    /// Runs glfun with `arguments` in `cwd` (the test's folder by default), killing it after `timeout` s.
    func glfun(_ arguments: [String], cwd: String? = nil, environment: [String: String] = [:], timeout: TimeInterval = 60,
               signalAllowed: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws -> Run {
        let p = Process()
        if !environment.isEmpty {
            p.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        p.executableURL = URL(fileURLWithPath: try Self.glfunPath())
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: cwd ?? dir)
        let outPath = dir + "/.stdout-\(UUID().uuidString)", errPath = dir + "/.stderr-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < deadline { usleep(10_000) }
        if p.isRunning {
            p.terminate()
            p.waitUntilExit()
            XCTFail("glfun \(arguments) ran over \(timeout) s", file: file, line: line)
        }
        p.waitUntilExit()
        try out.close()
        try err.close()
        let run = Run(status: p.terminationStatus, signaled: p.terminationReason == .uncaughtSignal,
                      stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
        XCTAssertFalse(run.signaled && !signalAllowed, "glfun \(arguments) died of signal \(run.status); stderr: \(run.stderr)", file: file, line: line)
        return run
    }

    /// A failure as the CLI contract has it: not a signal, a non-zero exit, and
    /// exactly one stderr line starting `glfun: error:`.
    @discardableResult
    func expectFailure(_ arguments: [String], cwd: String? = nil, mentions: [String] = [],
                       file: StaticString = #filePath, line: UInt = #line) throws -> Run {
        let r = try glfun(arguments, cwd: cwd, file: file, line: line)
        XCTAssertFalse(r.signaled, file: file, line: line)
        XCTAssertNotEqual(r.status, 0, "glfun \(arguments) should fail", file: file, line: line)
        XCTAssertEqual(r.stderrLines.count, 1, "glfun \(arguments): stderr should be one line, is: \(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stderr.hasPrefix("glfun: error: "), "glfun \(arguments): stderr is \(r.stderr)", file: file, line: line)
        for m in mentions {
            XCTAssertTrue(r.stderr.contains(m), "glfun \(arguments): stderr should mention \(m): \(r.stderr)", file: file, line: line)
        }
        return r
    }

    // MARK: Fixtures

    func write(_ text: String, to name: String) throws -> String {
        let path = dir + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let path = dir + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let scene = """
        {"version": 1, "width": 96, "height": 64, "scale": 1,
         "background": [0.76, 0.76, 0.76, 1],
         "shapes": [
           {"type": "line",    "from": [4, 60], "to": [90, 4], "color": [1, 0, 0, 1], "width": 3},
           {"type": "rect",    "from": [10, 10], "to": [40, 30], "color": "#00ff00"},
           {"type": "ellipse", "from": [50, 20], "to": [90, 60], "color": "blue"}]}
        """

    func sceneFile(shapes: String, name: String = "scene.json", width: Int = 96, height: Int = 64) throws -> String {
        try write("{\"width\": \(width), \"height\": \(height), \"shapes\": [\(shapes)]}", to: name)
    }

    /// A 32x32 RGBA sprite PNG made here (TestFixtures' PNGBuilder): colors that vary
    /// across it and alpha from 0 to 255, so it blends.
    func spritePNG() -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<32 {
            for x in 0..<32 { pixels += [UInt8(x * 8), UInt8(y * 8), UInt8(255 - x * 4 - y * 3), UInt8((x + y * 32) % 256)] }
        }
        return PNGBuilder.rgba(width: 32, height: 32, pixels: pixels)
    }

    /// Width and height from a PNG's IHDR (bytes 16..<24), read without libpng.
    func pngSize(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> (Int, Int)? {
        guard let d = FileManager.default.contents(atPath: path), d.count > 33 else { return nil }
        let b = [UInt8](d)
        XCTAssertEqual(Array(b[0..<8]), [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "PNG signature", file: file, line: line)
        XCTAssertEqual(String(decoding: b[12..<16], as: UTF8.self), "IHDR", file: file, line: line)
        func be(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        return (be(16), be(20))
    }

    /// Files in the test folder other than `keep` (and the run's own stdout/stderr files).
    func strayFiles(keeping keep: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { !keep.contains($0) && !$0.hasPrefix(".std") }.sorted()
    }

    // MARK: Success

    func testRenderWritesAPNGOfTheScenesSize() throws {
        let scene = try write(Self.scene, to: "scene.json")
        let r = try glfun(["render", scene, "-o", dir + "/out.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        let size = pngSize(dir + "/out.png")
        XCTAssertEqual(size?.0, 96)
        XCTAssertEqual(size?.1, 64)
        XCTAssertEqual(try strayFiles(keeping: ["scene.json", "out.png"]), [], "no temporary files are left")
        // --output and --scale.
        let r2 = try glfun(["render", scene, "--output", dir + "/out2.png", "--scale", "2"])
        XCTAssertEqual(r2.status, 0, r2.stderr)
        XCTAssertEqual(pngSize(dir + "/out2.png")?.0, 192)
        XCTAssertEqual(pngSize(dir + "/out2.png")?.1, 128)
    }

    func testRenderIsDeterministic() throws {
        let scene = try write(Self.scene, to: "scene.json")
        XCTAssertEqual(try glfun(["render", scene, "-o", "a.png"]).status, 0)
        XCTAssertEqual(try glfun(["render", scene, "-o", "b.png"]).status, 0)
        let a = FileManager.default.contents(atPath: dir + "/a.png"), b = FileManager.default.contents(atPath: dir + "/b.png")
        XCTAssertNotNil(a)
        XCTAssertEqual(a, b)
    }

    func testRenderWithAnImageRelativeToTheSceneFile() throws {
        try FileManager.default.createDirectory(atPath: dir + "/scenes/img", withIntermediateDirectories: true)
        _ = try write(spritePNG(), to: "scenes/img/sprite.png")
        _ = try write("{\"width\": 64, \"height\": 48, \"shapes\": [{\"type\": \"image\", \"at\": [32, 24], \"image\": \"img/sprite.png\"}]}",
                      to: "scenes/scene.json")
        // Run from another folder: the image path is relative to the scene, not the working directory.
        let r = try glfun(["render", "scenes/scene.json", "-o", "out.png"], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(pngSize(dir + "/out.png")?.0, 64)
        let r2 = try glfun(["render", dir + "/scenes/scene.json", "-o", dir + "/out2.png"], cwd: "/")
        XCTAssertEqual(r2.status, 0, r2.stderr)
    }

    func testBenchPrintsTheMedianLast() throws {
        let scene = try write(Self.scene, to: "scene.json")
        let r = try glfun(["bench", scene, "--frames", "3", "--warmup", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n")
        let last = String(lines.last ?? "")
        let prefix = "ms_per_frame_median="
        XCTAssertTrue(last.hasPrefix(prefix), "last line: \(last)")
        let value = Double(last.dropFirst(prefix.count))
        XCTAssertNotNil(value, "not a number: \(last)")
        XCTAssertGreaterThan(value ?? -1, 0)
        XCTAssertTrue(value?.isFinite ?? false)
    }

    func testBenchRejectsBadFrameCounts() throws {
        let scene = try write(Self.scene, to: "scene.json")
        try expectFailure(["bench", scene, "--frames", "0"], mentions: ["--frames"])
        try expectFailure(["bench", scene, "--frames", "many"])
    }

    func testInfoPrintsTheRenderer() throws {
        let r = try glfun(["info"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("GL_RENDERER: "), r.stdout)
        XCTAssertTrue(r.stdout.contains("GL_VERSION: OpenGL ES"), r.stdout)
        XCTAssertTrue(r.stdout.contains("platform: surfaceless"), r.stdout)
    }

    func testHelpExitsZero() throws {
        let r = try glfun(["--help"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("USAGE"), r.stdout)
        XCTAssertTrue(r.stdout.contains("render"), r.stdout)
        let sub = try glfun(["render", "--help"])
        XCTAssertEqual(sub.status, 0, sub.stderr)
        XCTAssertTrue(sub.stdout.contains("--output"), sub.stdout)
    }

    // MARK: Failures: one line, non-zero, no signal, no output file

    /// With no EGL vendor library (glvnd finds none), every headless platform
    /// fails, and the one error line names each attempt.
    func testNoEGLGivesOneLineNamingEachAttempt() throws {
        let r = try glfun(["info"], environment: ["__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent/egl_vendor.json"])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertEqual(r.stderrLines.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("glfun: error: cannot open a headless GL context: no headless EGL display ("), r.stderr)
        for attempt in ["surfaceless: ", "; device: ", "; default: "] {
            XCTAssertTrue(r.stderr.contains(attempt), "\(attempt) in \(r.stderr)")
        }
        XCTAssertEqual(r.stdout, "")
    }

    /// With Mesa's drivers out of reach eglInitialize fails on every platform:
    /// "eglInitialize failed: EGL_NOT_INITIALIZED" for each. Mesa's loader prints
    /// its own warnings to stderr first; glfun's line is the last, and the only one of its own.
    func testEGLInitializeFailureIsNamedAndNoOutputIsWritten() throws {
        let scene = try write(Self.scene, to: "scene.json")
        let r = try glfun(["render", scene, "-o", dir + "/out.png"], environment: ["LIBGL_DRIVERS_PATH": "/nonexistent"])
        XCTAssertNotEqual(r.status, 0)
        let ours = r.stderrLines.filter { $0.hasPrefix("glfun:") }
        XCTAssertEqual(ours.count, 1, r.stderr)
        XCTAssertEqual(r.stderrLines.last, ours.first)
        XCTAssertEqual(ours.first.map(String.init),
                       "glfun: error: cannot open a headless GL context: no headless EGL display (surfaceless: eglInitialize "
                       + "failed: EGL_NOT_INITIALIZED; device: eglInitialize failed: EGL_NOT_INITIALIZED; default: "
                       + "eglInitialize failed: EGL_NOT_INITIALIZED)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    func renderMustFail(_ scene: String, mentions: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws {
        let out = dir + "/out.png"
        try expectFailure(["render", scene, "-o", out], mentions: mentions, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no output file on failure", file: file, line: line)
        let stray = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains("out.png") }
        XCTAssertEqual(stray, [], "no temporary output file either", file: file, line: line)
    }

    func testInvalidJSON() throws {
        let scene = try write("{\"width\": 96, \"height\": ", to: "broken.json")
        try renderMustFail(scene, mentions: ["broken.json", "not valid JSON"])
    }

    func testWrongType() throws {
        let scene = try write("{\"width\": \"wide\", \"height\": 64}", to: "wrongtype.json")
        try renderMustFail(scene, mentions: ["wrongtype.json", "width"])
        let from = try sceneFile(shapes: #"{"type": "rect", "from": "0,0", "to": [1, 1], "color": "red"}"#, name: "from.json")
        try renderMustFail(from, mentions: ["shapes[0].from", "expected [x, y]"])
    }

    func testUnknownShapeType() throws {
        let scene = try sceneFile(shapes: #"{"type": "circle", "from": [0, 0], "to": [1, 1], "color": "red"}"#)
        try renderMustFail(scene, mentions: ["shapes[0].type", "circle"])
    }

    func testUnknownColor() throws {
        let scene = try sceneFile(shapes: #"{"type": "rect", "from": [0, 0], "to": [1, 1], "color": "octarine"}"#)
        try renderMustFail(scene, mentions: ["shapes[0].color", "octarine"])
    }

    func testAbsurdCoordinates() throws {
        let scene = try sceneFile(shapes: #"{"type": "rect", "from": [0, 0], "to": [2e6, 1], "color": "red"}"#)
        try renderMustFail(scene, mentions: ["shapes[0].to"])
        let inf = try sceneFile(shapes: #"{"type": "line", "from": [0, 1e999], "to": [1, 1], "color": "red"}"#, name: "inf.json")
        try renderMustFail(inf)
        let huge = try write("{\"width\": 100000, \"height\": 100000}", to: "huge.json")
        try renderMustFail(huge, mentions: ["width"])
    }

    func testCanvasOverThePixelLimitAtScale() throws {
        let scene = try write("{\"width\": 10000, \"height\": 100, \"scale\": 2}", to: "big.json")
        try renderMustFail(scene, mentions: ["big.json"])
    }

    func testMissingImageFile() throws {
        let scene = try sceneFile(shapes: #"{"type": "image", "at": [10, 10], "image": "nowhere.png"}"#)
        try renderMustFail(scene, mentions: ["nowhere.png"])
    }

    func testCorruptImageFile() throws {
        let png = spritePNG()
        _ = try write(Array(png[0..<(png.count / 2)]), to: "half.png")
        let scene = try sceneFile(shapes: #"{"type": "image", "at": [10, 10], "image": "half.png"}"#)
        try renderMustFail(scene, mentions: ["half.png"])
        _ = try write(Array("not a png".utf8), to: "text.png")
        let scene2 = try sceneFile(shapes: #"{"type": "image", "at": [10, 10], "image": "text.png"}"#, name: "scene2.json")
        try renderMustFail(scene2, mentions: ["text.png"])
    }

    func testImageTooLarge() throws {
        _ = try write(PNGBuilder.hugeHeader(width: 100_000, height: 100_000), to: "huge.png")
        let scene = try sceneFile(shapes: #"{"type": "image", "at": [10, 10], "image": "huge.png"}"#)
        let start = Date()
        try renderMustFail(scene, mentions: ["huge.png", "too large"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "refused from the header, not after allocating")
    }

    func testUnwritableOutputPath() throws {
        let scene = try write(Self.scene, to: "scene.json")
        let out = dir + "/no/such/dir/out.png"
        try expectFailure(["render", scene, "-o", out], mentions: [out])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/no"))
        XCTAssertEqual(try strayFiles(keeping: ["scene.json"]), [])
    }

    func testMissingSceneFile() throws {
        try renderMustFail(dir + "/absent.json", mentions: ["absent.json"])
    }

    func testBadScale() throws {
        let scene = try write(Self.scene, to: "scene.json")
        for bad in ["0", "300", "0.01", "-1", "nan", "abc"] {
            let r = try expectFailure(["render", scene, "-o", dir + "/out.png", "--scale", bad])
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"), bad)
            XCTAssertTrue(r.stderr.contains("scale"), "\(bad): \(r.stderr)")
        }
        // The window's range stays the display's.
        try expectFailure(["touches", "--scale", "20"], mentions: ["scale"])
    }

    /// `glfun render --scale` reaches past the window's 0.25...8: an icon drawn large, a drawing
    /// as a thumbnail; a picture past the pixel limits is one error line and no file.
    func testRenderScalesWideAndThePictureIsBoundedOnItsOwn() throws {
        let scene = try write(Self.scene, to: "scene.json")
        let big = try glfun(["render", scene, "-o", dir + "/big.png", "--scale", "40"])
        XCTAssertEqual(big.status, 0, big.stderr)
        XCTAssertEqual(pngSize(dir + "/big.png").map { [$0.0, $0.1] }, [3840, 2560])
        let small = try glfun(["render", scene, "-o", dir + "/small.png", "--scale", "0.0625"])
        XCTAssertEqual(small.status, 0, small.stderr)
        XCTAssertEqual(pngSize(dir + "/small.png").map { [$0.0, $0.1] }, [6, 4])
        try expectFailure(["render", scene, "-o", dir + "/huge.png", "--scale", "200"], mentions: ["16384"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/huge.png"))
    }

    func testUnknownOption() throws {
        let scene = try write(Self.scene, to: "scene.json")
        try expectFailure(["render", scene, "-o", dir + "/out.png", "--frobnicate"], mentions: ["--frobnicate"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"))
        try expectFailure(["render", scene])  // --output is required
        try expectFailure(["nosuchcommand", "x"])
    }

    func testExistingOutputIsLeftUntouchedWhenRenderFails() throws {
        let out = try write("precious bytes", to: "out.png")
        let before = try FileManager.default.attributesOfItem(atPath: out)[.modificationDate] as? Date
        let scene = try sceneFile(shapes: #"{"type": "circle", "from": [0, 0], "to": [1, 1], "color": "red"}"#)
        try expectFailure(["render", scene, "-o", out])
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "precious bytes")
        let missingImage = try sceneFile(shapes: #"{"type": "image", "at": [1, 1], "image": "gone.png"}"#, name: "img.json")
        try expectFailure(["render", missingImage, "-o", out])
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "precious bytes")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: out)[.modificationDate] as? Date, before)
        XCTAssertEqual(try strayFiles(keeping: ["out.png", "scene.json", "img.json"]), [])
    }

    // MARK: Bytes

    func testCRCMatchesTheKnownIENDChunk() {
        // Every PNG ends with the same IEND chunk: length 0, "IEND", CRC AE 42 60 82.
        XCTAssertEqual(Array(PNGBuilder.hugeHeader(width: 1, height: 1).suffix(12)),
                       [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82])
    }
}
