import GLFunGLES
import XCTest

final class ShaderProgramTests: GLTestCase {
    static let vertex = ShaderSource(name: "Test.vsh", text: """
        attribute vec3 position;
        attribute vec2 texcoord;
        attribute vec4 color;
        uniform mat4 projectionMatrix;
        varying vec2 v_texcoord;
        varying vec4 v_color;
        void main() {
            gl_Position = projectionMatrix * vec4(position, 1.0);
            v_texcoord = texcoord;
            v_color = color;
        }
        """)
    static let fragment = ShaderSource(name: "Test.fsh", text: """
        precision mediump float;
        uniform sampler2D texture;
        uniform vec4 constColor;
        varying vec2 v_texcoord;
        varying vec4 v_color;
        void main() {
            gl_FragColor = texture2D(texture, v_texcoord) * v_color * constColor;
        }
        """)

    func testGoodProgramCachesUniformsAndBindsAttributesInOrder() throws {
        let p = try ShaderProgram(context: ctx, name: "test", vertex: Self.vertex, fragment: Self.fragment,
                                  attributes: ["position", "texcoord", "color"])
        XCTAssertEqual(p.name, "test")
        XCTAssertNotEqual(p.program, 0)
        XCTAssertEqual(try p.attribute("position"), 0)
        XCTAssertEqual(try p.attribute("texcoord"), 1)
        XCTAssertEqual(try p.attribute("color"), 2)
        XCTAssertEqual(p.attributes, ["position": 0, "texcoord": 1, "color": 2])
        XCTAssertGreaterThanOrEqual(try p.uniform("projectionMatrix"), 0)
        XCTAssertGreaterThanOrEqual(try p.uniform("texture"), 0)
        XCTAssertGreaterThanOrEqual(try p.uniform("constColor"), 0)
        XCTAssertEqual(Set(p.uniforms.keys), ["projectionMatrix", "texture", "constColor"])
        XCTAssertThrowsError(try p.uniform("noSuchUniform")) { e in
            XCTAssertEqual(e as? GLESError, .unknownUniform(program: "test", name: "noSuchUniform"))
        }
        XCTAssertThrowsError(try p.attribute("noSuchAttribute")) { e in
            XCTAssertEqual(e as? GLESError, .unknownAttribute(program: "test", name: "noSuchAttribute"))
        }
        XCTAssertNil(p.uniformIfPresent("noSuchUniform"))
        XCTAssertNil(p.attributeIfPresent("noSuchAttribute"))
        XCTAssertEqual(p.attributeIfPresent("color"), 2)
        p.use()
        try p.set("projectionMatrix", .mat4([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
        try p.set("texture", .int(0))
        try p.set("constColor", .vec4(1, 1, 1, 1))
        try GL.checkError("setting uniforms")
    }

    func testAttributeOrderIsTheOrderGiven() throws {
        let p = try ShaderProgram(context: ctx, name: "reversed", vertex: Self.vertex, fragment: Self.fragment,
                                  attributes: ["color", "texcoord", "position"])
        XCTAssertEqual(p.attributes, ["color": 0, "texcoord": 1, "position": 2])
    }

    func testBrokenFragmentShaderReportsStageSourceAndLog() throws {
        let broken = ShaderSource(name: "Broken.fsh", text: """
            precision mediump float;
            void main() {
                gl_FragColor = vec4(undefinedThing, 1.0);
            }
            """)
        XCTAssertThrowsError(try ShaderProgram(context: ctx, name: "broken", vertex: Self.vertex, fragment: broken,
                                               attributes: ["position", "texcoord", "color"])) { error in
            guard case GLESError.compile(let stage, let source, let log) = error else {
                return XCTFail("expected .compile, got \(error)")
            }
            XCTAssertEqual(stage, .fragment)
            XCTAssertEqual(source, "Broken.fsh")
            XCTAssertFalse(log.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "the driver's info log is empty")
            let text = "\(error)"
            XCTAssertTrue(text.contains("Broken.fsh"), text)
            XCTAssertTrue(text.contains("fragment"), text)
            // Every line of the driver's log is in the message (trimmed, joined).
            for line in log.split(whereSeparator: \.isNewline) {
                let l = line.trimmingCharacters(in: CharacterSet(charactersIn: " \t\0"))
                if l.isEmpty { continue }
                XCTAssertTrue(text.contains(l), "description \(text) lacks log line \(l)")
            }
            XCTAssertTrue(log.contains("undefinedThing"), "llvmpipe's log names the undeclared identifier: \(log)")
        }
        try GL.checkError("after a failed compile")
    }

    func testBrokenVertexShaderReportsVertexStage() {
        let broken = ShaderSource(name: "Broken.vsh", text: "attribute vec4 position; void main() { gl_Position = position }")
        XCTAssertThrowsError(try ShaderProgram(context: ctx, name: "broken", vertex: broken, fragment: Self.fragment,
                                               attributes: ["position"])) { error in
            guard case GLESError.compile(let stage, let source, let log) = error else {
                return XCTFail("expected .compile, got \(error)")
            }
            XCTAssertEqual(stage, .vertex)
            XCTAssertEqual(source, "Broken.vsh")
            XCTAssertFalse(log.isEmpty)
        }
    }

    func testVaryingTypeMismatchFailsToLink() {
        let vs = ShaderSource(name: "Mismatch.vsh", text: """
            attribute vec4 position;
            varying vec2 v_value;
            void main() {
                gl_Position = position;
                v_value = position.xy;
            }
            """)
        let fs = ShaderSource(name: "Mismatch.fsh", text: """
            precision mediump float;
            varying vec3 v_value;
            void main() {
                gl_FragColor = vec4(v_value, 1.0);
            }
            """)
        XCTAssertThrowsError(try ShaderProgram(context: ctx, name: "mismatch", vertex: vs, fragment: fs,
                                               attributes: ["position"])) { error in
            guard case GLESError.link(let program, let log) = error else {
                return XCTFail("expected .link, got \(error)")
            }
            XCTAssertEqual(program, "mismatch")
            XCTAssertFalse(log.isEmpty)
            XCTAssertTrue("\(error)".hasPrefix("program mismatch did not link: "), "\(error)")
        }
    }

    func testVaryingReadButNeverWrittenFailsToLink() {
        let vs = ShaderSource(name: "NoVarying.vsh", text: """
            attribute vec4 position;
            void main() { gl_Position = position; }
            """)
        let fs = ShaderSource(name: "NeedsVarying.fsh", text: """
            precision mediump float;
            varying vec4 v_color;
            void main() { gl_FragColor = v_color; }
            """)
        XCTAssertThrowsError(try ShaderProgram(context: ctx, name: "unwritten", vertex: vs, fragment: fs,
                                               attributes: ["position"])) { error in
            guard case GLESError.link = error else { return XCTFail("expected .link, got \(error)") }
        }
    }

    func testCompileErrorDescriptionFormat() {
        let e = GLESError.compile(stage: .fragment, source: "shaders/X.fsh", log: "0:3(2): error: oops\n\n  0:4(1): error: again \n")
        XCTAssertEqual(e.description, "fragment shader shaders/X.fsh did not compile: 0:3(2): error: oops | 0:4(1): error: again")
        XCTAssertEqual(GLESError.compile(stage: .vertex, source: "a.vsh", log: "").description,
                       "vertex shader a.vsh did not compile: (the driver gave no log)")
    }
}
