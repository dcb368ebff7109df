import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// Antialiased fills drawn from coverage masks (`Renderer.pathMasks`, `Renderer+Masks`): the
/// same pixels as the quads of one coverage each, in one quad a fill; an atlas that fills up
/// part way through a frame; a fill too big for the atlas.
final class PathMaskTests: RenderTestCase {
    override func tearDownWithError() throws {
        renderer.pathMasks = true
        try super.tearDownWithError()
    }

    /// The picture with masks and without, and the vertices each drew.
    private func bothWays(_ scene: Scene, file: StaticString = #filePath, line: UInt = #line) throws
        -> (masks: Image, quads: Image, maskVertices: Int, quadVertices: Int) {
        renderer.pathMasks = false
        let quads = try renderAllWays(scene, file: file, line: line)
        let quadVertices = renderer.stats.vertices
        renderer.pathMasks = true
        let masks = try renderAllWays(scene, file: file, line: line)
        return (masks, quads, renderer.stats.vertices, quadVertices)
    }

    private func scene(_ shapes: [Shape], width: Int = 160, height: Int = 120, background: Color = .background)
        -> Scene {
        var s = Scene(width: width, height: height, background: background, shapes: shapes)
        s.antialias = true
        return s
    }

    /// Circles, a star by both rules and a rotated ellipse, opaque and translucent, over each
    /// other: every pixel the quads' (a translucent fill's coverage of 0.999 and more counts as
    /// 1, as its two passes draw it).
    func testMasksDrawTheQuadsPixels() throws {
        let star = Path.polyline((0..<5).map { k -> Point in
            let a = Float.pi * (0.5 + 0.8 * Float(k))
            return Point(80 + 50 * cos(a), 60 - 50 * sin(a))
        }, closed: true)
        let shapes: [Shape] = [
            .path(.circle(center: Point(40.3, 40.7), radius: 30.2), fill: .red),
            .path(star, fill: Color(0, 0, 1, 0.6), rule: .evenOdd),
            .path(star.applying(.translation(30, 10)), fill: Color(0, 0.6, 0.2, 0.8)),
            .path(.ellipse(from: Point(10, 70), to: Point(150, 110)).applying(Transform.translation(80, 90).concatenating(.rotation(0.1)).concatenating(.translation(-80, -90))),
                  fill: Color(1, 0.5, 0, 0.5)),
            .path(.circle(center: Point(120, 30), radius: 4.4), fill: .black),
        ]
        for background in [Color.background, Color(0, 0, 0, 0)] {
            let r = try bothWays(scene(shapes, background: background))
            assertSameImage(r.masks, r.quads, "background \(background)")
            XCTAssertLessThan(r.maskVertices * 10, r.quadVertices, "one quad a fill")
        }
    }

    /// A gradient or a pattern reads its colour at the pixel's position, which a big quad
    /// interpolates a little differently from small ones: within 1/255.
    func testGradientFillsFromMasksAreTheQuadsWithinOneLevel() throws {
        var s = Shape.path(.circle(center: Point(60, 60), radius: 50), fill: .white)
        s.gradient = .radial(center: Point(60, 60), radius: 50, focal: Point(40, 40),
                             stops: [GradientStop(0, .white), GradientStop(1, Color(0.1, 0.5, 0.2, 0.7))])
        let r = try bothWays(scene([s]))
        assertSameImage(r.masks, r.quads, tolerance: 1)
    }

    /// More masks than the atlas holds: the frame is drawn in chunks as the atlas fills, and
    /// the picture is the quads'.
    func testAFullAtlasIsDrawnAndStartsAgain() throws {
        // 30 discs 700 pixels across: 30 x 700 x 700 pixels, more than the atlas's 2048 x 2048.
        var shapes: [Shape] = []
        for k in 0..<30 {
            let c = Point(350 + Float(k % 6) * 60.5, 350 + Float(k / 6) * 70.25)
            shapes.append(.path(.circle(center: c, radius: 349.6), fill: Color(Float(k % 3) / 2, Float(k % 5) / 4, 0.5, 0.3)))
        }
        let r = try bothWays(scene(shapes, width: 1100, height: 1000))
        assertSameImage(r.masks, r.quads)
    }

    /// A fill wider than the atlas is drawn as quads, and right.
    func testAFillWiderThanTheAtlasIsDrawnAsQuads() throws {
        let shapes: [Shape] = [.path(.ellipse(from: Point(1, 1), to: Point(2399.5, 50.3)), fill: .blue)]
        let r = try bothWays(scene(shapes, width: 2400, height: 52))
        assertSameImage(r.masks, r.quads)
        XCTAssertEqual(r.maskVertices, r.quadVertices)
        XCTAssertEqual(rgba(r.masks, 1200, 25), [0, 0, 255, 255])
    }

    /// Masks stay in the atlas from frame to frame (found again by identity, not copied or
    /// uploaded again) until it is full: frames of other scenes in between, one of them filling
    /// the atlas, leave every picture what a fresh atlas draws.
    func testMasksKeptFromFrameToFrameDrawTheSamePictures() throws {
        let a = scene([.path(.circle(center: Point(40.5, 40.25), radius: 30), fill: .red),
                       .path(.ellipse(from: Point(70, 10), to: Point(150, 100)), fill: Color(0, 0, 1, 0.5))])
        let b = scene([.path(.circle(center: Point(100.3, 60.6), radius: 50), fill: .green)])
        var big: [Shape] = []
        for k in 0..<12 {
            big.append(.path(.circle(center: Point(400 + Float(k) * 30.5, 400), radius: 399.5), fill: Color(0, 0, 0, 0.2)))
        }
        let full = scene(big, width: 1200, height: 800)
        renderer.pathMasks = false
        let (refA, refB, refFull) = (try render(a), try render(b), try render(full))
        renderer.pathMasks = true
        for (k, s) in [a, b, a, full, b, a, full, full, a].enumerated() {
            let expected = s.width == 1200 ? refFull : s.shapes.count == 1 ? refB : refA
            assertSameImage(try render(s), expected, "frame \(k)")
        }
    }
}
