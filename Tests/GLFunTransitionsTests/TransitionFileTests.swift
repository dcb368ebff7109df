import Foundation
import GLFunGLES
import GLFunKit
import GLFunTransitions
import PixelAssertions
import XCTest

/// Transitions a user has: gl-transitions-style files, loaded, wrapped in the interface,
/// their parameters set to the defaults their comments give; a broken one is the driver's
/// compile error, with the file's own line numbers.
final class TransitionFileTests: TransitionTestCase {
    static let canvas = Canvas(width: 64, height: 64)
    var from: Framebuffer!, to: Framebuffer!
    var fromImage: Image!, toImage: Image!

    /// A wipe written for this test, in the collection's form: `direction` chooses where the
    /// next slide comes from; `cells` (an ivec2) and `hardEdge` (a bool) exercise the other
    /// kinds of defaults.
    static let wipe = """
        // A straight wipe, the next slide coming in from the left by default.
        uniform vec2 direction; // = vec2(1.0, 0.0)
        uniform ivec2 cells; // = ivec2(1, 1)
        uniform bool hardEdge; // = true

        vec4 transition(vec2 uv) {
            float along = dot(uv, direction) * float(cells.x * cells.y);
            if (!hardEdge) {
                return vec4(1.0, 0.0, 1.0, 1.0);
            }
            return along < progress ? getToColor(uv) : getFromColor(uv);
        }
        """

    override func setUpWithError() throws {
        try super.setUpWithError()
        from = try slide(try photo(64, 64) { warmPixel($0, $1, 64, 64) }, canvas: Self.canvas)
        to = try slide(try photo(64, 64) { coolPixel($0, $1, 64, 64) }, canvas: Self.canvas)
        fromImage = try from.readPixels()
        toImage = try to.readPixels()
    }

    func write(_ text: String, _ name: String) throws -> String {
        let path = try makeTemporaryDirectory() + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testAFileLoadsWithItsDefaultsAndRenders() throws {
        let path = try write(Self.wipe, "wipe.glsl")
        let source = try TransitionSource(contentsOfFile: path)
        XCTAssertEqual(source.name, path)
        XCTAssertEqual(source.parameters.map(\.name), ["direction", "cells", "hardEdge"])
        let wipe = try Transition(context: ctx, source: source)
        let half = try frame(wipe, from: from, to: to, progress: 0.5, canvas: Self.canvas)
        // Left half the next slide, right half the current one (uv runs left to right).
        assertEveryPixel(half, tolerance: 1, "the wipe at 0.5") { x, y in
            x < 32 ? rgba(self.toImage, x, y) : rgba(self.fromImage, x, y)
        }
        assertSameImage(try frame(wipe, from: from, to: to, progress: 0, canvas: Self.canvas), fromImage, tolerance: 1)
        assertSameImage(try frame(wipe, from: from, to: to, progress: 1, canvas: Self.canvas), toImage, tolerance: 1)

        // A parameter set by name: from the bottom up (uv's origin is the bottom-left).
        try wipe.set("direction", .vec2(0, 1))
        let up = try frame(wipe, from: from, to: to, progress: 0.25, canvas: Self.canvas)
        assertEveryPixel(up, tolerance: 1, "wiped up a quarter") { x, y in
            y >= 48 ? rgba(self.toImage, x, y) : rgba(self.fromImage, x, y)
        }
        XCTAssertThrowsError(try wipe.set("nope", .float(1))) { e in
            XCTAssertEqual(e as? GLESError, .unknownUniform(program: path, name: "nope"))
        }
        XCTAssertThrowsError(try wipe.set("direction", .float(1))) { e in
            guard case .uniformMismatch = e as? GLESError else { return XCTFail("\(e)") }
        }
        // Parameters at init, over the defaults: two cells make the wipe twice as fast.
        let fast = try Transition(context: ctx, source: source, parameters: ["cells": .ivec2(2, 1)])
        assertEveryPixel(try frame(fast, from: from, to: to, progress: 0.5, canvas: Self.canvas), tolerance: 1) { x, y in
            x < 16 ? rgba(self.toImage, x, y) : rgba(self.fromImage, x, y)
        }
    }

    func testABrokenFileIsTheCompileErrorWithItsOwnLineNumbers() throws {
        let path = try write("// broken on line 3\nvec4 transition(vec2 uv) {\n    return getFromColor(uv) +;\n}\n", "broken.glsl")
        let source = try TransitionSource(contentsOfFile: path)
        XCTAssertThrowsError(try Transition(context: ctx, source: source)) { e in
            guard case let .compile(stage, name, log) = e as? GLESError else { return XCTFail("\(e)") }
            XCTAssertEqual(stage, .fragment)
            XCTAssertEqual(name, path)
            XCTAssertTrue(log.contains("0:3("), "the driver's log counts the file's lines: \(log)")
        }
        // No transition function at all: an error too, not a blank frame.
        let empty = try TransitionSource(name: "empty.glsl", body: "// nothing here\n")
        XCTAssertThrowsError(try Transition(context: ctx, source: empty)) { e in
            switch e as? GLESError {
            case .compile?, .link?: break
            default: XCTFail("\(e)")
            }
        }
    }

    func testTheBodyMayDeclareItsOwnPrecisionAndHelpers() throws {
        let body = """
            #ifdef GL_ES
            precision mediump float;
            #endif
            uniform float strength; // = 1.0
            vec4 tint(vec4 c) { return c * strength; }
            vec4 transition(vec2 uv) { return tint(mix(getFromColor(uv), getToColor(uv), progress)); }
            """
        let t = try Transition(context: ctx, source: try TransitionSource(name: "mine.glsl", body: body))
        assertSameImage(try frame(t, from: from, to: to, progress: 1, canvas: Self.canvas), toImage, tolerance: 1)
    }
}
