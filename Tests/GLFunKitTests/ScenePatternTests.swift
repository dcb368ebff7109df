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

    func testAPixelPaintIsReadWrittenAndDrawn() throws {
        // 2 x 1 premultiplied: red, half-transparent blue; at half opacity.
        let rgba = Data([255, 0, 0, 255, 0, 0, 128, 128]).base64EncodedString()
        let s = try scene("""
            {"type": "path", "d": "M0 0 H20 V20 H0 Z",
             "fill": {"image": {"width": 2, "height": 1, "rgba": "\(rgba)", "repeat": "none", "sampling": "nearest",
                                "transform": [10, 0, 0, 20, 0, 0], "opacity": 0.5}}}
            """)
        let p = try XCTUnwrap(s.shapes.first?.pattern)
        XCTAssertEqual(p.source, .pixels(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 128, 128]))
        XCTAssertEqual(p.opacity, 0.5)
        XCTAssertEqual(p.repetition, ImagePattern.Repetition.none)
        XCTAssertEqual(try Scene(json: s.jsonData()), s, "written back with its pixels")
        let image = try renderAllWays(s)
        assertPixel(image, 5, 10, [255, 127, 127, 255], tolerance: 2, "red at half opacity over white")
        assertPixel(image, 15, 10, [191, 191, 255, 255], tolerance: 2, "half-transparent blue at half opacity")
    }

    func testPixelPaintErrorsNameTheKeyPath() {
        let d = #""type": "path", "d": "M0 0 H1 V1 Z""#
        let one = Data([10, 20, 30, 40]).base64EncodedString(), bright = Data([200, 0, 0, 100]).base64EncodedString()
        func fill(_ body: String) -> String { "{\(d), \"fill\": {\"image\": {\(body)}}}" }
        let cases: [(String, String, SceneError.Kind)] = [
            (fill("\"src\": \"a.png\", \"width\": 1, \"height\": 1, \"rgba\": \"\(one)\""), "shapes[0].fill.image.src", .invalidValue),
            (fill("\"height\": 1, \"rgba\": \"\(one)\""), "shapes[0].fill.image.width", .invalidValue),
            (fill("\"width\": 1.5, \"height\": 1, \"rgba\": \"\(one)\""), "shapes[0].fill.image.width", .invalidValue),
            (fill("\"width\": 1, \"height\": 0, \"rgba\": \"\(one)\""), "shapes[0].fill.image.height", .invalidValue),
            (fill("\"width\": 2, \"height\": 1, \"rgba\": \"\(one)\""), "shapes[0].fill.image.rgba", .invalidValue),
            (fill("\"width\": 1, \"height\": 1, \"rgba\": \"not base64!\""), "shapes[0].fill.image.rgba", .invalidValue),
            (fill("\"width\": 1, \"height\": 1, \"rgba\": \"\(bright)\""), "shapes[0].fill.image.rgba", .invalidValue),
            (fill("\"width\": 16384, \"height\": 16384, \"rgba\": \"\(one)\""), "shapes[0].fill.image", .tooLarge),
            (fill("\"src\": \"a.png\", \"opacity\": 2"), "shapes[0].fill.image.opacity", .invalidValue),
        ]
        for (json, path, kind) in cases {
            let e = error(json)
            XCTAssertEqual(e?.path, path, json)
            XCTAssertEqual(e?.kind, kind, json)
        }
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
