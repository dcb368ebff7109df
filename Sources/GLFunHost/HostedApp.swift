/// An app that describes itself to the programs that host it: its name (`InteractiveApp.name`),
/// the typed settings its session line carries (`Settings`: what a recording needs to start the
/// same app again), and how it is made from them. `glfun` keeps one list of these (its
/// registry): its commands, `glfun replay`'s dispatch and its list of known apps come from it.
///
/// `Start` is what a host gives an app to start besides its settings and seed (the canvas, and
/// whether it runs live in a window or from a recording); GLFun's hosts pass GLFunUI's
/// `AppStart`, so that this layer names no GL type (as `Frame`).
public protocol HostedApp: InteractiveApp {
    /// What the session line carries: a flat `Codable` struct (`SessionOptions`), with its
    /// command-line options (`AppSettings`).
    associatedtype Settings: AppSettings
    /// What the host starts the app with besides settings and seed (GLFunUI's `AppStart`).
    associatedtype Start

    /// The settings a session line without an option means (a recording made before the
    /// option existed): the defaults its missing options are read with.
    static var recordedDefaults: Settings { get }
    /// The settings and seed of a recording with no session line at all (made before
    /// recordings had one). By default `recordedDefaults` and seed 0.
    static var sessionless: (settings: Settings, seed: UInt64) { get }
    /// The app's settings now, as its session line carries them.
    var settings: Settings { get }
    /// The seed of the app's random choices.
    var seed: UInt64 { get }
    /// Makes the app from its settings, checked as the command line checks them.
    /// - Throws: the app's own typed error (a `SessionOptionsError` for a value out of range,
    ///   a list that names no slides, a movie that cannot be played).
    init(settings: Settings, seed: UInt64, start: Start) throws
}

extension HostedApp {
    /// `recordedDefaults`, seed 0.
    public static var sessionless: (settings: Settings, seed: UInt64) { (recordedDefaults, 0) }

    /// The session line: the app's name, seed and settings.
    public var session: Session { Session(app: Self.name, seed: seed, options: SessionOptions.encode(settings)) }

    /// The settings a session line carries, each missing option at `recordedDefaults`.
    /// - Throws: `SessionOptionsError` for an option whose value is not of its type.
    public static func settings(from session: Session) throws(SessionOptionsError) -> Settings {
        try SessionOptions.decode(Settings.self, from: session.options, defaults: recordedDefaults)
    }
}
