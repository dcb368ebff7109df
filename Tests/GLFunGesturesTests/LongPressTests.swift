import GLFunGestures
import XCTest

final class LongPressTests: XCTestCase {
    func testDefaultsAreUIKits() {
        let press = LongPressGestureRecognizer()
        XCTAssertEqual(press.minimumPressDuration, 0.5)
        XCTAssertEqual(press.allowableMovement, 10)
        XCTAssertEqual(press.numberOfTouchesRequired, 1)
        XCTAssertEqual(press.numberOfTapsRequired, 0)
    }

    func testAt049ItHasNotBegunAndReleasingFails() {
        let press = LongPressGestureRecognizer()
        let log = StateLog(press)
        let a = arena(press)
        a.down(1, 100, 100, at: 0)
        XCTAssertEqual(a.nextDeadline, 0.5)
        a.advance(to: 0.49)
        XCTAssertEqual(press.state, .possible)
        a.up(1, 100, 100, at: 0.49)
        XCTAssertEqual(press.state, .failed)
        XCTAssertEqual(log.states, [.failed])
        XCTAssertEqual(log.actionCount, 0)
    }

    func testAt051ItHasBegun() {
        let press = LongPressGestureRecognizer()
        let log = StateLog(press)
        let a = arena(press)
        a.down(1, 100, 100, at: 0)
        a.advance(to: 0.51)
        XCTAssertEqual(press.state, .began)
        XCTAssertNil(a.nextDeadline)
        a.move(1, 160, 100, at: 0.6)
        XCTAssertEqual(press.state, .changed, "no movement limit once begun")
        XCTAssertEqual(press.location, GesturePoint(160, 100))
        a.up(1, 160, 100, at: 0.7)
        XCTAssertEqual(log.states, [.began, .changed, .ended])
        XCTAssertEqual(log.actionCount, 3)
    }

    func testMoving9IsAllowedAnd11Fails() {
        let press = LongPressGestureRecognizer()
        let a = arena(press)
        a.down(1, 100, 100, at: 0)
        a.move(1, 109, 100, at: 0.2)
        XCTAssertEqual(press.state, .possible)
        a.advance(to: 0.51)
        XCTAssertEqual(press.state, .began)
        a.up(1, 109, 100, at: 0.6)

        a.down(1, 100, 100, at: 2)
        a.move(1, 100, 111, at: 2.2)
        XCTAssertEqual(press.state, .failed)
        XCTAssertNil(a.nextDeadline)
        a.advance(to: 3)
        XCTAssertEqual(press.state, .failed)
    }

    func testALaterEventBeginsItWithoutATick() {
        let press = LongPressGestureRecognizer()
        let log = StateLog(press)
        let a = arena(press)
        a.down(1, 0, 0, at: 0)
        a.move(1, 2, 0, at: 0.6)
        XCTAssertEqual(log.states, [.began, .changed], "the deadline passed before the move")
    }

    func testTwoFingers() {
        let press = LongPressGestureRecognizer()
        press.numberOfTouchesRequired = 2
        let a = arena(press)
        a.down(1, 0, 0, at: 0)
        XCTAssertNil(a.nextDeadline, "the clock starts with the second finger")
        a.down(2, 50, 0, at: 0.1)
        a.advance(to: 0.59)
        XCTAssertEqual(press.state, .possible)
        a.advance(to: 0.6)
        XCTAssertEqual(press.state, .began)
        XCTAssertEqual(press.location, GesturePoint(25, 0))
        a.up(2, 50, 0, at: 0.8)
        XCTAssertEqual(press.state, .ended, "ends when a finger lifts")
    }

    func testTapThenPress() {
        let press = LongPressGestureRecognizer()
        press.numberOfTapsRequired = 1
        let a = arena(press)
        a.tap(1, 0, 0, at: 0)
        XCTAssertEqual(press.state, .possible)
        a.down(1, 0, 0, at: 0.2)
        a.advance(to: 0.69)
        XCTAssertEqual(press.state, .possible)
        a.advance(to: 0.7)
        XCTAssertEqual(press.state, .began)
        a.up(1, 0, 0, at: 1)

        // Without the tap, holding is not enough.
        a.down(1, 0, 0, at: 3)
        a.advance(to: 4)
        XCTAssertEqual(press.state, .failed)
    }

    func testCancelledTouchesCancelIt() {
        let press = LongPressGestureRecognizer()
        let log = StateLog(press)
        let a = arena(press)
        a.down(1, 0, 0, at: 0)
        a.advance(to: 0.5)
        a.cancelAllTouches(at: 0.6)
        XCTAssertEqual(log.states, [.began, .cancelled])
    }
}
