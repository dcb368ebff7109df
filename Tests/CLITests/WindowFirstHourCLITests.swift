import Foundation
import TestFixtures
import XCTest

/// The windows' first hour on the command line (issue 32, items 16, 17, 20): what each app can
/// do without a display, a recording's relative paths, a save that cannot be made. The error
/// line is the product here, so its words are checked.
extension CLITests {
    /// No display at all: no X, no Wayland, no forced window system.
    static let noDisplay = ["DISPLAY": "", "WAYLAND_DISPLAY": "", "GLFUN_WINDOW_SYSTEM": ""]

    func testTheNoDisplayErrorNamesWhatEachAppDoesHeadless() throws {
        let slide = try write(spritePNG(), to: "slide.png")
        let clip = try TestClips.counter(seconds: 1)
        let cases: [([String], [String])] = [
            (["draw"], ["glfun render SCENE.json"]),
            (["slideshow", slide], ["--export DIR"]),
            (["play", clip], ["glfun play MOVIE --export DIR", "glfun movie-frame"]),
            (["touches"], ["glfun replay REC.jsonl"]),
            (["swipes"], ["glfun replay REC.jsonl"]),
        ]
        for (arguments, mentions) in cases {
            let r = try glfun(arguments, environment: Self.noDisplay)
            XCTAssertEqual(r.status, 1, "\(arguments): \(r.stderr)")
            XCTAssertEqual(r.stderrLines.count, 1, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("glfun: error: no X display"), r.stderr)
            for m in mentions { XCTAssertTrue(r.stderr.contains(m), "\(arguments) should mention \(m): \(r.stderr)") }
            if arguments[0] != "draw" { XCTAssertFalse(r.stderr.contains("SCENE.json"), "\(arguments): \(r.stderr)") }
        }
    }

    func testSaveNamingAFolderIsRefusedBeforeAWindowOpens() throws {
        // No display either: the refusal comes first.
        let r = try glfun(["draw", "--save", dir], environment: Self.noDisplay)
        XCTAssertEqual(r.status, 64, r.stderr)
        XCTAssertEqual(r.stderrLines.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("glfun: error: --save \(dir) is a folder"), r.stderr)
    }

    /// An older recording's relative paths are read relative to the current folder, exactly as
    /// before (it replays from the folder it was made in); from anywhere else the error says so.
    func testARecordingsRelativePathsReadFromTheCurrentFolderAndTheErrorSaysSo() throws {
        try FileManager.default.createDirectory(atPath: dir + "/show/slides", withIntermediateDirectories: true)
        _ = try write(spritePNG(), to: "show/slides/a.png")
        let recording = try write("""
            {"t": 0, "type": "session", "app": "slideshow", "seed": 1, "options": {"paths": "show/slides"}}
            {"t": 0, "type": "resize", "width": 160, "height": 120, "scale": 1}
            {"t": 0.5, "type": "tick"}

            """, to: "show/rec.jsonl")
        let made = try glfun(["replay", recording, "-o", dir + "/a.png"])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertEqual(pngSize(dir + "/a.png")?.0, 160)
        let elsewhere = try expectFailure(["replay", recording, "-o", dir + "/b.png"], cwd: dir + "/show",
                                          mentions: ["show/slides: no such file or folder",
                                                     "relative to the current folder"])
        XCTAssertTrue(elsewhere.stderr.contains("/show"), elsewhere.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/b.png"))
    }
}

extension CLITests {
    /// Wayland asked for outright, and no compositor there: one error line, libwayland's own
    /// words ("XDG_RUNTIME_DIR is invalid") folded into it rather than a line of their own.
    func testAWaylandDisplayThatIsNotThereIsOneErrorLine() throws {
        let r = try glfun(["draw", "--window-system", "wayland"],
                          environment: ["WAYLAND_DISPLAY": "wayland-stale", "XDG_RUNTIME_DIR": "not-absolute", "DISPLAY": ""])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderrLines.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("glfun: error: cannot connect to the Wayland display \"wayland-stale\""), r.stderr)
        XCTAssertTrue(r.stderr.contains("XDG_RUNTIME_DIR is invalid"), r.stderr)
        XCTAssertTrue(r.stderr.contains("glfun render SCENE.json"), r.stderr)
    }
}
