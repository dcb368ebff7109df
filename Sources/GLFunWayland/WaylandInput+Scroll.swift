internal import CWayland
import GLFunHost
import GLFunKit

/// wl_pointer's scroll, one `InputEvent.scroll` a frame: the axis events between two
/// wl_pointer.frame events are one scroll (a diagonal touchpad scroll moves both axes at
/// once). The amount in wheel steps comes from what the seat's version says exactly, in order:
/// axis_value120 (wl_seat 8: 120 a step, a high-resolution wheel's fractions included), else
/// axis_discrete (5 to 7: whole steps), else, for a wheel, nothing (a high-resolution wheel's
/// fraction before a version 5 to 7 seat's whole step: the step carries it), else the smooth
/// amount in points over `pointsPerStep` (a touchpad, a trackpoint, a tilt without steps).
extension WaylandInput {
    /// Points of smooth scroll a wheel step stands for: libinput's (and so weston's and
    /// mutter's) 10 per detent, the distance a touchpad's fingers travel for one step.
    static let pointsPerStep: Float = 10

    /// One frame's axis events as they come.
    struct ScrollFrame {
        /// The smooth amount, points, per axis (0 vertical, 1 horizontal).
        var points: [Float] = [0, 0]
        /// wl_pointer.axis_discrete's steps (seat 5 to 7).
        var discrete: [Int32] = [0, 0]
        /// wl_pointer.axis_value120's 120ths of a step (seat 8).
        var value120: [Int32] = [0, 0]
        /// wl_pointer.axis_source (wheel, finger, continuous, wheel tilt), if said.
        var source: UInt32?
        /// The window system's time of the frame's last axis event, ms.
        var ms: UInt32 = 0

        /// The frame's steps on `axis`.
        func steps(_ axis: Int) -> Float {
            if value120[axis] != 0 { return Float(value120[axis]) / 120 }
            if discrete[axis] != 0 { return Float(discrete[axis]) }
            if source == WL_POINTER_AXIS_SOURCE_WHEEL.rawValue { return 0 }
            return points[axis] / WaylandInput.pointsPerStep
        }
    }

    /// The index of wl_pointer's `axis` in a `ScrollFrame`, or nil for an axis not known.
    private static func index(_ axis: UInt32) -> Int? {
        switch axis {
        case WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue: return 0
        case WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue: return 1
        default: return nil
        }
    }

    /// wl_pointer.axis: the smooth amount, in points.
    func axis(_ axis: UInt32, points: Double, ms: UInt32) {
        guard let a = WaylandInput.index(axis) else { return }
        scrollFrame.points[a] += Float(points)
        scrollFrame.ms = ms
        // Before wl_seat 5 there is no frame event: each axis event is a scroll of its own.
        if let pointer, wl_pointer_get_version(pointer) < 5 { scrollFrameEnded() }
    }

    /// wl_pointer.axis_discrete (seat 5 to 7).
    func axisDiscrete(_ axis: UInt32, steps: Int32) {
        guard let a = WaylandInput.index(axis) else { return }
        scrollFrame.discrete[a] &+= steps
    }

    /// wl_pointer.axis_value120 (seat 8).
    func axisValue120(_ axis: UInt32, value: Int32) {
        guard let a = WaylandInput.index(axis) else { return }
        scrollFrame.value120[a] &+= value
    }

    /// wl_pointer.axis_source.
    func axisSource(_ source: UInt32) {
        scrollFrame.source = source
    }

    /// wl_pointer.frame: the frame's scroll, if it moved, at the pointer's position (not over
    /// the title bar).
    func scrollFrameEnded() {
        let f = scrollFrame
        scrollFrame = ScrollFrame()
        let dx = f.steps(1), dy = f.steps(0)
        guard dx != 0 || dy != 0, dx.isFinite, dy.isFinite, !overDecoration else { return }
        let ms = f.ms != 0 ? f.ms : UInt32(truncatingIfNeeded: window.translation.lastServerTime)
        // Rounded as the log keeps them: the app gets what a replay will read.
        let r = EventLog.recorded
        send(.scroll(x: r(pointerPosition.x), y: r(pointerPosition.y), dx: r(dx), dy: r(dy)), ms: ms)
    }
}
