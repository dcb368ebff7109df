import GLFunHost
import GLFunKit
import GLFunMovie
import GLFunUI

extension PlayerApp {
    /// What `glfun play` was asked for, as a session line carries it.
    public struct Settings: AppSettings {
        /// The movie file (absolute in a recording).
        public var path: String
        /// Play again from the start at the end (`--loop`).
        public var loop = false
        /// Play the sound (else muted, no audio decoded: `--no-sound`).
        public var sound = true
        /// Start playing (else paused on the first frame: `--paused`).
        public var playing = true
        /// The bar hides itself while the movie plays (`PlayerApp+BarHiding`).
        public var hideBar = true

        /// Settings for the movie at `path`, the rest at their defaults.
        public init(path: String, loop: Bool = false, sound: Bool = true, playing: Bool = true, hideBar: Bool = true) {
            self.path = path
            self.loop = loop
            self.sound = sound
            self.playing = playing
            self.hideBar = hideBar
        }

        /// `glfun play` starts with no movie yet (its argument), sound on, playing, the bar hiding.
        public static let commandLineDefaults = Settings(path: "")

        /// `glfun play`'s options (each turns a default off but --loop).
        public static let options: [SettingOption] = [
            SettingOption("no-sound", key: "sound", .flag(setting: false), help: "Play without sound (no audio is decoded)."),
            SettingOption("loop", .flag(setting: true), help: "Play again from the start at the end."),
            SettingOption("paused", key: "playing", .flag(setting: false), help: "Start paused on the first frame."),
            SettingOption("keep-bar", key: "hideBar", .flag(setting: false),
                          help: "Keep the bar on screen while the movie plays (by default it hides 3 s after the last touch or key, and a tap or a key brings it back)."),
        ]

        /// The movie is the command's argument.
        public static let notOptions = ["path": "the command's MOVIE argument"]
    }

    /// A recording without an option: no movie, no loop, sound on, playing, and the bar kept
    /// (recordings older than `hideBar` had no hiding).
    public static let recordedDefaults = Settings(path: "", hideBar: false)

    /// The player for a host's start: the movie probed first (so a file that cannot be played
    /// is an error before anything shows), drawn on libmpv's clock with sound in a window, by
    /// the events' times and muted from a recording.
    /// - Throws: `SessionOptionsError` (`.missing`) with no path; `MovieError` for a movie that
    ///   cannot be played.
    public convenience init(settings: Settings, seed: UInt64, start: AppStart) throws {
        guard !settings.path.isEmpty else { throw SessionOptionsError(key: "path", value: "", kind: .missing) }
        let info = try MovieProbe.info(settings.path)
        let live = start.clock == .live
        self.init(path: settings.path, info: info, canvas: start.canvas, clock: live ? .live : .byTime,
                  sound: live && settings.sound, loop: settings.loop, playing: settings.playing,
                  hidesBar: settings.hideBar)
        soundOff = !settings.sound
    }

    /// In a window, opens the movie and decodes its first frame before the session starts
    /// (`preroll`), so that the playhead's clock and libmpv's start together; from a recording,
    /// nothing: the movie opens at the first frame drawn.
    public func prepare(_ renderer: Renderer) throws {
        if clock == .live { try preroll(renderer: renderer) }
    }
}
