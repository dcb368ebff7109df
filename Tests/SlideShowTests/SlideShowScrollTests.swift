import GLFunHost
import GLFunKit
import GLFunTransitions
@testable import GLFunSlideShowApp
import XCTest

/// The wheel in the slide show: it zooms about the pointer (as imv and feh do), within the
/// pinch's limits.
final class SlideShowScrollTests: SlideShowTestCase {
    func scroll(_ app: SlideShowApp, _ t: Double, x: Float, y: Float, dy: Float, dx: Float = 0) {
        _ = app.handle(TimedEvent(t: t, .scroll(x: x, y: y, dx: dx, dy: dy)))
    }

    /// Where the picture's point now under view point `p` was before the zoom: the view point
    /// of the same picture point, from the layout's center and zoom (center + pan, zoomed about it).
    func pictureOffset(_ app: SlideShowApp, under p: Point) -> Point {
        let cx = canvas.width / 2 + app.pan.x, cy = canvas.height / 2 + app.pan.y
        return Point((p.x - cx) / app.zoom, (p.y - cy) / app.zoom)
    }

    func testAStepUpZoomsInAboutThePointerAndAStepDownBackToFitted() throws {
        let app = try makeApp { $0.start = false }
        let p = Point(250, 70)
        let before = pictureOffset(app, under: p)
        scroll(app, 1, x: p.x, y: p.y, dy: -1)
        XCTAssertEqual(app.zoom, 1.25, accuracy: 1e-6)
        let after = pictureOffset(app, under: p)
        XCTAssertEqual(after.x, before.x, accuracy: 1e-3, "the picture's point under the pointer stays under it")
        XCTAssertEqual(after.y, before.y, accuracy: 1e-3)
        scroll(app, 1.1, x: 40, y: 200, dy: -2)
        XCTAssertEqual(app.zoom, 1.25 * 1.5625, accuracy: 1e-5)
        scroll(app, 1.2, x: 40, y: 200, dy: 3)
        XCTAssertEqual(app.zoom, 1, "back to fitted")
        XCTAssertEqual(app.pan, Point(0, 0), "and centered, as a pinch's end below 1.001")
        scroll(app, 1.3, x: 40, y: 200, dy: 1)
        XCTAssertEqual(app.zoom, 1, "never below fitted")
        scroll(app, 1.4, x: 40, y: 200, dy: -100)
        XCTAssertEqual(app.zoom, 8, "nor above the pinch's limit")
        scroll(app, 1.5, x: 40, y: 200, dy: 0, dx: 3)
        XCTAssertEqual(app.zoom, 8, "sideways: nothing")
        XCTAssertEqual(app.current, 0, "the wheel does not change the slide")
    }

    func testTwoTapsUndoAWheelZoomAsTheyUndoAPinch() throws {
        let app = try makeApp { $0.start = false }
        scroll(app, 1, x: 100, y: 100, dy: -1)
        XCTAssertGreaterThan(app.zoom, 1)
        tap(app, at: 2)
        tap(app, at: 2.15)
        run(app, from: 2.2, to: 3)
        XCTAssertEqual(app.zoom, 1)
        XCTAssertEqual(app.pan, Point(0, 0))
    }
}
