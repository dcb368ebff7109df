import Foundation
import GLFunGLES
import GLFunTransitions
import XCTest

/// Transition bodies made to hurt the GL driver, written by the tests: a 50,000-term
/// expression, macros that double at every step, a loop of a million iterations, loops that
/// never end. Each is refused before the driver sees it, as `TransitionError.tooComplex`
/// with the limit it passed; bodies of the collection's shape still load.
final class HostileTransitionTests: TransitionTestCase {
    func limit(_ body: String) -> TransitionLimit? {
        do {
            _ = try TransitionSource(name: "hostile.glsl", body: body)
            return nil
        } catch {
            guard case let .tooComplex(source, _, limit) = error else { XCTFail("\(error)"); return nil }
            XCTAssertEqual(source, "hostile.glsl")
            return limit
        }
    }

    func body(_ inside: String, before: String = "") -> String {
        before + "\nvec4 transition(vec2 uv) {\n" + inside + "\n}\n"
    }

    func testALongExpressionIsRefused() {
        let terms = Array(repeating: "progress", count: 50_000).joined(separator: " + ")
        XCTAssertEqual(limit(body("float a = \(terms);\nreturn mix(getFromColor(uv), getToColor(uv), a);")),
                       .statementTokens(TransitionComplexity.maxStatementTokens))
        let parens = String(repeating: "(", count: 10_000) + "progress" + String(repeating: ")", count: 10_000)
        XCTAssertEqual(limit(body("return vec4(\(parens));")), .nesting(TransitionComplexity.maxNesting))
        let ifs = String(repeating: "if (progress > 0.5) ", count: 10_000)
        XCTAssertEqual(limit(body("\(ifs) return getToColor(uv);\nreturn getFromColor(uv);")), .nesting(TransitionComplexity.maxNesting))
    }

    func testExponentialMacrosAreRefused() {
        var defines = "#define M0 progress\n"
        for k in 1...20 { defines += "#define M\(k) (M\(k - 1) + M\(k - 1) + M\(k - 1) + M\(k - 1))\n" }
        XCTAssertEqual(limit(body("return vec4(M20);", before: defines)), .expandedTokens(TransitionComplexity.maxExpandedTokens))
        // Doubling 40 times goes past the nesting of macros first.
        var doubling = "#define D0 progress\n"
        for k in 1...40 { doubling += "#define D\(k) (D\(k - 1) + D\(k - 1))\n" }
        XCTAssertEqual(limit(body("return vec4(D40);", before: doubling)), .macroNesting(TransitionComplexity.maxMacroNesting))
        // A chain of 10,000 macros, each the next.
        var chain = ""
        for k in 0..<10_000 { chain += "#define C\(k) C\(k + 1)\n" }
        XCTAssertEqual(limit(body("float C10000 = 1.0; return vec4(C0);", before: chain)), .macroNesting(TransitionComplexity.maxMacroNesting))
        var calls = "#define F0(x) (x + x)\n"
        for k in 1...40 { calls += "#define F\(k)(x) F\(k - 1)(F\(k - 1)(x))\n" }
        XCTAssertNotNil(limit(body("return vec4(F40(progress));", before: calls)))
        // A macro that names itself stops, as the preprocessor's does.
        XCTAssertNil(limit(body("float SELF = 1.0;\nreturn getToColor(uv) * SELF;", before: "#define SELF SELF\n")))
    }

    /// Bodies shaped to make the measuring itself slow (a scan to the end for every token) are
    /// measured in one pass each: they end, whatever they are.
    func testMeasuringTakesBoundedTime() {
        let started = Date()
        _ = limit("#define F(x) x\n" + String(repeating: "F(", count: 100_000))
        _ = limit(String(repeating: ") {}\n", count: 100_000))
        _ = limit(body(String(repeating: "for (int i = 0; i < 2; i++) a;\n", count: 20_000)))
        _ = limit("void f(out float x) { x = 1.0; }\n" + body("for (int i = 0; i < 2; i++) {" + String(repeating: "f(", count: 3_000) + "}"))
        XCTAssertLessThan(Date().timeIntervalSince(started), 60)
    }

    func testLoopsMustBeBoundedAndShort() {
        let mix = "return mix(getFromColor(uv), getToColor(uv), a);"
        XCTAssertEqual(limit(body("float a = 0.0;\nfor (int i = 0; i < 1000000; i++) { a += 0.000001; }\n" + mix)),
                       .loopIterations(TransitionComplexity.maxLoopIterations))
        XCTAssertEqual(limit(body("float a = 0.0;\nfor (int i = 0; i < 1000; i++) { for (int j = 0; j < 1000; j++) { a += 0.0; } }\n" + mix)),
                       .loopIterations(TransitionComplexity.maxLoopIterations))
        XCTAssertEqual(limit(body("float a = 0.0;\nwhile (a < 1.0) { a += 0.0; }\n" + mix)), .loopNotConstant)
        XCTAssertEqual(limit(body("float a = 0.0;\nfor (int i = 0; i < 8; i++) { i = 0; }\n" + mix)), .loopNotConstant)
        XCTAssertEqual(limit(body("float a = 0.0;\nfor (int i = 0; i < 8; i += 0) { a += 1.0; }\n" + mix)),
                       .loopIterations(TransitionComplexity.maxLoopIterations))
        XCTAssertEqual(limit(body("float a = 0.0;\nfor (float t = 0.0; t < 1.0e9; t += 1.0) { a += 1.0; }\n" + mix)),
                       .loopIterations(TransitionComplexity.maxLoopIterations))
        XCTAssertEqual(limit(body("float a = 0.0;\nfor (int i = 0; i < int(progress); i++) { a += 1.0; }\n" + mix)), .loopNotConstant)
        // A loop of 500 calls to a function of 200 tokens' work, inside one of 400.
        let heavy = "float f(float x) { return " + Array(repeating: "x", count: 100).joined(separator: " * ") + "; }\n"
        XCTAssertEqual(limit(body("float a = 0.0;\nfor (int i = 0; i < 500; i++) { a += f(a); }\n" + mix, before: heavy)),
                       .work(TransitionComplexity.maxWork))
    }

    func testCollectionShapedBodiesStillLoadAndCompile() throws {
        let body = """
            uniform float strength; // = 0.4
            const int SAMPLES = 40;
            #define PI 3.141592653589
            float rand(vec2 co) { return fract(sin(dot(co, vec2(12.9898, 78.233))) * 43758.5453); }
            vec4 transition(vec2 uv) {
                vec4 color = vec4(0.0);
                float total = 0.0;
                for (int i = 0; i <= SAMPLES; i++) {
                    float t = float(i) / float(SAMPLES);
                    color += mix(getFromColor(uv), getToColor(uv), progress) * t;
                    total += t;
                }
                for (float s = 0.0; s < 4.0; s += 1.0) { total += sin(PI * s) * strength * rand(uv); }
                return color / total;
            }
            """
        let source = try TransitionSource(name: "crosszoomish.glsl", body: body)
        _ = try Transition(context: ctx, source: source)
        for kind in TransitionKind.allCases { _ = TransitionSource.builtIn(kind) }
    }

    func testFilesThatAreNotTextOrNotFilesAreRefused() throws {
        let dir = try makeTemporaryDirectory()
        let nul = dir + "/nul.glsl"
        try Data("vec4 transition(vec2 uv) { return getToColor(uv); }\0 garbage".utf8).write(to: URL(fileURLWithPath: nul))
        XCTAssertThrowsError(try TransitionSource(contentsOfFile: nul)) { e in
            XCTAssertEqual(e as? TransitionError, .notText(path: nul))
        }
        let fifo = dir + "/pipe.glsl"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try TransitionSource(contentsOfFile: fifo)) { e in
            XCTAssertEqual(e as? TransitionError, .unreadable(path: fifo, problem: .notARegularFile))
        }
        let big = dir + "/long.glsl"
        try body(Array(repeating: "progress", count: 50_000).joined(separator: "+") + ";").write(toFile: big, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try TransitionSource(contentsOfFile: big)) { e in
            guard case .tooComplex(big, _, .statementTokens) = e as? TransitionError else { return XCTFail("\(e)") }
        }
    }
}
