import GLFunKit
import PixelAssertions
import XCTest

final class ProjectionTests: XCTestCase {
    func testOrthographicMatrixValues() {
        let m = Projection.orthographic(width: 640, height: 480)
        let expected: [Float] = [
            2 / Float(640), 0, 0, 0,
            0, -2 / Float(480), 0, 0,
            0, 0, -1, 0,
            -1, 1, 0, 1,
        ]
        XCTAssertEqual(m, expected)
        XCTAssertEqual(m.count, 16)
    }

    func testApplyMapsTheCanvasCornersToClipCorners() {
        for (w, h) in [(Float(640), Float(480)), (320, 240), (1, 1), (1280, 720)] {
            let m = Projection.orthographic(width: w, height: h)
            let tl = Projection.apply(m, Point(0, 0))
            XCTAssertEqual(tl.x, -1, accuracy: 1e-6)
            XCTAssertEqual(tl.y, 1, accuracy: 1e-6)
            let br = Projection.apply(m, Point(w, h))
            XCTAssertEqual(br.x, 1, accuracy: 1e-6)
            XCTAssertEqual(br.y, -1, accuracy: 1e-6)
            let tr = Projection.apply(m, Point(w, 0))
            XCTAssertEqual(tr.x, 1, accuracy: 1e-6)
            XCTAssertEqual(tr.y, 1, accuracy: 1e-6)
            let c = Projection.apply(m, Point(w / 2, h / 2))
            XCTAssertEqual(c.x, 0, accuracy: 1e-6)
            XCTAssertEqual(c.y, 0, accuracy: 1e-6)
        }
    }

    func testCanvasPixelSize() {
        XCTAssertEqual(Canvas(width: 320, height: 240).pixelWidth, 320)
        XCTAssertEqual(Canvas(width: 320, height: 240, scale: 2).pixelWidth, 640)
        XCTAssertEqual(Canvas(width: 320, height: 240, scale: 2).pixelHeight, 480)
        XCTAssertEqual(Canvas(width: 101, height: 33, scale: 1.5).pixelWidth, 152)  // 151.5 rounds up
        XCTAssertEqual(Canvas(width: 101, height: 33, scale: 1.5).pixelHeight, 50)  // 49.5
        XCTAssertEqual(Canvas(width: 1, height: 1, scale: 0.25).pixelWidth, 1, "never below one pixel")
    }
}
