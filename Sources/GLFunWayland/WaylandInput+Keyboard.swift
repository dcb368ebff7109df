internal import CWayland
import Foundation
import GLFunHost

/// wl_keyboard: the keymap, keys, modifiers, and repeat from the compositor's repeat info.
extension WaylandInput {
    nonisolated(unsafe) static var keyboardListener: wl_keyboard_listener = {
        var l = wl_keyboard_listener()
        l.keymap = { data, _, format, fd, size in
            guard let i = WaylandInput.from(data), format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue else {
                close(fd)
                return
            }
            i.keys.setKeymap(fd: fd, size: size)
        }
        l.enter = { _, _, _, _, _ in }
        l.leave = { data, _, _, _ in WaylandInput.from(data)?.stopRepeat() }
        l.key = { data, _, _, time, key, state in
            guard let i = WaylandInput.from(data) else { return }
            guard state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue else {
                if i.keys.repeating?.keycode == key { i.stopRepeat() }
                return
            }
            guard let e = i.keys.event(evdevKey: key) else { return }
            i.send(e, ms: time)
            if i.keys.repeats(evdevKey: key) {
                i.keys.repeating = (key, e)
                i.armRepeat()
            } else {
                i.stopRepeat()
            }
        }
        l.modifiers = { data, _, _, depressed, latched, locked, group in
            guard let i = WaylandInput.from(data), let state = i.keys.state else { return }
            xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
        }
        l.repeat_info = { data, _, rate, delay in
            guard let i = WaylandInput.from(data) else { return }
            i.keys.repeatRate = max(0, rate)
            i.keys.repeatDelay = max(0, delay)
        }
        return l
    }()

    /// Starts the repeat timer: the compositor's delay, then one key per 1/rate seconds.
    func armRepeat() {
        let delay = Int(keys.repeatDelay), interval = 1000 / max(1, Int(keys.repeatRate))
        var spec = itimerspec()
        spec.it_value = timespec(tv_sec: delay / 1000, tv_nsec: (delay % 1000) * 1_000_000)
        spec.it_interval = timespec(tv_sec: interval / 1000, tv_nsec: (interval % 1000) * 1_000_000)
        timerfd_settime(repeatTimer, 0, &spec, nil)
    }

    func stopRepeat() {
        keys.repeating = nil
        var spec = itimerspec()
        timerfd_settime(repeatTimer, 0, &spec, nil)
    }

    /// The repeats due since the last look (the timer's expirations), as key events now.
    func fireRepeats() {
        var count: UInt64 = 0
        guard read(repeatTimer, &count, 8) == 8, count > 0, let r = keys.repeating else { return }
        let ms = UInt32(truncatingIfNeeded: UInt64(WindowClock.monotonic() * 1000))
        for _ in 0..<min(count, 8) { send(r.event, ms: ms) }
    }
}
