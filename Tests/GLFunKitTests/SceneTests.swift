import Foundation
import GLFunKit
import PixelAssertions
import XCTest

/// The scene document: parsing, key-path errors, encoding. No GL.
final class SceneTests: XCTestCase {
    /// The example of DESIGN.md, with numbers in place of the placeholders.
    static let designExample = """
        {"version": 1, "width": 1280, "height": 720, "scale": 1,
         "background": [0.76, 0.76, 0.76, 1],
         "shapes": [
           {"type": "line",    "from": [10, 20], "to": [300, 40], "color": [1, 0, 0, 1], "width": 2},
           {"type": "rect",    "from": [50, 60], "to": [150, 160], "color": "#ff0000"},
           {"type": "ellipse", "from": [200, 100], "to": [400, 250], "color": "blue"},
           {"type": "image",   "at": [640, 360], "image": "sprite.png"}]}
        """

    func parse(_ json: String) throws(SceneError) -> Scene {
        try Scene(json: Data(json.utf8))
    }

    /// Parses a scene with the given shapes JSON and returns the error it must throw.
    func error(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> SceneError? {
        do {
            let s = try parse(json)
            XCTFail("parsed, but should not have: \(s)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func shapes(_ list: String) -> String {
        "{\"width\": 100, \"height\": 100, \"shapes\": [\(list)]}"
    }

    func testDesignExample() throws {
        let s = try parse(Self.designExample)
        XCTAssertEqual(s.version, 1)
        XCTAssertEqual(s.width, 1280)
        XCTAssertEqual(s.height, 720)
        XCTAssertEqual(s.scale, 1)
        XCTAssertEqual(s.background, Color(0.76, 0.76, 0.76, 1))
        XCTAssertEqual(s.shapes, [
            .line(Point(10, 20), Point(300, 40), color: .red, width: 2),
            .rect(Point(50, 60), Point(150, 160), color: .red),
            .ellipse(Point(200, 100), Point(400, 250), color: .blue),
            .image("sprite.png", at: Point(640, 360)),
        ])
        XCTAssertEqual(s.shapes[3].kind, .image)
        XCTAssertEqual(s.shapes[3].from, Point(640, 360))
        XCTAssertEqual(s.shapes[3].image, "sprite.png")
    }

    func testDefaults() throws {
        let s = try parse(#"{"width": 64, "height": 48}"#)
        XCTAssertEqual(s.version, 1)
        XCTAssertEqual(s.scale, 1)
        XCTAssertEqual(s.background, Color.background)
        XCTAssertEqual(s.background, Color(0.76, 0.76, 0.76))
        XCTAssertEqual(s.shapes, [])
        let l = try parse(shapes(#"{"type": "line", "from": [0, 0], "to": [10, 0], "color": "red"}"#))
        XCTAssertEqual(l.shapes[0].width, 2, "the default line width is 2")
        XCTAssertEqual(Shape.defaultLineWidth, 2)
        XCTAssertEqual(Shape.line(Point(0, 0), Point(1, 1), color: .red).width, 2)
    }

    func testColorSpellings() throws {
        let s = try parse(shapes("""
            {"type": "rect", "from": [0, 0], "to": [1, 1], "color": [0.25, 0.5, 0.75, 0.5]},
            {"type": "rect", "from": [0, 0], "to": [1, 1], "color": [0.25, 0.5, 0.75]},
            {"type": "rect", "from": [0, 0], "to": [1, 1], "color": "#ff8000"},
            {"type": "rect", "from": [0, 0], "to": [1, 1], "color": "#FF800080"},
            {"type": "rect", "from": [0, 0], "to": [1, 1], "color": "yellow"},
            {"type": "rect", "from": [0, 0], "to": [1, 1], "color": "Green"},
            {"type": "rect", "from": [0, 0], "to": [1, 1], "color": "gray"},
            {"type": "rect", "from": [0, 0], "to": [1, 1], "color": "white"},
            {"type": "rect", "from": [0, 0], "to": [1, 1], "color": "black"}
            """))
        let c = s.shapes.map(\.color)
        XCTAssertEqual(c[0], Color(0.25, 0.5, 0.75, 0.5))
        XCTAssertEqual(c[1], Color(0.25, 0.5, 0.75, 1))
        XCTAssertEqual(c[2], Color(1, Float(0x80) / 255, 0, 1))
        XCTAssertEqual(c[3], Color(1, Float(0x80) / 255, 0, Float(0x80) / 255))
        XCTAssertEqual(c[4], .yellow)
        XCTAssertEqual(c[5], .green)
        XCTAssertEqual(c[6], .gray)
        XCTAssertEqual(c[7], .white)
        XCTAssertEqual(c[8], .black)
        XCTAssertEqual(Color(string: "red"), Color(1, 0, 0, 1))
        XCTAssertEqual(Color(string: "#0000ff"), .blue)
        XCTAssertNil(Color(string: "#12345"))
        XCTAssertNil(Color(string: "#gg0000"))
        XCTAssertNil(Color(string: "purple"))
    }

    func testBackgroundColor() throws {
        XCTAssertEqual(try parse(##"{"width": 8, "height": 8, "background": "#000000"}"##).background, .black)
        XCTAssertEqual(try parse(#"{"width": 8, "height": 8, "background": [1, 1, 1]}"#).background, .white)
        let e = error(#"{"width": 8, "height": 8, "background": [2, 0, 0]}"#)
        XCTAssertEqual(e?.path, "background")
    }

    // MARK: Errors name the key path

    func testWrongFromNamesTheKeyPath() {
        let ok = #"{"type": "rect", "from": [0, 0], "to": [1, 1], "color": "red"}"#
        for bad in [#""from": [1, 2, 3]"#, #""from": "0,0""#, #""from": [1]"#, #""from": {"x": 1, "y": 2}"#,
                    #""from": ["a", "b"]"#, #""from": null"#] {
            let e = error(shapes([ok, ok, ok, "{\"type\": \"line\", \(bad), \"to\": [1, 1], \"color\": \"red\"}"].joined(separator: ",")))
            XCTAssertEqual(e?.path, "shapes[3].from", bad)
            XCTAssertEqual(e?.kind, .invalidValue, bad)
            XCTAssertTrue(e?.description.hasPrefix("shapes[3].from: ") ?? false, e?.description ?? "")
        }
    }

    func testMissingKey() {
        let e = error(shapes(#"{"type": "rect", "from": [0, 0], "color": "red"}"#))
        XCTAssertEqual(e?.path, "shapes[0].to")
        XCTAssertEqual(e?.kind, .invalidValue)
        let noType = error(shapes(#"{"from": [0, 0], "to": [1, 1], "color": "red"}"#))
        XCTAssertEqual(noType?.path, "shapes[0].type")
        let noColor = error(shapes(#"{"type": "ellipse", "from": [0, 0], "to": [1, 1]}"#))
        XCTAssertEqual(noColor?.path, "shapes[0].color")
        let noAt = error(shapes(#"{"type": "image", "image": "a.png"}"#))
        XCTAssertEqual(noAt?.path, "shapes[0].at")
        let noImage = error(shapes(#"{"type": "image", "at": [1, 1]}"#))
        XCTAssertEqual(noImage?.path, "shapes[0].image")
        let noWidth = error(#"{"height": 10}"#)
        XCTAssertEqual(noWidth?.path, "width")
        XCTAssertEqual(noWidth?.kind, .invalidValue)
    }

    func testUnknownShapeType() {
        let e = error(shapes(#"{"type": "circle", "from": [0, 0], "to": [1, 1], "color": "red"}"#))
        XCTAssertEqual(e?.path, "shapes[0].type")
        XCTAssertEqual(e?.kind, .invalidValue)
    }

    func testUnknownColorName() {
        let e = error(shapes(#"{"type": "rect", "from": [0, 0], "to": [1, 1], "color": "red"}, {"type": "rect", "from": [0, 0], "to": [1, 1], "color": "purple"}"#))
        XCTAssertEqual(e?.path, "shapes[1].color")
        XCTAssertEqual(e?.kind, .invalidValue)
        for bad in ["\"#12345\"", #"[1, 0]"#, #"[1, 0, 0, 1, 1]"#, #"[1.5, 0, 0]"#, #"[-0.1, 0, 0]"#, "42", "true"] {
            let e = error(shapes("{\"type\": \"rect\", \"from\": [0, 0], \"to\": [1, 1], \"color\": \(bad)}"))
            XCTAssertEqual(e?.path, "shapes[0].color", bad)
        }
    }

    func testAbsurdCoordinatesAreRefused() {
        for bad in ["[1e999, 0]", "[0, -1e999]", "[2e6, 0]", "[0, -2000000]", "[1000000.5, 0]"] {
            let e = error(shapes("{\"type\": \"rect\", \"from\": [0, 0], \"to\": \(bad), \"color\": \"red\"}"))
            XCTAssertEqual(e?.path, "shapes[0].to", bad)
        }
        let e = error(shapes(#"{"type": "image", "at": [3e6, 1], "image": "a.png"}"#))
        XCTAssertEqual(e?.path, "shapes[0].at")
        XCTAssertEqual(e?.kind, .invalidValue)
        // At the bound is fine.
        XCTAssertNoThrow(try parse(shapes(#"{"type": "rect", "from": [-1000000, 0], "to": [1000000, 1], "color": "red"}"#)))
    }

    func testLineWidthBounds() throws {
        for bad in ["0", "-1", "20000", "1001", "\"wide\""] {
            let e = error(shapes("{\"type\": \"line\", \"from\": [0, 0], \"to\": [1, 1], \"color\": \"red\", \"width\": \(bad)}"))
            XCTAssertEqual(e?.path, "shapes[0].width", bad)
        }
        XCTAssertEqual(try parse(shapes(#"{"type": "line", "from": [0, 0], "to": [1, 1], "color": "red", "width": 1000}"#)).shapes[0].width, 1000)
        XCTAssertEqual(try parse(shapes(#"{"type": "line", "from": [0, 0], "to": [1, 1], "color": "red", "width": 0.5}"#)).shapes[0].width, 0.5)
    }

    func testCanvasSizeBounds() {
        for (w, h, path) in [("0", "10", "width"), ("20000", "10", "width"), ("10", "0", "height"),
                             ("10", "20000", "height"), ("-5", "10", "width"), ("\"big\"", "10", "width")] {
            let e = error("{\"width\": \(w), \"height\": \(h)}")
            XCTAssertEqual(e?.path, path, "\(w)x\(h)")
        }
        for bad in ["0", "100", "-1", "0.1"] {
            XCTAssertEqual(error("{\"width\": 10, \"height\": 10, \"scale\": \(bad)}")?.path, "scale", bad)
        }
        XCTAssertEqual(error(#"{"version": 2, "width": 10, "height": 10}"#)?.path, "version")
    }

    /// Valid JSON whose number does not fit the field (a fraction for an Int, a
    /// number beyond Double's range): refused, naming the key, and not called
    /// "not valid JSON". Foundation's JSONDecoder reports these with an empty
    /// coding path here, so the scene reader has to name the key itself.
    func testNumbersThatDoNotFitNameTheKeyPath() {
        for (json, path) in [(#"{"width": 1.5, "height": 10}"#, "width"),
                             (#"{"width": 10, "height": 99999999999999999999}"#, "height"),
                             (#"{"width": 10, "height": 10, "scale": 1e999}"#, "scale"),
                             (shapes(#"{"type": "line", "from": [0, 0], "to": [1, 1], "color": "red", "width": 1e999}"#), "shapes[0].width")] {
            let e = error(json)
            XCTAssertEqual(e?.path, path, json)
            XCTAssertEqual(e?.kind, .invalidValue, "\(json): \(e?.description ?? "")")
        }
    }

    func testWrongTypes() {
        let e = error(#"{"width": 10, "height": 10, "shapes": {"type": "rect"}}"#)
        XCTAssertEqual(e?.path, "shapes")
        let t = error(shapes(#"{"type": 7, "from": [0, 0], "to": [1, 1], "color": "red"}"#))
        XCTAssertEqual(t?.path, "shapes[0].type")
        XCTAssertEqual(t?.kind, .invalidValue)
        let i = error(shapes(#"{"type": "image", "at": [0, 0], "image": ""}"#))
        XCTAssertEqual(i?.path, "shapes[0].image")
        let n = error(#"{"width": "wide", "height": 10}"#)
        XCTAssertEqual(n?.path, "width")
        XCTAssertEqual(n?.kind, .invalidValue)
    }

    func testNotJSON() {
        for text in ["this is not json", "{\"width\": 10,", "", "[1, 2", "{'width': 10}"] {
            let e = error(text)
            XCTAssertEqual(e?.path, "", text)
            XCTAssertEqual(e?.kind, .syntax, "\(text): \(e?.message ?? "")")
        }
        // Valid JSON that is not an object.
        XCTAssertEqual(error("[1, 2, 3]")?.kind, .notAnObject)
    }

    func testContentsOfMissingFileNamesTheFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/missing.json"
        XCTAssertThrowsError(try Scene(contentsOfFile: path)) { error in
            guard let e = error as? SceneError else { return XCTFail("expected SceneError, got \(error)") }
            XCTAssertEqual(e.file, path)
            XCTAssertEqual(e.path, "")
            XCTAssertEqual(e.kind, .unreadable)
            XCTAssertTrue(e.description.hasPrefix(path + ": "), e.description)
        }
        XCTAssertThrowsError(try Scene(contentsOfFile: dir)) { error in
            XCTAssertEqual((error as? SceneError)?.file, dir)
            XCTAssertEqual((error as? SceneError)?.kind, .unreadable)
        }
        // A parse error in a file names both the file and the key path.
        let bad = dir + "/bad.json"
        try Data(shapes(#"{"type": "circle", "from": [0, 0], "to": [1, 1], "color": "red"}"#).utf8)
            .write(to: URL(fileURLWithPath: bad))
        XCTAssertThrowsError(try Scene(contentsOfFile: bad)) { error in
            guard let e = error as? SceneError else { return XCTFail("expected SceneError, got \(error)") }
            XCTAssertEqual(e.file, bad)
            XCTAssertEqual(e.path, "shapes[0].type")
            XCTAssertTrue(e.description.hasPrefix(bad + ": shapes[0].type: "), e.description)
        }
        let good = dir + "/good.json"
        try Data(Self.designExample.utf8).write(to: URL(fileURLWithPath: good))
        XCTAssertEqual(try Scene(contentsOfFile: good), try parse(Self.designExample))
    }

    func testSceneErrorDescription() {
        XCTAssertEqual(SceneError(file: "a.json", path: "shapes[3].from", message: "expected [x, y]").description,
                       "a.json: shapes[3].from: expected [x, y]")
        XCTAssertEqual(SceneError(path: "", message: "not valid JSON").description, "not valid JSON")
    }

    // MARK: Encoding

    func testJSONDataRoundTripsTheDesignExample() throws {
        let s = try parse(Self.designExample)
        XCTAssertEqual(try Scene(json: s.jsonData()), s)
    }

    func testJSONDataRoundTripsEveryKindIncludingImages() throws {
        var s = Scene(width: 320, height: 240, scale: 1.5, background: Color(0.1, 0.2, 0.3, 1))
        s.shapes = [
            .line(Point(0.5, 1.25), Point(100.75, -3), color: Color(0.1, 0.2, 0.3, 0.4), width: 3.5),
            .rect(Point(10, 20), Point(5, 2), color: .yellow),
            .ellipse(Point(-10.125, 20), Point(300, 200.1), color: Color(1, 0, 1, 0.25)),
            .image("sprite.png", at: Point(12.5, 13)),
            .image("dir/with space/\"quoted\" é.png", at: Point(0, 0), tint: Color(1, 0.5, 0.25, 0.75)),
            .line(Point(999_999, -999_999), Point(0.001, 123_456.79), color: .black),
        ]
        let data = s.jsonData()
        let back = try Scene(json: data)
        XCTAssertEqual(back, s, String(decoding: data, as: UTF8.self))
        XCTAssertEqual(try Scene(json: Scene(width: 1, height: 1).jsonData()), Scene(width: 1, height: 1))
    }

    func testJSONDataRoundTripsRandomScenes() throws {
        var rng = SplitMix64(seed: 7)
        func f(_ lo: Float, _ hi: Float) -> Float { Float.random(in: lo...hi, using: &rng) }
        for _ in 0..<20 {
            var s = Scene(width: Int.random(in: 1...2400, using: &rng), height: Int.random(in: 1...2400, using: &rng),
                          scale: [0.25, 1, 1.5, 2, 3.3][Int.random(in: 0..<5, using: &rng)],
                          background: Color(f(0, 1), f(0, 1), f(0, 1), f(0, 1)))
            for _ in 0..<50 {
                let c = Color(f(0, 1), f(0, 1), f(0, 1), [1, f(0, 1)][Int.random(in: 0..<2, using: &rng)])
                let a = Point(f(-1e6, 1e6), f(-5000, 5000)), b = Point(f(-100, 100), f(0, 1))
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: s.shapes.append(.line(a, b, color: c, width: f(0.01, 1000)))
                case 1: s.shapes.append(.rect(a, b, color: c))
                case 2: s.shapes.append(.ellipse(a, b, color: c))
                default: s.shapes.append(.image("img\(Int.random(in: 0..<3, using: &rng)).png", at: a,
                                                tint: Bool.random(using: &rng) ? .white : c))
                }
            }
            let back = try Scene(json: s.jsonData())
            if back != s {
                for (i, (x, y)) in zip(s.shapes, back.shapes).enumerated() where x != y {
                    XCTFail("shape \(i) changed: \(x) -> \(y)")
                    break
                }
                XCTAssertEqual(back.background, s.background)
                XCTAssertEqual(back.scale, s.scale)
                return
            }
        }
    }
}
