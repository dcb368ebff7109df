@testable import GLFunHost
import XCTest

/// The scroll line of the event log, and the two ways apps read its amounts.
final class ScrollEventTests: XCTestCase {
    func testAScrollLineIsWrittenAsTheDesignSaysAndReadBack() throws {
        let e = TimedEvent(t: 2.5, .scroll(x: 100.25, y: 80, dx: -1, dy: 0.5))
        XCTAssertEqual(EventLog.line(e),
                       "{\"t\": 2.5000, \"type\": \"scroll\", \"x\": 100.250, \"y\": 80, \"dx\": -1, \"dy\": 0.500}")
        let design = "{\"t\": 1.500, \"type\": \"scroll\", \"x\": 320, \"y\": 240, \"dx\": 0, \"dy\": -1}"
        XCTAssertEqual(try EventLog.parse(design), [TimedEvent(t: 1.5, .scroll(x: 320, y: 240, dx: 0, dy: -1))])
    }

    func testAWindowsNumbersRoundedAsRecordedReadBackTheSame() throws {
        // A Wayland touchpad's amount (wl_fixed: 1/256 points, over 10 points a step) and a
        // position at scale 1.5: rounded as the log keeps them, a replay reads the same Floats.
        let raw: [Float] = [77 / 256 / 10, -1 / 2560, 1000.0 / 3 / 1.5, 0.1, 1 / 120, 12345.6789]
        for v in raw {
            let r = EventLog.recorded(v)
            let step = EventLog.recorded(v / 100)
            let e = TimedEvent(t: 1, .scroll(x: r, y: r, dx: step, dy: step))
            XCTAssertEqual(try EventLog.parse(EventLog.line(e)), [e], "\(v)")
        }
        XCTAssertEqual(EventLog.recorded(1), 1)
        XCTAssertEqual(EventLog.recorded(-0.0004), 0)
    }

    func testAMalformedScrollLineIsATypedErrorOnItsLine() {
        let head = "{\"t\": 0, \"type\": \"tick\"}\n"
        let cases: [(String, EventLogError.Kind)] = [
            ("{\"t\": 1, \"type\": \"scroll\", \"x\": 1, \"y\": 2, \"dx\": 0}", .missing(key: "dy", expected: "a number")),
            ("{\"t\": 1, \"type\": \"scroll\", \"x\": 1, \"y\": 2, \"dy\": 1}", .missing(key: "dx", expected: "a number")),
            ("{\"t\": 1, \"type\": \"scroll\", \"y\": 2, \"dx\": 0, \"dy\": 1}", .missing(key: "x", expected: "a number")),
            ("{\"t\": 1, \"type\": \"scroll\", \"x\": 1, \"y\": 2, \"dx\": 0, \"dy\": \"up\"}", .wrongType(key: "dy")),
            ("{\"t\": 1, \"type\": \"scroll\", \"x\": 1, \"y\": 2, \"dx\": 1e9, \"dy\": 0}",
             .outOfRange(key: "dx", value: 1e9, range: -EventLog.maxScrollSteps...EventLog.maxScrollSteps)),
            ("{\"t\": 1, \"type\": \"scroll\", \"x\": 1, \"y\": -2e6, \"dx\": 0, \"dy\": 1}",
             .outOfRange(key: "y", value: -2e6, range: -1e6...1e6)),
            ("{\"t\": 1, \"type\": \"scroll\", \"x\": 1, \"y\": 2, \"dx\": 0, \"dy\": 1, \"dy\": 2}", .duplicateKey("dy")),
        ]
        for (line, kind) in cases {
            XCTAssertThrowsError(try EventLog.parse(head + line, file: "log"), line) { error in
                XCTAssertEqual(error as? EventLogError, EventLogError(file: "log", line: 2, kind: kind), line)
            }
        }
    }

    func testStepsComeWholeAndATouchpadsFractionsAddUp() {
        var s = ScrollSteps()
        XCTAssertEqual(s.add(1), 1)
        XCTAssertEqual(s.add(-2), -2)
        XCTAssertEqual((0..<9).map { _ in s.add(0.25) }, [0, 0, 0, 1, 0, 0, 0, 1, 0])
        XCTAssertEqual(s.left, 0.25)
        // Turning back drops what was left the other way.
        XCTAssertEqual(s.add(-0.5), 0)
        XCTAssertEqual(s.add(-0.5), -1)
        XCTAssertEqual(s.add(.nan), 0)
        XCTAssertEqual(s.add(.infinity), 0)
        XCTAssertEqual(s.add(1e30), 1000, "clamped, never a trap")
    }

    func testTheWheelZoomsInOnAStepUp() {
        XCTAssertEqual(WheelZoom.factor(steps: -1), 1.25)
        XCTAssertEqual(WheelZoom.factor(steps: 1), 0.8, accuracy: 1e-6)
        XCTAssertEqual(WheelZoom.factor(steps: -2), 1.5625)
        XCTAssertEqual(WheelZoom.factor(steps: 0), 1)
        XCTAssertEqual(WheelZoom.factor(steps: .nan), 1)
        XCTAssertEqual(WheelZoom.factor(steps: -0.5) * WheelZoom.factor(steps: -0.5), 1.25, accuracy: 1e-6)
    }
}
