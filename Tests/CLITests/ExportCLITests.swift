import Foundation
import GLFunGLES
import TestFixtures
import XCTest

/// Exports and outputs named with one letter (Foundation's `deletingLastPathComponent` trapped
/// on them), and exports of shows whose slides cannot all be shown: a warning each, the rest
/// exported; nothing to show, one error and no folder.
extension CLITests {
    /// Runs in `dir`, so each output is a bare name as typed.
    func testOneLetterOutputsAreWritten() throws {
        _ = try picture("p.png", [200, 40, 40])
        for folder in ["o", "a/", "./b", "c/d", "e//"] {
            let r = try glfun(["slideshow", "p.png", "--export", folder, "--fps", "2", "--interval", "1", "--size", "96x64"])
            XCTAssertEqual(r.status, 0, "--export \(folder): \(r.stderr)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/" + folder + "/frame-00001.png"), folder)
            XCTAssertEqual(r.stdout.split(separator: "\n").last.map(String.init), "exported 2 frames to \(folder)", folder)
        }
        // A scene named "s" (its images are beside it: in "."), rendered to "o" and into "q/".
        _ = try write(CLITests.scene, to: "s")
        let render = try glfun(["render", "s", "-o", "o.png"])
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertEqual(pngSize(dir + "/o.png")?.0, 96)
        let one = try glfun(["render", "s", "-o", "r"])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(pngSize(dir + "/r")?.0, 96)
        _ = try write(CLITests.scene, to: "t.json")
        let batch = try glfun(["render", "s", "t.json", "--output-dir", "q"])
        XCTAssertEqual(batch.status, 0, batch.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/q").sorted(), ["s.png", "t.png"])
        let transition = try glfun(["transition", "p.png", "p.png", "--progress", "0.5", "-o", "x"])
        XCTAssertEqual(transition.status, 0, transition.stderr)
        XCTAssertNotNil(pngSize(dir + "/x"))
        let movie = try glfun(["play", try TestClips.counter(), "--export", "m", "--fps", "5", "--to", "0.4"])
        XCTAssertEqual(movie.status, 0, movie.stderr)
        XCTAssertEqual(movie.stdout.split(separator: "\n").last.map(String.init), "exported 2 frames to m")
    }

    func testAnEmptyExportFolderIsOneError() throws {
        let p = try picture("p.png", [200, 40, 40])
        try expectFailure(["slideshow", p, "--export", ""], mentions: ["folder"])
    }

    /// A show of two good pictures (red, blue) and two that cannot be decoded (a PNG cut in
    /// half, a text file named .jpg), bad ones first and in the middle: a warning each, exit 0,
    /// and frames of the red slide, then of the blue one.
    func testAnExportWarnsOnceForEachBadSlideAndShowsTheGoodOnes() throws {
        let good = try picture("good.png", [200, 40, 40]), blue = try picture("blue.png", [40, 40, 200])
        let cut = Array(try Data(contentsOf: URL(fileURLWithPath: good))).prefix(900)
        for (n, names) in [["a-text.jpg", "b-cut.png", "c-red.png", "d-blue.png"],
                           ["a-red.png", "b-cut.png", "c-text.jpg", "d-blue.png"]].enumerated() {
            let show = dir + "/show\(n)"
            try FileManager.default.createDirectory(atPath: show, withIntermediateDirectories: false)
            for name in names {
                let path = show + "/" + name
                if name.hasSuffix("red.png") { try FileManager.default.copyItem(atPath: good, toPath: path) }
                if name.hasSuffix("blue.png") { try FileManager.default.copyItem(atPath: blue, toPath: path) }
                if name.hasSuffix("cut.png") { try Data(cut).write(to: URL(fileURLWithPath: path)) }
                if name.hasSuffix("text.jpg") { try Data("not a picture\n".utf8).write(to: URL(fileURLWithPath: path)) }
            }
            let frames = dir + "/frames\(n)"
            let r = try glfun(["slideshow", show, "--export", frames, "--fps", "2", "--interval", "1", "--transition", "none",
                               "--size", "96x64"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let warnings = r.stderrLines.filter { $0.hasPrefix("glfun: warning: ") }
            XCTAssertEqual(warnings.count, 2, r.stderr)
            XCTAssertEqual(warnings.filter { $0.contains(show + "/b-cut.png: ") }.count, 1, r.stderr)
            XCTAssertEqual(warnings.filter { $0.contains("-text.jpg: ") }.count, 1, r.stderr)
            XCTAssertFalse(r.stderr.contains("glfun: error:"), r.stderr)
            // Each frame's corner (the skipped slide's line on screen is in the middle): the
            // red slide's frames, then the blue one's, nothing else.
            let corners = try FileManager.default.contentsOfDirectory(atPath: frames).sorted().map { name in
                let p = try Image(contentsOfFile: frames + "/" + name)[2, 2]
                return [p.r, p.g, p.b]
            }
            let red: [UInt8] = [200, 40, 40], blueRGB: [UInt8] = [40, 40, 200]
            XCTAssertEqual(corners.first, red, "\(corners)")
            XCTAssertEqual(corners.last, blueRGB, "\(corners)")
            XCTAssertEqual(corners, corners.filter { $0 == red } + corners.filter { $0 == blueRGB }, "\(corners)")
        }
    }

    /// Nothing in the show can be shown: its warnings, then one error; no folder (nor the
    /// folders on its way) made.
    func testAnExportOfOnlyBadSlidesIsOneErrorAndNoFolder() throws {
        let show = dir + "/bad"
        try FileManager.default.createDirectory(atPath: show, withIntermediateDirectories: false)
        let good = try picture("good.png", [200, 40, 40])
        try Data(Array(try Data(contentsOf: URL(fileURLWithPath: good))).prefix(900)).write(to: URL(fileURLWithPath: show + "/1.png"))
        try Data("not a picture\n".utf8).write(to: URL(fileURLWithPath: show + "/2.jpg"))
        for (paths, count) in [([show], 2), ([show + "/2.jpg"], 1)] {
            let r = try glfun(["slideshow"] + paths + ["--export", dir + "/new/frames", "--fps", "2", "--interval", "1"])
            XCTAssertFalse(r.signaled)
            XCTAssertNotEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stderrLines.filter { $0.hasPrefix("glfun: error: ") }.count, 1, r.stderr)
            XCTAssertTrue(r.stderrLines.last?.hasPrefix("glfun: error: ") ?? false, r.stderr)
            XCTAssertEqual(r.stderrLines.filter { $0.hasPrefix("glfun: warning: ") }.count, count, r.stderr)
            XCTAssertEqual(r.stderrLines.count, count + 1, r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/new"), "no folder made")
        }
    }
}

/// An export replaces what it owns (issue 32 item 15): a shorter export into the folder of a
/// longer one leaves no frame of the older one past its own; other files stay.
extension CLITests {
    func testAnExportReplacesTheFramesOfAnOlderLongerOne() throws {
        let p = try picture("p.png", [200, 40, 40])
        let frames = dir + "/frames"
        let long = try glfun(["slideshow", p, "--export", frames, "--fps", "4", "--interval", "2", "--size", "96x64"])
        XCTAssertEqual(long.status, 0, long.stderr)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: frames + "/notes.txt"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: frames + "/frame-1.png"))  // not a frame's name
        let before = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasPrefix("frame-0") }.count
        XCTAssertEqual(before, 8)
        let short = try glfun(["slideshow", p, "--export", frames, "--fps", "2", "--interval", "1", "--size", "96x64"])
        XCTAssertEqual(short.status, 0, short.stderr)
        XCTAssertEqual(short.stdout.split(separator: "\n").last.map(String.init), "exported 2 frames to \(frames)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: frames).sorted(),
                       ["frame-00001.png", "frame-00002.png", "frame-1.png", "notes.txt"])
    }
}
