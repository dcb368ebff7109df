import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// Layers (`GraphicsContext.beginLayer`, `Renderer+Layers`): group opacity is one layer of
/// paint, clips are exact coverage, nest by intersecting and take either fill rule, masks
/// multiply by alpha or luminance, a plain group draws directly, and nothing leaks.
final class LayerTests: LayerTestCase {
    func testGroupOpacityIsOneLayerOfPaint() throws {
        var g = GraphicsContext()
        g.beginLayer(opacity: 0.5)
        g.fill(rect(0, 0, 12, 20), paint: .solid(.red))
        g.fill(rect(8, 0, 20, 20), paint: .solid(.red))
        g.endLayer()
        XCTAssertEqual(g.shapes.count, 1)
        XCTAssertNotNil(g.shapes[0].layer)
        for depth in [true, false] {
            let image = try premultiplied(g.shapes, background: .white, depth: depth)
            // Red at 0.5 over white: (255, 128, 128) everywhere, the overlap no darker.
            for x in [2, 10, 17] { assertPixel(image, x, 10, [255, 128, 128, 255], tolerance: 1, "x \(x)") }
        }
        // Without the layer the overlap is darker: the test would see it.
        var plain = GraphicsContext()
        plain.fill(rect(0, 0, 12, 20), paint: .solid(Color(1, 0, 0, 0.5)))
        plain.fill(rect(8, 0, 20, 20), paint: .solid(Color(1, 0, 0, 0.5)))
        assertPixel(try premultiplied(plain.shapes, background: .white), 10, 10, [255, 64, 64, 255], tolerance: 1)
    }

    func testAPlainGroupDrawsDirectly() {
        var g = GraphicsContext()
        g.beginLayer()
        g.translate(5, 5)
        g.fill(rect(0, 0, 1, 1))
        g.endLayer()
        XCTAssertEqual(g.shapes.count, 1)
        XCTAssertNil(g.shapes[0].layer)
        XCTAssertEqual(g.transform, .identity, "endLayer restores the state")
        XCTAssertFalse(g.endLayer())
    }

    func testClipToARectAtQuarterPixelsIsExactCoverage() throws {
        var g = GraphicsContext()
        g.beginLayer(clip: rect(2.25, 3.5, 10.75, 12))
        g.fill(rect(0, 0, 20, 20), paint: .solid(.black))
        g.endLayer()
        let image = try premultiplied(g.shapes)
        // Alpha is the area of each pixel inside the clip.
        for (x, y, area) in [(5, 6, 1.0), (2, 6, 0.75), (10, 6, 0.75), (5, 3, 0.5), (2, 3, 0.375),
                             (10, 3, 0.375), (1, 6, 0), (11, 6, 0), (5, 12, 0)] {
            let a = Int(image.pixels[(y * image.width + x) * 4 + 3])
            XCTAssertEqual(Double(a), area * 255, accuracy: 1, "(\(x), \(y))")
        }
    }

    func testNestedClipsIntersect() throws {
        var g = GraphicsContext()
        g.beginLayer(clip: rect(0, 0, 12, 20))
        g.beginLayer(clip: rect(8, 0, 20, 20))
        g.fill(rect(0, 0, 20, 20), paint: .solid(.blue))
        g.endLayer()
        g.endLayer()
        let image = try premultiplied(g.shapes, background: .white)
        assertPixel(image, 10, 10, [0, 0, 255, 255])
        assertPixel(image, 5, 10, [255, 255, 255, 255])
        assertPixel(image, 15, 10, [255, 255, 255, 255])
    }

    func testEvenOddClipLeavesTheHole() throws {
        var clip = rect(2, 2, 18, 18)
        clip.append(rect(6, 6, 14, 14))
        for (rule, hole) in [(FillRule.evenOdd, [255, 255, 255, 255]), (.nonzero, [0, 0, 0, 255])] {
            var g = GraphicsContext()
            g.beginLayer(clip: clip, clipRule: rule)
            g.fill(rect(0, 0, 20, 20), paint: .solid(.black))
            g.endLayer()
            let image = try premultiplied(g.shapes, background: .white)
            assertPixel(image, 10, 10, hole, "\(rule)")
            assertPixel(image, 4, 10, [0, 0, 0, 255], "\(rule)")
            assertPixel(image, 1, 10, [255, 255, 255, 255], "\(rule)")
        }
    }

    func testAlphaAndLuminanceMasks() throws {
        let grey = Color(Float(100) / 255, Float(150) / 255, Float(200) / 255, 0.5)
        for kind in LayerMask.Kind.allCases {
            var g = GraphicsContext()
            let mask = g.mask(kind) { m in m.fill(rect(0, 0, 10, 20), paint: .solid(grey)) }
            g.beginLayer(mask: mask)
            g.fill(rect(0, 0, 20, 20), paint: .solid(.black))
            g.endLayer()
            let image = try premultiplied(g.shapes)
            let stored = (100.0 * 0.5, 150.0 * 0.5, 200.0 * 0.5, 255.0 * 0.5)
            let m = kind == .alpha ? stored.3 : 0.2125 * stored.0 + 0.7154 * stored.1 + 0.0721 * stored.2
            XCTAssertEqual(Double(image.pixels[(10 * 20 + 5) * 4 + 3]), m, accuracy: 2, "\(kind)")
            XCTAssertEqual(image.pixels[(10 * 20 + 15) * 4 + 3], 0, "\(kind): outside the mask")
        }
    }

    func testLayersKeepTheShapesAroundThemInOrder() throws {
        var g = GraphicsContext()
        g.fill(rect(0, 0, 20, 20), paint: .solid(.red))
        g.beginLayer(opacity: 0.5)
        g.fill(rect(0, 0, 10, 20), paint: .solid(.blue))
        g.endLayer()
        g.fill(rect(0, 10, 20, 20), paint: .solid(Color(0, 1, 0, 0.5)))
        let image = try premultiplied(g.shapes, background: .white)
        assertPixel(image, 5, 5, [128, 0, 127, 255], tolerance: 1)
        assertPixel(image, 15, 5, [255, 0, 0, 255])
        assertPixel(image, 15, 15, [128, 128, 0, 255], tolerance: 1)
        assertPixel(image, 5, 15, [64, 128, 64, 255], tolerance: 1)
    }

    /// A composite covers only its shapes' bounds (`LayerPlanes.cover`) for the modes that keep
    /// the backdrop where the layer is empty: the shapes at two corners of a clip are drawn, the
    /// backdrop between them is the backdrop to the bit, and a clear-mode layer still clears its
    /// whole clip.
    func testACompositeCoversItsShapesAndKeepsTheBackdropBetween() throws {
        var g = GraphicsContext()
        g.fill(rect(0, 0, 40, 40), paint: .solid(Color(0.2, 0.4, 0.6)))
        g.beginLayer(opacity: 0.8, clip: .circle(center: Point(20, 20), radius: 19))
        g.fill(rect(4, 4, 12, 12), paint: .solid(.red))
        g.fill(.ellipse(from: Point(26, 26), to: Point(36, 36)), paint: .solid(.green))
        g.endLayer()
        let image = try premultiplied(g.shapes, size: 40, background: .white)
        let backdrop = try premultiplied([g.shapes[0]], size: 40, background: .white)
        for (x, y) in [(20, 20), (30, 8), (8, 30), (18, 4)] {
            let i = (y * 40 + x) * 4
            XCTAssertEqual(Array(image.pixels[i..<i + 4]), Array(backdrop.pixels[i..<i + 4]), "(\(x), \(y)): the backdrop")
        }
        assertPixel(image, 8, 8, [214, 20, 31, 255], tolerance: 1, "red at 0.8 over the backdrop")
        var c = GraphicsContext()
        c.fill(rect(0, 0, 40, 40), paint: .solid(.black))
        c.beginLayer(blend: .clear, clip: rect(10, 10, 30, 30))
        c.fill(rect(12, 12, 14, 14), paint: .solid(.red))
        c.endLayer()
        let cleared = try premultiplied(c.shapes, size: 40, background: .white)
        assertPixel(cleared, 25, 25, [0, 0, 0, 0], tolerance: 0, "cleared far from its shape")
        assertPixel(cleared, 5, 5, [0, 0, 0, 255], tolerance: 0, "outside the clip")
    }

    func testNoGLObjectsLeakWithLayers() throws {
        var g = GraphicsContext()
        let mask = g.mask(.luminance) { $0.fill(rect(0, 0, 5, 10), paint: .solid(.white)) }
        g.beginLayer(opacity: 0.5, blend: .multiply, clip: rect(1, 1, 9, 9), mask: mask)
        g.fill(rect(0, 0, 10, 10), paint: .solid(.red))
        g.endLayer()
        _ = try premultiplied(g.shapes)  // the first frame makes the layer program
        let before = GLObjectCounts.live
        for _ in 0..<3 { _ = try premultiplied(g.shapes) }
        XCTAssertEqual(GLObjectCounts.live, before)
    }
}
