import Foundation
import GLFunGLES
import TestFixtures
import XCTest

/// The CLI over hostile media made by the tests: movies cut before their first frame, FIFOs
/// where files belong, transition files that would hurt the GL driver, a slide named with
/// thousands of characters, an export that fails.
extension CLITests {
    /// A 48x32 picture of one color.
    func picture(_ name: String, _ rgb: [UInt8]) throws -> String {
        try write(PNGBuilder.rgba(width: 48, height: 32, pixels: Array(repeating: rgb + [255], count: 48 * 32).flatMap { $0 }),
                  to: name)
    }

    func testABrokenMovieIsRefusedAtOnceTheSameWayEveryTime() throws {
        for clip in [try TestClips.cutMKV(), try TestClips.cutFaststartMP4()] {
            for _ in 0..<3 {
                let started = Date()
                try expectFailure(["movie-frame", clip, "--at", "0", "-o", dir + "/out.png"], mentions: [clip, "first frame"])
                XCTAssertLessThan(Date().timeIntervalSince(started), 20, clip)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"))
        }
    }

    func testAShowWithABrokenMovieSaysSoOnceAndGoesOn() throws {
        for clip in [try TestClips.cutMKV(), try TestClips.cutFaststartMP4()] {
            let show = dir + "/show-\((clip as NSString).pathExtension)"
            try FileManager.default.createDirectory(atPath: show, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: show) }
            let movie = show + "/2-broken." + (clip as NSString).pathExtension
            try FileManager.default.copyItem(atPath: clip, toPath: movie)
            _ = try FileManager.default.moveItem(atPath: try picture("1.png", [200, 40, 40]), toPath: show + "/1.png")
            _ = try FileManager.default.moveItem(atPath: try picture("3.png", [40, 40, 200]), toPath: show + "/3.png")
            let started = Date()
            let r = try glfun(["slideshow", show, "--export", dir + "/frames", "--fps", "4", "--interval", "1"])
            XCTAssertLessThan(Date().timeIntervalSince(started), 20, "a broken movie must not stall the export")
            XCTAssertEqual(r.status, 0, r.stderr)
            let warnings = r.stderrLines.filter { $0.hasPrefix("glfun: warning:") }
            XCTAssertEqual(warnings.count, 1, r.stderr)
            XCTAssertTrue(warnings.first?.contains("2-broken") ?? false, r.stderr)
            try FileManager.default.removeItem(atPath: dir + "/frames")
        }
    }

    func testFIFOsAreRefusedNotWaitedOn() throws {
        let pipe = dir + "/pipe.mp4"
        XCTAssertEqual(mkfifo(pipe, 0o600), 0)
        try expectFailure(["movie-frame", pipe, "--at", "0", "-o", dir + "/out.png"], mentions: ["pipe.mp4", "regular file"])
        try expectFailure(["slideshow", pipe, "--export", dir + "/frames"], mentions: ["pipe.mp4", "regular file"])
        let glsl = dir + "/pipe.glsl"
        XCTAssertEqual(mkfifo(glsl, 0o600), 0)
        let a = try picture("a.png", [10, 10, 10])
        try expectFailure(["transition", a, a, "--transition-file", glsl, "--progress", "0.5", "-o", dir + "/out.png"],
                          mentions: ["pipe.glsl", "regular file"])
        let pipedPicture = dir + "/pipe.png"
        XCTAssertEqual(mkfifo(pipedPicture, 0o600), 0)
        try expectFailure(["transition", pipedPicture, a, "--progress", "0.5", "-o", dir + "/out.png"],
                          mentions: ["pipe.png", "regular file"])
        let pipedScene = dir + "/pipe.json"
        XCTAssertEqual(mkfifo(pipedScene, 0o600), 0)
        try expectFailure(["render", pipedScene, "-o", dir + "/out.png"], mentions: ["pipe.json", "regular file"])
        // In a folder: skipped with a warning, the rest shown.
        let show = dir + "/show"
        try FileManager.default.createDirectory(atPath: show, withIntermediateDirectories: true)
        _ = try FileManager.default.moveItem(atPath: try picture("1.png", [200, 40, 40]), toPath: show + "/1.png")
        XCTAssertEqual(mkfifo(show + "/2.png", 0o600), 0)
        XCTAssertEqual(mkfifo(show + "/3.mkv", 0o600), 0)
        let r = try glfun(["slideshow", show, "--export", dir + "/frames", "--fps", "2", "--interval", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderrLines.filter { $0.hasPrefix("glfun: warning:") && $0.contains("regular file") }.count, 2, r.stderr)
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").isEmpty)
    }

    func testATransitionFileOverItsBoundsIsOneErrorOrTheFadeInAShow() throws {
        let terms = Array(repeating: "progress", count: 50_000).joined(separator: " + ")
        let long = try write("vec4 transition(vec2 uv) { float a = \(terms); return getToColor(uv) * a; }\n", to: "long.glsl")
        let loop = try write("""
            vec4 transition(vec2 uv) {
                float a = 0.0;
                for (int i = 0; i < 1000000; i++) { a += 0.000001; }
                return mix(getFromColor(uv), getToColor(uv), a);
            }
            """, to: "loop.glsl")
        var macros = "#define M0 progress\n"
        for k in 1...40 { macros += "#define M\(k) (M\(k - 1) + M\(k - 1))\n" }
        let exploding = try write(macros + "vec4 transition(vec2 uv) { return getToColor(uv) * M40; }\n", to: "macros.glsl")
        let nul = try write([UInt8]("vec4 transition(vec2 uv) { return getToColor(uv); }".utf8) + [0] + [UInt8]("}".utf8),
                            to: "nul.glsl")
        let a = try picture("a.png", [10, 10, 10])
        for (file, words) in [(long, "statement"), (loop, "loops"), (exploding, "macros"), (nul, "UTF-8")] {
            try expectFailure(["transition", a, a, "--transition-file", file, "--progress", "0.5", "-o", dir + "/out.png"],
                              mentions: [file, words])
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"))
        let slide = try picture("slide.png", [30, 160, 60])
        let r = try glfun(["slideshow", slide, slide, "--transition-file", loop, "--export", dir + "/frames",
                           "--fps", "2", "--interval", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderrLines.filter { $0.hasPrefix("glfun: warning:") }.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("loop.glsl") && r.stderr.contains("fade"), r.stderr)
    }

    func testAFailedExportLeavesNothingItMade() throws {
        // A slide named with 5,000 characters (a list may name anything) is missing: its
        // warning is shown shortened, and the export goes on.
        let ok = try picture("ok.png", [90, 90, 90])
        let name = String(repeating: "long-name-", count: 500) + ".png"
        let list = try write("<plist><array><string>ok.png</string><string>\(name)</string><string>ok.png</string></array></plist>",
                             to: "long.plist")
        let r = try glfun(["slideshow", list, "--export", dir + "/frames", "--fps", "2", "--interval", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderrLines.filter { $0.hasPrefix("glfun: warning:") }.count, 1, r.stderr)
        try FileManager.default.removeItem(atPath: dir + "/frames")
        // An export that fails after making its folder (frames over `ulimit -f`) removes it, and
        // the folders it made on the way; a folder that was there stays.
        let target = dir + "/new/deeper/frames"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "ulimit -f 1; exec \"$0\" slideshow \"$1\" --export \"$2\" --fps 2 --interval 1 2>/dev/null",
                       try Self.glfunPath(), ok, target]
        try p.run()
        p.waitUntilExit()
        XCTAssertNotEqual(p.terminationStatus, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/new"), "the folders the export made are gone")
        // The same for a movie's export; and a folder that was there before stays, emptied
        // of the frames written.
        let movie = Process()
        movie.executableURL = URL(fileURLWithPath: "/bin/sh")
        movie.arguments = ["-c", "ulimit -f 1; exec \"$0\" play \"$1\" --export \"$2\" --fps 5 2>/dev/null",
                           try Self.glfunPath(), try TestClips.counter(), target]
        try movie.run()
        movie.waitUntilExit()
        XCTAssertNotEqual(movie.terminationStatus, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/new"))
        try FileManager.default.createDirectory(atPath: dir + "/there", withIntermediateDirectories: false)
        let again = Process()
        again.executableURL = URL(fileURLWithPath: "/bin/sh")
        again.arguments = ["-c", "ulimit -f 1; exec \"$0\" slideshow \"$1\" --export \"$2\" --fps 2 --interval 1 2>/dev/null",
                           try Self.glfunPath(), ok, dir + "/there"]
        try again.run()
        again.waitUntilExit()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/there"), [])
    }

    func testAnEmptyPathIsRefused() throws {
        try expectFailure(["slideshow", "", "--export", dir + "/frames"], mentions: ["empty"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/frames"))
    }
}

extension CLITests {
    func testDeepPropertyListsAreOneErrorNotACrash() throws {
        let deep = try write("<plist>" + String(repeating: "<array>", count: 20_000) + "</plist>", to: "deep.plist")
        try expectFailure(["slideshow", deep, "--export", dir + "/frames"], mentions: ["deep.plist", "deeper than"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/frames"))
    }
}

extension CLITests {
    func testANameThatIsNotUTF8IsShownFromTheCommandLineAndFromAFolder() throws {
        let ok = try picture("ok.png", [90, 90, 90])
        // A hard link named \xFF\xFE.png (not UTF-8) to a picture.
        let named = dir + "/" + FileName.string([0xFF, 0xFE] + Array(".png".utf8))
        XCTAssertEqual(FileName.withCString(named) { link(ok, $0) }, 0)
        // From the command line: glfun gets the bytes through a shell's printf.
        let (status, stderr) = try glfunWithRawName("slideshow", "\\377\\376.png", "--export \"$2\" --fps 2 --interval 1",
                                                    dir + "/frames")
        XCTAssertEqual(status, 0, stderr)
        XCTAssertFalse(stderr.contains("warning"), stderr)
        try FileManager.default.removeItem(atPath: dir + "/frames")
    }

    func testAMovieWhoseNameIsNotUTF8IsOpenedFromTheCommandLine() throws {
        let clip = try TestClips.counter()
        // A hard link named \xFF\xFE.mp4 (not UTF-8) to a clip, given to movie-frame as bytes.
        let named = dir + "/" + FileName.string([0xFF, 0xFE] + Array(".mp4".utf8))
        XCTAssertEqual(FileName.withCString(named) { link(clip, $0) }, 0)
        let (status, stderr) = try glfunWithRawName("movie-frame", "\\377\\376.mp4", "--at 0 -o \"$2\"", dir + "/frame.png")
        XCTAssertEqual(status, 0, stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/frame.png"))
    }

    /// Runs `glfun COMMAND DIR/NAME REST` through a shell, NAME written as printf escapes so that
    /// glfun gets bytes that are not UTF-8; `$2` in REST is `second`. Its exit status and stderr.
    func glfunWithRawName(_ command: String, _ name: String, _ rest: String,
                          _ second: String) throws -> (status: Int32, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "exec \"$0\" \(command) \"$(printf '%s/\(name)' \"$1\")\" \(rest)",
                       try Self.glfunPath(), dir, second]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, stderr)
    }
}
