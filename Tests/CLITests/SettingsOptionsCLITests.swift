import ArgumentParser
import GLFunHost
import XCTest

@testable import glfun

/// Each app's settings said once (issue 30, item 5): every registered app's command takes its
/// options from its `Settings` (`AppSettings.options`, `SettingsOptions`), help included; every
/// field is an option or named as set otherwise; the values given come back typed.
final class SettingsOptionsCLITests: XCTestCase {
    func testEveryRegisteredAppsSettingsFieldIsAnOptionOfItsCommandWithItsHelp() {
        XCTAssertFalse(AppRegistry.apps.isEmpty)
        for entry in AppRegistry.apps { checkOptions(entry.type, command: entry.command) }
    }

    func testTheGivenOptionsComeBackAsTypedSettings() throws {
        let happy = try Happiness.parse(["--happiness", "70", "--scale-face", "2", "--gestures", "steps"])
        XCTAssertEqual(try happy.options.settings(), .init(happiness: 70, scale: 2, gestures: .steps))
        XCTAssertEqual(try Happiness.parse([]).options.settings(), .commandLineDefaults)

        let show = try SlideShow.parse(["a.png", "--transition", "cycle", "--no-loop", "--fill", "--interval", "2"])
        let s = try show.settings.settings(over: .init(paths: ["/a.png"]))
        XCTAssertEqual(s.transition, .cycle)
        XCTAssertEqual(s.interval, 2)
        XCTAssertFalse(s.loop)
        XCTAssertEqual(s.contentMode, .aspectFill)
        XCTAssertEqual(s.paths, ["/a.png"])
        XCTAssertNil(s.transitionFile)

        let play = try Play.parse(["m.mp4", "--no-sound", "--paused"])
        XCTAssertEqual(try play.settings.settings(over: .init(path: "/m.mp4")),
                       .init(path: "/m.mp4", sound: false, playing: false))

        // --aa not given: the command's base (a document's own); given: on or off.
        XCTAssertFalse(try Draw.parse([]).settings.settings(over: .init(antialias: false)).antialias)
        XCTAssertTrue(try Draw.parse(["--aa", "on"]).settings.settings(over: .init(antialias: false)).antialias)
    }

    /// A transition is a name the settings read: a wrong one is an error naming the known ones,
    /// never a fallback.
    func testAnUnknownTransitionIsRefusedWithTheKnownNames() {
        XCTAssertThrowsError(try SlideShow.parse(["a.png", "--transition", "wipe"])) { error in
            XCTAssertEqual(SlideShow.exitCode(for: error), .validationFailure)
            XCTAssertTrue(SlideShow.message(for: error).hasPrefix("--transition must be one of curl-up"),
                          SlideShow.message(for: error))
        }
    }
}

/// `A`'s settings' options are `command`'s, with their help; the options set fields, and every
/// field has an option or is named in `notOptions`.
private func checkOptions<A: HostedApp>(_ app: A.Type, command: any ParsableCommand.Type) {
    typealias S = A.Settings
    let help = command.helpMessage(columns: 10_000)
    let defaults = S.commandLineDefaults
    let fields = Set(SessionOptions.encode(defaults).keys)
    for option in S.options {
        XCTAssertTrue(help.contains("--\(option.name)"), "\(A.name): --\(option.name) in\n\(help)")
        XCTAssertTrue(help.contains(option.help), "\(A.name): --\(option.name)'s help in\n\(help)")
        // A field of the settings: in their options, or an optional one a value changes or refuses.
        let known = fields.contains(option.key)
            || (try? SessionOptions.decode(S.self, from: [option.key: "\u{1}"], defaults: defaults)) != defaults
        XCTAssertTrue(known, "\(A.name): --\(option.name) sets \(option.key), not a field")
    }
    let keys = S.options.map(\.key)
    XCTAssertEqual(Set(keys).count, keys.count, "\(A.name): two options set one field")
    XCTAssertEqual(fields.subtracting(keys).subtracting(S.notOptions.keys), [], "\(A.name): fields without an option")
    XCTAssertEqual(Set(S.notOptions.keys).intersection(keys), [], "\(A.name): a field both an option and not")
}
