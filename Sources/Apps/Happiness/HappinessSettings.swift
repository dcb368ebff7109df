import GLFunHost
import GLFunUI

extension HappinessApp {
    /// The start values a session line carries (`--happiness`, `--scale-face`).
    public struct Settings: AppSettings {
        /// The happiness to start with, `happinessRange`.
        public var happiness = 50
        /// The face's start scale: its radius as a share of half the view's smaller side, more
        /// than 0 and at most `FaceView.scaleLimits.upperBound`.
        public var scale: Float = 0.9
        /// How the pan and the pinch change the face: CS193p's code (the default) or whole steps.
        public var gestures: GestureRules = .cs193p

        /// Start values; by default a straight mouth (50) at 0.9, CS193p's gestures.
        public init(happiness: Int = 50, scale: Float = 0.9, gestures: GestureRules = .cs193p) {
            self.happiness = happiness
            self.scale = scale
            self.gestures = gestures
        }

        /// `glfun happiness` starts at the defaults: a straight mouth at 0.9, CS193p's gestures.
        public static let commandLineDefaults = Settings()

        /// `glfun happiness`'s options.
        public static let options: [SettingOption] = [
            SettingOption("happiness", .value(Int.self),
                          help: "The happiness to start with, 0...100 (50: a straight mouth; 100: the widest smile)."),
            SettingOption("scale-face", key: "scale", .value(Float.self),
                          help: "The face's size: its radius as a share of half the window's smaller side, 0 < S <= 10."),
            SettingOption("gestures", .value(GestureRules.self),
                          help: "How the pan and the pinch act: cs193p (the course's code: a pan's leftover under 4 points is lost at each step, a pinch acts on its changes, every set printed) or steps (every 4 points a step, nothing lost)."),
        ]

        /// Checks the values as the command line does.
        /// - Throws: `SessionOptionsError.Kind.outOfRange` naming the option.
        public func validate() throws(SessionOptionsError) {
            guard HappinessApp.happinessRange.contains(happiness) else {
                throw SessionOptionsError(key: "happiness", value: String(happiness), kind: .outOfRange(range: "0...100"))
            }
            guard scale > 0, scale <= FaceView.scaleLimits.upperBound else {
                throw SessionOptionsError(key: "scale", value: String(scale),
                                          kind: .outOfRange(range: "more than 0 and at most \(Int(FaceView.scaleLimits.upperBound))"))
            }
        }
    }

    /// A recording without the options started at the defaults; one made before the option
    /// `gestures` existed was made with whole steps, and replays so.
    public static let recordedDefaults = Settings(gestures: .steps)

    /// The app for a host's start, its settings checked first; `happiness = N` lines are
    /// printed in a window and dropped from a recording's replay.
    /// - Throws: `SessionOptionsError` for a value out of range.
    public convenience init(settings: Settings, seed: UInt64, start: AppStart) throws(SessionOptionsError) {
        try settings.validate()
        let quiet: (String) -> Void = { _ in }
        self.init(canvas: start.canvas, happiness: settings.happiness, scale: settings.scale,
                  gestures: settings.gestures, seed: seed,
                  output: start.clock == .live ? HappinessApp.printLine : quiet)
    }
}

extension HappinessApp {
    /// How the pan and the pinch change the face (`glfun happiness --gestures`).
    public enum GestureRules: String, SessionName, Sendable {
        /// CS193p's code as written: on a pan's change (and its end, as its `.Ended: fallthrough`)
        /// the happiness changes by −translation.y / 4 in whole steps and, when it did, the
        /// translation is set back to zero (what is left of it is lost); a pinch acts on its
        /// changes only (`scale *= pinch.scale; pinch.scale = 1`); `happiness = N` is printed at
        /// every set, changed or not.
        case cs193p
        /// Whole steps that lose nothing: the translation goes back to what is left of it, so
        /// a drag of d points up always makes d / 4 steps however it moves; a pinch acts as it
        /// begins, changes and ends; only a change prints. Recordings made before the option
        /// existed were made so.
        case steps
    }
}
