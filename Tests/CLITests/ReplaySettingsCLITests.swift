import Foundation
import XCTest

/// `glfun replay` checks a recording's settings as the command line checks them, with the same
/// words after the file's name (issue 19, item 6; issue 21): one `glfun: error:` line, exit 1.
extension CLITests {
    func writeRecording(_ name: String, app: String, options: [String: String]) throws -> String {
        let object = try JSONSerialization.data(withJSONObject: ["t": 0, "type": "session", "app": app, "seed": 1,
                                                                 "options": options])
        let path = dir + "/" + name
        try (String(decoding: object, as: UTF8.self) + "\n{\"t\": 0, \"type\": \"resize\", \"width\": 160, \"height\": 120, \"scale\": 1}\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testAReplaysSettingsAreCheckedAsTheCommandLinesWithTheSameWords() throws {
        let cases: [(options: [String: String], cli: [String], words: String)] = [
            (["transition": "wipe"], ["--transition", "wipe"],
             "transition must be one of curl-up, curl-down, flip-left, flip-right, fade, none, cycle, not wipe"),
            (["interval": "0.1"], ["--interval", "0.1"], "interval must be 0.5...600.0, not 0.1"),
        ]
        for (i, c) in cases.enumerated() {
            let rec = try writeRecording("bad\(i).jsonl", app: "slideshow", options: ["paths": dir].merging(c.options) { $1 })
            let replay = try glfun(["replay", rec, "-o", dir + "/out.png"])
            XCTAssertEqual(replay.status, 1)
            XCTAssertEqual(replay.stderrLines, ["glfun: error: \(rec): \(c.words)"])
            let cli = try glfun(["slideshow", dir, "--export", dir + "/frames"] + c.cli)
            XCTAssertEqual(cli.stderrLines, ["glfun: error: --\(c.words)"])
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"))
        }
        let happy = try writeRecording("happy.jsonl", app: "happiness", options: ["happiness": "101"])
        XCTAssertEqual(try glfun(["replay", happy, "-o", dir + "/out.png"]).stderrLines,
                       ["glfun: error: \(happy): happiness must be 0...100, not 101"])
        let swipes = try writeRecording("swipes.jsonl", app: "swipes", options: ["recognizers": "maybe"])
        XCTAssertEqual(try glfun(["replay", swipes, "-o", dir + "/out.png"]).stderrLines,
                       ["glfun: error: \(swipes): recognizers must be true or false, not \"maybe\""])
    }

    /// `glfun transition --transition` is a `TransitionKind` from the command line: an unknown
    /// name is one line that lists every known one (ArgumentParser's list folded onto it), exit 64.
    func testAnUnknownTransitionKindIsOneLineListingTheKnownOnes() throws {
        let r = try glfun(["transition", "a.png", "b.png", "--transition", "wipe", "--progress", "0.5",
                           "-o", dir + "/out.png"])
        XCTAssertEqual(r.status, 64)
        XCTAssertEqual(r.stderrLines, ["glfun: error: The value 'wipe' is invalid for '--transition <transition>'. "
                                       + "Please provide one of the following: none, flip-left, flip-right, curl-up, "
                                       + "curl-down, fade."])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"))
        let gestures = try glfun(["happiness", "--gestures", "wipe"])
        XCTAssertEqual(gestures.stderrLines, ["glfun: error: The value 'wipe' is invalid for '--gestures <gestures>'. "
                                              + "Please provide one of 'cs193p' and 'steps'."], "a short list stays as it was")
    }

    /// The SIGSEGV of issue 19, item 6: a slide-show recording whose `paths` was edited to name a
    /// property list nested thousands of arrays deep overflowed the stack in Foundation's
    /// recursive plist parser (the same crash as `glfun slideshow DEEP.plist`: the recording's
    /// paths reach the same `SlideList`). The depth is refused before parsing (issue 19's item 1,
    /// `SlideListError.Kind.tooDeep`): one error line, no signal.
    func testAReplayWhosePathsNameADeepPropertyListFailsWithOneLine() throws {
        let plist = dir + "/deep.plist"
        let depth = 20_000
        try ("<?xml version=\"1.0\"?><plist version=\"1.0\">" + String(repeating: "<array>", count: depth)
             + String(repeating: "</array>", count: depth) + "</plist>").write(toFile: plist, atomically: true, encoding: .utf8)
        let rec = try writeRecording("deep.jsonl", app: "slideshow", options: ["paths": plist])
        let run = try glfun(["replay", rec, "-o", dir + "/out.png"], signalAllowed: true)
        XCTAssertFalse(run.signaled, "glfun died of signal \(run.status)")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderrLines.count, 1)
        XCTAssertTrue(run.stderr.hasPrefix("glfun: error: \(plist): "), run.stderr)
    }
}
