import Foundation
import GLFunGLES
import TestFixtures
import XCTest

/// `glfun movie-frame` and the movie exporter (`glfun play --export`) on TestClips' counter clip: 3 s at 25 fps, 320x240, frame n red
/// (n % 16) * 16 + 8, green (n / 16) * 32 + 16, blue 255 in the top half and 0 in the bottom.
extension CLITests {
    /// A PNG the command wrote, decoded.
    func frame(_ path: String) throws -> Image {
        try Image(contentsOfFile: path)
    }

    /// The frame number and whether the pixel is in the clip's blue top half, at (x, y).
    func counterPixel(_ image: Image, _ x: Int, _ y: Int) -> (frame: Int, top: Bool) {
        (TestClips.frameNumber(image, x: x, y: y), TestClips.pixel(image, x: x, y: y)[2] > 200)
    }

    /// Whether the pixel at (x, y) is opaque black (a bar around a fitted frame).
    func isBlack(_ image: Image, _ x: Int, _ y: Int) -> Bool {
        TestClips.pixel(image, x: x, y: y) == [0, 0, 0, 255]
    }

    // MARK: movie-frame

    func testMovieFrameIsTheExactFrameAtTheMoviesOwnSize() throws {
        let clip = try TestClips.counter()
        let r = try glfun(["movie-frame", clip, "--at", "1.5", "-o", "f.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "", "nothing on stderr (libmpv's own messages included)")
        XCTAssertEqual(r.stdout, "")
        let image = try frame(dir + "/f.png")
        XCTAssertEqual(image.width, 320)
        XCTAssertEqual(image.height, 240)
        // 1.5 s is in frame 37 (1.48 ..< 1.52); the top half blue: the right way up.
        XCTAssertTrue(counterPixel(image, 160, 60) == (37, true))
        XCTAssertTrue(counterPixel(image, 160, 180) == (37, false))
        XCTAssertTrue(counterPixel(image, 5, 5) == (37, true))
        XCTAssertTrue(counterPixel(image, 314, 234) == (37, false))
        // At or past the end: the last frame, as a player holds it.
        for t in ["2.999", "3", "99"] {
            XCTAssertEqual(try glfun(["movie-frame", clip, "--at", t, "-o", "last.png"]).status, 0)
            XCTAssertEqual(counterPixel(try frame(dir + "/last.png"), 100, 100).frame, 74, "at \(t) s")
        }
        XCTAssertEqual(try glfun(["movie-frame", clip, "--at", "0", "-o", "first.png"]).status, 0)
        XCTAssertEqual(counterPixel(try frame(dir + "/first.png"), 100, 100).frame, 0)
        XCTAssertEqual(try strayFiles(keeping: ["f.png", "last.png", "first.png"]), [])
    }

    func testMovieFrameFitsTheFrameIntoASizeOnBlack() throws {
        let clip = try TestClips.counter()
        // Wider: 320x240 fits 640x160 at 2/3, 213.3 px wide, centered: black bars left and right.
        XCTAssertEqual(try glfun(["movie-frame", clip, "--at", "1.5", "-o", "wide.png", "--size", "640x160"]).status, 0)
        let wide = try frame(dir + "/wide.png")
        XCTAssertEqual([wide.width, wide.height], [640, 160])
        for x in [0, 100, 211, 428, 540, 639] {
            for y in [0, 80, 159] { XCTAssertTrue(isBlack(wide, x, y), "(\(x), \(y)) is \(TestClips.pixel(wide, x: x, y: y))") }
        }
        for x in [216, 320, 424] {
            XCTAssertTrue(counterPixel(wide, x, 3) == (37, true), "(\(x), 3)")
            XCTAssertTrue(counterPixel(wide, x, 40) == (37, true), "(\(x), 40)")
            XCTAssertTrue(counterPixel(wide, x, 120) == (37, false), "(\(x), 120)")
            XCTAssertTrue(counterPixel(wide, x, 156) == (37, false), "(\(x), 156)")
        }
        // Taller: fits 200x400 at 5/8, 150 px high from y = 125: bars above and below.
        XCTAssertEqual(try glfun(["movie-frame", clip, "--at", "1.5", "-o", "tall.png", "--size", "200x400"]).status, 0)
        let tall = try frame(dir + "/tall.png")
        XCTAssertEqual([tall.width, tall.height], [200, 400])
        for y in [0, 60, 123, 276, 340, 399] {
            for x in [0, 100, 199] { XCTAssertTrue(isBlack(tall, x, y), "(\(x), \(y)) is \(TestClips.pixel(tall, x: x, y: y))") }
        }
        for x in [2, 100, 197] {
            XCTAssertTrue(counterPixel(tall, x, 128) == (37, true), "(\(x), 128)")
            XCTAssertTrue(counterPixel(tall, x, 180) == (37, true), "(\(x), 180)")
            XCTAssertTrue(counterPixel(tall, x, 220) == (37, false), "(\(x), 220)")
            XCTAssertTrue(counterPixel(tall, x, 272) == (37, false), "(\(x), 272)")
        }
    }

    func testMovieFrameToStandardOutput() throws {
        let clip = try TestClips.counter()
        // Standard output straight into a file (the runner keeps stdout as text).
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try Self.glfunPath())
        p.arguments = ["movie-frame", clip, "--at", "0.52", "-o", "-", "--size", "64x64"]
        _ = FileManager.default.createFile(atPath: dir + "/piped.png", contents: nil)
        p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/piped.png"))
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let image = try frame(dir + "/piped.png")
        XCTAssertEqual([image.width, image.height], [64, 64])
        XCTAssertEqual(counterPixel(image, 32, 20).frame, 13)
        XCTAssertTrue(isBlack(image, 32, 2))
    }

    func testMovieFrameFailuresAreOneLineAndWriteNothing() throws {
        let clip = try TestClips.counter()
        let whole = Array(try Data(contentsOf: URL(fileURLWithPath: clip)))
        // moov at the end: a file cut before it has no index at all.
        let cut = try write(Array(whole.prefix(whole.count / 3)), to: "cut.mp4")
        // moov first: a file cut in the middle plays up to its cut, and has no frame after it.
        try TestClips.ffmpeg(["-i", clip, "-c", "copy", "-movflags", "+faststart", dir + "/fast.mp4"])
        let fast = Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/fast.mp4")))
        try FileManager.default.removeItem(atPath: dir + "/fast.mp4")
        let fastCut = try write(Array(fast.prefix(fast.count / 2)), to: "fastcut.mp4")
        let text = try write("these are not the frames you are looking for\n", to: "notes.mp4")
        try FileManager.default.createDirectory(atPath: dir + "/folder.mp4", withIntermediateDirectories: false)
        let cases: [(args: [String], mentions: [String])] = [
            ([dir + "/absent.mp4", "--at", "1"], ["absent.mp4"]),
            ([text, "--at", "1"], ["notes.mp4"]),
            ([cut, "--at", "1"], ["cut.mp4"]),
            ([fastCut, "--at", "2.8"], ["fastcut.mp4", "2.8"]),
            ([try TestClips.soundOnly(), "--at", "0.5"], ["tone.wav", "video"]),
            ([dir + "/folder.mp4", "--at", "1"], ["folder.mp4"]),
            ([clip, "--at=-1"], ["--at"]),
            ([clip, "--at", "nan"], ["--at"]),
            ([clip, "--at", "inf"], ["--at"]),
            ([clip, "--at", "1", "--size", "10x10"], ["--size"]),
        ]
        for c in cases {
            try expectFailure(["movie-frame"] + c.args + ["-o", dir + "/out.png"], mentions: c.mentions)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"), "\(c.args)")
        }
        // An output that cannot be written: the error names it, nothing is left.
        try expectFailure(["movie-frame", clip, "--at", "1", "-o", dir + "/no/such/out.png"], mentions: ["out.png"])
        try expectFailure(["movie-frame", clip, "--at", "1", "-o", dir + "/folder.mp4"], mentions: ["folder.mp4"])
        XCTAssertEqual(try strayFiles(keeping: ["cut.mp4", "fastcut.mp4", "notes.mp4", "folder.mp4"]), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/folder.mp4"), [])
    }

    // MARK: export

    func testMovieExportWritesTheFramesAtEachTime() throws {
        let clip = try TestClips.counter()
        let r = try glfun(["play", clip, "--export", dir + "/frames", "--fps", "10", "--to", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "", "no progress bar when stderr is not a terminal")
        XCTAssertEqual(r.stdout.split(separator: "\n").last, "exported 10 frames to \(dir)/frames")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").sorted()
        XCTAssertEqual(names, (1...10).map { String(format: "frame-%05d.png", $0) })
        // k / 10 s is in frame floor(k * 2.5) of the 25 fps clip.
        for (k, name) in names.enumerated() {
            let image = try frame(dir + "/frames/" + name)
            XCTAssertEqual([image.width, image.height], [320, 240])
            XCTAssertTrue(counterPixel(image, 100, 60) == (k * 5 / 2, true), "\(name)")
            XCTAssertTrue(counterPixel(image, 100, 180) == (k * 5 / 2, false), "\(name)")
        }
    }

    func testMovieExportFromToAtTheMoviesRateAndFitted() throws {
        let clip = try TestClips.counter()
        // 2.0 ..< 2.2 s at the clip's own rate: frames 50 to 54, each once; fitted into 160x160.
        let r = try glfun(["play", clip, "--export", dir + "/part", "--fps", "25", "--from", "2", "--to", "2.2",
                           "--size", "160x160"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "exported 5 frames to \(dir)/part\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/part").sorted()
        XCTAssertEqual(names.count, 5)
        for (k, name) in names.enumerated() {
            let image = try frame(dir + "/part/" + name)
            XCTAssertEqual([image.width, image.height], [160, 160])
            XCTAssertTrue(counterPixel(image, 80, 40) == (50 + k, true), "\(name)")
            XCTAssertTrue(isBlack(image, 80, 5) && isBlack(image, 80, 155), "\(name): bars above and below")
        }
        // To the end by default: 3 s at 2 fps is 6 frames, the last at 2.5 s (frame 62).
        let all = try glfun(["play", clip, "--export", dir + "/all", "--fps", "2"])
        XCTAssertEqual(all.stdout, "exported 6 frames to \(dir)/all\n", all.stderr)
        XCTAssertEqual(counterPixel(try frame(dir + "/all/frame-00006.png"), 10, 10).frame, 62)
    }

    func testMovieExportFailuresAreOneLineAndMakeNoFolder() throws {
        let clip = try TestClips.counter()
        let out = dir + "/frames"
        let file = try write("a file", to: "file")
        let cases: [(args: [String], mentions: [String])] = [
            ([clip, "--fps", "0"], ["--fps"]),
            ([clip, "--fps", "241"], ["--fps"]),
            ([clip, "--fps", "nan"], ["--fps"]),
            ([clip, "--fps", "10", "--from", "2", "--to", "1"], ["--from", "--to"]),
            ([clip, "--fps", "10", "--from=-1"], ["--from"]),
            ([clip, "--fps", "10", "--from", "3"], ["--from", "3 s long"]),
            ([clip, "--fps", "10", "--to", "4"], ["--to", "3 s long"]),
            ([dir + "/absent.mp4", "--fps", "10"], ["absent.mp4"]),
            ([try TestClips.soundOnly(), "--fps", "10"], ["tone.wav"]),
        ]
        for c in cases {
            try expectFailure(["play"] + c.args + ["--export", out], mentions: c.mentions)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(c.args): no folder")
        }
        try expectFailure(["play", clip, "--export", file], mentions: ["file"])
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "a file")
        XCTAssertEqual(try strayFiles(keeping: ["file"]), [])
    }
}
