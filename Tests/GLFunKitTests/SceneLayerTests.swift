import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// The scene format's group layer keys ("opacity", "blend", "clip", "mask"): what they draw,
/// both readers alike, and their errors by kind and key path.
final class SceneLayerTests: RenderTestCase {
    private func scene(_ shapes: String) throws -> Scene { try SceneReaders.scene(shapes, size: 20) }

    private func error(_ shapes: String) -> SceneError? { SceneReaders.error(shapes, size: 20) }

    func testGroupOpacityBlendClipAndMaskDraw() throws {
        let s = try scene(#"""
            {"type": "group", "opacity": 0.5, "blend": "multiply",
             "clip": {"path": "M0 0 H20 V10 H0 Z", "rule": "evenodd", "transform": "translate(0 0)"},
             "mask": {"type": "alpha", "children": [{"type": "rect", "from": [0, 0], "to": [10, 20], "color": "black"}]},
             "children": [{"type": "rect", "from": [0, 0], "to": [12, 20], "color": "red"},
                          {"type": "rect", "from": [8, 0], "to": [20, 20], "color": "red"}]}
            """#)
        XCTAssertEqual(s.shapes.count, 1)
        XCTAssertEqual(s.shapes[0].layer?.blend, .multiply)
        XCTAssertEqual(try Scene(json: s.jsonData()), s, "written back as a group with its keys")
        // The same picture with culling and depth on or off, and at 2 pixels a point.
        let image = try renderAllWays(s)
        assertPixel(image, 9, 5, [255, 128, 128, 255], tolerance: 1)   // in clip and mask, one layer
        assertPixel(image, 15, 5, [255, 255, 255, 255])                // outside the mask
        assertPixel(image, 5, 15, [255, 255, 255, 255])                // outside the clip
        let double = try renderAllWays(s, scale: 2)
        assertPixel(double, 19, 10, [255, 128, 128, 255], tolerance: 1)
        assertPixel(double, 21, 10, [255, 255, 255, 255])
        assertPixel(double, 19, 21, [255, 255, 255, 255])
    }

    func testAPlainGroupKeysMakeNoLayer() throws {
        let s = try scene(#"{"type": "group", "opacity": 1, "blend": "normal", "children": [{"type": "rect", "from": [0, 0], "to": [5, 5], "color": "red"}]}"#)
        XCTAssertEqual(s.shapes.map(\.kind), [.rect])
        XCTAssertNil(s.shapes[0].layer)
    }

    func testErrorsNameTheKeyPath() {
        let cases: [(String, String, SceneError.Kind)] = [
            (#"{"type": "group", "opacity": 2, "children": []}"#, "shapes[0].opacity", .invalidValue),
            (#"{"type": "group", "opacity": "half", "children": []}"#, "shapes[0].opacity", .invalidValue),
            (#"{"type": "group", "blend": "mix", "children": []}"#, "shapes[0].blend", .invalidValue),
            (#"{"type": "group", "blend": 3, "children": []}"#, "shapes[0].blend", .invalidValue),
            (#"{"type": "group", "clip": "M0 0", "children": []}"#, "shapes[0].clip", .invalidValue),
            (#"{"type": "group", "clip": {}, "children": []}"#, "shapes[0].clip.path", .invalidValue),
            (#"{"type": "group", "clip": {"path": "Q"}, "children": []}"#, "shapes[0].clip.path", .invalidValue),
            (#"{"type": "group", "clip": {"path": "M0 0 H1 V1 Z", "rule": "odd"}, "children": []}"#, "shapes[0].clip.rule", .invalidValue),
            (#"{"type": "group", "clip": {"path": "M0 0 H1 V1 Z", "transform": "spin(1)"}, "children": []}"#, "shapes[0].clip.transform", .invalidValue),
            (#"{"type": "group", "mask": [], "children": []}"#, "shapes[0].mask", .invalidValue),
            (#"{"type": "group", "mask": {"type": "red", "children": []}, "children": []}"#, "shapes[0].mask.type", .invalidValue),
            (#"{"type": "group", "mask": {"type": "alpha"}, "children": []}"#, "shapes[0].mask.children", .invalidValue),
            (#"{"type": "group", "mask": {"children": [{"type": "rect"}]}, "children": []}"#, "shapes[0].mask.children[0].from", .invalidValue),
            (#"{"type": "rect", "from": [0, 0], "to": [1, 1], "color": "red", "opacity": 0.5}"#, "shapes[0].opacity", .invalidValue),
            (#"{"type": "group", "children": [{"type": "group", "blend": "screen", "children": [{"type": "group", "clip": {"path": "M0 0 H1 V1 Z", "rule": 1}, "children": []}]}]}"#,
             "shapes[0].children[0].children[0].clip.rule", .invalidValue),
        ]
        for (json, path, kind) in cases {
            let e = error(json)
            XCTAssertEqual(e?.path, path, json)
            XCTAssertEqual(e?.kind, kind, json)
        }
        var deep = #"{"type": "rect", "from": [0, 0], "to": [1, 1], "color": "red"}"#
        for _ in 0...Scene.maxLayerDepth { deep = #"{"type": "group", "opacity": 0.9, "children": [\#(deep)]}"# }
        XCTAssertEqual(error(deep)?.kind, .tooLarge)
        let many = Array(repeating: #"{"type": "group", "opacity": 0.5, "children": []}"#, count: Scene.maxLayers + 1)
        let e = error(many.joined(separator: ", "))
        XCTAssertEqual(e?.kind, .tooLarge)
        XCTAssertEqual(e?.path, "shapes[\(Scene.maxLayers)]")
    }
}
