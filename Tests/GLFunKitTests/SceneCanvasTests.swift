import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// The scene format's groups, transforms, paints and dashes (issue 31 item 2): what they draw,
/// both readers alike, written back, and their errors by kind and key path.
final class SceneCanvasTests: RenderTestCase {
    private func scene(_ shapes: String, antialias: Bool = true) throws -> Scene {
        try SceneReaders.scene(shapes, size: 100, antialias: antialias)
    }

    private func error(_ shapes: String) -> SceneError? { SceneReaders.error(shapes, size: 100) }

    func testAGroupWithNoTransformKeepsTheShapesAsTheyWere() throws {
        let flat = try scene(#"{"type": "rect", "from": [10, 10], "to": [40, 30], "color": "red"}, {"type": "line", "from": [1, 2], "to": [50, 60], "color": "blue"}, {"type": "ellipse", "from": [50, 50], "to": [90, 80], "color": "green", "stroke": "black"}"#)
        let grouped = try scene(#"{"type": "group", "children": [{"type": "rect", "from": [10, 10], "to": [40, 30], "color": "red"}, {"type": "group", "transform": "translate(0 0)", "children": [{"type": "line", "from": [1, 2], "to": [50, 60], "color": "blue"}]}]}, {"type": "group", "transform": [1, 0, 0, 1, 0, 0], "children": [{"type": "ellipse", "from": [50, 50], "to": [90, 80], "color": "green", "stroke": "black"}]}"#)
        XCTAssertEqual(grouped.shapes, flat.shapes)
        XCTAssertEqual(grouped.shapes.map(\.kind), [.rect, .line, .ellipse, .path])
    }

    func testNestedGroupTransformsCompose() throws {
        // translate(20 10) then scale(3) then translate(5 5): the 10-square at 35...65, 25...55.
        let s = try scene(#"{"type": "group", "transform": "translate(20 10)", "children": [{"type": "group", "transform": "scale(3) translate(5, 5)", "children": [{"type": "rect", "from": [0, 0], "to": [10, 10], "color": "blue"}]}, {"type": "rect", "from": [0, 0], "to": [10, 10], "color": "red"}]}"#)
        let image = try renderAllWays(s)
        assertPixel(image, 35, 25, [0, 0, 255, 255])
        assertPixel(image, 64, 54, [0, 0, 255, 255])
        assertPixel(image, 65, 54, [255, 255, 255, 255])
        assertPixel(image, 34, 54, [255, 255, 255, 255])
        assertPixel(image, 20, 10, [255, 0, 0, 255])
        assertPixel(image, 29, 19, [255, 0, 0, 255])
        assertPixel(image, 30, 19, [255, 255, 255, 255])
    }

    func testARotatedGroupDrawsThePathAtTheTurnedPoints() throws {
        let turned = try scene(#"{"type": "group", "transform": "rotate(30 50 50)", "children": [{"type": "path", "d": "M30 40 L70 40 L70 60 L30 60 Z", "fill": "black", "stroke": "red", "width": 3}]}"#)
        let t = try Transform(svg: "rotate(30 50 50)")
        let pts = [Point(30, 40), Point(70, 40), Point(70, 60), Point(30, 60)].map(t.apply)
        let d = "M\(pts[0].x) \(pts[0].y) L\(pts[1].x) \(pts[1].y) L\(pts[2].x) \(pts[2].y) L\(pts[3].x) \(pts[3].y) Z"
        let byHand = try scene(#"{"type": "path", "d": "\#(d)", "fill": "black", "stroke": "red", "width": 3}"#)
        assertSameImage(try renderAllWays(turned), try renderAllWays(byHand), tolerance: 1)
    }

    func testPaintObjectsFillAndStroke() throws {
        let s = try scene(##"{"type": "path", "d": "M0 0 H100 V50 H0 Z", "fill": {"linear": {"from": [10, 0], "to": [90, 0], "stops": [{"offset": 0, "color": "black"}, {"offset": 1, "color": "white"}], "spread": "reflect"}}}, {"type": "path", "d": "M0 50 H100 V100 H0 Z", "fill": {"radial": {"center": [50, 75], "radius": 40, "focal": [40, 75], "stops": [{"offset": 0, "color": "#000000"}, {"offset": 1, "color": [1, 1, 1, 1]}], "transform": [1, 0, 0, 1, 0, 0]}}}"##)
        XCTAssertNotNil(s.shapes[0].gradient)
        let image = try renderAllWays(s)
        // Linear, reflect: x = 95 is t = 1.06875, reflected 0.93125.
        assertPixel(image, 95, 20, [237, 237, 237, 255], tolerance: 2)
        assertPixel(image, 30, 20, [65, 65, 65, 255], tolerance: 2)
        // Radial, focal (40, 75): at the focal point dark, past the circle white.
        XCTAssertLessThan(rgba(image, 40, 75)[0], 10)
        assertPixel(image, 95, 75, [255, 255, 255, 255], tolerance: 1)
        // Written back and read again: the same scene.
        XCTAssertEqual(try Scene(json: s.jsonData()), s)
    }

    func testAConicPaintInAScene() throws {
        // From 90°: straight down from the centre is t = 0, left of it t = 0.25.
        let s = try scene(#"{"type": "path", "d": "M0 0 H100 V100 H0 Z", "fill": {"conic": {"center": [50, 50], "angle": 90, "stops": [{"offset": 0, "color": "black"}, {"offset": 1, "color": "white"}]}}}"#)
        let image = try renderAllWays(s)
        func grey(_ t: Double) -> [Int] { let v = Int((t * 255).rounded()); return [v, v, v, 255] }
        for (x, y) in [(20, 50), (50, 20), (80, 50), (60, 90), (30, 80)] {
            var t = (atan2(Double(y) + 0.5 - 50, Double(x) + 0.5 - 50) - Double.pi / 2) / (2 * Double.pi)
            t -= t.rounded(.down)
            assertPixel(image, x, y, grey(t), tolerance: 2, "at (\(x), \(y))")
        }
        XCTAssertEqual(try Scene(json: s.jsonData()).shapes.count, 1)
    }

    func testDashesInAScene() throws {
        let s = try scene(#"{"type": "line", "from": [5, 50], "to": [95, 50], "color": "black", "width": 4, "dash": [20, 10], "dashOffset": 0}, {"type": "path", "d": "M5 80 H95", "stroke": "black", "width": 4, "dash": [10], "dashOffset": 5}"#)
        let image = try renderAllWays(s)
        func runs(_ y: Int) -> [Int] {
            var starts: [Int] = []
            var ink = false
            for x in 0..<100 {
                let now = rgba(image, x, y)[0] < 128
                if now && !ink { starts.append(x) }
                ink = now
            }
            return starts
        }
        XCTAssertEqual(runs(50), [5, 35, 65])
        // [10] is [10, 10], 5 into it: 5 on, then 10 off, 10 on...
        XCTAssertEqual(runs(80), [5, 20, 40, 60, 80])
    }

    func testErrorsNameTheKeyPath() {
        let cases: [(String, String)] = [
            (#"{"type": "group"}"#, "shapes[0].children"),
            (#"{"type": "group", "children": 3}"#, "shapes[0].children"),
            (#"{"type": "group", "transform": "twist(3)", "children": []}"#, "shapes[0].transform"),
            (#"{"type": "group", "transform": [1, 0, 0, 1], "children": []}"#, "shapes[0].transform"),
            (#"{"type": "group", "transform": "rotate(1 2)", "children": []}"#, "shapes[0].transform"),
            (#"{"type": "group", "children": [{"type": "rect", "from": [0, 0], "to": [1, 1]}]}"#, "shapes[0].children[0].color"),
            (#"{"type": "group", "children": [{"type": "group", "children": [{"type": "path", "d": "M0 0 H9", "stroke": {"linear": {"from": [0, 0], "to": [1, 0], "stops": [{"offset": 2, "color": "red"}]}}}]}]}"#,
             "shapes[0].children[0].children[0].stroke.linear.stops[0].offset"),
            (#"{"type": "path", "d": "M0 0 H9", "fill": {"sweep": {}}}"#, "shapes[0].fill.sweep"),
            (#"{"type": "path", "d": "M0 0 H9", "fill": {"conic": {"stops": [{"offset": 0, "color": "red"}]}}}"#, "shapes[0].fill.conic.center"),
            (#"{"type": "path", "d": "M0 0 H9", "fill": {"conic": {"center": [0, 0], "angle": "up", "stops": [{"offset": 0, "color": "red"}]}}}"#, "shapes[0].fill.conic.angle"),
            (#"{"type": "path", "d": "M0 0 H9", "fill": {"linear": {}, "radial": {}}}"#, "shapes[0].fill"),
            (#"{"type": "path", "d": "M0 0 H9", "fill": {"linear": 1}}"#, "shapes[0].fill.linear"),
            (#"{"type": "path", "d": "M0 0 H9", "fill": {"radial": {"center": [0, 0], "stops": [{"offset": 0, "color": "red"}]}}}"#, "shapes[0].fill.radial.radius"),
            (#"{"type": "path", "d": "M0 0 H9", "fill": {"radial": {"center": [0, 0], "radius": 2, "focalRadius": -3, "stops": [{"offset": 0, "color": "red"}]}}}"#, "shapes[0].fill.radial.focalRadius"),
            (#"{"type": "path", "d": "M0 0 H9", "fill": {"linear": {"from": [0, 0], "to": [1, 0], "stops": []}}}"#, "shapes[0].fill.linear.stops"),
            (#"{"type": "path", "d": "M0 0 H9", "fill": {"linear": {"from": [0, 0], "to": [1, 0], "stops": [{"offset": 0, "color": "mauve"}]}}}"#, "shapes[0].fill.linear.stops[0].color"),
            (#"{"type": "path", "d": "M0 0 H9", "fill": {"linear": {"from": [0, 0], "to": [1, 0], "stops": [{"offset": 0, "color": "red"}], "spread": "mirror"}}}"#, "shapes[0].fill.linear.spread"),
            (#"{"type": "path", "d": "M0 0 H9", "fill": {"linear": {"to": [1, 0], "stops": [{"offset": 0, "color": "red"}]}}}"#, "shapes[0].fill.linear.from"),
            (#"{"type": "path", "d": "M0 0 H9", "stroke": "red", "dash": [1, -2]}"#, "shapes[0].dash"),
            (#"{"type": "path", "d": "M0 0 H9", "stroke": "red", "dash": "1 2"}"#, "shapes[0].dash"),
            (#"{"type": "path", "d": "M0 0 H9", "stroke": "red", "dashOffset": "3"}"#, "shapes[0].dashOffset"),
            (#"{"type": "rect", "from": [0, 0], "to": [1, 1], "color": {"linear": {}}}"#, "shapes[0].color"),
            (#"{"type": "rect", "from": [0, 0], "to": [1, 1], "color": "red", "children": []}"#, "shapes[0].children"),
            (#"{"type": "group", "transform": "scale(2)", "children": [{"type": "image", "at": [1, 1], "image": "a.png"}]}"#, "shapes[0].children[0]"),
        ]
        for (json, path) in cases {
            let e = error(json)
            XCTAssertEqual(e?.path, path, json)
            XCTAssertEqual(e?.kind, .invalidValue, json)
        }
        // A group's children count toward the scene's shapes.
        XCTAssertEqual(try scene(#"{"type": "group", "transform": "translate(3 4)", "children": [{"type": "image", "at": [1, 1], "image": "a.png"}]}"#).shapes[0].from, Point(4, 5))
    }

    func testTransformListsReadAsSVGs() throws {
        let t = try Transform(svg: "translate(10,20) rotate(90) scale(2 3) skewX(0) matrix(1 0 0 1 1 0)")
        let p = t.apply(Point(1, 1))
        // matrix moves (1, 1) to (2, 1); scale to (4, 3); rotate 90 to (-3, 4); translate to (7, 24).
        XCTAssertEqual(p.x, 7, accuracy: 1e-4)
        XCTAssertEqual(p.y, 24, accuracy: 1e-4)
        XCTAssertEqual(try Transform(svg: "  "), .identity)
        XCTAssertThrowsError(try Transform(svg: "scale(1, 2, 3)")) { e in
            XCTAssertEqual(e as? TransformParseError, .argumentCount(function: "scale", got: 3, expected: [1, 2]))
        }
        XCTAssertThrowsError(try Transform(svg: "spin(3)")) { e in
            XCTAssertEqual(e as? TransformParseError, .unknownFunction("spin", offset: 0))
        }
        XCTAssertThrowsError(try Transform(svg: "scale(2"))
    }
}
