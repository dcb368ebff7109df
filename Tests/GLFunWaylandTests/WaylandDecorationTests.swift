internal import CWayland
internal import CWaylandProtocols
import Foundation
import GLFunHost
import GLFunKit
@testable import GLFunWayland
import XCTest

/// The window's own decorations on a compositor without xdg-decoration (weston 10, like GNOME):
/// where the title bar's buttons and the resize border's edges are, and the maximized state a
/// configure carries, played into the window's own listener on a window that a real headless
/// weston configured (integration/wayland/test_mutter_apps.py drives them with mutter's pointer).
final class WaylandDecorationTests: XCTestCase {
    override class func setUp() { WaylandTouchTests.setUp() }
    override class func tearDown() { WaylandTouchTests.tearDown() }

    func testTheBarsButtonsRightToLeftAndItsFreePart() throws {
        let w = try WaylandWindow(width: 320, height: 240, scale: 1)
        let bar = try XCTUnwrap(w.titleBar, "weston offers no xdg-decoration: the window's own bar")
        bar.update(width: 320, scale: 1, visible: true)
        XCTAssertEqual(bar.button(atX: 319), .close)
        XCTAssertEqual(bar.button(atX: 296), .close)
        XCTAssertEqual(bar.button(atX: 295), .maximize)
        XCTAssertEqual(bar.button(atX: 250), .minimize)
        XCTAssertNil(bar.button(atX: 247))
        XCTAssertNil(bar.button(atX: 10))
    }

    func testTheBordersEdgesAndCorners() throws {
        let w = try WaylandWindow(width: 320, height: 240, scale: 1)
        let border = try XCTUnwrap(w.resizeBorder)
        border.update(width: 320, height: 240, bar: 24, visible: true)  // 336 x 280 points
        let cases: [(Point, xdg_toplevel_resize_edge)] = [
            (Point(2, 2), XDG_TOPLEVEL_RESIZE_EDGE_TOP_LEFT), (Point(10, 3), XDG_TOPLEVEL_RESIZE_EDGE_TOP_LEFT),
            (Point(100, 3), XDG_TOPLEVEL_RESIZE_EDGE_TOP), (Point(334, 5), XDG_TOPLEVEL_RESIZE_EDGE_TOP_RIGHT),
            (Point(333, 140), XDG_TOPLEVEL_RESIZE_EDGE_RIGHT), (Point(330, 270), XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT),
            (Point(150, 276), XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM), (Point(4, 275), XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_LEFT),
            (Point(3, 140), XDG_TOPLEVEL_RESIZE_EDGE_LEFT),
        ]
        for (p, edge) in cases { XCTAssertEqual(border.edge(at: p), edge, "\(p)") }
        XCTAssertEqual(WaylandResizeBorder.cursorNames(XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT).first, "bottom_right_corner")
        XCTAssertEqual(WaylandResizeBorder.cursorNames(XDG_TOPLEVEL_RESIZE_EDGE_LEFT).first, "left_side")
    }

    /// The toplevel's configure: `width` x `height` and `states`, as xdg_toplevel.configure says.
    func configure(_ w: WaylandWindow, _ width: Int32, _ height: Int32, _ states: [xdg_toplevel_state]) {
        var values = states.map(\.rawValue)
        values.withUnsafeMutableBytes { bytes in
            var array = wl_array(size: bytes.count, alloc: bytes.count, data: bytes.baseAddress)
            WaylandWindow.toplevelListener.configure!(Unmanaged.passUnretained(w).toOpaque(), nil, width, height, &array)
        }
        w.applyConfigure()
    }

    func testMaximizedTakesTheConfiguredSizeLessTheBarAndRestoresTheOneBefore() throws {
        let w = try WaylandWindow(width: 320, height: 240, scale: 1)
        configure(w, 320, 264, [])  // windowed: the bar counts in the configured height
        XCTAssertEqual(w.canvas.width, 320)
        XCTAssertEqual(w.canvas.height, 240)
        configure(w, 800, 600, [XDG_TOPLEVEL_STATE_MAXIMIZED, XDG_TOPLEVEL_STATE_ACTIVATED])
        XCTAssertTrue(w.isMaximized)
        XCTAssertEqual(w.canvas.width, 800)
        XCTAssertEqual(w.canvas.height, 576)
        let resizes = w.queue.compactMap { e -> InputEvent? in
            if case let .input(t) = e, case .resize = t.event { return t.event } else { return nil }
        }
        XCTAssertEqual(resizes.last, InputEvent.resize(width: 800, height: 576, scale: 1))
        configure(w, 0, 0, [XDG_TOPLEVEL_STATE_ACTIVATED])  // 0 x 0: the size before
        XCTAssertFalse(w.isMaximized)
        XCTAssertEqual(w.canvas.width, 320)
        XCTAssertEqual(w.canvas.height, 240)
    }
}
