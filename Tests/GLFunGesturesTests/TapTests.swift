import GLFunGestures
import XCTest

final class TapTests: XCTestCase {
    func testDefaults() {
        let tap = TapGestureRecognizer()
        XCTAssertEqual(tap.numberOfTapsRequired, 1)
        XCTAssertEqual(tap.numberOfTouchesRequired, 1)
        XCTAssertEqual(tap.allowableMovement, 45)
        XCTAssertEqual(tap.maximumTapDuration, 0.75)
        XCTAssertEqual(tap.maximumIntervalBetweenTaps, 0.35)
        XCTAssertEqual(tap.state, .possible)
        XCTAssertTrue(tap.cancelsTouchesInView)
    }

    func testSingleTapIsDiscrete() {
        let tap = TapGestureRecognizer()
        let log = StateLog(tap)
        let a = arena(tap)
        a.down(1, 50, 60, at: 0)
        XCTAssertEqual(tap.state, .possible)
        a.move(1, 55, 60, at: 0.02)
        a.up(1, 55, 60, at: 0.05)
        XCTAssertEqual(tap.state, .recognized)
        XCTAssertEqual(log.states, [.ended], "possible -> ended, no began/changed")
        XCTAssertEqual(log.actionCount, 1)
        XCTAssertEqual(tap.location, GesturePoint(55, 60))
    }

    func testTapFailsWhenMovedTooFarOrHeldTooLong() {
        let tap = TapGestureRecognizer()
        let log = StateLog(tap)
        let a = arena(tap)
        a.down(1, 0, 0, at: 0)
        a.move(1, 46, 0, at: 0.05)
        XCTAssertEqual(tap.state, .failed)
        a.up(1, 46, 0, at: 0.1)
        XCTAssertEqual(log.states, [.failed])
        XCTAssertEqual(log.actionCount, 0, "no action for a failure")

        // Held past 0.75 s: fails at the deadline, before the finger lifts.
        a.down(1, 0, 0, at: 1)
        XCTAssertEqual(tap.state, .possible, "reset for the new sequence")
        XCTAssertEqual(a.nextDeadline, 1.75)
        a.advance(to: 1.74)
        XCTAssertEqual(tap.state, .possible)
        a.advance(to: 1.76)
        XCTAssertEqual(tap.state, .failed)
        a.up(1, 0, 0, at: 2)
        XCTAssertEqual(tap.state, .failed)
    }

    func testTwoFingerTap() {
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        let a = arena(tap)
        a.down(1, 100, 100, at: 0)
        a.down(2, 140, 100, at: 0.02)
        a.up(1, 100, 100, at: 0.08)
        XCTAssertEqual(tap.state, .possible)
        a.up(2, 140, 100, at: 0.09)
        XCTAssertEqual(tap.state, .recognized)
        XCTAssertEqual(tap.location, GesturePoint(120, 100))

        a.tap(1, 100, 100, at: 1)
        XCTAssertEqual(tap.state, .failed, "one finger is not a two-finger tap")

        a.down(1, 0, 0, at: 2)
        a.down(2, 10, 0, at: 2.01)
        a.down(3, 20, 0, at: 2.02)
        XCTAssertEqual(tap.state, .failed, "three fingers are too many")
    }

    func testDoubleTap() {
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let log = StateLog(double)
        let a = arena(double)
        a.tap(1, 100, 100, at: 0)
        XCTAssertEqual(double.state, .possible)
        XCTAssertEqual(double.tapsCompleted, 1)
        XCTAssertEqual(a.nextDeadline, 0.05 + 0.35)
        a.tap(1, 104, 98, at: 0.2)
        XCTAssertEqual(log.states, [.ended])
        XCTAssertEqual(double.location, GesturePoint(100, 100), "the first tap's location, as UIKit")

        // Too slow: the wait runs out.
        a.tap(1, 100, 100, at: 1)
        a.advance(to: 1.05 + 0.34)
        XCTAssertEqual(double.state, .possible)
        a.advance(to: 1.05 + 0.36)
        XCTAssertEqual(double.state, .failed)

        // Too far for a second tap.
        a.tap(1, 100, 100, at: 3)
        a.tap(1, 200, 100, at: 3.2)
        XCTAssertEqual(double.state, .failed)
    }

    /// "A tap that becomes a double tap": the single tap requires the double tap to fail.
    func testSingleTapWaitsForDoubleTapToFail() {
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        let singleLog = StateLog(single)
        let doubleLog = StateLog(double)
        let a = arena(single, double)

        // Two quick taps: only the double tap fires.
        a.tap(1, 100, 100, at: 0)
        XCTAssertEqual(single.state, .possible, "held in possible while the double tap may still happen")
        XCTAssertTrue(single.isWaitingForFailureRequirements)
        a.tap(1, 101, 100, at: 0.2)
        XCTAssertEqual(double.state, .recognized)
        XCTAssertEqual(single.state, .failed)
        XCTAssertEqual(doubleLog.actionCount, 1)
        XCTAssertEqual(singleLog.actionCount, 0)
        a.advance(to: 5)
        XCTAssertEqual(singleLog.actionCount, 0)

        // One tap: the single tap fires only once the double tap's wait has run out.
        a.tap(1, 100, 100, at: 10)
        XCTAssertEqual(a.nextDeadline, 10.05 + 0.35)
        a.advance(to: 10.3)
        XCTAssertEqual(singleLog.actionCount, 0)
        XCTAssertEqual(single.state, .possible)
        a.advance(to: 10.41)
        XCTAssertEqual(double.state, .failed)
        XCTAssertEqual(single.state, .recognized)
        XCTAssertEqual(singleLog.actionCount, 1)
        XCTAssertEqual(singleLog.states, [.failed, .ended], "the first sequence failed it; this one recognized")
        XCTAssertEqual(doubleLog.actionCount, 1)
    }

    func testARequiredRecognizerThatIsDisabledCountsAsFailed() {
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        double.isEnabled = false
        let a = arena(single, double)
        a.tap(1, 0, 0, at: 0)
        XCTAssertEqual(single.state, .recognized, "no wait")
    }

    func testEventTimestampsDriveTimersWithoutTicks() {
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        let singleLog = StateLog(single)
        let a = arena(single, double)
        a.tap(1, 100, 100, at: 0)
        // The next touch comes 1 s later, far away: the wait ran out before it.
        a.down(2, 400, 400, at: 1)
        XCTAssertEqual(singleLog.states, [.ended])
        XCTAssertEqual(single.state, .possible, "reset for the new sequence")
    }
}
