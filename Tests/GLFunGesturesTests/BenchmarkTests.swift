import GLFunGestures
import XCTest

/// Prints what recognition costs (GestureBenchmark); never asserts a time: machines
/// differ, and debug builds are slow. Release figure: `glfun bench-gestures`.
final class BenchmarkTests: XCTestCase {
    func testBenchmarkSevenRecognizers() {
        for simultaneous in [true, false] {
            let r = GestureBenchmark.run(events: 200_000, simultaneous: simultaneous)
            XCTAssertGreaterThan(r.events, 0)
            print("gestures benchmark (\(simultaneous ? "all simultaneous" : "exclusive")): \(r.events) events x "
                  + "\(r.recognizers) recognizers: \(Int(r.nanosecondsPerEventPerRecognizer.rounded())) ns/event/recognizer")
        }
    }
}
