import GLFunHost
import XCTest

/// What `scripts/fuzz/run eventlog` found, each kept as the input that showed it.
final class EventLogFuzzFindingsTests: XCTestCase {
    /// A coordinate that rounds to a whole number at 3 places was written "423.000", which reads
    /// back as 423 and is then written "423": a log read and written again changed.
    func testANumberRoundingToAWholeOneIsWrittenAsOne() throws {
        let log = #"{"t": 0.352, "type": "touch", "phase": "moved", "id": 0, "x": 422.9999, "y": -0.0001}"#
        let once = try EventLog.parse(log).map(EventLog.line).joined(separator: "\n")
        XCTAssertTrue(once.hasSuffix(#""x": 423, "y": 0}"#), once)
        let twice = try EventLog.parse(once).map(EventLog.line).joined(separator: "\n")
        XCTAssertEqual(twice, once)
    }
}
