import GLFunHost

/// A key press as the app knows it, the same on every window system: X and xkbcommon share
/// the keysym values, so both windows name keys here. A letter ("z", whatever shift or ctrl
/// say), a printable character ("?"), or a named key ("escape").
public enum KeyNaming {
    /// Keysyms (X11 keysymdef.h, xkbcommon-keysyms.h) of the named keys, by name.
    static let named: [UInt32: String] = [
        0xff1b: "escape", 0xff08: "backspace", 0xffff: "delete", 0xff0d: "return", 0xff8d: "return",
        0xff09: "tab", 0xffbe: "f1", 0xffc8: "f11", 0xff51: "left", 0xff53: "right", 0xff52: "up",
        0xff54: "down", 0xff50: "home",
    ]

    /// The key's name: `base` is its keysym at the first shift level (no modifiers), `text`
    /// what it types without Control (nil or empty: nothing). Nil for a key the app never sees
    /// (a modifier alone, a control character).
    public static func name(base: UInt32, text: () -> String?) -> String? {
        if let n = named[base] { return n }
        if base >= 0x61 && base <= 0x7a { return String(UnicodeScalar(UInt8(base))) }
        guard let s = text(), let c = s.unicodeScalars.first, c.value >= 0x20, c.value != 0x7f else { return nil }
        return s
    }

    /// The input event for a key named `name` with these modifiers held. "?" already says
    /// shift: shift is kept for letters and named keys only.
    public static func event(_ name: String, shift: Bool, ctrl: Bool, alt: Bool) -> InputEvent {
        var mods: Modifiers = []
        if shift { mods.insert(.shift) }
        if ctrl { mods.insert(.ctrl) }
        if alt { mods.insert(.alt) }
        if name.count == 1, !(name.first!.isLetter), mods.contains(.shift) { mods.remove(.shift) }
        return .key(Key(name), mods)
    }
}
