import Foundation
import GLFunJSONText

// Reading the event log: JSON Lines, split on bytes (a line is never longer than
// `maxLineBytes`, so a file with no newline is refused at once, not read into one string),
// each line read by JSONText's `JSONReader` (nesting limit, duplicate keys refused), and the
// touches down at once counted (`maxLiveTouches`). Linear in the file's size.
extension EventLog {
    /// How deep a line's objects and arrays may nest (an event needs 2).
    public static let maxDepth = 16
    /// The longest line read, in bytes (an event line is under 200).
    public static let maxLineBytes = 64 * 1024
    /// The most touches down at once (real panels track 10 to 20).
    public static let maxLiveTouches = 256
    /// The most wheel steps one scroll line may carry on either axis (a wheel gives 1 per
    /// event, a fast touchpad a few).
    public static let maxScrollSteps = 1000.0

    /// Parses a whole log. Errors name the file, the line and what is wrong there.
    public static func parse(_ text: String, file: String = "events") throws(EventLogError) -> [TimedEvent] {
        try parse(Data(text.utf8), file: file)
    }

    /// Parses a whole log from a file's bytes: UTF-8 (a byte-order mark allowed) or UTF-16;
    /// lines end in LF or CR LF.
    public static func parse(_ data: Data, file: String = "events") throws(EventLogError) -> [TimedEvent] {
        let text: Data
        do { text = try JSONText.utf8Bytes(data) } catch {
            throw EventLogError(file: file, line: 1, kind: .encoding)
        }
        let result = text.withUnsafeBytes { raw in
            Result { () throws(EventLogError) in try parse(raw.bindMemory(to: UInt8.self), file: file) }
        }
        return try result.get()
    }

    private static func parse(_ text: UnsafeBufferPointer<UInt8>, file: String) throws(EventLogError) -> [TimedEvent] {
        var events: [TimedEvent] = []
        var lastT = -Double.infinity
        var live = Set<Int>()
        var lineBuffer: [UInt8] = []
        let total = text.count
        guard total > 0 else { return [] }
        var start = 0, number = 0
        while start < total {
            number += 1
            let rest = UnsafeRawPointer(text.baseAddress! + start)
            // Looks no further than the longest line allowed.
            let window = min(total - start, maxLineBytes + 1)
            let end = memchr(rest, 0x0A, window).map { start + (UnsafeRawPointer($0) - rest) } ?? start + window
            defer { start = end + 1 }
            func fail(_ k: EventLogError.Kind) -> EventLogError { EventLogError(file: file, line: number, kind: k) }
            guard end - start <= maxLineBytes else { throw fail(.lineTooLong(limit: maxLineBytes)) }
            var a = start, b = end
            while a < b, text[a] == 0x20 || text[a] == 0x09 || text[a] == 0x0D { a += 1 }
            while b > a, text[b - 1] == 0x20 || text[b - 1] == 0x09 || text[b - 1] == 0x0D { b -= 1 }
            if a == b { continue }
            lineBuffer.removeAll(keepingCapacity: true)
            lineBuffer.append(contentsOf: UnsafeBufferPointer(rebasing: text[a..<b]))
            lineBuffer.append(0)
            let fields = try readLine(lineBuffer, fail)
            let e: TimedEvent
            do { e = try event(fields) } catch { throw fail(error) }
            guard e.t >= lastT else { throw fail(.timeGoesBack(t: e.t, after: lastT)) }
            lastT = e.t
            if case let .touch(phase, id, _, _) = e.event {
                switch phase {
                case .began: live.insert(id)
                case .ended, .cancelled: live.remove(id)
                case .moved, .stationary: break
                }
                guard live.count <= maxLiveTouches else { throw fail(.tooManyTouches(limit: maxLiveTouches)) }
            }
            events.append(e)
        }
        return events
    }

    /// One line's fields (the line ends in a NUL terminator).
    private static func readLine(_ line: [UInt8], _ fail: (EventLogError.Kind) -> EventLogError) throws(EventLogError) -> Fields {
        var fields = Fields()
        let result: Result<Bool, JSONSyntaxError> = line.withUnsafeBufferPointer { buf in
            var r = JSONReader(buf.baseAddress!, count: buf.count - 1, maxDepth: maxDepth)
            do throws(JSONSyntaxError) {
                guard r.peek() == UInt8(ascii: "{") else {
                    try r.skipValue()
                    guard r.atEnd() else { throw r.fail("unexpected text after the value") }
                    return .success(false)
                }
                try r.object { (r: inout JSONReader, key: String) throws(JSONSyntaxError) in
                    try fields.read(key, &r)
                }
                guard r.atEnd() else { throw r.fail("unexpected text after the object") }
                return .success(true)
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(true): break
        case .success(false): throw fail(.notAnObject)
        case let .failure(e):
            switch e.kind {
            case let .tooDeep(limit): throw fail(.tooDeep(limit: limit))
            case let .duplicateKey(key): throw fail(.duplicateKey(key))
            case let .syntax(message): throw fail(.syntax(message, column: e.offset + 1))
            }
        }
        if let problem = fields.problem { throw fail(problem) }
        return fields
    }

    /// Every field any event line may have.
    struct Fields {
        var t: Double?, type: String?
        var app: String?, seed: UInt64?, classic: Bool?, options: [String: String]?
        var width: Double?, height: Double?, scale: Double?
        var phase: String?, id: Double?, x: Double?, y: Double?, dx: Double?, dy: Double?
        var key: String?, modifiers: [String]?
        /// The first field of the wrong kind.
        var problem: EventLogError.Kind?

        mutating func read(_ name: String, _ r: inout JSONReader) throws(JSONSyntaxError) {
            func wrong(_ kind: EventLogError.Kind) throws(JSONSyntaxError) {
                if problem == nil { problem = kind }
                try r.skipValue()
            }
            func number() throws(JSONSyntaxError) -> Double? {
                if r.isNumberStart() { return try r.number() }
                try wrong(.wrongType(key: name))
                return nil
            }
            func string() throws(JSONSyntaxError) -> String? {
                if r.peek() == UInt8(ascii: "\"") { return try r.string() }
                try wrong(.wrongType(key: name))
                return nil
            }
            switch name {
            case "t": t = try number()
            case "type": type = try string()
            case "app": app = try string()
            case "seed":
                guard r.isNumberStart() else { return try wrong(.wrongType(key: name)) }
                let start = r.offset
                seed = try r.unsignedInteger()
                if seed == nil, problem == nil { problem = .notAWholeNumber(key: name, text: r.text(from: start)) }
            case "classic":
                if let v = try r.boolean() { classic = v } else { try wrong(.wrongType(key: name)) }
            case "options":
                guard r.peek() == UInt8(ascii: "{") else { return try wrong(.wrongType(key: name)) }
                var o: [String: String] = [:]
                try r.object { (r: inout JSONReader, k: String) throws(JSONSyntaxError) in
                    if r.peek() == UInt8(ascii: "\"") { o[k] = try r.string() } else {
                        if problem == nil { problem = .wrongType(key: "options." + k) }
                        try r.skipValue()
                    }
                }
                options = o
            case "modifiers":
                guard r.peek() == UInt8(ascii: "[") else { return try wrong(.wrongType(key: name)) }
                var m: [String] = []
                try r.array { (r: inout JSONReader) throws(JSONSyntaxError) in
                    if r.peek() == UInt8(ascii: "\"") { m.append(try r.string()) } else {
                        if problem == nil { problem = .wrongType(key: "modifiers") }
                        try r.skipValue()
                    }
                }
                modifiers = m
            case "width": width = try number()
            case "height": height = try number()
            case "scale": scale = try number()
            case "phase": phase = try string()
            case "id": id = try number()
            case "x": x = try number()
            case "y": y = try number()
            case "dx": dx = try number()
            case "dy": dy = try number()
            case "key": key = try string()
            default: try r.skipValue()
            }
        }
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
            return TimedEvent(t: t, .key(Key(key), mods))
        case "scroll":
            let x = try number(o.x, "x", -1e6...1e6), y = try number(o.y, "y", -1e6...1e6)
            let dx = try number(o.dx, "dx", -maxScrollSteps...maxScrollSteps)
            let dy = try number(o.dy, "dy", -maxScrollSteps...maxScrollSteps)
            return TimedEvent(t: t, .scroll(x: Float(x), y: Float(y), dx: Float(dx), dy: Float(dy)))
        case "tick":
            return TimedEvent(t: t, .tick)
        default:
            throw .unknownType(type)
        }
    }
}

