import Foundation
import GLFunGLES
import GLFunKit
import PixelAssertions
import XCTest

/// Layers drawn within their bounds (the scissor) and through shared framebuffers: what lies
/// outside a layer is kept, a reused framebuffer's old pixels never show, and the modes that
/// change the backdrop where the layer is empty still do so everywhere (within the clip).
final class LayerBoundsTests: LayerTestCase {
    func testLayersSharingFramebuffersKeepTheirOwnPixels() throws {
        var g = GraphicsContext()
        for (x, c) in [(0.0, Color.red), (10.0, Color.blue)] {
            g.beginLayer(opacity: 0.5)
            g.fill(rect(x, 0, x + 6, 20), paint: .solid(c))
            g.endLayer()
        }
        let image = try premultiplied(g.shapes, background: .white)
        assertPixel(image, 3, 10, [255, 128, 128, 255], tolerance: 1)
        assertPixel(image, 8, 10, [255, 255, 255, 255])
        assertPixel(image, 13, 10, [128, 128, 255, 255], tolerance: 1)
    }

    func testSrcClearsTheBackdropOutsideItsShapes() throws {
        var g = GraphicsContext()
        g.fill(rect(0, 0, 20, 20), paint: .solid(.red))
        g.beginLayer(blend: .src)
        g.fill(rect(0, 0, 4, 4), paint: .solid(.blue))
        g.endLayer()
        let image = try premultiplied(g.shapes)
        assertPixel(image, 2, 2, [0, 0, 255, 255])
        assertPixel(image, 15, 15, [0, 0, 0, 0])
    }

    func testSrcWithAClipChangesOnlyTheClip() throws {
        var g = GraphicsContext()
        g.fill(rect(0, 0, 20, 20), paint: .solid(.red))
        g.beginLayer(blend: .src, clip: rect(0, 0, 10, 20))
        g.fill(rect(0, 0, 4, 4), paint: .solid(.blue))
        g.endLayer()
        let image = try premultiplied(g.shapes)
        assertPixel(image, 2, 2, [0, 0, 255, 255])
        assertPixel(image, 7, 15, [0, 0, 0, 0])
        assertPixel(image, 15, 15, [255, 0, 0, 255])
    }

    func testANestedLayerInsideABoundedOne() throws {
        var g = GraphicsContext()
        g.beginLayer(opacity: 0.5)
        g.fill(rect(0, 0, 5, 5), paint: .solid(.red))
        g.beginLayer(blend: .multiply)
        g.fill(rect(2, 2, 8, 8), paint: .solid(.blue))
        g.endLayer()
        g.endLayer()
        let image = try premultiplied(g.shapes, background: .white)
        assertPixel(image, 1, 1, [255, 128, 128, 255], tolerance: 1)
        assertPixel(image, 7, 7, [128, 128, 255, 255], tolerance: 1)
        assertPixel(image, 15, 15, [255, 255, 255, 255])
    }
}
