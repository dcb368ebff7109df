import GLFunGestures
import XCTest

final class TouchTrackerTests: XCTestCase {
    private func tap(_ tracker: inout TouchTracker, _ x: Double, _ y: Double, at t: Double, id: Int = 1) -> Int {
        let began = tracker.update(phase: .began, id: id, location: GesturePoint(x, y), time: t)
        _ = tracker.update(phase: .ended, id: id, location: GesturePoint(x, y), time: t + 0.05)
        return began?.tapCount ?? -1
    }

    func testDefaultsAreUIKitTapLimits() {
        let tracker = TouchTracker()
        XCTAssertEqual(tracker.maximumTapInterval, 0.35)
        XCTAssertEqual(tracker.maximumTapDistance, 45)
    }

    func testQuickTapsAtTheSamePlaceCountUp() {
        var tracker = TouchTracker()
        XCTAssertEqual(tap(&tracker, 100, 100, at: 0.0), 1)
        XCTAssertEqual(tap(&tracker, 102, 99, at: 0.2), 2)
        XCTAssertEqual(tap(&tracker, 100, 101, at: 0.4), 3)
    }

    func testTapCountResetsWhenFarOrSlow() {
        var tracker = TouchTracker()
        XCTAssertEqual(tap(&tracker, 100, 100, at: 0.0), 1)
        XCTAssertEqual(tap(&tracker, 146, 100, at: 0.2), 1, "46 pt away is a new first tap")
        XCTAssertEqual(tap(&tracker, 146, 100, at: 0.4), 2)
        XCTAssertEqual(tap(&tracker, 146, 100, at: 0.45 + 0.36), 1, "0.36 s after the last tap ended is too slow")
    }

    func testLimitsAreInclusive() {
        var tracker = TouchTracker()
        _ = tracker.update(phase: .began, id: 1, location: GesturePoint(0, 0), time: 0)
        _ = tracker.update(phase: .ended, id: 1, location: GesturePoint(0, 0), time: 0.25)
        // Exactly 0.35 s after the first tap ended, exactly 45 pt away.
        XCTAssertEqual(0.6 - 0.25, 0.35)
        XCTAssertEqual(tap(&tracker, 45, 0, at: 0.6), 2)
    }

    func testADragIsNotATap() {
        var tracker = TouchTracker()
        _ = tracker.update(phase: .began, id: 1, location: GesturePoint(0, 0), time: 0)
        _ = tracker.update(phase: .moved, id: 1, location: GesturePoint(60, 0), time: 0.05)
        _ = tracker.update(phase: .ended, id: 1, location: GesturePoint(30, 0), time: 0.1)
        XCTAssertEqual(tap(&tracker, 30, 0, at: 0.2), 1)
    }

    func testPreviousAndStartLocations() throws {
        var tracker = TouchTracker()
        _ = tracker.update(phase: .began, id: 7, location: GesturePoint(1, 2), time: 0)
        _ = tracker.update(phase: .moved, id: 7, location: GesturePoint(3, 4), time: 0.01)
        let t = try XCTUnwrap(tracker.update(phase: .moved, id: 7, location: GesturePoint(5, 6), time: 0.02))
        XCTAssertEqual(t.previousLocation, GesturePoint(3, 4))
        XCTAssertEqual(t.location, GesturePoint(5, 6))
        XCTAssertEqual(t.startLocation, GesturePoint(1, 2))
        XCTAssertEqual(t.startTimestamp, 0)
        XCTAssertEqual(t.timestamp, 0.02)
        XCTAssertEqual(tracker.touches.count, 1)
        let end = try XCTUnwrap(tracker.update(phase: .ended, id: 7, location: GesturePoint(5, 6), time: 0.03))
        XCTAssertEqual(end.phase, .ended)
        XCTAssertTrue(tracker.touches.isEmpty)
    }

    func testUnknownEndsAreIgnoredAndUnknownMovesBegin() throws {
        var tracker = TouchTracker()
        XCTAssertNil(tracker.update(phase: .ended, id: 3, location: .zero, time: 0))
        let t = try XCTUnwrap(tracker.update(phase: .moved, id: 3, location: GesturePoint(9, 9), time: 0))
        XCTAssertEqual(t.phase, .began)
    }
}
