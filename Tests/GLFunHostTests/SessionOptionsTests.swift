import GLFunHost
import XCTest

/// Typed settings to and from a session line's options: the strings recordings have always
/// carried, the defaults for what an older line lacks, and errors that name the option.
final class SessionOptionsTests: XCTestCase {
    enum Fit: String, SessionName { case fit, fill }

    struct Settings: Codable, Equatable {
        var paths: [String] = []
        var interval = 3.0
        var loop = true
        var count = 2
        var scale: Float = 0.9
        var fit = Fit.fit
        var file: String?

        enum CodingKeys: String, CodingKey {
            case paths, interval, loop, count, scale, fit
            case file = "some-file"
        }
    }

    func testSettingsBecomeTheStringsRecordingsCarry() {
        var s = Settings(paths: ["/a/b.png", "/c"], interval: 1.5, loop: false, count: 7, scale: 0.5, fit: .fill)
        XCTAssertEqual(SessionOptions.encode(s), ["paths": "/a/b.png\n/c", "interval": "1.5", "loop": "false", "count": "7",
                                                  "scale": "0.5", "fit": "fill"])
        s.file = "/t.glsl"
        XCTAssertEqual(SessionOptions.encode(s)["some-file"], "/t.glsl")
        XCTAssertEqual(SessionOptions.encode(Settings())["interval"], "3.0", "as String(Double) always wrote it")
    }

    func testTheStringsReadBackAndMissingOptionsTakeTheDefaults() throws {
        let s = Settings(paths: ["/x"], interval: 0.75, loop: false, count: 3, scale: 2, fit: .fill, file: "/f")
        XCTAssertEqual(try SessionOptions.decode(Settings.self, from: SessionOptions.encode(s), defaults: Settings()), s)
        // A line written before an option existed, and one with an option this version does not know.
        let old = try SessionOptions.decode(Settings.self, from: ["loop": "false", "future": "x"],
                                            defaults: Settings(interval: 9))
        XCTAssertEqual(old, Settings(interval: 9, loop: false))
    }

    func testAValueNotOfItsTypeIsAnErrorNamingTheOption() {
        func kind(_ options: [String: String]) -> SessionOptionsError? {
            do {
                _ = try SessionOptions.decode(Settings.self, from: options, defaults: Settings())
                return nil
            } catch { return error }
        }
        XCTAssertEqual(kind(["loop": "yes"]), SessionOptionsError(key: "loop", value: "yes", kind: .notABool))
        XCTAssertEqual(kind(["interval": "soon"])?.kind, .notANumber)
        XCTAssertEqual(kind(["interval": "nan"])?.kind, .notANumber)
        XCTAssertEqual(kind(["count": "2.5"])?.kind, .notANumber)
        XCTAssertEqual(kind(["fit": "stretch"]),
                       SessionOptionsError(key: "fit", value: "stretch", kind: .unknownName(known: ["fit", "fill"])))
    }

    /// An app that describes itself: its session line comes from its settings and reads back.
    final class Demo: HostedApp {
        typealias Frame = Void
        typealias Start = Void
        struct Settings: AppSettings {
            var loud = false
            static let commandLineDefaults = Settings()
            static let options = [SettingOption("loud", .flag(setting: true), help: "Loud.")]
        }
        static let name = "demo"
        static let recordedDefaults = Settings()
        let settings: Settings
        let seed: UInt64
        init(settings: Settings, seed: UInt64, start: Void) throws {
            self.settings = settings
            self.seed = seed
        }
        var title: String { "Demo" }
        func handle(_ event: TimedEvent) -> [HostEffect] { [] }
        func draw(_ frame: Void) throws -> FrameReport { FrameReport() }
    }

    func testAHostedAppsSessionLineReadsBackToItsSettings() throws {
        let app = try Demo(settings: .init(loud: true), seed: 42, start: ())
        XCTAssertEqual(app.session, Session(app: "demo", seed: 42, options: ["loud": "true"]))
        XCTAssertEqual(try Demo.settings(from: app.session), app.settings)
        XCTAssertEqual(try Demo.settings(from: Session(app: "demo", seed: 0)), Demo.recordedDefaults)
        XCTAssertThrowsError(try Demo.settings(from: Session(app: "demo", seed: 0, options: ["loud": "1"]))) {
            XCTAssertEqual(($0 as? SessionOptionsError)?.kind, .notABool)
        }
    }
}
