import GLFunHost
import GLFunUI

extension DrawingApp {
    /// What a drawing session's line carries.
    public struct Settings: AppSettings {
        /// The sample's one-shape-at-a-time behavior (`--classic`).
        public var classic = false
        /// Antialiased edges (the document's `"antialias"`; `--aa`).
        public var antialias = true

        /// Settings; by default not classic, antialiased (a new drawing's).
        public init(classic: Bool = false, antialias: Bool = true) {
            self.classic = classic
            self.antialias = antialias
        }

        /// `glfun draw` starts a new drawing: not classic, antialiased (an opened scene: its own).
        public static let commandLineDefaults = Settings()

        /// `glfun draw`'s options.
        public static let options: [SettingOption] = [
            SettingOption("classic", .flag(setting: true), help: "The classic sample's behavior: each new shape replaces the last."),
            SettingOption("aa", key: "antialias", .onOff,
                          help: "Antialiased edges, on or off (default: on for a new drawing, an opened scene's own \"antialias\")."),
        ]
    }

    /// A recording without the options: not classic, and aliased (it was made before the
    /// window antialiased).
    public static let recordedDefaults = Settings(classic: false, antialias: false)

    /// A recording with no session line (the first recordings had none) replays as a new
    /// drawing: antialiased, with the default seed.
    public static var sessionless: (settings: Settings, seed: UInt64) { (Settings(), Config().seed) }

    /// A new drawing for a host's start.
    public convenience init(settings: Settings, seed: UInt64, start: AppStart) {
        self.init(canvas: start.canvas, config: Config(classic: settings.classic, seed: seed, antialias: settings.antialias))
    }
}
