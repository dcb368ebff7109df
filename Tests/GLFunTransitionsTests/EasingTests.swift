import GLFunTransitions
import PixelAssertions
import XCTest

/// UIKit's ease-in-out, against values solved independently (bisection on the Bézier's x
/// to 1e-15, in Python).
final class EasingTests: XCTestCase {
    func testEaseInOutEndsAndMiddle() {
        XCTAssertEqual(Easing.easeInOut(0), 0)
        XCTAssertEqual(Easing.easeInOut(1), 1)
        XCTAssertEqual(Easing.easeInOut(0.5), 0.5, accuracy: 1e-6)
    }

    func testEaseInOutAgainstAKnownSolution() {
        for (t, y) in [(0.1, 0.019722453548311196), (0.25, 0.1291619310473198), (0.75, 0.8708380689526802),
                       (0.9, 0.9802775464516889)] as [(Float, Float)] {
            XCTAssertEqual(Easing.easeInOut(t), y, accuracy: 1e-5, "t = \(t)")
        }
    }

    func testEaseInOutIsMonotonicAndClamped() {
        var last: Float = 0
        for i in 0...1000 {
            let y = Easing.easeInOut(Float(i) / 1000)
            XCTAssertGreaterThanOrEqual(y, last)
            last = y
        }
        XCTAssertEqual(Easing.easeInOut(-3), 0)
        XCTAssertEqual(Easing.easeInOut(7), 1)
        XCTAssertEqual(Easing.easeInOut(.nan), 0)
    }

    func testLinearAndSteepCurves() {
        // Control points on the diagonal: the identity.
        XCTAssertEqual(Easing.cubicBezier(x1: 0.25, y1: 0.25, x2: 0.75, y2: 0.75, at: 0.3), 0.3, accuracy: 1e-6)
        // x's slope is 0 at the middle of this one: bisection takes over where Newton's steps fail.
        XCTAssertEqual(Easing.cubicBezier(x1: 1, y1: 0, x2: 0, y2: 1, at: 0.5), 0.5, accuracy: 1e-6)
        XCTAssertEqual(Easing.cubicBezier(x1: 1, y1: 0, x2: 0, y2: 1, at: 0.3), 0.04739527520394201, accuracy: 1e-6)
        XCTAssertEqual(Easing.cubicBezier(x1: 1, y1: 0, x2: 0, y2: 1, at: 0.05), 0.0008829615457776814, accuracy: 1e-6)
    }
}
