import Gestures
import XCTest

final class ThreeFingerPinchTests: XCTestCase {
    func testScaleIsTheSumOfPairwiseDistancesOverTheInitialSum() {
        let pinch = ThreeFingerPinchGestureRecognizer()
        let log = StateLog(pinch)
        let a = arena(pinch)
        // A 3-4-5 right triangle: sum 12.
        a.down(1, 0, 0, at: 0)
        a.down(2, 30, 0, at: 0.01)
        a.down(3, 0, 40, at: 0.02)
        XCTAssertEqual(ThreeFingerPinchGestureRecognizer.pairwiseDistanceSum(of: a.touches), 120)
        a.move(3, 0, 44, at: 0.03)
        XCTAssertEqual(pinch.state, .possible, "sum changed by less than 10")
        // Double the triangle: (0,0) (60,0) (0,80): sum 240.
        a.move(2, 60, 0, at: 0.05)
        XCTAssertEqual(pinch.state, .began)
        a.move(3, 0, 80, at: 0.1)
        XCTAssertEqual(pinch.state, .changed)
        XCTAssertClose(pinch.scale, 2)
        XCTAssertGreaterThan(pinch.velocity, 0)
        a.up(3, 0, 80, at: 0.2)
        XCTAssertEqual(pinch.state, .ended)
        XCTAssertClose(pinch.scale, 2)
        XCTAssertEqual(log.states, [.began, .changed, .ended])
    }

    func testFailsWithTwoTouches() {
        let pinch = ThreeFingerPinchGestureRecognizer()
        let a = arena(pinch)
        a.down(1, 0, 0, at: 0)
        a.down(2, 100, 0, at: 0)
        a.move(2, 150, 0, at: 0.1)
        XCTAssertEqual(pinch.state, .failed, "a two-finger pinch")

        a.up(1, 0, 0, at: 0.2)
        a.up(2, 150, 0, at: 0.2)
        a.down(1, 0, 0, at: 1)
        a.down(2, 100, 0, at: 1)
        a.up(2, 100, 0, at: 1.1)
        XCTAssertEqual(pinch.state, .failed, "a finger lifted before the third landed")
    }

    func testFailsWithFourTouches() {
        let pinch = ThreeFingerPinchGestureRecognizer()
        let a = arena(pinch)
        a.down(1, 0, 0, at: 0)
        a.down(2, 100, 0, at: 0)
        a.down(3, 0, 100, at: 0)
        XCTAssertEqual(pinch.state, .possible)
        a.down(4, 100, 100, at: 0.05)
        XCTAssertEqual(pinch.state, .failed)
    }
}
