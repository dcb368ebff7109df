import GLFunHost
import GLFunKit

/// The color choices of the sample's segmented control.
public enum ColorChoice: Int, CaseIterable, Sendable {
    case red, blue, yellow, green, random

    /// The segment's label.
    public var label: String {
        switch self {
        case .red: return "Red"
        case .blue: return "Blue"
        case .yellow: return "Yellow"
        case .green: return "Green"
        case .random: return "Random"
        }
    }
    /// The keyboard shortcut.
    public var key: Key { Key(String(rawValue + 1)) }
    /// The fixed color (nil for Random, which picks one at each touch).
    public var color: Color? {
        switch self {
        case .red: return .red
        case .blue: return .blue
        case .yellow: return .yellow
        case .green: return .green
        case .random: return nil
        }
    }
}

extension ShapeKind {
    /// The label on the shape control.
    public var label: String {
        switch self {
        case .line: return "Line"
        case .rect: return "Rect"
        case .ellipse: return "Ellipse"
        case .image: return "Image"
        case .path: return "Pen"
        }
    }
    /// The keyboard shortcut.
    public var key: Key {
        switch self {
        case .line: return "l"
        case .rect: return "r"
        case .ellipse: return "e"
        case .image: return "i"
        case .path: return "p"
        }
    }
}
