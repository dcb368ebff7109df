import Foundation
import GLFunHost
import GLFunTransitions

/// What `glfun slideshow` was asked for: the slides and how to show them. A recording keeps
/// it in its session line's options, so `glfun replay` shows the same show.
public struct SlideShowSettings: AppSettings {
    /// The transition between slides: one kind, or each kind in turn.
    public enum Transition: Equatable, Sendable {
        case kind(TransitionKind)
        case cycle
    }

    /// The files and folders and property lists named (absolute paths, in order).
    public var paths: [String]
    /// Seconds each slide shows (the sample: the slider's total duration / the image count).
    public var interval: Double = 3
    /// The transition between slides.
    public var transition: Transition = .kind(.curlUp)
    /// Seconds a transition takes (the sample's 1.0).
    public var duration: Double = 1
    /// Show the slides in a seeded random order.
    public var shuffle = false
    /// Start again at the end.
    public var loop = true
    /// How a slide fills the view: aspect fit (the default) or aspect fill (`--fill`, the
    /// sample's). The session line keeps it as `"fill": "true"` or `"false"`.
    public var contentMode = SlideContentMode.aspectFit
    /// Playing from the start.
    public var start = false
    /// A gl-transitions file used for every change instead of the built-in kinds.
    public var transitionFile: String?
    /// Full screen from the start (`--fullscreen`, `--export`): no bar.
    public var fullScreen = false
    /// Movies play with their sound (`--sound`; else muted: no sound decoded at all).
    public var sound = false
    /// The original's timing and look (`--classic`): the slider sets the whole show's length
    /// (each slide that over the count), aspect fill, UIKit's 0.2 s animations.
    public var classic = false
    /// The bar has the Order / Shuffle control and `S` switches it (a recording made before
    /// the control existed had neither, and replays so).
    public var orderControl = true
    /// Zoomed in past the fitted picture's own pixels, a PNG or JPEG is drawn from tiles at
    /// full resolution (`SlideTiles`) and may be zoomed until one picture pixel is one screen
    /// pixel (else up to 8 times, the fitted picture magnified, as a recording made before
    /// tiles shows it).
    public var fullResolution = true

    /// The intervals accepted, in seconds.
    public static let intervalRange = 0.5...600.0
    /// The transition durations accepted, in seconds.
    public static let durationRange = 0.0...10.0

    /// Settings for `paths`, the rest at their defaults.
    public init(paths: [String]) {
        self.paths = paths
    }

    private enum CodingKeys: String, CodingKey {
        case paths, interval, transition, duration, shuffle, loop, start, sound, classic
        case contentMode = "fill"
        case orderControl = "order-control"
        case fullResolution = "full-resolution"
        case transitionFile = "transition-file"
        case fullScreen = "fullscreen"
    }

    /// A recording without an option meant its default; one made before `--sound` had none
    /// (muted), one made before the Order / Shuffle control had no such control, one made
    /// before tiles showed the fitted picture magnified.
    public static let recordedDefaults: SlideShowSettings = {
        var s = SlideShowSettings(paths: [])
        s.orderControl = false
        s.fullResolution = false
        return s
    }()

    /// `glfun slideshow`'s start: no paths yet (its arguments), the bar's Order control and tiles on.
    public static let commandLineDefaults = SlideShowSettings(paths: [])

    /// `glfun slideshow`'s options, in its help's order.
    public static let options: [SettingOption] = [
        SettingOption("interval", .value(Double.self), help: "Seconds a slide shows."),
        SettingOption("transition", .value(String.self),
                      help: "\(Transition.names.joined(separator: ", ")) (cycle: each kind in turn)."),
        SettingOption("duration", .value(Double.self), help: "Seconds a transition takes."),
        SettingOption("transition-file", .value(String.self),
                      help: "A gl-transitions file (vec4 transition(vec2 uv) over getFromColor/getToColor) for every change."),
        SettingOption("shuffle", .flag(setting: true), help: "Show the pictures in a random order (seeded: --seed)."),
        SettingOption("loop", .toggle, help: "Start again after the last picture."),
        SettingOption("fill", .flag(setting: true), help: "Fill the view (cropping), rather than fit the picture in it."),
        SettingOption("classic", .flag(setting: true),
                      help: "The original's timing and look: the slider sets the whole show's length (each slide gets that over the count), aspect fill, UIKit's 0.2 s animations (the bar fading out as it slides away)."),
        SettingOption("start", .flag(setting: true), help: "Start playing at once."),
        SettingOption("sound", .flag(setting: true), help: "Play movies with their sound (in the window; else they are muted)."),
    ]

    /// Set by the command, not by an option of their own.
    public static let notOptions = [
        "paths": "the command's PATH arguments",
        "fullscreen": "the window's --fullscreen, or --export",
        "order-control": "always on from the command line",
        "full-resolution": "always on from the command line",
    ]

    /// Checks the settings as the command line does (from it, or from a recording).
    /// - Throws: `SessionOptionsError`: `.missing` with no paths, `.outOfRange` for the
    ///   interval or the duration.
    public func validate() throws(SessionOptionsError) {
        guard !paths.isEmpty else { throw SessionOptionsError(key: "paths", value: "", kind: .missing) }
        guard SlideShowSettings.intervalRange.contains(interval) else {
            throw SessionOptionsError(key: "interval", value: String(interval),
                                      kind: .outOfRange(range: "\(SlideShowSettings.intervalRange)"))
        }
        guard SlideShowSettings.durationRange.contains(duration) else {
            throw SessionOptionsError(key: "duration", value: String(duration),
                                      kind: .outOfRange(range: "\(SlideShowSettings.durationRange)"))
        }
    }
}

extension SlideShowSettings.Transition: Codable {
    /// The names `--transition` and a session line take: each kind's, and `cycle`.
    public static var names: [String] { SlideShowApp.kinds.map(\.rawValue) + ["cycle"] }

    /// A transition by name.
    /// - Throws: `SessionOptionsError.Kind.unknownName` listing the names.
    public init(name: String) throws(SessionOptionsError) {
        if name == "cycle" {
            self = .cycle
        } else if let kind = TransitionKind(rawValue: name) {
            self = .kind(kind)
        } else {
            throw SessionOptionsError(key: "transition", value: name, kind: .unknownName(known: Self.names))
        }
    }

    /// The name (`cycle`, or the kind's).
    public var name: String {
        switch self {
        case let .kind(k): return k.rawValue
        case .cycle: return "cycle"
        }
    }

    /// Reads the name.
    public init(from decoder: any Decoder) throws {
        try self.init(name: try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the name.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(name)
    }
}

extension SlideContentMode: Codable {
    /// As a session line keeps it: `fill` true or false.
    public init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decode(Bool.self) ? .aspectFill : .aspectFit
    }

    /// `true` for aspect fill.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(self == .aspectFill)
    }
}
