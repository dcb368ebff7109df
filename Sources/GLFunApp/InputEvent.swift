import Foundation
import GLFunKit

@_exported import enum Gestures.TouchPhase

/// Keyboard modifiers held with a key.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let ctrl = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)

    var names: [String] {
        var n: [String] = []
        if contains(.ctrl) { n.append("ctrl") }
        if contains(.alt) { n.append("alt") }
        if contains(.shift) { n.append("shift") }
        return n
    }
}

/// What the app reacts to. The window makes these from X events; `glfun
/// replay` reads them from a file. Coordinates are points, top-left origin.
public enum InputEvent: Equatable, Sendable {
    /// The session's settings, first in a recording: the random seed and mode.
    case session(seed: UInt64, classic: Bool)
    /// The canvas's size in points and its pixels per point.
    case resize(width: Float, height: Float, scale: Float)
    case touch(phase: TouchPhase, id: Int, x: Float, y: Float)
    /// A key by name ("e", "?", "escape", "backspace", "f1", "z") with modifiers.
    case key(String, Modifiers)
    /// Time passing with no input (the window sends these when the app asked to be woken).
    case tick
}

/// An event and when it happened, in seconds since the session started.
public struct TimedEvent: Equatable, Sendable {
    public var t: Double
    public var event: InputEvent
    public init(t: Double, _ event: InputEvent) {
        self.t = t
        self.event = event
    }
}

/// Reads and writes the input event log: JSON Lines, one event a line (DESIGN.md).
public enum EventLog {
    /// One event as a JSON line (no newline).
    public static func line(_ e: TimedEvent) -> String {
        let t = String(format: "%.4f", e.t)
        switch e.event {
        case let .session(seed, classic):
            return "{\"t\": \(t), \"type\": \"session\", \"seed\": \(seed), \"classic\": \(classic)}"
        case let .resize(w, h, s):
            return "{\"t\": \(t), \"type\": \"resize\", \"width\": \(num(w)), \"height\": \(num(h)), \"scale\": \(num(s))}"
        case let .touch(phase, id, x, y):
            return "{\"t\": \(t), \"type\": \"touch\", \"phase\": \"\(phase.rawValue)\", \"id\": \(id), \"x\": \(num(x)), \"y\": \(num(y))}"
        case let .key(key, mods):
            let k = String(decoding: (try? JSONEncoder().encode(key)) ?? Data("\"\"".utf8), as: UTF8.self)
            return "{\"t\": \(t), \"type\": \"key\", \"key\": \(k), \"modifiers\": [\(mods.names.map { "\"\($0)\"" }.joined(separator: ", "))]}"
        case .tick:
            return "{\"t\": \(t), \"type\": \"tick\"}"
        }
    }

    private static func num(_ v: Float) -> String {
        v == v.rounded() && abs(v) < 1e7 ? String(Int(v)) : String(format: "%.3f", v)
    }

    /// Parses a whole log. Errors name the line: `events.jsonl:7: phase: expected one of ...`.
    public static func parse(_ text: String, file: String = "events") throws(EventLogError) -> [TimedEvent] {
        var events: [TimedEvent] = []
        var lastT = -Double.infinity
        let decoder = JSONDecoder()
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            let w = "\(file):\(i + 1)"
            let fields: Fields
            do {
                fields = try decoder.decode(Fields.self, from: Data(line.utf8))
            } catch let DecodingError.typeMismatch(_, ctx) {
                throw EventLogError("\(w): \(ctx.codingPath.map(\.stringValue).joined(separator: ".")): wrong type")
            } catch {
                throw EventLogError("\(w): not a JSON object")
            }
            let e = try event(fields, w)
            guard e.t >= lastT else { throw EventLogError("\(w): t goes back in time (\(e.t) after \(lastT))") }
            lastT = e.t
            events.append(e)
        }
        return events
    }

    /// Every field any event line may have.
    struct Fields: Decodable {
        var t: Double?, type: String?
        var seed: UInt64?, classic: Bool?
        var width: Double?, height: Double?, scale: Double?
        var phase: String?, id: Double?, x: Double?, y: Double?
        var key: String?, modifiers: [String]?
    }

    private static func event(_ o: Fields, _ w: String) throws(EventLogError) -> TimedEvent {
        func number(_ v: Double?, _ k: String, _ range: ClosedRange<Double>) throws(EventLogError) -> Double {
            guard let v else { throw EventLogError("\(w): \(k): expected a number") }
            guard v.isFinite, range.contains(v) else {
                throw EventLogError("\(w): \(k): \(v) is out of range \(range.lowerBound)...\(range.upperBound)")
            }
            return v
        }
        let t = try number(o.t, "t", 0...1e7)
        guard let type = o.type else { throw EventLogError("\(w): type: expected a string") }
        switch type {
        case "session":
            guard let seed = o.seed else { throw EventLogError("\(w): seed: expected a number") }
            return TimedEvent(t: t, .session(seed: seed, classic: o.classic ?? false))
        case "resize":
            let width = try number(o.width, "width", 1...16384), height = try number(o.height, "height", 1...16384)
            let scale = o.scale == nil ? 1 : try number(o.scale, "scale", 0.25...8)
            return TimedEvent(t: t, .resize(width: Float(width), height: Float(height), scale: Float(scale)))
        case "touch":
            guard let p = o.phase, let phase = TouchPhase(rawValue: p) else {
                throw EventLogError("\(w): phase: expected one of began, moved, stationary, ended, cancelled")
            }
            let id = try number(o.id, "id", 0...1e9)
            let x = try number(o.x, "x", -1e6...1e6), y = try number(o.y, "y", -1e6...1e6)
            return TimedEvent(t: t, .touch(phase: phase, id: Int(id), x: Float(x), y: Float(y)))
        case "key":
            guard let key = o.key, !key.isEmpty else { throw EventLogError("\(w): key: expected a key name") }
            var mods: Modifiers = []
            for n in o.modifiers ?? [] {
                switch n {
                case "ctrl", "control": mods.insert(.ctrl)
                case "shift": mods.insert(.shift)
                case "alt": mods.insert(.alt)
                default: throw EventLogError("\(w): modifiers: unknown modifier \"\(n)\" (ctrl, shift, alt)")
                }
            }
            return TimedEvent(t: t, .key(key, mods))
        case "tick":
            return TimedEvent(t: t, .tick)
        default:
            throw EventLogError("\(w): type: unknown event type \"\(type)\" (session, resize, touch, key, tick)")
        }
    }
}

public struct EventLogError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ d: String) { description = d }
}
