import Foundation
@testable import GLFunKit
import PixelAssertions
import XCTest

/// The streaming reader and `Decodable` must read the same scenes and refuse the same
/// documents with the same key paths and messages.
final class SceneReaderTests: XCTestCase {
    func viaDecoder(_ json: String) -> Result<Scene, SceneError> {
        do {
            return .success(try JSONDecoder().decode(Scene.self, from: Data(json.utf8)))
        } catch let e as SceneError {
            return .failure(e)
        } catch {
            return .failure(SceneError(path: "?", message: "\(error)"))
        }
    }

    func viaReader(_ json: String) -> Result<Scene, SceneError> {
        do { return .success(try Scene(json: Data(json.utf8))) } catch { return .failure(error) }
    }

    func doc(_ shapes: String, extra: String = "") -> String {
        "{\"version\": 1, \"width\": 64, \"height\": 48\(extra), \"shapes\": [\(shapes)]}"
    }

    func testBothReadersAgree() {
        let cases = [
            doc(#"{"type": "line", "from": [1, 2], "to": [3.5, -4e1], "color": [1, 0, 0], "width": 3}"#),
            doc(##"{"type": "rect", "from": [0, 0], "to": [10, 10], "color": "#ff000080", "extra": {"a": [null, true]}}"##),
            doc(#"{"type": "image", "at": [5, 5], "image": "a\u00e9\ud83d\ude00.png"}"#),
            doc(#"{"type": "ellipse", "from": [0, 0], "to": [10, 10], "color": "blue"}"#, extra: ##", "background": "#101010""##),
            doc(#"{"type": "circle", "from": [0, 0], "to": [1, 1], "color": "red"}"#),
            doc(#"{"type": 7}"#),
            doc(#"{"type": "rect", "from": "a", "to": [1, 1], "color": "red"}"#),
            doc(#"{"type": "rect", "from": [0, 0, 0], "to": [1, 1], "color": "red"}"#),
            doc(#"{"type": "rect", "from": [0, 2e6], "to": [1, 1], "color": "red"}"#),
            doc(#"{"type": "rect", "from": [0, 0], "to": [1, 1]}"#),
            doc(#"{"type": "rect", "from": [0, 0], "to": [1, 1], "color": "purple"}"#),
            doc(#"{"type": "rect", "from": [0, 0], "to": [1, 1], "color": [2, 0, 0]}"#),
            doc(#"{"type": "line", "from": [0, 0], "to": [1, 1], "color": "red", "width": 0}"#),
            doc(#"{"type": "image", "at": [0, 0], "image": ""}"#),
            doc(#"3"#),
            "{\"width\": 1.5, \"height\": 10}",
            "{\"width\": 10}",
            "{\"width\": 10, \"height\": 10, \"scale\": 9}",
            "{\"width\": 10, \"height\": 10, \"version\": 2}",
            "{\"width\": 10, \"height\": 10, \"shapes\": {}}",
        ]
        for json in cases {
            switch (viaReader(json), viaDecoder(json)) {
            case let (.success(a), .success(b)):
                XCTAssertEqual(a, b, json)
            case let (.failure(a), .failure(b)):
                XCTAssertEqual(a.path, b.path, json)
                XCTAssertEqual(a.message, b.message, json)
            case let (a, b):
                XCTFail("\(json): reader \(a), decoder \(b)")
            }
        }
    }

    func testEscapesAndUnicode() throws {
        let s = try Scene(json: Data(doc(#"{"type": "image", "at": [1, 2], "image": "d\"ir\\x\/\u00e9\ud83d\ude00\n.png"}"#).utf8))
        XCTAssertEqual(s.shapes[0].image, "d\"ir\\x/é😀\n.png")
    }

    func testSyntaxErrorsSayWhere() {
        for (json, fragment) in [("{\"width\": 10,\n \"height\": }", "line 2"), ("{\"width\": 01}", "start with 0"),
                                 ("{\"width\": 1.}", "digits"), ("{\"a\": \"\\ud800\"}", "surrogate"),
                                 ("{\"a\": tru}", "unexpected"), ("{} x", "after the document"), ("", "empty")] {
            guard case let .failure(e) = viaReader(json) else { return XCTFail(json) }
            XCTAssertEqual(e.path, "", json)
            XCTAssertTrue(e.message.hasPrefix("not valid JSON"), e.message)
            XCTAssertTrue(e.message.contains(fragment), "\(json): \(e.message)")
        }
        guard case let .failure(e) = viaReader("[1, 2]") else { return XCTFail() }
        XCTAssertEqual(e.message, "expected an object (a scene)")
    }

    /// 105,000 `[` once overflowed the recursive reader's stack (SIGSEGV); under an unknown key
    /// too. Now the reader stops at its depth limit with an error naming it.
    func testDeepNestingIsRefusedAtTheLimitNotByTheStack() {
        let deep = String(repeating: "[", count: 105_000) + String(repeating: "]", count: 105_000)
        for json in [deep, "{\"version\": 1, \"unknown\": " + deep + "}", "{\"shapes\": [{\"x\": " + deep + "}]}"] {
            guard case let .failure(e) = viaReader(json) else { return XCTFail("a \(json.count)-byte document was read") }
            XCTAssertEqual(e.path, "")
            XCTAssertTrue(e.message.hasPrefix("not valid JSON"), e.message)
            XCTAssertTrue(e.message.contains("nest deeper than \(SceneReader.maxDepth) levels"), e.message)
        }
        // Right at the limit is fine (a document is level 1).
        let ok = String(repeating: "[", count: SceneReader.maxDepth - 1) + String(repeating: "]", count: SceneReader.maxDepth - 1)
        guard case .success = viaReader("{\"version\": 1, \"width\": 8, \"height\": 8, \"x\": " + ok + ", \"shapes\": []}") else {
            return XCTFail("\(SceneReader.maxDepth) levels must be read")
        }
    }

    func testNestedInAnotherDocumentTheKeyPathIsFull() {
        struct Wrapper: Decodable { var scenes: [Scene] }
        let json = "{\"scenes\": [\(doc(#"{"type": "rect", "from": [0, 0], "to": [1, 1], "color": "teal"}"#))]}"
        XCTAssertThrowsError(try JSONDecoder().decode(Wrapper.self, from: Data(json.utf8))) { e in
            XCTAssertEqual((e as? SceneError)?.path, "scenes[0].shapes[0].color")
        }
    }

    func testLargeSceneRoundTrips() throws {
        var scene = Scene(width: 1280, height: 720)
        var rng = SystemRandomNumberGenerator()
        for i in 0..<5000 {
            let p = Point(Float(Int.random(in: 0...1280, using: &rng)), Float(Int.random(in: 0...720, using: &rng)))
            scene.shapes.append(i % 4 == 3 ? .image("s.png", at: p)
                : Shape(kind: [.line, .rect, .ellipse][i % 3], from: p, to: Point(p.x + 10, p.y + 7.5),
                        color: Color(0.25, 0.5, 1, i % 2 == 0 ? 1 : 0.5)))
        }
        XCTAssertEqual(try Scene(json: scene.jsonData()), scene)
    }
}
