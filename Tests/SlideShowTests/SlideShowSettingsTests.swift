import Foundation
import GLFunHost
import GLFunPhotos
import GLFunTransitions
@testable import GLFunSlideShowApp
import XCTest

/// A slide show's settings from a recording's session line go through the command line's
/// checks, with the same errors (issue 19, item 6): nothing a recording says is taken on trust.
final class SlideShowSettingsTests: SlideShowTestCase {
    /// What 0.13.0 wrote for `glfun slideshow DIR --record` (before `--sound` existed, and after).
    func session(_ options: [String: String]) -> Session {
        var o = ["duration": "1.0", "fill": "false", "fullscreen": "false", "interval": "3.0", "loop": "true",
                 "paths": folder, "shuffle": "false", "start": "false", "transition": "curl-up"]
        o.merge(options) { _, new in new }
        return Session(app: SlideShowApp.name, seed: 1, options: o)
    }

    func error<T>(_ body: () throws -> T) -> (any Error)? {
        do {
            _ = try body()
            return nil
        } catch { return error }
    }

    func testARecordingOf0_13_0ReadsToTheSameSettingsAndWritesTheSameLine() throws {
        let old = session([:])
        let s = try SlideShowApp.settings(from: old)
        XCTAssertEqual(s.paths, [folder])
        XCTAssertEqual(s.transition, .kind(.curlUp))
        XCTAssertFalse(s.sound, "a line without sound: muted, as it was recorded")
        XCTAssertFalse(s.orderControl, "nor the Order / Shuffle control, which came later")
        XCTAssertFalse(s.classic)
        XCTAssertFalse(s.fullResolution, "nor tiles: zoomed in, the fitted picture magnified, as recorded")
        var line = old.options
        line["sound"] = "false"
        line["classic"] = "false"
        line["order-control"] = "false"
        line["full-resolution"] = "false"
        XCTAssertEqual(SessionOptions.encode(s), line, "the same line, the options added since at what it meant")
        let file = try SlideShowApp.settings(from: session(["transition": "cycle", "transition-file": "/t.glsl", "fill": "true"]))
        XCTAssertEqual(file.transition, .cycle)
        XCTAssertEqual(file.transitionFile, "/t.glsl")
        XCTAssertEqual(file.contentMode, .aspectFill)
    }

    func testAnUnknownTransitionIsAnErrorListingTheKnownOnes() {
        let e = error { try SlideShowApp.settings(from: session(["transition": "wipe"])) } as? SessionOptionsError
        XCTAssertEqual(e, SessionOptionsError(key: "transition", value: "wipe",
                                              kind: .unknownName(known: SlideShowSettings.Transition.names)))
        XCTAssertEqual(SlideShowSettings.Transition.names,
                       ["curl-up", "curl-down", "flip-left", "flip-right", "fade", "none", "cycle"])
    }

    func testValuesOutOfRangeOrOfTheWrongTypeAreErrorsNamingTheOption() throws {
        let interval = try SlideShowApp.settings(from: session(["interval": "0.1"]))
        XCTAssertEqual((error { try SlideShowSetup(settings: interval, seed: 1) } as? SessionOptionsError)?.kind,
                       .outOfRange(range: "0.5...600.0"))
        let duration = try SlideShowApp.settings(from: session(["duration": "11"]))
        XCTAssertEqual((error { try SlideShowSetup(settings: duration, seed: 1) } as? SessionOptionsError)?.key, "duration")
        XCTAssertEqual((error { try SlideShowApp.settings(from: self.session(["shuffle": "1"])) } as? SessionOptionsError)?.kind,
                       .notABool)
        XCTAssertEqual((error { try SlideShowApp.settings(from: self.session(["interval": "inf"])) } as? SessionOptionsError)?.kind,
                       .notANumber)
    }

    func testEditedPathsAreTheSlideListsErrorsAsOnTheCommandLine() throws {
        let none = try SlideShowApp.settings(from: session(["paths": ""]))
        XCTAssertEqual(error { try SlideShowSetup(settings: none, seed: 1) } as? SessionOptionsError,
                       SessionOptionsError(key: "paths", value: "", kind: .missing))
        let missing = try SlideShowApp.settings(from: session(["paths": folder + "/nothing-here"]))
        XCTAssertEqual((error { try SlideShowSetup(settings: missing, seed: 1) } as? SlideListError)?.kind, .noSuchPath)
        let text = folder + "/notes.txt"
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: text))
        let notAList = try SlideShowApp.settings(from: session(["paths": text]))
        XCTAssertEqual((error { try SlideShowSetup(settings: notAList, seed: 1) } as? SlideListError)?.kind, .notAnImageOrList)
        // A list naming itself: a slide that is not a picture, skipped at its turn, never a loop.
        let plist = folder + "/self.plist"
        try Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><array><string>self.plist</string></array></plist>".utf8)
            .write(to: URL(fileURLWithPath: plist))
        let selfList = try SlideShowApp.settings(from: session(["paths": plist]))
        XCTAssertEqual(try SlideShowSetup(settings: selfList, seed: 1).list.paths, [plist])
    }
}
