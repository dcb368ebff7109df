import Foundation
import GLFunKit
import PixelAssertions
import XCTest

/// Issue 9's findings for the scene reader, each with the same kind of input, made here.
final class SceneHostileTests: XCTestCase {
    let plain = "{\"version\": 1, \"width\": 20, \"height\": 10, \"shapes\": [{\"type\": \"rect\", \"from\": [1, 1], \"to\": [5, 5], \"color\": \"red\"}]}"

    func error(_ json: String) -> SceneError? {
        do { _ = try Scene(json: Data(json.utf8)); return nil } catch { return error }
    }

    func testByteOrderMarkAndUTF16AreRead() throws {
        let scene = try Scene(json: Data(plain.utf8))
        XCTAssertEqual(try Scene(json: Data([0xEF, 0xBB, 0xBF]) + Data(plain.utf8)), scene)
        XCTAssertEqual(try Scene(json: Data([0xFF, 0xFE]) + plain.data(using: .utf16LittleEndian)!), scene)
        XCTAssertEqual(try Scene(json: plain.data(using: .utf16BigEndian)!), scene)
        XCTAssertEqual(try Scene(json: Data(plain.replacingOccurrences(of: ", ", with: ",\r\n").utf8)), scene)
    }

    func testDuplicateKeysAreAnErrorNamingTheKey() {
        XCTAssertEqual(error("{\"version\": 1, \"width\": 10, \"height\": 10, \"width\": 20}")?.kind, .duplicateKey("width"))
        XCTAssertEqual(error(plain.replacingOccurrences(of: "\"color\": \"red\"", with: "\"color\": \"red\", \"color\": \"blue\""))?.kind,
                       .duplicateKey("color"))
        // In objects the reader skips, too; and an object with many keys is no slower per key.
        let keys = (0..<50_000).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        XCTAssertNil(error("{\"version\": 1, \"width\": 10, \"height\": 10, \"extra\": {\(keys)}}"))
        XCTAssertEqual(error("{\"version\": 1, \"width\": 10, \"height\": 10, \"extra\": {\(keys), \"k49999\": 0}}")?.kind,
                       .duplicateKey("k49999"))
    }

    func testALongValueIsShortenedInTheMessage() {
        let long = String(repeating: "x", count: 10 * 1024 * 1024)
        let e = error(plain.replacingOccurrences(of: "\"red\"", with: "\"\(long)\""))
        XCTAssertEqual(e?.path, "shapes[0].color")
        XCTAssertLessThan(e?.description.utf8.count ?? .max, 600)
        let t = error(plain.replacingOccurrences(of: "\"rect\"", with: "\"\(long)\""))
        XCTAssertEqual(t?.path, "shapes[0].type")
        XCTAssertLessThan(t?.description.utf8.count ?? .max, 300)
    }

    func testNULInAnImageNameIsRefused() {
        let json = "{\"version\": 1, \"width\": 10, \"height\": 10, \"shapes\": [{\"type\": \"image\", \"at\": [0, 0], \"image\": \"a.png\\u0000.txt\"}]}"
        let e = error(json)
        XCTAssertEqual(e?.path, "shapes[0].image")
        XCTAssertEqual(e?.kind, .invalidValue)
    }

    func testACanvasPastThePixelBoundFailsValidation() {
        XCTAssertEqual(error("{\"version\": 1, \"width\": 16384, \"height\": 16384}")?.kind, .tooLarge)
        XCTAssertEqual(error("{\"version\": 1, \"width\": 8192, \"height\": 8192, \"scale\": 2}")?.kind, .tooLarge)
        XCTAssertNil(error("{\"version\": 1, \"width\": 16384, \"height\": 4096}"))
        XCTAssertNil(error("{\"version\": 1, \"width\": 4096, \"height\": 4096, \"scale\": 2}"))
    }

    func testErrorKinds() {
        XCTAssertEqual(error("{\"version\": 1,")?.kind, .syntax)
        XCTAssertEqual(error("[1]")?.kind, .notAnObject)
        XCTAssertEqual(error(String(repeating: "[", count: 300) + String(repeating: "]", count: 300))?.kind,
                       .tooDeep(limit: 256))
        XCTAssertThrowsError(try Scene(json: Data([0xFF, 0xFE, 0, 0, 0x7B, 0, 0, 0]))) {
            XCTAssertEqual(($0 as? SceneError)?.kind, .encoding)
        }
        XCTAssertThrowsError(try Scene(contentsOfFile: "/nonexistent/scene.json")) {
            XCTAssertEqual(($0 as? SceneError)?.kind, .unreadable)
        }
    }

    /// A FIFO named as a scene is refused at once (`RegularFile`), never waited on; a missing
    /// file and a folder stay `.unreadable`, and a regular file is read as before.
    func testAFIFONamedAsASceneIsRefusedNotWaitedOn() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/scene.json"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try Scene(contentsOfFile: fifo)) { error in
            XCTAssertEqual((error as? SceneError)?.kind, .notARegularFile)
            XCTAssertEqual((error as? SceneError)?.file, fifo)
        }
        XCTAssertThrowsError(try Scene(contentsOfFile: dir)) { XCTAssertEqual(($0 as? SceneError)?.kind, .unreadable) }
        XCTAssertThrowsError(try Scene(contentsOfFile: dir + "/none.json")) {
            XCTAssertEqual(($0 as? SceneError)?.kind, .unreadable)
        }
        try Data(plain.utf8).write(to: URL(fileURLWithPath: dir + "/plain.json"))
        XCTAssertEqual(try Scene(contentsOfFile: dir + "/plain.json"), try Scene(json: Data(plain.utf8)))
    }
}
