import GLFunGestures
import XCTest

final class PanTests: XCTestCase {
    func testDefaults() {
        let pan = PanGestureRecognizer()
        XCTAssertEqual(pan.minimumNumberOfTouches, 1)
        XCTAssertEqual(pan.maximumNumberOfTouches, Int.max)
        XCTAssertEqual(pan.hysteresis, 10)
    }

    func testTranslationAndVelocity() {
        let pan = PanGestureRecognizer()
        let log = StateLog(pan)
        let a = arena(pan)
        a.down(1, 100, 100, at: 0)
        a.move(1, 109, 100, at: 0.01)
        XCTAssertEqual(pan.state, .possible, "9 pt is inside the hysteresis")
        a.move(1, 100, 110, at: 0.02)
        XCTAssertEqual(pan.state, .began)
        XCTAssertEqual(pan.translation, GesturePoint(0, 10), "from touch-down, no jump")
        for i in 1...10 { a.move(1, 100 + Double(i) * 10, 110, at: 0.02 + Double(i) * 0.01) }
        XCTAssertEqual(pan.translation, GesturePoint(100, 10))
        XCTAssertClose(pan.velocity.x, 1000, accuracy: 1e-6)
        XCTAssertClose(pan.velocity.y, 0, accuracy: 1e-6)
        a.up(1, 200, 110, at: 0.125)
        XCTAssertEqual(pan.state, .ended)
        XCTAssertGreaterThan(pan.velocity.x, 800, "a flick keeps its speed")
        XCTAssertEqual(log.states.first, .began)
        XCTAssertEqual(log.states.last, .ended)
        XCTAssertEqual(log.states.count, 12, "began, 10 changed, ended")
    }

    func testHeldStillThenLiftedHasNoVelocity() {
        let pan = PanGestureRecognizer()
        let a = arena(pan)
        a.down(1, 0, 0, at: 0)
        a.move(1, 50, 0, at: 0.05)
        a.up(1, 50, 0, at: 1.05)
        XCTAssertEqual(pan.state, .ended)
        XCTAssertClose(pan.velocity.x, 0, accuracy: 1e-9)
    }

    func testAPanThatNeverMovesFails() {
        let pan = PanGestureRecognizer()
        let log = StateLog(pan)
        let a = arena(pan)
        a.tap(1, 0, 0, at: 0)
        XCTAssertEqual(log.states, [.failed])
    }

    func testMinimumAndMaximumTouches() {
        let twoFinger = PanGestureRecognizer()
        twoFinger.minimumNumberOfTouches = 2
        let oneFinger = PanGestureRecognizer()
        oneFinger.maximumNumberOfTouches = 1
        twoFinger.recognizeSimultaneously(with: oneFinger)
        let a = arena(twoFinger, oneFinger)
        a.down(1, 0, 0, at: 0)
        a.move(1, 30, 0, at: 0.1)
        XCTAssertEqual(twoFinger.state, .possible, "one finger is not enough")
        XCTAssertEqual(oneFinger.state, .began)
        a.down(2, 100, 0, at: 0.2)
        a.move(1, 30, 40, at: 0.3)
        a.move(2, 100, 40, at: 0.3)
        XCTAssertEqual(twoFinger.state, .changed, "began with the first move of the two")
        XCTAssertEqual(
            twoFinger.translation, GesturePoint(30, 40),
            "30 pt with one finger, then the two-finger centroid moved 40 pt: re-based, not jumped")
        XCTAssertEqual(oneFinger.translation, GesturePoint(30, 40), "the extra finger is ignored once begun")
        XCTAssertEqual(oneFinger.numberOfTouches, 1)
        a.up(2, 100, 40, at: 0.4)
        XCTAssertEqual(twoFinger.state, .ended, "fewer than the minimum")
        XCTAssertEqual(oneFinger.state, .changed)

        // Two fingers before it begins are too many for the one-finger pan.
        a.up(1, 30, 40, at: 0.5)
        a.down(1, 0, 0, at: 1)
        a.down(2, 50, 0, at: 1)
        XCTAssertEqual(oneFinger.state, .failed)
    }

    func testSetTranslation() {
        let pan = PanGestureRecognizer()
        let a = arena(pan)
        a.down(1, 0, 0, at: 0)
        a.move(1, 20, 0, at: 0.1)
        pan.translation = .zero
        a.move(1, 25, 0, at: 0.2)
        XCTAssertEqual(pan.translation, GesturePoint(5, 0))
    }
}
