@testable import GLFunHost
import XCTest

final class EventLogTests: XCTestCase {
    func testRoundTrip() throws {
        let events = [
            TimedEvent(t: 0, .session(Session(app: "drawing", seed: 12345, options: ["classic": "false"]))),
            TimedEvent(t: 0, .resize(width: 640, height: 480, scale: 2)),
            TimedEvent(t: 0.12, .touch(phase: .began, id: 1, x: 100.5, y: 80)),
            TimedEvent(t: 0.136, .touch(phase: .moved, id: 1, x: 140, y: 120)),
            TimedEvent(t: 0.3, .touch(phase: .ended, id: 1, x: 180, y: 160)),
            TimedEvent(t: 0.9, .key("e", [])),
            TimedEvent(t: 1.0, .key("z", [.ctrl, .shift])),
            TimedEvent(t: 1.2, .scroll(x: 320.5, y: 200, dx: 0, dy: -1)),
            TimedEvent(t: 1.25, .scroll(x: 320.5, y: 200, dx: 0.375, dy: 2.125)),
            TimedEvent(t: 1.5, .tick),
        ]
        let text = events.map(EventLog.line).joined(separator: "\n")
        XCTAssertEqual(try EventLog.parse(text), events)
    }

    func testDesignExampleParses() throws {
        let text = """
            {"t": 0.000, "type": "resize", "width": 640, "height": 480, "scale": 1}
            {"t": 0.120, "type": "touch", "phase": "began", "id": 1, "x": 100.5, "y": 80}
            {"t": 0.136, "type": "touch", "phase": "moved", "id": 1, "x": 140, "y": 120}
            {"t": 0.300, "type": "touch", "phase": "ended", "id": 1, "x": 180, "y": 160}
            {"t": 0.900, "type": "key", "key": "e", "modifiers": []}
            """
        XCTAssertEqual(try EventLog.parse(text).count, 5)
    }

    func testErrorsNameTheLineAndTheKind() {
        let cases: [(String, Int, EventLogError.Kind)] = [
            ("{\"t\": 0, \"type\": \"resize\", \"width\": 640, \"height\": 480}\nnot json", 2,
             .syntax("unexpected character", column: 2)),
            ("[1, 2]", 1, .notAnObject),
            ("{\"t\": 0, \"type\": \"touch\", \"phase\": \"moving\", \"id\": 1, \"x\": 1, \"y\": 2}", 1,
             .unknownPhase("moving")),
            ("{\"t\": 0, \"type\": \"warp\"}", 1, .unknownType("warp")),
            ("{\"t\": 1, \"type\": \"tick\"}\n{\"t\": 0.5, \"type\": \"tick\"}", 2, .timeGoesBack(t: 0.5, after: 1)),
            ("{\"t\": 0, \"type\": \"touch\", \"phase\": \"began\", \"id\": 1, \"x\": \"a\", \"y\": 2}", 1,
             .wrongType(key: "x")),
            ("{\"t\": 0, \"type\": \"touch\", \"phase\": \"began\", \"id\": 1, \"x\": 1e300, \"y\": 2}", 1,
             .outOfRange(key: "x", value: 1e300, range: -1e6...1e6)),
            ("{\"t\": 0, \"type\": \"resize\", \"width\": 0, \"height\": 480}", 1,
             .outOfRange(key: "width", value: 0, range: 1...16384)),
            ("{\"t\": 0, \"type\": \"key\", \"key\": \"a\", \"modifiers\": [\"hyper\"]}", 1, .unknownModifier("hyper")),
            ("{\"t\": 0, \"type\": \"session\"}", 1, .missing(key: "seed", expected: "a number")),
        ]
        for (text, line, kind) in cases {
            XCTAssertThrowsError(try EventLog.parse(text, file: "log"), text) { error in
                XCTAssertEqual(error as? EventLogError, EventLogError(file: "log", line: line, kind: kind), text)
            }
        }
    }

    func testTheMessageNamesFileAndLine() {
        XCTAssertEqual(EventLogError(file: "a.jsonl", line: 7, kind: .unknownType("warp")).description,
                       "a.jsonl:7: type: unknown event type \"warp\" (session, resize, touch, key, scroll, tick)")
    }

    func testARecordingNamesItsAppAndOldOnesAreTheDrawingApps() throws {
        let old = "{\"t\": 0, \"type\": \"session\", \"seed\": 5, \"classic\": true}"
        let parsed = try EventLog.parse(old)
        XCTAssertEqual(parsed, [TimedEvent(t: 0, .session(Session(app: "drawing", seed: 5, options: ["classic": "true"])))])
        XCTAssertEqual(EventLog.appName(of: parsed), "drawing")
        XCTAssertEqual(EventLog.appName(of: []), "drawing")
        let swipes = TimedEvent(t: 0, .session(Session(app: "swipes", seed: 1, options: ["recognizers": "true"])))
        let line = EventLog.line(swipes)
        XCTAssertTrue(line.hasPrefix("{\"t\": 0.0000, \"type\": \"session\", \"app\": \"swipes\""), line)
        XCTAssertEqual(try EventLog.parse(line), [swipes])
        XCTAssertEqual(EventLog.appName(of: [swipes]), "swipes")
    }

    func testTouchIDRangesDoNotOverlap() {
        XCTAssertFalse(TouchIDs.emulated.contains(TouchIDs.mouse))
        XCTAssertFalse(TouchIDs.emulated.overlaps(TouchIDs.real))
    }
}

/// Hostile input: deep nesting is refused with the limit named, before the decoder recurses.
final class EventLogNestingTests: XCTestCase {
    func testDeepNestingIsAnErrorNamingTheLimit() {
        for deep in [String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
                     "{\"t\": 0, \"type\": \"tick\", \"x\": " + String(repeating: "[", count: 600)
                        + String(repeating: "]", count: 600) + "}"] {
            XCTAssertThrowsError(try EventLog.parse("{\"t\": 0, \"type\": \"tick\"}\n" + deep, file: "log")) { error in
                XCTAssertEqual(error as? EventLogError, EventLogError(file: "log", line: 2, kind: .tooDeep(limit: 16)))
            }
        }
    }

    func testBracketsInsideStringsDoNotCount() throws {
        let key = "{\"t\": 0, \"type\": \"key\", \"key\": \"" + String(repeating: "[", count: 40) + "\\\"{\", \"modifiers\": []}"
        XCTAssertEqual(try EventLog.parse(key).count, 1)
    }
}
