import Foundation
import GLFunKit
import XCTest

/// What the scene-format suites share: a scene of `shapes` (a JSON array's inside) read by both
/// readers, which must agree, and the error both give, which must name the same key.
enum SceneReaders {
    /// The scene of `shapes` on a `size` x `size` white canvas, read by the streaming reader
    /// (and checked equal to what the Decodable reader makes).
    static func scene(_ shapes: String, size: Int, antialias: Bool = true,
                      file: StaticString = #filePath, line: UInt = #line) throws -> Scene {
        let json = #"{"version": 1, "width": \#(size), "height": \#(size), "background": "white", "antialias": \#(antialias), "shapes": [\#(shapes)]}"#
        let s = try Scene(json: Data(json.utf8))
        XCTAssertEqual(try JSONDecoder().decode(Scene.self, from: Data(json.utf8)), s, "both readers", file: file, line: line)
        return s
    }

    /// The error the streaming reader gives for `shapes` (nil if none); the Decodable reader
    /// must refuse it too, naming the same key path and kind.
    static func error(_ shapes: String, size: Int, file: StaticString = #filePath, line: UInt = #line) -> SceneError? {
        let json = #"{"version": 1, "width": \#(size), "height": \#(size), "shapes": [\#(shapes)]}"#
        var streamed: SceneError?
        do { _ = try Scene(json: Data(json.utf8)) } catch { streamed = error }
        do {
            _ = try JSONDecoder().decode(Scene.self, from: Data(json.utf8))
            XCTFail("the Decodable reader took it", file: file, line: line)
        } catch let e as SceneError {
            XCTAssertEqual(e.path, streamed?.path, "both readers name the same key", file: file, line: line)
            XCTAssertEqual(e.kind, streamed?.kind, file: file, line: line)
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        return streamed
    }
}
