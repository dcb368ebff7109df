/// A key, as hosts report it and apps match it: a named key (`Key.escape`, `.left`, `.f11`) or
/// the printable character it types ("e", "?", "+", " "). Letters are lowercase unless shift
/// made them capitals; apps match without case through `lowercased`. A recording keeps the
/// name (`"key": "escape"`), so the set stays open: a key a later host reports still reads.
public struct Key: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name, as a recording's key line writes it.
    public var rawValue: String

    /// The key named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The key named `name`.
    public init(_ name: String) { rawValue = name }
    /// A key by its name in code: `case "e":`.
    public init(stringLiteral name: String) { rawValue = name }

    /// The name.
    public var description: String { rawValue }
    /// The key with a letter's case dropped: what apps match.
    public var lowercased: Key { Key(rawValue.lowercased()) }

    /// Esc.
    public static let escape: Key = "escape"
    /// Backspace.
    public static let backspace: Key = "backspace"
    /// Delete.
    public static let delete: Key = "delete"
    /// Return or keypad Enter.
    public static let `return`: Key = "return"
    /// Tab.
    public static let tab: Key = "tab"
    /// F1.
    public static let f1: Key = "f1"
    /// F11.
    public static let f11: Key = "f11"
    /// The arrows.
    public static let left: Key = "left", right: Key = "right", up: Key = "up", down: Key = "down"
    /// Home.
    public static let home: Key = "home"
    /// The space bar (its character).
    public static let space: Key = " "
}
