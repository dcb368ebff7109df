import Foundation
import GLFunHost
import XCTest

/// Issue 9's findings for the event log, each with the same kind of input, made here.
final class EventLogHostileTests: XCTestCase {
    let session = "{\"t\": 0, \"type\": \"session\", \"app\": \"drawing\", \"seed\": 7}"
    let touch = "{\"t\": 0.5, \"type\": \"touch\", \"phase\": \"began\", \"id\": 1, \"x\": 10, \"y\": 20}"

    func kind(_ text: String) -> EventLogError.Kind? {
        do { _ = try EventLog.parse(text, file: "log"); return nil } catch { return error.kind }
    }

    func testCRLFAndByteOrderMarksAndUTF16AreRead() throws {
        let lf = try EventLog.parse(session + "\n" + touch + "\n")
        XCTAssertEqual(lf.count, 2)
        XCTAssertEqual(try EventLog.parse(session + "\r\n" + touch + "\r\n"), lf)
        XCTAssertEqual(try EventLog.parse(Data([0xEF, 0xBB, 0xBF]) + Data((session + "\n" + touch).utf8)), lf)
        let text = session + "\r\n" + touch
        XCTAssertEqual(try EventLog.parse(Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!), lf)
        XCTAssertEqual(try EventLog.parse(Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!), lf)
        XCTAssertEqual(try EventLog.parse(text.data(using: .utf16LittleEndian)!), lf)  // no mark
        XCTAssertThrowsError(try EventLog.parse(Data([0xFF, 0xFE, 0, 0]) + text.data(using: .utf32LittleEndian)!)) {
            XCTAssertEqual(($0 as? EventLogError)?.kind, .encoding)
        }
    }

    func testSeedsThatAreNotWholeNumbersSaySo() {
        for bad in ["-1", "0.1", "1e308", "18446744073709551616", "7.0"] {
            XCTAssertEqual(kind("{\"t\": 0, \"type\": \"session\", \"seed\": \(bad)}"),
                           .notAWholeNumber(key: "seed", text: bad), bad)
        }
        XCTAssertEqual(kind("{\"t\": 0, \"type\": \"session\", \"seed\": \"7\"}"), .wrongType(key: "seed"))
        XCTAssertNil(kind("{\"t\": 0, \"type\": \"session\", \"seed\": 18446744073709551615}"))
    }

    func testDuplicateKeysAreAnErrorNamingTheKey() {
        XCTAssertEqual(kind("{\"t\": 0, \"type\": \"tick\", \"t\": 1}"), .duplicateKey("t"))
        XCTAssertEqual(kind("{\"t\": 0, \"type\": \"session\", \"seed\": 1, \"options\": {\"a\": \"1\", \"a\": \"2\"}}"),
                       .duplicateKey("a"))
    }

    func testALineWithNoEndIsRefusedByItsLength() {
        var junk = [UInt8](repeating: UInt8(ascii: "x"), count: 3_000_000)
        junk[0] = UInt8(ascii: "{")
        XCTAssertThrowsError(try EventLog.parse(Data(junk), file: "log")) {
            XCTAssertEqual($0 as? EventLogError, EventLogError(file: "log", line: 1, kind: .lineTooLong(limit: 65536)))
        }
    }

    func testTooManyTouchesDownAtOnceIsAnError() {
        var lines = [session]
        for id in 0...EventLog.maxLiveTouches {
            lines.append("{\"t\": 1, \"type\": \"touch\", \"phase\": \"began\", \"id\": \(id), \"x\": 1, \"y\": 1}")
        }
        XCTAssertThrowsError(try EventLog.parse(lines.joined(separator: "\n"), file: "log")) {
            XCTAssertEqual($0 as? EventLogError,
                           EventLogError(file: "log", line: lines.count, kind: .tooManyTouches(limit: 256)))
        }
        // As many touches as you like one after another: only those down at once count.
        var serial = [session]
        for id in 0..<2000 {
            for phase in ["began", "moved", id % 2 == 0 ? "ended" : "cancelled"] {
                serial.append("{\"t\": 1, \"type\": \"touch\", \"phase\": \"\(phase)\", \"id\": \(id), \"x\": 1, \"y\": 1}")
            }
        }
        XCTAssertEqual(try EventLog.parse(serial.joined(separator: "\n")).count, 6001)
    }

    func testLongValuesAreShortenedInMessages() {
        let long = String(repeating: "w", count: 10_000_000)
        let cases = ["{\"t\": 0, \"type\": \"\(long)\"}", "{\"t\": 0, \"type\": \"key\", \"key\": \"a\", \"modifiers\": [\"\(long)\"]}"]
        for text in cases {
            do {
                _ = try EventLog.parse(text, file: "log")
                XCTFail("parsed")
            } catch {
                // The limit on line length answers first; below it, the value is shortened.
                XCTAssertLessThan(error.description.utf8.count, 300)
            }
            let short = text.replacingOccurrences(of: long, with: String(repeating: "w", count: 60_000))
            XCTAssertThrowsError(try EventLog.parse(short, file: "log")) {
                XCTAssertLessThan(String(describing: $0).utf8.count, 300)
            }
        }
    }
}
