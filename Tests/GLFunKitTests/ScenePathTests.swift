import Foundation
import GLFunKit
import XCTest

/// The scene format's "path" shapes, outlines on rects and ellipses, and their errors.
final class ScenePathTests: XCTestCase {
    private func scene(_ shapes: String) throws -> Scene {
        try Scene(json: Data(#"{"version": 1, "width": 100, "height": 80, "shapes": [\#(shapes)]}"#.utf8))
    }

    private func error(_ shapes: String) -> SceneError? {
        do {
            _ = try scene(shapes)
            return nil
        } catch let e as SceneError {
            return e
        } catch {
            return nil
        }
    }

    func testAPathFilledAndStrokedIsTwoShapesFillFirst() throws {
        let s = try scene(#"{"type": "path", "d": "M10 10 L90 10 L50 70 Z", "fill": "red", "rule": "evenodd", "stroke": "black", "width": 3, "join": "round", "cap": "square", "miterLimit": 2}"#)
        XCTAssertEqual(s.shapes.count, 2)
        XCTAssertEqual(s.shapes[0].pathShape?.paint, .fill(.evenOdd))
        XCTAssertEqual(s.shapes[0].color, .red)
        XCTAssertEqual(s.shapes[1].pathShape?.paint, .stroke(StrokeStyle(width: 3, join: .round, cap: .square, miterLimit: 2)))
        XCTAssertEqual(s.shapes[1].pathShape?.path, try Path(svgData: "M10 10 L90 10 L50 70 Z"))
    }

    func testPathShapesRoundTripThroughJSONAndDecodable() throws {
        var s = try scene(##"{"type": "path", "d": "M10 10 Q 30 40 50 10 C 60 0 70 20 80 10", "stroke": [0, 0, 1, 0.5], "width": 4.5, "cap": "round"}, {"type": "path", "d": "M5 5 h20 v20 h-20 z", "fill": "#00ff00"}"##)
        s.antialias = true
        let again = try Scene(json: s.jsonData())
        XCTAssertEqual(again, s)
        XCTAssertEqual(try JSONDecoder().decode(Scene.self, from: s.jsonData()), s)
    }

    func testAMiterClipJoinReadsAndRoundTrips() throws {
        let s = try scene(#"{"type": "path", "d": "M10 50 L60 50 L13 67", "stroke": "black", "width": 10, "join": "miter-clip", "miterLimit": 2}"#)
        XCTAssertEqual(s.shapes[0].pathShape?.paint, .stroke(StrokeStyle(width: 10, join: .miterClip, miterLimit: 2)))
        XCTAssertEqual(try Scene(json: s.jsonData()), s)
        XCTAssertEqual(try JSONDecoder().decode(Scene.self, from: s.jsonData()), s)
    }

    func testAStrokedRectOrEllipseIsOutlined() throws {
        let s = try scene(#"{"type": "rect", "from": [10, 10], "to": [40, 30], "stroke": "black", "width": 2}, {"type": "ellipse", "from": [50, 10], "to": [90, 70], "color": "red", "stroke": "blue"}"#)
        XCTAssertEqual(s.shapes.map(\.kind), [.path, .ellipse, .path])
        XCTAssertEqual(s.shapes[0].pathShape?.paint, .stroke(StrokeStyle(width: 2)))
        XCTAssertEqual(s.shapes[2].color, .blue)
    }

    func testBadPathDataNamesTheKeyPathAndTheCharacter() {
        let e = error(#"{"type": "rect", "from": [1, 1], "to": [2, 2], "color": "red"}, {"type": "path", "d": "M10 10 L 20 x", "stroke": "red"}"#)
        XCTAssertEqual(e?.path, "shapes[1].d")
        XCTAssertEqual(e?.kind, .invalidValue)
        XCTAssertTrue(e?.message.contains("'x'") ?? false, e?.message ?? "")
        XCTAssertTrue(e?.message.contains("12") ?? false, e?.message ?? "")
    }

    func testOtherPathErrorsNameTheirKeys() {
        XCTAssertEqual(error(#"{"type": "path", "d": "M0 0 L1 1"}"#)?.path, "shapes[0].fill")
        XCTAssertEqual(error(#"{"type": "path", "stroke": "red"}"#)?.path, "shapes[0].d")
        XCTAssertEqual(error(#"{"type": "path", "d": 5, "stroke": "red"}"#)?.path, "shapes[0].d")
        XCTAssertEqual(error(#"{"type": "path", "d": "M0 0", "color": "red"}"#)?.path, "shapes[0].color")
        XCTAssertEqual(error(#"{"type": "path", "d": "M0 0", "stroke": "red", "join": "sharp"}"#)?.path, "shapes[0].join")
        XCTAssertEqual(error(#"{"type": "path", "d": "M0 0", "stroke": "red", "cap": 1}"#)?.path, "shapes[0].cap")
        XCTAssertEqual(error(#"{"type": "path", "d": "M0 0", "fill": "red", "rule": "odd"}"#)?.path, "shapes[0].rule")
        XCTAssertEqual(error(#"{"type": "path", "d": "M0 0", "stroke": "red", "width": 0}"#)?.path, "shapes[0].width")
        XCTAssertEqual(error(#"{"type": "path", "d": "M0 0", "stroke": "red", "miterLimit": 0.5}"#)?.path, "shapes[0].miterLimit")
        XCTAssertEqual(error(#"{"type": "rect", "from": [0, 0], "to": [5, 5]}"#)?.path, "shapes[0].color")
        XCTAssertEqual(error(#"{"type": "path", "d": "M0 0", "stroke": "plaid"}"#)?.path, "shapes[0].stroke")
    }
}
