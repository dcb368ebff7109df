/// Frame arithmetic on a constant frame rate.
public enum MovieTiming {
    /// The start time of the frame on screen at `seconds`: the frame whose interval
    /// [k / rate, (k + 1) / rate) holds it, the last frame for a time at or past the end.
    public static func frameStart(containing seconds: Double, info: MovieInfo) -> Double {
        let d = info.frameDuration
        let last = max(0, ((info.duration - d / 2) / d).rounded(.down))
        let k = min(last, max(0, (seconds / d + 1e-6).rounded(.down)))
        return k * d
    }

    /// The index of the frame on screen at `seconds` (0 first).
    public static func frameIndex(at seconds: Double, info: MovieInfo) -> Int {
        Int((frameStart(containing: seconds, info: info) / info.frameDuration).rounded())
    }
}
