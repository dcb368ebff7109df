internal import CWayland
import Foundation
import GLFunHost
@testable import GLFunWayland
import XCTest

/// wl_touch, touchpad pinch and wl_pointer scroll events, as a compositor sends them, fed to a real window's
/// listeners: weston's headless backend has no touch screen and no touchpad (integration/wayland
/// drives the pointer and keyboard through weston instead), so these events are played into the
/// window's own listener functions on a window that a real headless weston configured.
final class WaylandTouchTests: XCTestCase {
    nonisolated(unsafe) static var weston: Process?
    nonisolated(unsafe) static var runtime = ""

    override class func setUp() {
        runtime = FileManager.default.temporaryDirectory.appendingPathComponent("glfun-wl-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        let socket = "glfun-touch-\(getpid())"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/weston")
        p.arguments = ["--backend=headless-backend.so", "--use-pixman", "--socket=\(socket)", "--width=640",
                       "--height=480", "--idle-time=0", "--no-config", "--shell=kiosk-shell.so"]
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtime
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        env.removeValue(forKey: "DISPLAY")
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try? p.run()
        weston = p
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: runtime + "/" + socket) { usleep(50_000) }
        setenv("XDG_RUNTIME_DIR", runtime, 1)
        setenv("WAYLAND_DISPLAY", socket, 1)
    }

    override class func tearDown() {
        weston?.terminate()
        weston?.waitUntilExit()
        try? FileManager.default.removeItem(atPath: runtime)
    }

    /// A window on the suite's weston, and its input's listener data pointer.
    func window() throws -> (WaylandWindow, UnsafeMutableRawPointer) {
        let w = try WaylandWindow(width: 320, height: 240, scale: 1)
        return (w, Unmanaged.passUnretained(w.input).toOpaque())
    }

    func touches(_ w: WaylandWindow) -> [InputEvent] {
        defer { w.queue.removeAll() }
        return w.queue.compactMap { if case let .input(e) = $0, case .touch = e.event { return e.event } else { return nil } }
    }

    static func fixed(_ v: Double) -> wl_fixed_t { wl_fixed_t(v * 256) }

    /// A finger (id 9) down at (x, y) points on `w`, as wl_touch.down says it.
    static func touchDown(_ w: WaylandWindow, x: Double, y: Double) {
        WaylandInput.touchListener.down!(Unmanaged.passUnretained(w.input).toOpaque(), nil, 1, 100, nil, 9, fixed(x), fixed(y))
    }

    func testEveryFingerIsATouchWithItsPhases() throws {
        let (w, data) = try window()
        let l = WaylandInput.touchListener
        let real = TouchIDs.real.lowerBound
        l.down!(data, nil, 1, 100, nil, 0, Self.fixed(10), Self.fixed(20.5))
        l.down!(data, nil, 2, 101, nil, 3, Self.fixed(200), Self.fixed(100))
        l.frame!(data, nil)
        l.motion!(data, nil, 120, 3, Self.fixed(210), Self.fixed(110))
        l.frame!(data, nil)
        l.up!(data, nil, 3, 130, 0)
        l.up!(data, nil, 4, 131, 3)
        XCTAssertEqual(touches(w), [
            .touch(phase: .began, id: real, x: 10, y: 20.5), .touch(phase: .began, id: real + 3, x: 200, y: 100),
            .touch(phase: .moved, id: real + 3, x: 210, y: 110),
            .touch(phase: .ended, id: real, x: 10, y: 20.5), .touch(phase: .ended, id: real + 3, x: 210, y: 110),
        ])
        // The event times (ms) are the app's seconds since the first event.
        XCTAssertEqual(w.translation.clock.lastTime, 0.031, accuracy: 1e-9)
    }

    func testCancelEndsEveryFingerAsCancelled() throws {
        let (w, data) = try window()
        let l = WaylandInput.touchListener
        l.down!(data, nil, 1, 100, nil, 1, Self.fixed(5), Self.fixed(6))
        l.down!(data, nil, 2, 100, nil, 2, Self.fixed(7), Self.fixed(8))
        _ = touches(w)
        l.cancel!(data, nil)
        XCTAssertEqual(touches(w), [.touch(phase: .cancelled, id: TouchIDs.real.lowerBound + 1, x: 5, y: 6),
                                    .touch(phase: .cancelled, id: TouchIDs.real.lowerBound + 2, x: 7, y: 8)])
        l.up!(data, nil, 3, 110, 1)  // after a cancel, an up for a finger is nothing
        XCTAssertEqual(touches(w), [])
    }

    func testATouchpadPinchIsTwoTouchesThatSpreadAndTurn() throws {
        let (w, data) = try window()
        w.input.pointerPosition = .init(160, 120)
        let l = WaylandInput.pinchListener
        let a = TouchIDs.emulated.lowerBound
        l.begin!(data, nil, 1, 100, nil, 2)
        l.update!(data, nil, 110, Self.fixed(0), Self.fixed(0), Self.fixed(2), Self.fixed(90))
        l.end!(data, nil, 2, 120, 0)
        let t = touches(w)
        XCTAssertEqual(t.count, 6)
        XCTAssertEqual(t[0], .touch(phase: .began, id: a, x: 110, y: 120))
        XCTAssertEqual(t[1], .touch(phase: .began, id: a + 1, x: 210, y: 120))
        // Scale 2 and a quarter turn: 100 points from the center on each side, vertical.
        guard case let .touch(.moved, id, x, y) = t[2], case let .touch(.moved, _, x2, y2) = t[3] else {
            return XCTFail("\(t)")
        }
        XCTAssertEqual(id, a)
        XCTAssertEqual(x, 160, accuracy: 1e-3)
        XCTAssertEqual(y, 20, accuracy: 1e-3)
        XCTAssertEqual(x2, 160, accuracy: 1e-3)
        XCTAssertEqual(y2, 220, accuracy: 1e-3)
        guard case .touch(.ended, a, _, _) = t[4] else { return XCTFail("\(t)") }
    }

    func scrolls(_ w: WaylandWindow) -> [InputEvent] {
        defer { w.queue.removeAll() }
        return w.queue.compactMap { if case let .input(e) = $0, case .scroll = e.event { return e.event } else { return nil } }
    }

    func testAPointerFrameIsOneScrollInWheelStepsFromWhatTheSeatSays() throws {
        let (w, data) = try window()
        let l = WaylandInput.pointerListener
        let vertical = WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, horizontal = WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue
        let wheel = WL_POINTER_AXIS_SOURCE_WHEEL.rawValue, finger = WL_POINTER_AXIS_SOURCE_FINGER.rawValue
        l.motion!(data, nil, 100, Self.fixed(120.5), Self.fixed(80))
        // Seat 8: a wheel step up, then a high-resolution wheel's quarter step down.
        l.axis_source!(data, nil, wheel)
        l.axis_value120!(data, nil, vertical, -120)
        l.axis!(data, nil, 110, vertical, Self.fixed(-10))
        l.frame!(data, nil)
        l.axis_source!(data, nil, wheel)
        l.axis_value120!(data, nil, vertical, 30)
        l.axis!(data, nil, 111, vertical, Self.fixed(2.5))
        l.frame!(data, nil)
        // Seat 5 to 7: a high-resolution wheel's fraction has no step (its step carries it), then a step right.
        l.axis_source!(data, nil, wheel)
        l.axis!(data, nil, 112, vertical, Self.fixed(5))
        l.frame!(data, nil)
        l.axis_source!(data, nil, wheel)
        l.axis_discrete!(data, nil, horizontal, 1)
        l.axis!(data, nil, 113, horizontal, Self.fixed(10))
        l.frame!(data, nil)
        // A touchpad: both axes in one frame, 10 points a step (1/256 points rounded as the log keeps them).
        l.axis_source!(data, nil, finger)
        l.axis!(data, nil, 114, vertical, Self.fixed(3))
        l.axis!(data, nil, 114, horizontal, wl_fixed_t(-77))
        l.frame!(data, nil)
        // An empty frame (a kinetic scroll's stop, the source alone): nothing.
        l.axis_source!(data, nil, finger)
        l.axis_stop!(data, nil, 115, vertical)
        l.frame!(data, nil)
        XCTAssertEqual(scrolls(w), [
            .scroll(x: 120.5, y: 80, dx: 0, dy: -1), .scroll(x: 120.5, y: 80, dx: 0, dy: 0.25),
            .scroll(x: 120.5, y: 80, dx: 1, dy: 0), .scroll(x: 120.5, y: 80, dx: EventLog.recorded(-77 / 2560), dy: 0.3),
        ])
        XCTAssertEqual(w.translation.clock.lastTime, 0.004, accuracy: 1e-9, "the last scroll at its axis events' time (114 ms, 4 after the first)")
    }
}
