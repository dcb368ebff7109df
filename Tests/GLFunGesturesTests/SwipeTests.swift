import GLFunGestures
import XCTest

final class SwipeTests: XCTestCase {
    func testDefaults() {
        let swipe = SwipeGestureRecognizer()
        XCTAssertEqual(swipe.direction, .right)
        XCTAssertEqual(swipe.numberOfTouchesRequired, 1)
        XCTAssertEqual(swipe.minimumDistance, 50)
        XCTAssertEqual(swipe.maximumDuration, 0.5)
        XCTAssertEqual(SwipeDirection.right.rawValue, 1)
        XCTAssertEqual(SwipeDirection.left.rawValue, 2)
        XCTAssertEqual(SwipeDirection.up.rawValue, 4)
        XCTAssertEqual(SwipeDirection.down.rawValue, 8)
    }

    func testAFastSwipeIsRecognizedWhileMoving() {
        let swipe = SwipeGestureRecognizer()
        let log = StateLog(swipe)
        let a = arena(swipe)
        a.down(1, 100, 100, at: 0)
        a.move(1, 130, 103, at: 0.03)
        XCTAssertEqual(swipe.state, .possible, "30 pt is not yet enough for a fast swipe")
        a.move(1, 160, 106, at: 0.06)
        XCTAssertEqual(swipe.state, .recognized)
        XCTAssertEqual(swipe.recognizedDirection, .right)
        a.up(1, 170, 106, at: 0.08)
        XCTAssertEqual(log.states, [.ended])
    }

    func testASlowerSwipeNeedsLessDistance() {
        let swipe = SwipeGestureRecognizer()
        let a = arena(swipe)
        a.down(1, 0, 0, at: 0)
        a.move(1, 20, 0, at: 0.2)
        a.move(1, 42, 0, at: 0.4)  // needs 50 * (1 - 0.47 * 0.8) = 31.2 pt by now
        XCTAssertEqual(swipe.state, .recognized)
    }

    func testTooSlowFailsAtTheDeadline() {
        let swipe = SwipeGestureRecognizer()
        let a = arena(swipe)
        a.down(1, 0, 0, at: 0)
        a.move(1, 12, 0, at: 0.3)
        XCTAssertEqual(a.nextDeadline, 0.5)
        a.advance(to: 0.5)
        XCTAssertEqual(swipe.state, .failed)
    }

    func testWrongDirectionAndOffAxisFail() {
        let swipe = SwipeGestureRecognizer()
        let a = arena(swipe)
        a.down(1, 100, 100, at: 0)
        a.move(1, 40, 100, at: 0.05)
        XCTAssertEqual(swipe.state, .failed, "left, but only right is allowed")
        a.up(1, 40, 100, at: 0.06)

        a.down(1, 100, 100, at: 1)
        a.move(1, 130, 130, at: 1.05)  // 45 degrees
        XCTAssertEqual(swipe.state, .failed)
    }

    func testLiftingFirstFails() {
        let swipe = SwipeGestureRecognizer()
        let a = arena(swipe)
        a.down(1, 0, 0, at: 0)
        a.move(1, 20, 0, at: 0.02)
        a.up(1, 30, 0, at: 0.04)
        XCTAssertEqual(swipe.state, .failed)
    }

    func testDirectionMask() {
        let swipe = SwipeGestureRecognizer()
        swipe.direction = [.left, .up]
        let a = arena(swipe)
        a.down(1, 100, 100, at: 0)
        a.move(1, 95, 40, at: 0.05)
        XCTAssertEqual(swipe.state, .recognized)
        XCTAssertEqual(swipe.recognizedDirection, .up)
    }

    func testTwoFingerSwipe() {
        let swipe = SwipeGestureRecognizer()
        swipe.numberOfTouchesRequired = 2
        swipe.direction = .down
        let a = arena(swipe)
        a.down(1, 100, 100, at: 0)
        a.down(2, 140, 100, at: 0.01)
        a.move(1, 100, 160, at: 0.05)
        XCTAssertEqual(swipe.state, .possible, "the second finger has not moved yet")
        a.move(2, 141, 160, at: 0.05)
        XCTAssertEqual(swipe.state, .recognized)
        a.up(1, 100, 160, at: 0.1)
        a.up(2, 141, 160, at: 0.1)

        // One finger is not enough.
        a.down(1, 100, 100, at: 1)
        a.move(1, 100, 200, at: 1.05)
        a.up(1, 100, 200, at: 1.06)
        XCTAssertEqual(swipe.state, .failed)

        // Nor are three.
        a.down(1, 100, 100, at: 2)
        a.down(2, 120, 100, at: 2)
        XCTAssertEqual(swipe.state, .possible)
        a.down(3, 140, 100, at: 2)
        XCTAssertEqual(swipe.state, .failed)
    }
}
