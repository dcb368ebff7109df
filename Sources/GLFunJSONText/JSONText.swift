// JSONText: the few pieces GLFun's hand-written JSON writers share (the scene document's
// `Scene.jsonData()` and the event log's `EventLog.line`): numbers without a needless ".0",
// strings quoted and escaped, arrays. Written by hand rather than with JSONEncoder so that the
// files keep a fixed, readable layout (one shape or one event a line) and stay fast to write.
// The reading half is JSONReader (and TextInput); neither half knows a GLFun type.
import Foundation

/// The JSON writers' shared pieces: numbers, strings, arrays.
public enum JSONText {
    /// A whole number as an integer (`3`, not `3.0`); others with `decimals` places (an integer
    /// again when they round to one), or in Swift's shortest round-tripping form when `decimals`
    /// is nil.
    public static func number(_ v: Float, decimals: Int? = nil) -> String {
        if v == v.rounded(), abs(v) < 1e7 { return String(Int(v)) }
        guard let decimals else { return "\(v)" }
        let s = String(format: "%.\(decimals)f", v)
        // A value that rounds to a whole number is written as one ("423", not "423.000"), so that
        // what is read back writes the same text again (found by scripts/fuzz/run).
        if let r = Float(s), r == r.rounded(), abs(r) < 1e7 { return String(Int(r)) }
        return s
    }

    /// A number with exactly `decimals` places (times in the event log).
    public static func fixed(_ v: Double, decimals: Int) -> String {
        String(format: "%.\(decimals)f", v)
    }

    /// A JSON string literal: quoted, with quotes, backslashes and control characters escaped.
    public static func string(_ s: String) -> String {
        let data = (try? JSONEncoder().encode(s)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// `[a, b, c]` from elements already written as JSON.
    public static func array(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ", ") + "]"
    }

    /// `{"k": v, ...}` from keys and values already written as JSON, in the order given.
    public static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }
}
