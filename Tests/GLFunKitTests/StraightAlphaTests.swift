internal import CEGL
import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// A scene on a transparent background reads back in straight alpha (what PNG holds); an
/// opaque one reads back exactly as GL holds it; a straight-alpha sprite drawn on a
/// transparent background comes back as itself.
final class StraightAlphaTests: RenderTestCase {
    /// White at alpha 0 as the background: a clear that were not premultiplied would leave
    /// white under every translucent pixel.
    static func transparentScene() -> Scene {
        var s = Scene(width: 48, height: 32, background: Color(1, 1, 1, 0),
                      shapes: [.rect(Point(4, 4), Point(20, 28), color: Color(1, 0, 0, 0.5)),
                               .ellipse(Point(24, 4), Point(44, 28), color: .red)])
        s.antialias = true
        return s
    }

    func testATransparentSceneReadsBackInStraightAlpha() throws {
        let image = try render(Self.transparentScene())
        assertPixel(image, 12, 16, [255, 0, 0, 128], "50% red")
        assertPixel(image, 1, 1, [0, 0, 0, 0], "background")
        assertPixel(image, 34, 16, [255, 0, 0, 255], "inside the ellipse")
        var edge = 0
        for y in 0..<image.height {
            for x in 24..<image.width {
                let p = rgba(image, x, y)
                guard p[3] > 0, p[3] < 255 else { continue }
                edge += 1
                XCTAssertEqual(Array(p[0..<3]), [255, 0, 0], "edge pixel (\(x), \(y)) of alpha \(p[3]) stays pure red")
            }
        }
        XCTAssertGreaterThan(edge, 20, "the ellipse's antialiased edge has partly covered pixels")
    }

    /// Opaque everywhere (translucent and antialiased shapes over an opaque background): the
    /// readback is GL's bytes, bit for bit.
    func testAnOpaqueSceneReadsBackAsGLHoldsIt() throws {
        var s = Self.transparentScene()
        s.background = Color(0.76, 0.76, 0.76)
        s.shapes.append(.line(Point(2, 30), Point(46, 2), color: Color(0, 0, 1, 0.6), width: 3))
        let image = try render(s)
        XCTAssertTrue(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
        let target = try sceneRenderer.target(for: Canvas(width: 48, height: 32, scale: 1))
        target.bind()
        var raw = [UInt8](repeating: 0, count: 48 * 32 * 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        raw.withUnsafeMutableBytes { glReadPixels(0, 0, 48, 32, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress) }
        let rows = (0..<32).reversed().map { y in raw[y * 48 * 4..<(y + 1) * 48 * 4] }
        XCTAssertEqual(image.pixels, Array(rows.joined()))
    }

    /// Textures hold straight alpha, as decoded files do; drawn (Texture.fsh, blended) on a
    /// transparent background and read back, a sprite is itself again, to rounding.
    func testAStraightAlphaSpriteDrawnOnTransparentComesBackAsItself() throws {
        var pixels: [UInt8] = []
        for y in 0..<16 {
            for x in 0..<16 { pixels += [UInt8(x * 16), UInt8(255 - y * 16), 90, UInt8(128 + x * 8)] }
        }
        try registerSprite("alpha-sprite", width: 16, height: 16, pixels: pixels)
        let scene = Scene(width: 16, height: 16, background: Color(0, 0, 0, 0),
                          shapes: [.image("alpha-sprite", at: Point(8, 8))])
        let image = try render(scene)
        let sprite = try Image(width: 16, height: 16, pixels: pixels)
        for y in 0..<16 {
            for x in 0..<16 { assertPixel(image, x, y, rgba(sprite, x, y), tolerance: 1) }
        }
    }
}
