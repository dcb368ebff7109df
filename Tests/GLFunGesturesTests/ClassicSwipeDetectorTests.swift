import GLFunGestures
import XCTest

final class ClassicSwipeDetectorTests: XCTestCase {
    private func swipe(dx: Double, dy: Double) -> SwipeDirection? {
        var d = ClassicSwipeDetector()
        d.touchBegan(at: GesturePoint(100, 100))
        return d.touchMoved(to: GesturePoint(100 + dx, 100 + dy))
    }

    func testExactly25WithDrift5IsASwipe() {
        XCTAssertEqual(swipe(dx: 25, dy: 5), .right)
        XCTAssertEqual(swipe(dx: -25, dy: -5), .left)
        XCTAssertEqual(swipe(dx: 5, dy: 25), .down)
        XCTAssertEqual(swipe(dx: -5, dy: -25), .up)
    }

    func test24OrDrift6IsNot() {
        XCTAssertNil(swipe(dx: 24, dy: 6))
        XCTAssertNil(swipe(dx: 24, dy: 0))
        XCTAssertNil(swipe(dx: 25, dy: 6))
        XCTAssertNil(swipe(dx: 6, dy: 24))
        XCTAssertNil(swipe(dx: 6, dy: 25))
    }

    func testReportsOncePerTouchAndTheEndCounts() {
        var d = ClassicSwipeDetector()
        d.touchBegan(at: GesturePoint(0, 0))
        XCTAssertNil(d.touchMoved(to: GesturePoint(10, 0)))
        XCTAssertEqual(d.touchMoved(to: GesturePoint(30, 1)), .right)
        XCTAssertNil(d.touchMoved(to: GesturePoint(60, 1)), "already reported for this touch")
        XCTAssertEqual(d.touchEnded(at: GesturePoint(60, 1)), .right)

        d.touchBegan(at: GesturePoint(0, 0))
        XCTAssertEqual(d.touchEnded(at: GesturePoint(0, -30)), .up, "a final location is checked like a move")
    }

    func testDefaults() {
        let d = ClassicSwipeDetector()
        XCTAssertEqual(d.minimumTravel, 25)
        XCTAssertEqual(d.maximumDrift, 5)
    }
}
