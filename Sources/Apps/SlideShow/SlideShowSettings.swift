import Foundation
import GLFunHost

/// What `glfun slideshow` was asked for: the slides and how to show them. A recording keeps
/// it in its session line's options, so `glfun replay` shows the same show.
public struct SlideShowSettings: Equatable, Sendable {
    /// The transition between slides: one kind, or each kind in turn.
    public enum Transition: Equatable, Sendable {
        case kind(String)
        case cycle
    }

    /// The files and folders and property lists named (absolute paths, in order).
    public var paths: [String]
    /// Seconds each slide shows (the sample: the slider's total duration / the image count).
    public var interval: Double = 3
    /// The transition between slides.
    public var transition: Transition = .kind("curl-up")
    /// Seconds a transition takes (the sample's 1.0).
    public var duration: Double = 1
    /// Show the slides in a seeded random order.
    public var shuffle = false
    /// Start again at the end.
    public var loop = true
    /// Aspect fill (the sample's) rather than aspect fit.
    public var fill = false
    /// Playing from the start.
    public var start = false
    /// A gl-transitions file used for every change instead of the built-in kinds.
    public var transitionFile: String?
    /// Full screen from the start (`--fullscreen`, `--export`): no bar.
    public var fullScreen = false
    /// Movies play with their sound (`--sound`; else muted: no sound decoded at all).
    public var sound = false

    /// The intervals accepted, in seconds.
    public static let intervalRange = 0.5...600.0
    /// The transition durations accepted, in seconds.
    public static let durationRange = 0.0...10.0

    /// Settings for `paths`, the rest at their defaults.
    public init(paths: [String]) {
        self.paths = paths
    }

    /// As a session's options (strings; paths one a line).
    public var options: [String: String] {
        var o = ["paths": paths.joined(separator: "\n"), "interval": String(interval), "duration": String(duration),
                 "shuffle": String(shuffle), "loop": String(loop), "fill": String(fill), "start": String(start),
                 "fullscreen": String(fullScreen), "sound": String(sound)]
        if let transitionFile { o["transition-file"] = transitionFile }
        switch transition {
        case let .kind(k): o["transition"] = k
        case .cycle: o["transition"] = "cycle"
        }
        return o
    }

    /// From a session's options; what is missing or unreadable keeps its default.
    public init(options o: [String: String]) {
        paths = (o["paths"] ?? "").split(separator: "\n").map(String.init)
        if let v = o["interval"].flatMap(Double.init), SlideShowSettings.intervalRange.contains(v) { interval = v }
        if let v = o["duration"].flatMap(Double.init), SlideShowSettings.durationRange.contains(v) { duration = v }
        if let t = o["transition"] { transition = t == "cycle" ? .cycle : .kind(t) }
        shuffle = o["shuffle"] == "true"
        loop = o["loop"] != "false"
        fill = o["fill"] == "true"
        start = o["start"] == "true"
        transitionFile = o["transition-file"]
        fullScreen = o["fullscreen"] == "true"
        sound = o["sound"] == "true"
    }
}
