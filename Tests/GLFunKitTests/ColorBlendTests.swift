import GLFunKit
import XCTest

/// `Color.blend(from:to:weight:)`: the classic sample's tip, per channel, alpha 1.
final class ColorBlendTests: XCTestCase {
    func testEndpointsMidpointAndClamping() {
        let a = Color(0.2, 0.4, 1, 0.5), b = Color(1, 0, 0.5, 0.25)
        XCTAssertEqual(Color.blend(from: a, to: b, weight: 0), Color(0.2, 0.4, 1, 1))
        XCTAssertEqual(Color.blend(from: a, to: b, weight: 100), Color(1, 0, 0.5, 1))
        let m = Color.blend(from: .black, to: .white, weight: 50)
        XCTAssertEqual(m, Color(0.5, 0.5, 0.5, 1))
        let q = Color.blend(from: a, to: b, weight: 25)
        XCTAssertEqual(q.r, 0.4, accuracy: 1e-6)
        XCTAssertEqual(q.g, 0.3, accuracy: 1e-6)
        XCTAssertEqual(q.b, 0.875, accuracy: 1e-6)
        XCTAssertEqual(Color.blend(from: a, to: b, weight: -30), Color.blend(from: a, to: b, weight: 0))
        XCTAssertEqual(Color.blend(from: a, to: b, weight: 250), Color.blend(from: a, to: b, weight: 100))
        XCTAssertEqual(Color.blend(from: a, to: b, weight: .nan), Color.blend(from: a, to: b, weight: 0))
    }
}
