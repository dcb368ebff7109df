import GLFunGestures
import XCTest

final class PinchRotationTests: XCTestCase {
    func testPinchScaleAndVelocity() {
        let pinch = PinchGestureRecognizer()
        let log = StateLog(pinch)
        let a = arena(pinch)
        a.down(1, 100, 100, at: 0)
        a.down(2, 200, 100, at: 0)
        a.move(2, 205, 100, at: 0.01)
        XCTAssertEqual(pinch.state, .possible, "5 pt is inside the hysteresis")
        a.move(2, 210, 100, at: 0.02)
        XCTAssertEqual(pinch.state, .began)
        XCTAssertClose(pinch.scale, 1.1)
        a.move(2, 300, 100, at: 0.1)
        XCTAssertEqual(pinch.state, .changed)
        XCTAssertClose(pinch.scale, 2.0)
        // Over the last 0.1 s the scale went from 1.0 (at 0) to 2.0 (at 0.1).
        XCTAssertClose(pinch.velocity, 10, accuracy: 1e-6)
        a.up(1, 100, 100, at: 0.12)
        a.up(2, 300, 100, at: 0.12)
        XCTAssertEqual(log.states, [.began, .changed, .ended])
    }

    func testAPinchThatLosesAFingerEndsKeepingItsScale() {
        let pinch = PinchGestureRecognizer()
        let log = StateLog(pinch)
        let a = arena(pinch)
        a.down(1, 0, 0, at: 0)
        a.down(2, 100, 0, at: 0.01)
        a.move(2, 150, 0, at: 0.05)
        a.move(1, -50, 0, at: 0.06)
        XCTAssertClose(pinch.scale, 2.0)
        a.up(2, 150, 0, at: 0.1)
        XCTAssertEqual(pinch.state, .ended)
        XCTAssertClose(pinch.scale, 2.0, "kept")
        XCTAssertGreaterThan(pinch.velocity, 0)
        a.move(1, -80, 0, at: 0.2)
        XCTAssertClose(pinch.scale, 2.0, "a finished pinch ignores the last finger")
        a.up(1, -80, 0, at: 0.3)
        XCTAssertEqual(log.states, [.began, .changed, .ended])
    }

    func testThePinchScaleIsOfTheSpanSoAThirdFingerDoesNotJump() {
        let pinch = PinchGestureRecognizer()
        let a = arena(pinch)
        a.down(1, 0, 0, at: 0)
        a.down(2, 100, 0, at: 0)
        a.move(2, 200, 0, at: 0.1)
        XCTAssertClose(pinch.scale, 2)
        a.down(3, 100, 100, at: 0.2)
        XCTAssertClose(pinch.scale, 2)
        a.up(3, 100, 100, at: 0.3)
        XCTAssertClose(pinch.scale, 2)
        XCTAssertTrue(pinch.state.isInProgress, "two fingers remain")
        XCTAssertEqual(PinchGestureRecognizer.span(of: a.touches).span, 200)
    }

    func testSettingScaleRebases() {
        let pinch = PinchGestureRecognizer()
        let a = arena(pinch)
        pinch.addAction { pinch in pinch.scale = 1 }  // UIKit's incremental idiom
        a.down(1, 0, 0, at: 0)
        a.down(2, 100, 0, at: 0)
        a.move(2, 200, 0, at: 0.1)
        XCTAssertClose(pinch.scale, 1)
        a.move(2, 400, 0, at: 0.2)
        XCTAssertClose(pinch.scale, 1, "reset again by the action")
        pinch.removeAllActions()
        a.move(2, 800, 0, at: 0.3)
        XCTAssertClose(pinch.scale, 2, "800 / 400")
    }

    func testPinchFailsWithOneFingerAndCancels() {
        let pinch = PinchGestureRecognizer()
        let log = StateLog(pinch)
        let a = arena(pinch)
        a.down(1, 0, 0, at: 0)
        a.move(1, 100, 0, at: 0.1)
        a.up(1, 100, 0, at: 0.2)
        XCTAssertEqual(pinch.state, .failed)

        a.down(1, 0, 0, at: 1)
        a.down(2, 100, 0, at: 1)
        a.move(2, 150, 0, at: 1.1)
        a.cancel(2, 150, 0, at: 1.2)
        XCTAssertEqual(log.states, [.failed, .began, .cancelled])
    }

    func testRotationInRadians() {
        let rotation = RotationGestureRecognizer()
        let log = StateLog(rotation)
        let a = arena(rotation)
        a.down(1, 0, 0, at: 0)
        a.down(2, 100, 0, at: 0)
        a.move(2, 100, 5, at: 0.01)  // atan(0.05) = 2.9 degrees
        XCTAssertEqual(rotation.state, .possible)
        a.move(2, 0, 100, at: 0.1)  // a quarter turn clockwise on screen (y down)
        XCTAssertEqual(rotation.state, .began)
        XCTAssertClose(rotation.rotation, Double.pi / 2)
        XCTAssertClose(rotation.velocity, (Double.pi / 2) / 0.1, accuracy: 1e-6)
        a.move(2, -100, 0, at: 0.2)
        a.move(2, 0, -100, at: 0.3)
        a.move(2, 100, 0, at: 0.4)
        XCTAssertClose(rotation.rotation, 2 * Double.pi, accuracy: 1e-9)
        a.move(2, 0, 100, at: 0.5)
        XCTAssertClose(rotation.rotation, 2.5 * Double.pi, accuracy: 1e-9, "unwrapped")
        a.up(2, 0, 100, at: 0.6)
        XCTAssertEqual(rotation.state, .ended)
        XCTAssertEqual(log.states.first, .began)
        XCTAssertEqual(log.states.last, .ended)
        XCTAssertTrue(log.states.dropFirst().dropLast().allSatisfy { $0 == .changed })
    }

    func testCounterClockwiseIsNegative() {
        let rotation = RotationGestureRecognizer()
        let a = arena(rotation)
        a.down(1, 0, 0, at: 0)
        a.down(2, 100, 0, at: 0)
        a.move(2, 0, -100, at: 0.1)
        XCTAssertClose(rotation.rotation, -Double.pi / 2)
    }

    func testPinchAndRotationTogetherWhenAllowed() {
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        pinch.recognizeSimultaneously(with: rotation)
        let a = arena(pinch, rotation)
        a.down(1, 0, 0, at: 0)
        a.down(2, 100, 0, at: 0)
        a.move(2, 0, 200, at: 0.1)  // twice as far, a quarter turn
        XCTAssertEqual(pinch.state, .began)
        XCTAssertEqual(rotation.state, .began)
        XCTAssertClose(pinch.scale, 2)
        XCTAssertClose(rotation.rotation, Double.pi / 2)
        a.move(2, -300, 0, at: 0.2)
        XCTAssertEqual(pinch.state, .changed)
        XCTAssertEqual(rotation.state, .changed)
    }

    func testPinchAndRotationExcludeEachOtherByDefault() {
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        let a = arena(pinch, rotation)
        a.down(1, 0, 0, at: 0)
        a.down(2, 100, 0, at: 0)
        a.move(2, 0, 200, at: 0.1)
        XCTAssertEqual(pinch.state, .began, "added first, so it wins the tie")
        XCTAssertEqual(rotation.state, .failed)

        // The delegate-style closure works too, from either side.
        rotation.shouldRecognizeSimultaneously = { $0 === pinch }
        a.up(1, 0, 0, at: 0.2)
        a.up(2, 0, 200, at: 0.2)
        a.down(1, 0, 0, at: 1)
        a.down(2, 100, 0, at: 1)
        a.move(2, 0, 200, at: 1.1)
        XCTAssertEqual(pinch.state, .began)
        XCTAssertEqual(rotation.state, .began)
    }
}
