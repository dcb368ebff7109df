/// A repeatable load for measuring what recognition costs: the seven standard
/// recognizers in one arena, fed alternating one-finger drags (42 events) and
/// three-finger pinch-rotations (66 events) at 120 events per second.
/// `glfun bench-gestures` and the Gestures tests print its figure.
public enum GestureBenchmark {
    /// One run's figures.
    public struct Result: Sendable {
        /// Events fed.
        public var events: Int
        /// Recognizers in the arena.
        public var recognizers: Int
        /// Time taken, in nanoseconds.
        public var nanoseconds: Double
        /// Nanoseconds per event.
        public var nanosecondsPerEvent: Double { nanoseconds / Double(events) }
        /// Nanoseconds per event and recognizer.
        public var nanosecondsPerEventPerRecognizer: Double { nanosecondsPerEvent / Double(recognizers) }
    }

    /// The seven recognizers of the module, with their defaults.
    public static func standardRecognizers() -> [GestureRecognizer] {
        [
            TapGestureRecognizer(), SwipeGestureRecognizer(), PinchGestureRecognizer(),
            RotationGestureRecognizer(), PanGestureRecognizer(), LongPressGestureRecognizer(),
            ThreeFingerPinchGestureRecognizer(),
        ]
    }

    /// Feeds `events` events to `arena`; returns how many were sent (a whole number of strokes).
    @discardableResult
    public static func feed(_ a: GestureArena, events: Int) -> Int {
        var n = 0
        var t = 0.0
        var cycle = 0
        func send(_ phase: TouchPhase, _ id: Int, _ x: Double, _ y: Double) {
            a.handle(phase: phase, id: id, x: x, y: y, time: t)
            t += 1.0 / 120
            n += 1
        }
        while n < events {
            if cycle % 2 == 0 {
                send(.began, 1, 100, 100)
                for i in 1...40 { send(.moved, 1, 100 + Double(i) * 3, 100 + Double(i)) }
                send(.ended, 1, 220, 140)
            } else {
                send(.began, 1, 300, 300)
                send(.began, 2, 400, 300)
                send(.began, 3, 350, 380)
                for i in 1...20 {
                    let s = 1 + Double(i) * 0.02
                    send(.moved, 1, 350 - 50 * s, 300 + Double(i))
                    send(.moved, 2, 350 + 50 * s, 300 - Double(i))
                    send(.moved, 3, 350 + Double(i), 300 + 80 * s)
                }
                send(.ended, 1, 300, 300)
                send(.ended, 2, 400, 300)
                send(.ended, 3, 350, 380)
            }
            cycle += 1
        }
        return n
    }

    /// Times `events` events through the standard recognizers (after a warm-up).
    /// - Parameter events: how many touch events to time.
    /// - Parameter simultaneous: let every recognizer recognize alongside the others
    ///   (the most work), or keep UIKit's default exclusivity.
    public static func run(events: Int = 1_000_000, simultaneous: Bool) -> Result {
        let recognizers = standardRecognizers()
        let a = GestureArena()
        for r in recognizers {
            if simultaneous { r.shouldRecognizeSimultaneously = { _ in true } }
            a.add(r)
        }
        feed(a, events: 10_000)
        var sent = 0
        let elapsed = ContinuousClock().measure { sent = feed(a, events: events) }
        let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        return Result(events: sent, recognizers: recognizers.count, nanoseconds: ns)
    }
}
