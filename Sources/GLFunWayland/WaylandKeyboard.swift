internal import CWayland
import Foundation
import GLFunHost

/// The keyboard's keymap and state (xkbcommon, from the compositor's keymap) and its repeat
/// settings. Keys are named as on X11 (`KeyNaming`: X and xkb share keysym values).
final class WaylandKeyboard {
    let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
    var keymap: OpaquePointer?
    var state: OpaquePointer?
    /// Keys per second and the delay (ms) before the first repeat; rate 0: no repeat.
    var repeatRate: Int32 = 25
    var repeatDelay: Int32 = 600
    /// The key repeating now (an xkb keycode), and the event it repeats.
    var repeating: (keycode: UInt32, event: InputEvent)?

    deinit {
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        xkb_context_unref(context)
    }

    /// A new keymap (wl_keyboard.keymap): xkb's text format in a shared memory file.
    func setKeymap(fd: Int32, size: UInt32) {
        defer { close(fd) }
        guard let map = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return }
        defer { munmap(map, Int(size)) }
        guard let km = xkb_keymap_new_from_string(context, map.assumingMemoryBound(to: CChar.self),
                                                  XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) else { return }
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        keymap = km
        state = xkb_state_new(km)
    }

    /// Shift, Control and Alt as they are now.
    var modifiers: Modifiers {
        guard let state else { return [] }
        var m: Modifiers = []
        let effective = XKB_STATE_MODS_EFFECTIVE
        if xkb_state_mod_name_is_active(state, "Shift", effective) > 0 { m.insert(.shift) }
        if xkb_state_mod_name_is_active(state, "Control", effective) > 0 { m.insert(.ctrl) }
        if xkb_state_mod_name_is_active(state, "Mod1", effective) > 0 { m.insert(.alt) }
        return m
    }

    /// The app's event for a key pressed (an evdev key code), or nil for one it never sees.
    func event(evdevKey: UInt32) -> InputEvent? {
        guard let keymap, let state else { return nil }
        let code = evdevKey + 8
        let layout = xkb_state_key_get_layout(state, code)
        var syms: UnsafePointer<xkb_keysym_t>?
        let n = xkb_keymap_key_get_syms_by_level(keymap, code, layout, 0, &syms)
        guard n > 0, let base = syms?.pointee else { return nil }
        // What the key types with the modifiers held, Control's transformation aside (as X11's
        // window reads it), so that Ctrl+? still reads "?".
        let name = KeyNaming.name(base: base) {
            let sym = xkb_state_key_get_one_sym(state, code)
            var buf = [CChar](repeating: 0, count: 16)
            let len = xkb_keysym_to_utf8(sym, &buf, 16)
            guard len > 1 else { return nil }  // len counts the terminating NUL
            return String(decoding: buf.prefix(Int(len) - 1).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        guard let name else { return nil }
        let m = modifiers
        return KeyNaming.event(name, shift: m.contains(.shift), ctrl: m.contains(.ctrl), alt: m.contains(.alt))
    }

    /// Whether the key (an evdev key code) repeats while held.
    func repeats(evdevKey: UInt32) -> Bool {
        guard let keymap, repeatRate > 0 else { return false }
        return xkb_keymap_key_repeats(keymap, evdevKey + 8) != 0
    }
}
