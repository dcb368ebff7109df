internal import CWayland
import Foundation
import GLFunHost
@testable import GLFunWayland
import XCTest

/// The scale changing at run time, as when a window moves to an output of another scale: the
/// compositor's wl_output events played into the window's own listeners on a window that a real
/// headless weston configured (weston's headless backend has one output, whose scale is fixed
/// at start; integration/wayland checks a scale-2 output for real).
final class WaylandScaleTests: XCTestCase {
    override class func setUp() { WaylandTouchTests.setUp() }
    override class func tearDown() { WaylandTouchTests.tearDown() }

    func testAnOutputGoingToScale2IsAResizeWithTheNewScale() throws {
        let w = try WaylandWindow(width: 320, height: 240, scale: nil)
        XCTAssertEqual(w.scale, 1)
        let (points, _) = (w.canvas.width, w.canvas.height)
        w.queue.removeAll()
        let output = try XCTUnwrap(w.globals.outputs.values.first)
        let data = Unmanaged.passUnretained(output).toOpaque()
        WaylandOutput.listener.scale!(data, output.proxy, 2)
        WaylandOutput.listener.done!(data, output.proxy)
        XCTAssertEqual(w.scale, 2)
        XCTAssertEqual(w.pixelWidth, Int(points) * 2)
        let resizes = w.queue.compactMap { e -> InputEvent? in
            if case let .input(t) = e, case .resize = t.event { return t.event } else { return nil }
        }
        XCTAssertEqual(resizes, [.resize(width: w.canvas.width, height: w.canvas.height, scale: 2)])
        XCTAssertTrue(w.queue.contains { if case .expose = $0 { return true } else { return false } })
        // Input stays in points: a finger at (100, 50) is at (100, 50) whatever the scale.
        w.queue.removeAll()
        WaylandTouchTests.touchDown(w, x: 100, y: 50)
        guard case let .input(t)? = w.queue.first, case let .touch(.began, _, x, y) = t.event else {
            return XCTFail("\(w.queue)")
        }
        XCTAssertEqual([x, y], [100, 50])
        // Back to 1: another resize.
        WaylandOutput.listener.scale!(data, output.proxy, 1)
        WaylandOutput.listener.done!(data, output.proxy)
        XCTAssertEqual(w.scale, 1)
    }

    /// Points times a fractional scale (wp_fractional_scale_v1 says it in 120ths) are the pixels
    /// rounded up, never one more: checked against whole-number arithmetic.
    func testPixelsArePointsTimesTheScaleRoundedUp() {
        XCTAssertEqual(WaylandWindow.pixels(301, 1.25), 377)
        XCTAssertEqual(WaylandWindow.pixels(200, 1.1), 220)
        XCTAssertEqual(WaylandWindow.pixels(0, 1.5), 1)
        for n in 120...300 {
            for points in stride(from: 1, through: 4096, by: 7) {
                let expected = (points * n + 119) / 120
                if WaylandWindow.pixels(Float(points), Float(n) / 120) != expected {
                    return XCTFail("\(points) points at \(n)/120: \(WaylandWindow.pixels(Float(points), Float(n) / 120)), not \(expected)")
                }
            }
        }
    }

    func testAFixedScaleIgnoresTheOutputs() throws {
        let w = try WaylandWindow(width: 320, height: 240, scale: 3)
        let output = try XCTUnwrap(w.globals.outputs.values.first)
        let data = Unmanaged.passUnretained(output).toOpaque()
        WaylandOutput.listener.scale!(data, output.proxy, 2)
        WaylandOutput.listener.done!(data, output.proxy)
        XCTAssertEqual(w.scale, 3)
    }
}
