import Foundation
import TestFixtures
import XCTest

/// `glfun render A.json B.json … --output-dir DIR [--jobs N]` (RenderBatch), and `-o -`.
extension CLITests {
    /// A solid RGBA picture, `side` pixels square.
    func solidPNG(_ rgba: [UInt8], side: Int = 24) -> [UInt8] {
        PNGBuilder.rgba(width: side, height: side, pixels: Array([[UInt8]](repeating: rgba, count: side * side).joined()))
    }

    /// Scenes that differ in what a batch could carry over from one to the next: sizes and
    /// scales (the framebuffer), antialiasing, and two folders each with its own "sprite.png"
    /// (a scene's images must be its own, not the last scene's of the same name).
    func batchScenes() throws -> [String] {
        for sub in ["a", "b", "c"] {
            try FileManager.default.createDirectory(atPath: dir + "/in/" + sub, withIntermediateDirectories: true)
        }
        _ = try write(spritePNG(), to: "in/a/sprite.png")
        _ = try write(solidPNG([200, 30, 60, 255]), to: "in/b/sprite.png")
        let sprite = #"{"type": "image", "at": [40, 30], "image": "sprite.png"}, "#
        let rect = #"{"type": "rect", "from": [5, 5], "to": [60, 40], "color": [0, 0.5, 1, 0.5]}"#
        return [
            try write(Self.scene, to: "in/plain.json"),
            try write("{\"width\": 80, \"height\": 60, \"shapes\": [\(sprite)\(rect)]}", to: "in/a/first.json"),
            try write("{\"width\": 80, \"height\": 60, \"shapes\": [\(sprite)\(rect)]}", to: "in/b/second.json"),
            try write("{\"width\": 50, \"height\": 40, \"scale\": 2, \"antialias\": true, \"shapes\": [" +
                      #"{"type": "ellipse", "from": [3, 4], "to": [47, 30], "color": "red"}, "# +
                      #"{"type": "path", "d": "M5 35 C 15 5, 35 5, 45 35", "stroke": "black", "width": 3}]}"#,
                      to: "in/c/round.json"),
            try write(Self.scene.replacingOccurrences(of: "0.76, 0.76, 0.76", with: "0.1, 0.2, 0.3"), to: "in/c/dark.JSON"),
        ]
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// Each scene rendered alone (`render S -o F`), as name -> PNG bytes.
    func oneByOne(_ scenes: [String], names: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Data] {
        try FileManager.default.createDirectory(atPath: dir + "/single", withIntermediateDirectories: true)
        var out: [String: Data] = [:]
        for (s, n) in zip(scenes, names) {
            let r = try glfun(["render", s, "-o", dir + "/single/" + n], file: file, line: line)
            XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
            out[n] = bytes(dir + "/single/" + n)
        }
        return out
    }

    func testBatchIsByteIdenticalToOneByOneRenders() throws {
        let scenes = try batchScenes()
        let names = ["plain.png", "first.png", "second.png", "round.png", "dark.png"]
        let single = try oneByOne(scenes, names: names)
        let r = try glfun(["render"] + scenes + ["--output-dir", "out"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "", "no bar and no line when stderr is not a terminal")
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted(), names.sorted(),
                       "one PNG per scene, no temporary file left")
        for n in names {
            XCTAssertNotNil(single[n], n)
            XCTAssertEqual(bytes(dir + "/out/" + n), single[n], "\(n): the batch's PNG is the single render's, byte for byte")
        }
        XCTAssertNotEqual(single["first.png"], single["second.png"], "each folder's sprite.png is its own")
        XCTAssertEqual(pngSize(dir + "/out/round.png").map { [$0.0, $0.1] }, [100, 80])
        // --scale and --aa apply to every scene, as to one.
        let scaled = try glfun(["render", scenes[0], "-o", "scaled.png", "--scale", "2", "--aa", "on"])
        XCTAssertEqual(scaled.status, 0, scaled.stderr)
        let batch = try glfun(["render", scenes[0], scenes[1], "--output-dir", "scaled", "--scale", "2", "--aa", "on"])
        XCTAssertEqual(batch.status, 0, batch.stderr)
        XCTAssertEqual(bytes(dir + "/scaled/plain.png"), bytes(dir + "/scaled.png"))
    }

    func testABadSceneAmongGoodOnesIsOneLineAndTheOthersRender() throws {
        let scenes = try batchScenes()
        let broken = try write("{\"width\": 96, \"height\": ", to: "in/broken.json")
        let noImage = try sceneFile(shapes: #"{"type": "image", "at": [10, 10], "image": "nowhere.png"}"#, name: "in/noimage.json")
        let huge = try write("{\"width\": 10000, \"height\": 100, \"scale\": 2}", to: "in/huge.json")
        let absent = dir + "/in/absent.json"
        let all = [scenes[0], broken, scenes[1], noImage, huge, absent, scenes[2]]
        for jobs in ["1", "2"] {
            let out = "out" + jobs
            let r = try glfun(["render"] + all + ["--output-dir", out, "--jobs", jobs])
            XCTAssertEqual(r.status, 1, "exit 1 when any scene failed: \(r.stderr)")
            XCTAssertEqual(r.stdout, "")
            let lines = r.stderrLines.map(String.init)
            XCTAssertEqual(lines.count, 4, r.stderr)
            XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("glfun: error: ") }, r.stderr)
            for (name, why) in [("broken.json", "not valid JSON"), ("noimage.json", "nowhere.png"), ("huge.json", "at most"),
                                ("absent.json", "no such file")] {
                XCTAssertEqual(lines.filter { $0.contains(name) && $0.contains(why) }.count, 1, "\(name): \(r.stderr)")
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/" + out).sorted(),
                           ["first.png", "plain.png", "second.png"], "the good scenes' files, and nothing else")
        }
        XCTAssertEqual(bytes(dir + "/out1/first.png"), bytes(dir + "/out2/first.png"))
        // All of them failing: still exit 1, a line each, and an empty folder.
        let r = try glfun(["render", broken, huge, "--output-dir", "none"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderrLines.count, 2, r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/none"), [])
    }

    func testJobsTwoWritesWhatJobsOneWrites() throws {
        let scenes = try batchScenes()
        // More scenes than workers, so both take several: copies of the five under other names.
        var many = scenes
        for i in 0..<7 {
            let source = scenes[i % scenes.count]
            let copy = (source as NSString).deletingLastPathComponent + "/copy\(i).json"  // beside it: its images
            try FileManager.default.copyItem(atPath: source, toPath: copy)
            many.append(copy)
        }
        for jobs in ["1", "2", "16"] {
            let r = try glfun(["render"] + many + ["--output-dir", "jobs" + jobs, "--jobs", jobs])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stderr, "")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/jobs1").sorted()
        XCTAssertEqual(names.count, many.count)
        for jobs in ["2", "16"] {
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/jobs" + jobs).sorted(), names)
            for n in names {
                XCTAssertEqual(bytes(dir + "/jobs\(jobs)/" + n), bytes(dir + "/jobs1/" + n), "--jobs \(jobs): \(n)")
            }
        }
    }

    func testBatchOptionsThatCannotGoTogetherAreRefusedBeforeAnythingRenders() throws {
        let scenes = try batchScenes()
        let twin = try write(Self.scene, to: "in/a/plain.json")
        let refused: [([String], String)] = [
            ([scenes[0], twin, "--output-dir", "out"], "plain.png"),           // the same base name twice
            ([scenes[0], scenes[0], "--output-dir", "out"], "plain.png"),      // the same file twice
            ([scenes[0], "-o", "x.png", "--output-dir", "out"], "--output-dir"),
            ([scenes[0], scenes[1], "-o", "x.png"], "--output-dir"),
            ([scenes[0], "-o", "x.png", "--jobs", "2"], "--jobs"),
            ([scenes[0], "--output-dir", "out", "--jobs", "0"], "--jobs"),
            ([scenes[0], "--output-dir", "out", "--jobs", "17"], "--jobs"),
            ([scenes[0], "--output-dir", "out", "--scale", "0"], "scale"),
            ([scenes[0]], "--output"),
        ]
        for (arguments, mention) in refused {
            let r = try expectFailure(["render"] + arguments, mentions: [mention])
            XCTAssertEqual(r.status, 64, "\(arguments): a usage error")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out"), "\(arguments): no folder made")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/x.png"))
        }
        // A file where the folder should be: refused, and the file kept.
        let file = try write("precious", to: "file")
        try expectFailure(["render", scenes[0], "--output-dir", file], mentions: [file, "not a folder"])
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "precious")
    }

    func testOutputDashWritesThePNGToStandardOutput() throws {
        let scene = try write(Self.scene, to: "scene.json")
        XCTAssertEqual(try glfun(["render", scene, "-o", "file.png"]).status, 0)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try Self.glfunPath())
        p.arguments = ["render", scene, "--output", "-"]
        let stdoutPath = dir + "/.stdout-dash"
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        try out.close()
        XCTAssertEqual(p.terminationStatus, 0)
        let png = bytes(stdoutPath)
        XCTAssertEqual(png.map { Array($0.prefix(8)) }, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        XCTAssertEqual(png, bytes(dir + "/file.png"), "the same bytes as the file")
        XCTAssertEqual(try strayFiles(keeping: ["scene.json", "file.png"]), [], "no file named - or temporary file")
    }
}
