import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// The scene format's `{"image": {...}}` paint: read by both readers, written back, drawn
/// with the named image's texture, and its errors by kind and key path.
final class ScenePatternTests: RenderTestCase {
    private func scene(_ shapes: String) throws -> Scene { try SceneReaders.scene(shapes, size: 20) }

    private func error(_ shapes: String) -> SceneError? { SceneReaders.error(shapes, size: 20) }

    func testAnImagePaintIsReadWrittenAndDrawn() throws {
        let s = try scene(#"""
            {"type": "path", "d": "M0 0 H20 V20 H0 Z",
             "fill": {"image": {"src": "tile.png", "repeat": "reflect", "sampling": "nearest", "transform": [5, 0, 0, 5, 0, 0]}}}
            """#)
        let p = try XCTUnwrap(s.shapes.first?.pattern)
        XCTAssertEqual(p.source, .image("tile.png"))
        XCTAssertEqual(p.repetition, .reflect)
        XCTAssertEqual(p.sampling, .nearest)
        XCTAssertEqual(p.transform, .scale(5, 5))
        XCTAssertEqual(try Scene(json: s.jsonData()), s, "written back as an image paint")
        XCTAssertEqual(renderer.missingImages(in: s.shapes), ["tile.png"])
        // 2 x 1, straight alpha as image files are: red, half-transparent blue.
        try registerSprite("tile.png", width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 128])
        defer { renderer.removeTexture(forImage: "tile.png") }
        var drawn = s
        drawn.background = .white
        let image = try renderAllWays(drawn)
        assertPixel(image, 2, 2, [255, 0, 0, 255])
        assertPixel(image, 7, 2, [127, 127, 255, 255], tolerance: 2)
        assertPixel(image, 12, 2, [127, 127, 255, 255], tolerance: 2, "reflected")
        assertPixel(image, 17, 2, [255, 0, 0, 255], "reflected")
    }

    func testDefaultsAreRepeatLinearIdentity() throws {
        let s = try scene(#"{"type": "path", "d": "M0 0 H20 V20 H0 Z", "stroke": {"image": {"src": "a.png"}}, "width": 2}"#)
        let p = try XCTUnwrap(s.shapes.first?.pattern)
        XCTAssertEqual(p.repetition, .repeat)
        XCTAssertEqual(p.sampling, .linear)
        XCTAssertEqual(p.transform, .identity)
    }

    func testErrorsNameTheKeyPath() {
        let d = #""type": "path", "d": "M0 0 H1 V1 Z""#
        let cases: [(String, String)] = [
            (#"{\#(d), "fill": {"image": {}}}"#, "shapes[0].fill.image.src"),
            (#"{\#(d), "fill": {"image": {"src": 3}}}"#, "shapes[0].fill.image.src"),
            (#"{\#(d), "fill": {"image": {"src": ""}}}"#, "shapes[0].fill.image.src"),
            (#"{\#(d), "fill": {"image": {"src": "a.png", "repeat": "sideways"}}}"#, "shapes[0].fill.image.repeat"),
            (#"{\#(d), "fill": {"image": {"src": "a.png", "sampling": "lanczos"}}}"#, "shapes[0].fill.image.sampling"),
            (#"{\#(d), "fill": {"image": {"src": "a.png", "transform": [1, 2]}}}"#, "shapes[0].fill.image.transform"),
            (#"{\#(d), "fill": {"image": "a.png"}}"#, "shapes[0].fill.image"),
            (#"{\#(d), "fill": {"picture": {}}}"#, "shapes[0].fill.picture"),
        ]
        for (json, path) in cases {
            let e = error(json)
            XCTAssertEqual(e?.path, path, json)
            XCTAssertEqual(e?.kind, .invalidValue, json)
        }
    }
}
