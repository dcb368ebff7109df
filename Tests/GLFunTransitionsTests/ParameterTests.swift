import GLFunGLES
import GLFunTransitions
import PixelAssertions
import XCTest

/// The default comments of gl-transitions parameters, in every form the collection writes.
final class ParameterTests: XCTestCase {
    func defaults(_ body: String) throws -> [String: UniformValue?] {
        let s = try TransitionSource(name: "t.glsl", body: body)
        return Dictionary(uniqueKeysWithValues: s.parameters.map { ($0.name, $0.defaultValue) })
    }

    func testScalarsAndVectors() throws {
        let d = try defaults("""
            uniform float amount; // = 0.5
            uniform float angle; // = 90
            uniform float short; // = .7
            uniform float dotted; // = 5.
            uniform float spaced ; // = -1.5e-1
            uniform int count; // =10
            uniform bool reverse; // = false
            uniform bool on; // = true
            uniform vec2 center; // = vec2(0.5)
            uniform vec2 direction;// = vec2(1.0, -0.5)
            uniform vec3 color /* = vec3(0.9, 0.4, 0.2) */;
            uniform vec4 shade; // = vec4(0.,0.,0.,.6)
            uniform ivec2 size; // = ivec2(4)
            uniform ivec2 squares;// = ivec2(10,10)
            uniform sampler2D luma;
            uniform float plain;
            vec4 transition(vec2 uv) { return vec4(amount); }
            """)
        XCTAssertEqual(d["amount"], .float(0.5))
        XCTAssertEqual(d["angle"], .float(90))
        XCTAssertEqual(d["short"], .float(0.7))
        XCTAssertEqual(d["dotted"], .float(5))
        XCTAssertEqual(d["spaced"], .float(-0.15))
        XCTAssertEqual(d["count"], .int(10))
        XCTAssertEqual(d["reverse"], .int(0))
        XCTAssertEqual(d["on"], .int(1))
        XCTAssertEqual(d["center"], .vec2(0.5, 0.5))
        XCTAssertEqual(d["direction"], .vec2(1, -0.5))
        XCTAssertEqual(d["color"], .vec3(0.9, 0.4, 0.2))
        XCTAssertEqual(d["shade"], .vec4(0, 0, 0, 0.6))
        XCTAssertEqual(d["size"], .ivec2(4, 4))
        XCTAssertEqual(d["squares"], .ivec2(10, 10))
        XCTAssertEqual(d["luma"], .some(nil))
        XCTAssertEqual(d["plain"], .some(nil))
        XCTAssertEqual(d.count, 16)
    }

    func testSeveralNamesInOneDeclaration() throws {
        let d = try defaults("""
            uniform vec2 a /*= vec2(42.0, 42.0)*/, b /* = vec2(1.) */;
            uniform vec2 c, e; // = vec2(1.0, 2.0); // both
            uniform mediump float f; // = 2.0
            // uniform float commentedOut; // = 3.0
            /* uniform float alsoOut; // = 3.0 */
            uniform float arr[2];
            """)
        XCTAssertEqual(d["a"], .vec2(42, 42))
        XCTAssertEqual(d["b"], .vec2(1, 1))
        XCTAssertEqual(d["c"], .vec2(1, 2))
        XCTAssertEqual(d["e"], .vec2(1, 2))
        XCTAssertEqual(d["f"], .float(2))
        XCTAssertEqual(d["arr"], Optional<UniformValue?>.some(nil))
        XCTAssertTrue(d["commentedOut"] == nil)
        XCTAssertTrue(d["alsoOut"] == nil)
    }

    func testADefaultThatIsNotAValueIsAnErrorNamingTheLine() {
        for (line, type) in [("uniform float x; // = 1.0 / 3.0", "float"), ("uniform vec3 x; // = vec2(1.0, 2.0)", "vec3"),
                             ("uniform int x; // = 1.5", "int"), ("uniform bool x; // = yes", "bool"),
                             ("uniform vec2 x; // = vec2(1.0, 2.0, 3.0)", "vec2")] {
            XCTAssertThrowsError(try TransitionSource(name: "bad.glsl", body: "// a comment\n" + line)) { e in
                guard case let .badDefault(source, l, uniform, t, _) = e as? TransitionError else { return XCTFail("\(e)") }
                XCTAssertEqual(source, "bad.glsl")
                XCTAssertEqual(l, 2)
                XCTAssertEqual(uniform, "x")
                XCTAssertEqual(t, type)
            }
        }
    }

    func testBuiltInsDeclareTheirParameters() {
        let flip = TransitionSource.builtIn(.flipLeft)
        XCTAssertEqual(flip.parameter("fromLeft")?.defaultValue, .int(1))
        XCTAssertEqual(flip.parameter("background")?.type, "vec4")
        let curl = TransitionSource.builtIn(.curlDown)
        XCTAssertEqual(curl.parameter("down")?.defaultValue, .int(0))
        XCTAssertEqual(TransitionKind.curlDown.parameters["down"], .int(1))
        XCTAssertEqual(TransitionSource.builtIn(.fade).parameters, [])
        XCTAssertEqual(TransitionKind.allCases.map(\.rawValue), ["none", "flip-left", "flip-right", "curl-up", "curl-down", "fade"])
    }

    func testFilesThatCannotBeRead() throws {
        let dir = try makeTemporaryDirectory()
        XCTAssertThrowsError(try TransitionSource(contentsOfFile: dir + "/missing.glsl")) { e in
            XCTAssertEqual(e as? TransitionError, .unreadable(path: dir + "/missing.glsl", problem: .noSuchFile))
        }
        XCTAssertThrowsError(try TransitionSource(contentsOfFile: dir)) { e in
            XCTAssertEqual(e as? TransitionError, .unreadable(path: dir, problem: .isDirectory))
        }
        let big = dir + "/big.glsl"
        _ = FileManager.default.createFile(atPath: big, contents: Data(count: TransitionSource.maxBytes + 10))
        XCTAssertThrowsError(try TransitionSource(contentsOfFile: big)) { e in
            XCTAssertEqual(e as? TransitionError, .tooLarge(path: big, bytes: TransitionSource.maxBytes + 10,
                                                            limit: TransitionSource.maxBytes))
        }
        let binary = dir + "/binary.glsl"
        _ = FileManager.default.createFile(atPath: binary, contents: Data([0xff, 0xfe, 0xfd, 0x00]))
        XCTAssertThrowsError(try TransitionSource(contentsOfFile: binary)) { e in
            XCTAssertEqual(e as? TransitionError, .notText(path: binary))
        }
    }
}
