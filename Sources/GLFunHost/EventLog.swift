import Foundation
import GLFunJSONText

/// Reads and writes the input event log: JSON Lines, one event a line (DESIGN.md).
public enum EventLog {
    /// One event as a JSON line (no newline).
    public static func line(_ e: TimedEvent) -> String {
        let t = JSONText.fixed(e.t, decimals: 4)
        switch e.event {
        case let .session(s):
            var fields = "\"app\": \(quoted(s.app)), \"seed\": \(s.seed)"
            if !s.options.isEmpty {
                fields += ", \"options\": " + JSONText.object(s.options.keys.sorted().map { ($0, quoted(s.options[$0]!)) })
            }
            return "{\"t\": \(t), \"type\": \"session\", \(fields)}"
        case let .resize(w, h, s):
            return "{\"t\": \(t), \"type\": \"resize\", \"width\": \(num(w)), \"height\": \(num(h)), \"scale\": \(num(s))}"
        case let .touch(phase, id, x, y):
            return "{\"t\": \(t), \"type\": \"touch\", \"phase\": \"\(phase.rawValue)\", \"id\": \(id), \"x\": \(num(x)), \"y\": \(num(y))}"
        case let .key(key, mods):
            return "{\"t\": \(t), \"type\": \"key\", \"key\": \(quoted(key.rawValue)), \"modifiers\": \(JSONText.array(mods.names.map(quoted)))}"
        case let .scroll(x, y, dx, dy):
            return "{\"t\": \(t), \"type\": \"scroll\", \"x\": \(num(x)), \"y\": \(num(y)), \"dx\": \(num(dx)), \"dy\": \(num(dy))}"
        case .tick:
            return "{\"t\": \(t), \"type\": \"tick\"}"
        }
    }

    private static func quoted(_ s: String) -> String { JSONText.string(s) }
    private static func num(_ v: Float) -> String { JSONText.number(v, decimals: decimals) }
    /// The decimals a line keeps of a coordinate or an amount.
    static let decimals = 3

    /// `v` as a line keeps it (to `decimals` places), so that the app in a window gets the
    /// number a replay of its recording reads back: a window rounds what it cannot deliver
    /// exactly (a Wayland scroll's 1/256 points over 10, its position at a fractional scale).
    public static func recorded(_ v: Float) -> Float {
        guard v.isFinite, abs(v) < 1e6 else { return v }
        return (v * 1000).rounded() / 1000
    }

    /// The app a log belongs to: its first session line's `app`, else the drawing app.
    public static func appName(of events: [TimedEvent]) -> String {
        for e in events { if case let .session(s) = e.event { return s.app } }
        return Session.defaultApp
    }
}
