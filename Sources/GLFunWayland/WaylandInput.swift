internal import CWayland
internal import CWaylandProtocols
import Foundation
import GLFunHost
import GLFunKit

/// The seat's devices as the window's app sees them: wl_pointer (the left button drags the
/// mouse's touch, Alt-drag emulates two or three, as on X11), wl_keyboard through xkbcommon
/// (keys named as on X11, repeated at the compositor's rate), wl_touch (each finger a touch),
/// touchpad pinch and rotate (zwp_pointer_gestures_v1) as two emulated touches, and scroll
/// (wheel and touchpad) as `InputEvent.scroll`, one a pointer frame (WaylandInput+Scroll).
final class WaylandInput {
    unowned let window: WaylandWindow
    var pointer: OpaquePointer?
    var keyboard: OpaquePointer?
    var touch: OpaquePointer?
    var pinch: OpaquePointer?
    /// The pointer's position in points, and the serial of its last enter (for set_cursor).
    var pointerPosition = Point(0, 0)
    var enterSerial: UInt32 = 0
    /// The surface the pointer is over: the window's, or its title bar's.
    var pointerSurface: OpaquePointer?
    /// Whether the pointer is over the title bar (not the app's content).
    var overTitleBar: Bool { pointerSurface != nil && pointerSurface == window.titleBar?.surface }
    /// Whether the pointer is over the resize border around the window.
    var overBorder: Bool { pointerSurface != nil && pointerSurface == window.resizeBorder?.surface }
    /// Whether the pointer is over the window's own decorations (its title bar or border).
    var overDecoration: Bool { overTitleBar || overBorder }
    /// The border's edge whose cursor shows (the pointer over the resize border).
    var borderEdge: xdg_toplevel_resize_edge?
    /// Fingers down (wl_touch ids) and where each is, in points.
    var touches: [Int32: Point] = [:]
    /// Fingers that came down on the window's own title bar or resize border, where they are,
    /// in that surface's points: they work the decoration (a tap on a button, a drag of the
    /// bar, a press on the border) and never reach the app.
    var decorationTouches: [Int32: (surface: OpaquePointer, at: Point)] = [:]
    /// A touchpad pinch in progress: its center, and the emulated fingers' distance and angle.
    var pinchState: (center: Point, scale: Float, angle: Float)?
    /// The scroll of the pointer frame under way (its axis events until wl_pointer.frame).
    var scrollFrame = ScrollFrame()
    let keys: WaylandKeyboard
    /// A timerfd that fires while a key repeats.
    let repeatTimer: Int32
    var cursorTheme: OpaquePointer?
    /// The buffer scale `cursorTheme`'s images were loaded for.
    var cursorThemeScale: Int32 = 0
    var cursorSurface: OpaquePointer?
    var cursorShape: PointerShape = .arrow

    init(window: WaylandWindow) {
        self.window = window
        keys = WaylandKeyboard()
        repeatTimer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
    }

    /// Takes the seat's devices now and whenever they change.
    func start() {
        capabilities(window.globals.seatCapabilities)
        window.globals.onSeatChange = { [unowned self] caps in self.capabilities(caps) }
    }

    deinit {
        if let pinch { zwp_pointer_gesture_pinch_v1_destroy(pinch) }
        if let pointer { wl_pointer_release(pointer) }
        if let keyboard { wl_keyboard_release(keyboard) }
        if let touch { wl_touch_release(touch) }
        if let cursorSurface { wl_surface_destroy(cursorSurface) }
        if let cursorTheme { wl_cursor_theme_destroy(cursorTheme) }
        close(repeatTimer)
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> WaylandInput? {
        data.map { Unmanaged<WaylandInput>.fromOpaque($0).takeUnretainedValue() }
    }

    var me: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The devices the seat has now (it says again when one comes or goes).
    func capabilities(_ caps: UInt32) {
        guard let seat = window.globals.seat else { return }
        let hasPointer = caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        if hasPointer, pointer == nil {
            pointer = wl_seat_get_pointer(seat)
            wl_pointer_add_listener(pointer, &WaylandInput.pointerListener, me)
            if let gestures = window.globals.pointerGestures {
                pinch = zwp_pointer_gestures_v1_get_pinch_gesture(gestures, pointer)
                zwp_pointer_gesture_pinch_v1_add_listener(pinch, &WaylandInput.pinchListener, me)
            }
        } else if !hasPointer, let p = pointer {
            if let pinch { zwp_pointer_gesture_pinch_v1_destroy(pinch) }
            pinch = nil
            wl_pointer_release(p)
            pointer = nil
        }
        let hasKeyboard = caps & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if hasKeyboard, keyboard == nil {
            keyboard = wl_seat_get_keyboard(seat)
            wl_keyboard_add_listener(keyboard, &WaylandInput.keyboardListener, me)
        } else if !hasKeyboard, let k = keyboard {
            wl_keyboard_release(k)
            keyboard = nil
            stopRepeat()
        }
        let hasTouch = caps & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        if hasTouch, touch == nil {
            touch = wl_seat_get_touch(seat)
            wl_touch_add_listener(touch, &WaylandInput.touchListener, me)
        } else if !hasTouch, let t = touch {
            wl_touch_release(t)
            touch = nil
        }
    }

    /// An input event at the window system's time `ms`.
    func send(_ event: InputEvent, ms: UInt32) {
        window.queue.append(window.translation.event(event, serverMs: UInt(ms)))
    }

    var center: Point { Point(window.pointWidth / 2, window.pointHeight / 2) }
}
