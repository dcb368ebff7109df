import GLFunGestures
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

    // MARK: Strict rules (the original sample's) beside the lenient default

    /// Three fingers land together on a 3-4-5 triangle (sum 120) and spread it to twice (240).
    func pinchToTwice(_ a: GestureArena) {
        a.down(1, 0, 0, at: 0)
        a.down(2, 30, 0, at: 0)
        a.down(3, 0, 40, at: 0)
        a.move(2, 60, 0, at: 0.05)
        a.move(3, 0, 80, at: 0.1)
    }

    /// Two fingers down, one moving a little (less than the hysteresis): the lenient default
    /// lets it be and still recognizes when the third lands; strict fails at that move.
    func testStrictFailsOnAnyMoveWithFewerThanThreeDown() {
        for rules in [ThreeFingerPinchGestureRecognizer.Rules.lenient, .strict] {
            let pinch = ThreeFingerPinchGestureRecognizer(rules: rules)
            let a = arena(pinch)
            a.down(1, 0, 0, at: 0)
            a.down(2, 30, 0, at: 0.01)
            a.move(2, 32, 0, at: 0.02)
            a.down(3, 0, 40, at: 0.03)
            a.move(2, 60, 0, at: 0.05)
            a.move(3, 0, 80, at: 0.1)
            if rules == .strict {
                XCTAssertEqual(pinch.state, .failed, "a move with two fingers down fails it")
                XCTAssertClose(pinch.scale, 1)
            } else {
                XCTAssertEqual(pinch.state, .changed)
                XCTAssertClose(pinch.scale, 240 / (32 + (32.0 * 32 + 40 * 40).squareRoot() + 40), accuracy: 1e-9)
            }
        }
    }

    /// Begun with three, a fourth finger lands: lenient ends it keeping the scale; strict
    /// cancels it and the scale goes back to 1.
    func testStrictCancelsOnAFourthFingerOnceBegun() {
        for rules in [ThreeFingerPinchGestureRecognizer.Rules.lenient, .strict] {
            let pinch = ThreeFingerPinchGestureRecognizer(rules: rules)
            let log = StateLog(pinch)
            let a = arena(pinch)
            pinchToTwice(a)
            XCTAssertClose(pinch.scale, 2)
            a.down(4, 100, 100, at: 0.15)
            if rules == .strict {
                XCTAssertEqual(log.states, [.began, .changed, .cancelled])
                XCTAssertClose(pinch.scale, 1)
            } else {
                XCTAssertEqual(log.states, [.began, .changed, .ended])
                XCTAssertClose(pinch.scale, 2)
            }
        }
    }

    /// Begun, then the touches are cancelled (the system took them): both cancel; strict
    /// resets the scale to 1, lenient keeps the last one.
    func testStrictCancelResetsTheScale() {
        for rules in [ThreeFingerPinchGestureRecognizer.Rules.lenient, .strict] {
            let pinch = ThreeFingerPinchGestureRecognizer(rules: rules)
            let log = StateLog(pinch)
            let a = arena(pinch)
            pinchToTwice(a)
            a.cancel(1, 0, 0, at: 0.2)
            XCTAssertEqual(log.states, [.began, .changed, .cancelled], "\(rules)")
            XCTAssertClose(pinch.scale, rules == .strict ? 1 : 2)
        }
    }

    /// Strict, three fingers landing and moving together: the same pinch as the default's.
    func testStrictRecognizesAThreeFingerPinch() {
        let pinch = ThreeFingerPinchGestureRecognizer(rules: .strict)
        let log = StateLog(pinch)
        let a = arena(pinch)
        a.down(1, 0, 0, at: 0)
        a.down(2, 30, 0, at: 0.01)
        a.down(3, 0, 40, at: 0.02)
        a.move(2, 60, 0, at: 0.05)
        a.move(3, 0, 80, at: 0.1)
        a.up(3, 0, 80, at: 0.2)
        XCTAssertEqual(log.states, [.began, .changed, .ended])
        XCTAssertClose(pinch.scale, 2)
    }
}
