import Foundation
import JSONText

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
            return "{\"t\": \(t), \"type\": \"key\", \"key\": \(quoted(key)), \"modifiers\": \(JSONText.array(mods.names.map(quoted)))}"
        case .tick:
            return "{\"t\": \(t), \"type\": \"tick\"}"
        }
    }

    private static func quoted(_ s: String) -> String { JSONText.string(s) }
    private static func num(_ v: Float) -> String { JSONText.number(v, decimals: 3) }

    /// The app a log belongs to: its first session line's `app`, else the drawing app.
    public static func appName(of events: [TimedEvent]) -> String {
        for e in events { if case let .session(s) = e.event { return s.app } }
        return Session.defaultApp
    }

    /// Parses a whole log. Errors name the file, the line and what is wrong there.
    public static func parse(_ text: String, file: String = "events") throws(EventLogError) -> [TimedEvent] {
        var events: [TimedEvent] = []
        var lastT = -Double.infinity
        let decoder = JSONDecoder()
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            func fail(_ k: EventLogError.Kind) -> EventLogError { EventLogError(file: file, line: i + 1, kind: k) }
            guard nestingDepth(line) <= maxDepth else { throw fail(.tooDeep(limit: maxDepth)) }
            let fields: Fields
            do {
                fields = try decoder.decode(Fields.self, from: Data(line.utf8))
            } catch let DecodingError.typeMismatch(_, ctx) {
                throw fail(.wrongType(key: ctx.codingPath.map(\.stringValue).joined(separator: ".")))
            } catch {
                throw fail(.notAnObject)
            }
            let e: TimedEvent
            do { e = try event(fields) } catch { throw fail(error) }
            guard e.t >= lastT else { throw fail(.timeGoesBack(t: e.t, after: lastT)) }
            lastT = e.t
            events.append(e)
        }
        return events
    }

    /// How deep a line's objects and arrays may nest (an event needs 2).
    public static let maxDepth = 16

    /// The deepest nesting of `{` and `[` in a line, outside strings (a linear scan, so that a
    /// hostile line is refused before the decoder recurses into it).
    static func nestingDepth(_ line: String) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for b in line.utf8 {
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch b {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// Every field any event line may have.
    struct Fields: Decodable {
        var t: Double?, type: String?
        var app: String?, seed: UInt64?, classic: Bool?, options: [String: String]?
        var width: Double?, height: Double?, scale: Double?
        var phase: String?, id: Double?, x: Double?, y: Double?
        var key: String?, modifiers: [String]?
    }

    private static func event(_ o: Fields) throws(EventLogError.Kind) -> TimedEvent {
        func number(_ v: Double?, _ k: String, _ range: ClosedRange<Double>) throws(EventLogError.Kind) -> Double {
            guard let v else { throw .missing(key: k, expected: "a number") }
            guard v.isFinite, range.contains(v) else { throw .outOfRange(key: k, value: v, range: range) }
            return v
        }
        let t = try number(o.t, "t", 0...1e7)
        guard let type = o.type else { throw .missing(key: "type", expected: "a string") }
        switch type {
        case "session":
            guard let seed = o.seed else { throw .missing(key: "seed", expected: "a number") }
            var options = o.options ?? [:]
            // Recordings made before apps had names carry the drawing app's flag at the top.
            if let classic = o.classic { options["classic"] = String(classic) }
            return TimedEvent(t: t, .session(Session(app: o.app ?? Session.defaultApp, seed: seed, options: options)))
        case "resize":
            let width = try number(o.width, "width", 1...16384), height = try number(o.height, "height", 1...16384)
            let scale = o.scale == nil ? 1 : try number(o.scale, "scale", 0.25...8)
            return TimedEvent(t: t, .resize(width: Float(width), height: Float(height), scale: Float(scale)))
        case "touch":
            guard let p = o.phase, let phase = TouchPhase(rawValue: p) else { throw .unknownPhase(o.phase) }
            let id = try number(o.id, "id", 0...1e9)
            let x = try number(o.x, "x", -1e6...1e6), y = try number(o.y, "y", -1e6...1e6)
            return TimedEvent(t: t, .touch(phase: phase, id: Int(id), x: Float(x), y: Float(y)))
        case "key":
            guard let key = o.key, !key.isEmpty else { throw .missing(key: "key", expected: "a key name") }
            var mods: Modifiers = []
            for n in o.modifiers ?? [] {
                switch n {
                case "ctrl", "control": mods.insert(.ctrl)
                case "shift": mods.insert(.shift)
                case "alt": mods.insert(.alt)
                default: throw .unknownModifier(n)
                }
            }
            return TimedEvent(t: t, .key(key, mods))
        case "tick":
            return TimedEvent(t: t, .tick)
        default:
            throw .unknownType(type)
        }
    }
}

/// Why an event log could not be read: the file, the line, and what is wrong there.
public struct EventLogError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: Error, Equatable, Sendable {
        /// The line is not a JSON object.
        case notAnObject
        /// A field has the wrong JSON type.
        case wrongType(key: String)
        case missing(key: String, expected: String)
        case outOfRange(key: String, value: Double, range: ClosedRange<Double>)
        case unknownPhase(String?)
        case unknownType(String)
        case unknownModifier(String)
        /// Times must not decrease from one line to the next.
        case timeGoesBack(t: Double, after: Double)
        /// Objects and arrays nest deeper than the limit.
        case tooDeep(limit: Int)
    }
    public var file: String
    /// 1-based.
    public var line: Int
    public var kind: Kind

    public init(file: String, line: Int, kind: Kind) {
        self.file = file
        self.line = line
        self.kind = kind
    }

    public var description: String {
        let w = "\(file):\(line)"
        switch kind {
        case .notAnObject: return "\(w): not a JSON object"
        case let .wrongType(key): return "\(w): \(key): wrong type"
        case let .missing(key, expected): return "\(w): \(key): expected \(expected)"
        case let .outOfRange(key, value, range):
            return "\(w): \(key): \(value) is out of range \(range.lowerBound)...\(range.upperBound)"
        case .unknownPhase: return "\(w): phase: expected one of began, moved, stationary, ended, cancelled"
        case let .unknownType(type):
            return "\(w): type: unknown event type \"\(type)\" (session, resize, touch, key, tick)"
        case let .unknownModifier(n): return "\(w): modifiers: unknown modifier \"\(n)\" (ctrl, shift, alt)"
        case let .timeGoesBack(t, last): return "\(w): t goes back in time (\(t) after \(last))"
        case let .tooDeep(limit): return "\(w): arrays and objects nest deeper than \(limit) levels"
        }
    }
}
