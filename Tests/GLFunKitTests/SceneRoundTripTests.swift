import Foundation
@testable import GLFunKit
import XCTest

/// Every example scene under resources/scenes, read, written (`jsonData()`) and read again, is
/// the same scene (as the scene fuzzer checks any input).
final class SceneRoundTripTests: XCTestCase {
    func testEveryExampleSceneWritesItselfBackAsTheSameScene() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("resources/scenes")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertFalse(files.isEmpty)
        for name in files {
            let scene = try Scene(json: Data(contentsOf: folder.appendingPathComponent(name)))
            let again = try Scene(json: scene.jsonData())
            XCTAssertEqual(again.shapes.count, scene.shapes.count, name)
            for (k, (a, b)) in zip(scene.shapes, again.shapes).enumerated() where a != b {
                XCTFail("\(name): shape \(k) differs: \(a.kind) \(a.color) / \(b.kind) \(b.color); path \(a.pathShape?.paint as Any) / \(b.pathShape?.paint as Any); gradient \(a.gradient == b.gradient), pattern \(a.pattern == b.pattern), layer \(a.layer == b.layer), path equal \(a.pathShape?.path == b.pathShape?.path), dash \(String(describing: a.pathShape?.dash)) / \(String(describing: b.pathShape?.dash))")
                break
            }
            XCTAssertTrue(again == scene, name)
        }
    }
}
