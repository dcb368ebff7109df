/// Estimates how fast a value changes from its recent samples: translation in points per
/// second, scale per second, radians per second.
///
/// The estimate is the change from the oldest sample within `window` seconds of the newest
/// one (or, if there is none, from the sample just before the newest) divided by the time
/// between them. A touch held still and then lifted therefore ends with a velocity near zero,
/// while a flick keeps the speed of its last `window`. Samples at the same time replace each
/// other (several fingers moving in one frame arrive as several events). Fixed storage:
/// adding a sample never allocates.
public struct VelocityEstimator: Sendable {
    /// How far back the estimate looks, in seconds. UIKit does not document its own; 0.1 s
    /// is a few frames at 60 Hz, long enough to smooth jitter and short enough for flicks.
    public var window: Double

    private struct Sample: Sendable {
        var time: Double
        var value: GesturePoint
    }

    private static let capacity = 16
    private var samples: [Sample]
    private var newest = 0
    private var count = 0

    /// An estimator over the last `window` seconds of samples.
    public init(window: Double = 0.1) {
        self.window = window
        samples = Array(repeating: Sample(time: 0, value: .zero), count: Self.capacity)
    }

    /// Forgets every sample; `velocity` is zero until two samples arrive.
    public mutating func reset() {
        count = 0
        newest = 0
    }

    /// Records `value` at `time`.
    public mutating func add(_ value: GesturePoint, at time: Double) {
        if count > 0 && time <= samples[newest].time {
            samples[newest].value = value
            return
        }
        newest = (newest + 1) % Self.capacity
        samples[newest] = Sample(time: time, value: value)
        if count < Self.capacity { count += 1 }
    }

    /// Records a one-dimensional `value` (scale, angle) at `time`.
    public mutating func add(_ value: Double, at time: Double) {
        add(GesturePoint(x: value, y: 0), at: time)
    }

    /// Moves every sample by `delta`, so that a value the user resets (UIKit's
    /// `setTranslation`, `scale = 1`) keeps its velocity.
    public mutating func shift(by delta: GesturePoint) {
        for i in samples.indices { samples[i].value += delta }
    }

    /// The change per second; zero with fewer than two samples.
    public var velocity: GesturePoint {
        guard count >= 2 else { return .zero }
        let last = samples[newest]
        var reference = samples[(newest + Self.capacity - 1) % Self.capacity]
        var k = 2
        while k < count {
            let s = samples[(newest + Self.capacity - k) % Self.capacity]
            if last.time - s.time > window { break }
            reference = s
            k += 1
        }
        let dt = last.time - reference.time
        guard dt > 0 else { return .zero }
        return (last.value - reference.value) / dt
    }
}
