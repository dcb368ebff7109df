import Gestures
import XCTest

/// Feeds 1,000,000 synthetic events to the seven recognizers and prints the cost per event
/// per recognizer. Prints, never asserts a time: machines differ, and debug builds are slow.
final class BenchmarkTests: XCTestCase {
    private func makeRecognizers() -> [GestureRecognizer] {
        [
            TapGestureRecognizer(), SwipeGestureRecognizer(), PinchGestureRecognizer(),
            RotationGestureRecognizer(), PanGestureRecognizer(), LongPressGestureRecognizer(),
            ThreeFingerPinchGestureRecognizer(),
        ]
    }

    /// Alternates one-finger drags (42 events) with three-finger pinch-rotations (66 events),
    /// at 120 events per second.
    private func feed(_ a: GestureArena, events: Int) -> Int {
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

    private func measure(_ label: String, simultaneous: Bool) {
        let recognizers = makeRecognizers()
        let a = GestureArena()
        for r in recognizers {
            if simultaneous { r.shouldRecognizeSimultaneously = { _ in true } }
            a.add(r)
        }
        _ = feed(a, events: 10_000)  // warm up
        var events = 0
        let elapsed = ContinuousClock().measure { events = feed(a, events: 1_000_000) }
        let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        let perEvent = ns / Double(events)
        let perRecognizer = perEvent / Double(recognizers.count)
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        print(
            "gestures benchmark (\(build), \(label)): \(events) events x \(recognizers.count) recognizers in "
                + "\(Int(ns / 1e6)) ms: \(Int(perEvent.rounded())) ns/event, "
                + "\(Int(perRecognizer.rounded())) ns/event/recognizer")
    }

    func testBenchmarkSevenRecognizers() {
        measure("all simultaneous", simultaneous: true)
        measure("exclusive, UIKit default", simultaneous: false)
    }
}
