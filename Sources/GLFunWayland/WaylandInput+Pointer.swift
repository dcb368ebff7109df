internal import CWayland
internal import CWaylandProtocols
import Foundation
import GLFunHost
import GLFunKit

/// wl_pointer (the left button's drags; its scroll: WaylandInput+Scroll), wl_touch and the
/// touchpad's pinch.
extension WaylandInput {
    nonisolated(unsafe) static var pointerListener: wl_pointer_listener = {
        var l = wl_pointer_listener()
        l.enter = { data, _, serial, surface, x, y in
            guard let i = WaylandInput.from(data) else { return }
            i.enterSerial = serial
            i.pointerSurface = surface
            i.pointerPosition = Point(Float(glfun_wl_fixed_to_double(x)), Float(glfun_wl_fixed_to_double(y)))
            i.applyCursor()
        }
        l.leave = { data, _, _, _ in
            guard let i = WaylandInput.from(data) else { return }
            if i.overTitleBar { i.window.titleBar?.pointerLeft() }
            i.pointerSurface = nil
            // The compositor ended the drag's implicit grab: the drag ends without drawing.
            i.window.queue += i.window.translation.dragCancelled(at: i.pointerPosition, center: i.center)
        }
        l.motion = { data, _, time, x, y in
            guard let i = WaylandInput.from(data) else { return }
            i.pointerPosition = Point(Float(glfun_wl_fixed_to_double(x)), Float(glfun_wl_fixed_to_double(y)))
            if i.overTitleBar { i.window.titleBar?.pointerMoved(to: i.pointerPosition) }
            // The edge's cursor, as the pointer runs along the border.
            if i.overBorder, i.window.resizeBorder?.edge(at: i.pointerPosition) != i.borderEdge { i.applyCursor() }
            guard !i.overDecoration else { return }
            i.window.queue += i.window.translation.pointerMoved(to: i.pointerPosition, center: i.center, serverMs: UInt(time))
        }
        l.button = { data, _, serial, time, button, state in
            guard let i = WaylandInput.from(data), i.touches.isEmpty else { return }
            let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
            let dragging = i.window.translation.isDragging
            if i.overTitleBar && !dragging {
                i.window.titleBar?.pointerButton(button, pressed: pressed, at: i.pointerPosition, serial: serial, ms: time)
                return
            }
            if i.overBorder && !dragging {
                if pressed && button == UInt32(BTN_LEFT) { i.window.resizeBorder?.press(at: i.pointerPosition, serial: serial) }
                return
            }
            guard button == UInt32(BTN_LEFT) else { return }
            let t = i.window.translation
            i.window.queue += pressed
                ? t.buttonPressed(at: i.pointerPosition, center: i.center, modifiers: i.keys.modifiers, serverMs: UInt(time))
                : t.buttonReleased(at: i.pointerPosition, center: i.center, serverMs: UInt(time))
        }
        l.axis = { data, _, time, axis, value in
            WaylandInput.from(data)?.axis(axis, points: glfun_wl_fixed_to_double(value), ms: time)
        }
        l.frame = { data, _ in WaylandInput.from(data)?.scrollFrameEnded() }
        l.axis_source = { data, _, source in WaylandInput.from(data)?.axisSource(source) }
        // A kinetic scroll's end: nothing to do (the app gets no inertia of its own).
        l.axis_stop = { _, _, _, _ in }
        l.axis_discrete = { data, _, axis, steps in WaylandInput.from(data)?.axisDiscrete(axis, steps: steps) }
        l.axis_value120 = { data, _, axis, value in WaylandInput.from(data)?.axisValue120(axis, value: value) }
        return l
    }()

    nonisolated(unsafe) static var touchListener: wl_touch_listener = {
        var l = wl_touch_listener()
        l.down = { data, _, serial, time, surface, id, x, y in
            guard let i = WaylandInput.from(data) else { return }
            let p = Point(Float(glfun_wl_fixed_to_double(x)), Float(glfun_wl_fixed_to_double(y)))
            // Coordinates are the touched surface's: a finger on the title bar or the border
            // works the decoration, as the left button does there, and never reaches the app.
            if let surface, surface != i.window.surface {
                i.decorationTouches[id] = (surface, p)
                i.decorationTouch(on: surface, pressed: true, at: p, serial: serial, ms: time)
                return
            }
            i.touches[id] = p
            i.touch(.began, id, at: p, ms: time)
        }
        l.up = { data, _, serial, time, id in
            guard let i = WaylandInput.from(data) else { return }
            if let d = i.decorationTouches.removeValue(forKey: id) {
                i.decorationTouch(on: d.surface, pressed: false, at: d.at, serial: serial, ms: time)
                return
            }
            guard let p = i.touches.removeValue(forKey: id) else { return }
            i.touch(.ended, id, at: p, ms: time)
        }
        l.motion = { data, _, time, id, x, y in
            guard let i = WaylandInput.from(data) else { return }
            let p = Point(Float(glfun_wl_fixed_to_double(x)), Float(glfun_wl_fixed_to_double(y)))
            if let d = i.decorationTouches[id] {
                i.decorationTouches[id] = (d.surface, p)
                if d.surface == i.window.titleBar?.surface { i.window.titleBar?.pointerMoved(to: p) }
                return
            }
            guard i.touches[id] != nil else { return }
            i.touches[id] = p
            i.touch(.moved, id, at: p, ms: time)
        }
        l.frame = { _, _ in }
        // wl_seat 6's contact shape and orientation: not used (libwayland needs a function).
        l.shape = { _, _, _, _, _ in }
        l.orientation = { _, _, _, _ in }
        l.cancel = { data, _ in
            // The compositor took the touches (a gesture of its own): every finger is cancelled.
            guard let i = WaylandInput.from(data) else { return }
            let ms = UInt32(truncatingIfNeeded: i.window.translation.lastServerTime)
            if !i.decorationTouches.isEmpty {
                i.decorationTouches.removeAll()
                i.window.titleBar?.pointerLeft()
            }
            for (id, p) in i.touches.sorted(by: { $0.key < $1.key }) {
                i.touch(.cancelled, id, at: p, ms: ms)
            }
            i.touches.removeAll()
        }
        return l
    }()

    /// A finger's touch on the app's content (its wl_touch id folded into `TouchIDs.real`).
    func touch(_ phase: TouchPhase, _ id: Int32, at p: Point, ms: UInt32) {
        window.queue.append(window.translation.touch(phase, id: UInt32(bitPattern: id), at: p, serverMs: UInt(ms)))
    }

    /// A finger down on (or up from) the title bar or the resize border: what the left button
    /// does there (a button's press and release, a drag of the bar with the touch's serial,
    /// an edge's resize).
    func decorationTouch(on surface: OpaquePointer, pressed: Bool, at p: Point, serial: UInt32, ms: UInt32) {
        if surface == window.titleBar?.surface {
            window.titleBar?.pointerButton(UInt32(BTN_LEFT), pressed: pressed, at: p, serial: serial, ms: ms)
        } else if surface == window.resizeBorder?.surface, pressed {
            window.resizeBorder?.press(at: p, serial: serial)
        }
    }

    /// How far apart (points) the two touches a touchpad pinch stands for start.
    static let pinchSpan: Float = 100

    /// The two emulated touches of a touchpad pinch at its center, scale and angle (degrees).
    func pinchTouches(_ phase: TouchPhase, ms: UInt32) {
        guard let s = pinchState else { return }
        let r = WaylandInput.pinchSpan / 2 * s.scale, a = s.angle * .pi / 180
        let dx = r * cos(a), dy = r * sin(a)
        let first = TouchIDs.emulated.lowerBound
        send(.touch(phase: phase, id: first, x: s.center.x - dx, y: s.center.y - dy), ms: ms)
        send(.touch(phase: phase, id: first + 1, x: s.center.x + dx, y: s.center.y + dy), ms: ms)
    }

    nonisolated(unsafe) static var pinchListener = zwp_pointer_gesture_pinch_v1_listener(
        begin: { data, _, _, time, _, _ in
            guard let i = WaylandInput.from(data), !i.window.translation.isDragging, i.touches.isEmpty else { return }
            i.pinchState = (i.pointerPosition, 1, 0)
            i.pinchTouches(.began, ms: time)
        },
        update: { data, _, time, dx, dy, scale, rotation in
            guard let i = WaylandInput.from(data), var s = i.pinchState else { return }
            s.center = Point(s.center.x + Float(glfun_wl_fixed_to_double(dx)), s.center.y + Float(glfun_wl_fixed_to_double(dy)))
            s.scale = Float(glfun_wl_fixed_to_double(scale))
            s.angle += Float(glfun_wl_fixed_to_double(rotation))
            i.pinchState = s
            i.pinchTouches(.moved, ms: time)
        },
        end: { data, _, _, time, cancelled in
            guard let i = WaylandInput.from(data), i.pinchState != nil else { return }
            i.pinchTouches(cancelled != 0 ? .cancelled : .ended, ms: time)
            i.pinchState = nil
        })

    /// The pointer's shape: the cursor theme's image (wayland-cursor; its built-in cursors
    /// where no theme is installed), or none for `hidden`.
    func setCursor(_ shape: PointerShape) {
        cursorShape = shape
        applyCursor()
    }

    /// The window's scale changed: the cursor again, at the new scale, if the pointer is over
    /// the window (24 points whatever the scale).
    func scaleChanged() {
        if pointerSurface != nil { applyCursor() }
    }

    func applyCursor() {
        guard let pointer else { return }
        if cursorShape == .hidden && !overDecoration {
            wl_pointer_set_cursor(pointer, enterSerial, nil, 0, 0)
            return
        }
        // A cursor surface has an integer buffer scale: the window's, rounded up.
        let scale = Int32(max(1, window.scale.rounded(.up)))
        if cursorTheme == nil || cursorThemeScale != scale, let shm = window.globals.shm {
            if let old = cursorTheme { wl_cursor_theme_destroy(old) }
            cursorTheme = wl_cursor_theme_load(nil, 24 * scale, shm)
            cursorThemeScale = scale
        }
        guard let theme = cursorTheme, let compositor = window.globals.compositor else { return }
        let names: [String]
        if let border = window.resizeBorder, overBorder {
            let edge = border.edge(at: pointerPosition)
            borderEdge = edge
            names = WaylandResizeBorder.cursorNames(edge) + ["left_ptr"]
        } else if overTitleBar {
            names = ["left_ptr", "default"]
        } else {
            names = WaylandInput.cursorNames(cursorShape)
        }
        guard let cursor = names.lazy.compactMap({ wl_cursor_theme_get_cursor(theme, $0) }).first,
              cursor.pointee.image_count > 0, let image = cursor.pointee.images[0],
              let buffer = wl_cursor_image_get_buffer(image) else { return }
        if cursorSurface == nil { cursorSurface = wl_compositor_create_surface(compositor) }
        wl_surface_set_buffer_scale(cursorSurface, scale)
        wl_surface_attach(cursorSurface, buffer, 0, 0)
        wl_surface_damage(cursorSurface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(cursorSurface)
        wl_pointer_set_cursor(pointer, enterSerial, cursorSurface, Int32(image.pointee.hotspot_x) / scale,
                              Int32(image.pointee.hotspot_y) / scale)
    }

    /// The cursor theme's names for the app's pointer shape, the first the theme has wins.
    static func cursorNames(_ shape: PointerShape) -> [String] {
        switch shape {
        case .arrow, .hidden: ["left_ptr", "default"]
        case .crosshair: ["crosshair", "cross", "left_ptr"]
        case .hand: ["hand2", "pointer", "hand1", "left_ptr"]
        }
    }
}
