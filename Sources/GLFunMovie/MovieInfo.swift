/// What a movie is, known once it has loaded: its picture's size in pixels (as shown: the
/// pixel aspect ratio and any rotation applied), its length and its frame rate.
public struct MovieInfo: Equatable, Sendable {
    /// The picture's width in pixels, as shown.
    public var width: Int
    /// The picture's height in pixels, as shown.
    public var height: Int
    /// Seconds.
    public var duration: Double
    /// Frames per second (the container's figure; 0 when it gives none).
    public var frameRate: Double

    /// A movie of `width` × `height` pixels, `duration` seconds at `frameRate` frames a second.
    public init(width: Int, height: Int, duration: Double, frameRate: Double) {
        self.width = width
        self.height = height
        self.duration = duration
        self.frameRate = frameRate
    }

    /// The length of one frame in seconds (1/25 when the rate is unknown).
    public var frameDuration: Double { frameRate > 0 ? 1 / frameRate : 1.0 / 25 }
}

/// Where a movie is in its life. libmpv opens a file on its own thread, so a movie starts
/// `loading` and becomes `ready` only when its size and length are known; play and pause move it
/// between `playing` and `paused`; the end of the file (not looping) is `ended`, with its last
/// frame kept; a file that cannot be played ends `failed`.
public enum MovieState: Equatable, Sendable {
    case loading
    case ready(MovieInfo)
    case playing
    case paused
    case ended
    case failed(MovieError)

    /// Whether it will never show a frame (failed).
    public var isFailed: Bool { if case .failed = self { return true } else { return false } }
}

/// How a movie is opened.
public struct MovieOptions: Sendable {
    /// Play its sound (through PulseAudio or ALSA, silently when there is no device). Off: no
    /// audio is decoded at all.
    public var sound: Bool
    /// Start playing as soon as it is ready (else it stays paused on its first frame).
    public var autoplay: Bool
    /// Play again from the start at the end.
    public var loop: Bool
    /// Let libmpv use hardware decoding where there is any (`hwdec=auto-safe`); off decodes on the CPU.
    public var hardwareDecoding: Bool

    /// Options; by default sound on, playing at once, no loop, CPU decoding.
    public init(sound: Bool = true, autoplay: Bool = true, loop: Bool = false, hardwareDecoding: Bool = false) {
        self.sound = sound
        self.autoplay = autoplay
        self.loop = loop
        self.hardwareDecoding = hardwareDecoding
    }
}
