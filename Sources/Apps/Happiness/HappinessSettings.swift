import GLFunHost
import GLFunUI

extension HappinessApp {
    /// The start values a session line carries (`--happiness`, `--scale-face`).
    public struct Settings: Codable, Equatable, Sendable {
        /// The happiness to start with, `happinessRange`.
        public var happiness = 50
        /// The face's start scale: its radius as a share of half the view's smaller side, more
        /// than 0 and at most `FaceView.scaleLimits.upperBound`.
        public var scale: Float = 0.9

        /// Start values; by default a straight mouth (50) at 0.9.
        public init(happiness: Int = 50, scale: Float = 0.9) {
            self.happiness = happiness
            self.scale = scale
        }

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

    /// A recording without the options started at the defaults.
    public static let recordedDefaults = Settings()

    /// The app for a host's start, its settings checked first; `happiness = N` lines are
    /// printed in a window and dropped from a recording's replay.
    /// - Throws: `SessionOptionsError` for a value out of range.
    public convenience init(settings: Settings, seed: UInt64, start: AppStart) throws(SessionOptionsError) {
        try settings.validate()
        let quiet: (String) -> Void = { _ in }
        self.init(canvas: start.canvas, happiness: settings.happiness, scale: settings.scale, seed: seed,
                  output: start.clock == .live ? HappinessApp.printLine : quiet)
    }
}
