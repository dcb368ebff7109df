/// Where a movie is on its owner's clock (an app's event time), as plain arithmetic: playing
/// from a position at a time, at a rate, up to its end (or round again when it loops). A window
/// and a replay of its recording compute the same positions from the same events, so the
/// frame shown at any time (`Movie.showFrame(at:)`) is the same in both. No GL, no libmpv.
public struct MoviePlayhead: Equatable, Sendable {
    /// The movie's length in seconds.
    public var duration: Double
    /// Whether the movie is playing.
    public private(set) var isPlaying: Bool
    /// Movie seconds per clock second.
    public private(set) var rate: Double
    /// Whether it plays again from the start at the end.
    public var loops: Bool
    private var anchorTime: Double
    private var anchorPosition: Double

    /// A playhead at `position` at clock time `time`, playing or not, at `rate`.
    public init(duration: Double, playing: Bool = false, at time: Double = 0, position: Double = 0,
                rate: Double = 1, loops: Bool = false) {
        self.duration = max(0, duration)
        isPlaying = playing
        self.rate = rate > 0 && rate.isFinite ? rate : 1
        self.loops = loops
        anchorTime = time
        anchorPosition = max(0, min(position, self.duration))
    }

    /// The position (seconds into the movie) at clock time `t`: held at the end unless it loops.
    public func position(at t: Double) -> Double {
        guard isPlaying else { return anchorPosition }
        let p = anchorPosition + max(0, t - anchorTime) * rate
        if loops, duration > 0 { return p.truncatingRemainder(dividingBy: duration) }
        return min(p, duration)
    }

    /// Whether it has played to its end by time `t` (never, when it loops).
    public func hasEnded(at t: Double) -> Bool {
        !loops && position(at: t) >= duration
    }

    /// The clock time at which it reaches its end playing (nil when paused or looping).
    public var endTime: Double? {
        guard isPlaying, !loops else { return nil }
        return anchorTime + max(0, duration - anchorPosition) / rate
    }

    /// Plays from where it is at `t` (from the start when it had ended).
    public mutating func play(at t: Double) {
        let p = hasEnded(at: t) ? 0 : position(at: t)
        anchorTime = t
        anchorPosition = p
        isPlaying = true
    }

    /// Stops at the position it has at `t`.
    public mutating func pause(at t: Double) {
        anchorPosition = position(at: t)
        anchorTime = t
        isPlaying = false
    }

    /// Moves to `position` (clamped to the movie) at time `t`, playing or not as before.
    public mutating func seek(to position: Double, at t: Double) {
        anchorPosition = max(0, min(position.isFinite ? position : 0, duration))
        anchorTime = t
    }

    /// Changes the rate at time `t` (the position so far kept).
    public mutating func setRate(_ r: Double, at t: Double) {
        guard r > 0, r.isFinite else { return }
        anchorPosition = position(at: t)
        anchorTime = t
        rate = r
    }
}
