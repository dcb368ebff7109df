import Foundation
import GLES
import TestFixtures
import XCTest

/// Exports and outputs named with one letter (Foundation's `deletingLastPathComponent` trapped
/// on them).
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
}
